// Company documents from registers the development set has never shown (Singapore, Hong Kong,
// Australia, Ireland, South Africa, Canada, New Zealand, California, Germany, France, the
// Netherlands, Estonia, Spain, Italy, Portugal, Poland), read through the real reader as text PDFs
// and as noisy scans: each is classified as what it is, and its fields are read or left empty,
// never read wrong; and their licences, tax registrations, insurance certificates and articles.
// COMPANY_WORLD_VERBOSE=1 prints every field read.
import { afterAll, describe, expect, it } from 'vitest';
import { closeReaders, configureReaders, readDocument } from '../../src/document-engine/reading/index.ts';
import { setupAll } from '../helpers/setup.ts';
import { WORLD_COMPANY_DOCS } from './company-world.ts';
import { WORLD_HOLDOUT_DOCS, WORLD_PERMIT_DOCS, WORLD_THIRD_DOCS } from './company-world-unseen.ts';
import { renderPdf } from './render-pdf.ts';
import { renderScan } from './render-scan.ts';
import { runEngine, scoreDoc, valueAt, type DocScore } from './score.ts';
import { qualityLimits } from './reading-settings.ts';

const verbose = process.env.COMPANY_WORLD_VERBOSE === '1';
const pdfScores: DocScore[] = [];
const scanScores: DocScore[] = [];
/** Fields read wrong (a value, not the one printed), as opposed to left empty. */
const wrongValues = (scores: DocScore[]) => scores.flatMap((s) => s.wrong.filter((w) => w.got !== null && w.got !== undefined && w.got !== '').map((w) => ({ id: s.id, ...w })));

function report(label: string, scores: DocScore[]): void {
  if (!verbose) return;
  const classified = scores.filter((s) => !s.wrong.some((w) => w.path === 'type')).length;
  const fields = scores.reduce((n, s) => n + s.fields - 1, 0);
  const right = scores.reduce((n, s) => n + s.correct - (s.wrong.some((w) => w.path === 'type') ? 0 : 1), 0);
  console.log(`${label}: classified ${classified}/${scores.length}, fields ${right}/${fields}`);
  for (const s of scores) for (const w of s.wrong) console.log(`  ${s.id} ${w.path}: got ${JSON.stringify(w.got)} want ${JSON.stringify(w.want)}`);
}

setupAll(async () => {
  // Scans in another European language read again with its data, as the service reads by default (OCR_EUROPEAN).
  configureReaders({ threads: 0, european: true });
  for (const d of [...WORLD_COMPANY_DOCS, ...WORLD_PERMIT_DOCS, ...WORLD_HOLDOUT_DOCS, ...WORLD_THIRD_DOCS]) {
    const pdf = await renderPdf(d);
    const out = runEngine(d, await readDocument(pdf.bytes, 'application/pdf', qualityLimits(5)));
    pdfScores.push(scoreDoc(d, out));
    if (verbose) console.log(d.id, JSON.stringify(Object.fromEntries(['type', ...Object.keys(out.fields ?? {})].map((k) => [k, valueAt(out, k)]))));
    const [jpeg] = await renderScan(d);
    scanScores.push(scoreDoc(d, runEngine(d, await readDocument(jpeg, 'image/jpeg', qualityLimits(5)), `${d.id}.jpg`)));
  }
  report('text PDFs', pdfScores);
  report('scans', scanScores);
}, 600_000);
afterAll(async () => {
  configureReaders({ threads: 0 });
  await closeReaders();
});

describe('company documents from registers never seen before', () => {
  it('classifies every text PDF as what it is', () => {
    expect(pdfScores.filter((s) => s.wrong.some((w) => w.path === 'type')).map((s) => s.id)).toEqual([]);
  });

  it('reads the fields of the text PDFs', () => {
    const fields = pdfScores.reduce((n, s) => n + s.fields, 0);
    const right = pdfScores.reduce((n, s) => n + s.correct, 0);
    expect(right / fields, JSON.stringify(pdfScores.flatMap((s) => s.wrong.map((w) => ({ id: s.id, ...w }))))).toBeGreaterThanOrEqual(0.97);
  });

  it('classifies the scans and reads most of their fields', () => {
    expect(scanScores.filter((s) => s.wrong.some((w) => w.path === 'type')).map((s) => s.id)).toEqual([]);
    const fields = scanScores.reduce((n, s) => n + s.fields, 0);
    const right = scanScores.reduce((n, s) => n + s.correct, 0);
    expect(right / fields, JSON.stringify(scanScores.flatMap((s) => s.wrong.map((w) => ({ id: s.id, ...w }))))).toBeGreaterThanOrEqual(0.95);
  });

  it('reads no field wrong from a text PDF: a value it is not sure of is left empty', () => {
    expect(wrongValues(pdfScores)).toEqual([]);
  });
});
