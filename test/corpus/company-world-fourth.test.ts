// The fourth set of company documents from registers never seen before (India, Nigeria, Kenya,
// Brazil, Mexico, Argentina, Dubai, Saudi Arabia, Turkey, the Nordic countries, the Czech Republic,
// Romania, Greece, Israel, Delaware, Texas, notarial acts dated in words, insurance), read through the
// real reader as text PDFs and as noisy scans, and the Japanese and Chinese ones from their text.
// COMPANY_WORLD_VERBOSE=1 prints every field that is not read right.
import { afterAll, describe, expect, it } from 'vitest';
import { closeReaders, configureReaders, readDocument } from '../../src/document-engine/reading/index.ts';
import { setupAll } from '../helpers/setup.ts';
import { WORLD_FOURTH_CJK_DOCS, WORLD_FOURTH_DOCS } from './company-world-fourth.ts';
import { readText } from './read-document.ts';
import { idealText, renderPdf } from './render-pdf.ts';
import { renderScan } from './render-scan.ts';
import { type DocScore, runEngine, scoreDoc } from './score.ts';

const verbose = process.env.COMPANY_WORLD_VERBOSE === '1';
const pdfScores: DocScore[] = [];
const scanScores: DocScore[] = [];
const cjkScores: DocScore[] = [];
const wrongValues = (scores: DocScore[]) => scores.flatMap((s) => s.wrong.filter((w) => w.got !== null && w.got !== undefined && w.got !== '').map((w) => ({ id: s.id, ...w })));
const misclassified = (scores: DocScore[]) => scores.filter((s) => s.wrong.some((w) => w.path === 'type')).map((s) => s.id);
const share = (scores: DocScore[]) => scores.reduce((n, s) => n + s.correct, 0) / scores.reduce((n, s) => n + s.fields, 0);

function report(label: string, scores: DocScore[]): void {
  if (!verbose) return;
  const fields = scores.reduce((n, s) => n + s.fields - 1, 0);
  const right = scores.reduce((n, s) => n + s.correct - (s.wrong.some((w) => w.path === 'type') ? 0 : 1), 0);
  console.log(`${label}: classified ${scores.length - misclassified(scores).length}/${scores.length}, fields ${right}/${fields}, wrong values ${wrongValues(scores).length}`);
  for (const s of scores) for (const w of s.wrong) console.log(`  ${s.id} ${w.path}: got ${JSON.stringify(w.got)} want ${JSON.stringify(w.want)}`);
}

setupAll(async () => {
  // Scans in another European language read again with its data, as the service reads by default (OCR_EUROPEAN).
  configureReaders({ threads: 0, european: true });
  for (const d of WORLD_FOURTH_DOCS) {
    const pdf = await renderPdf(d);
    pdfScores.push(scoreDoc(d, runEngine(d, await readDocument(pdf.bytes, 'application/pdf', { maxPages: 5 }))));
    const [jpeg] = await renderScan(d);
    scanScores.push(scoreDoc(d, runEngine(d, await readDocument(jpeg, 'image/jpeg', { maxPages: 5 }), `${d.id}.jpg`)));
  }
  for (const d of WORLD_FOURTH_CJK_DOCS) cjkScores.push(scoreDoc(d, runEngine(d, readText(idealText(d)))));
  report('text PDFs', pdfScores);
  report('scans', scanScores);
  report('CJK text', cjkScores);
}, 600_000);
afterAll(async () => {
  configureReaders({ threads: 0 });
  await closeReaders();
});

describe('a fourth set of company documents from registers never seen before', () => {
  it('classifies every text PDF and reads its fields, none wrong', () => {
    expect(misclassified(pdfScores)).toEqual([]);
    expect(share(pdfScores), JSON.stringify(pdfScores.flatMap((s) => s.wrong.map((w) => ({ id: s.id, ...w }))))).toBeGreaterThanOrEqual(0.97);
    expect(wrongValues(pdfScores)).toEqual([]);
  });

  it('classifies the scans and reads most of their fields', () => {
    expect(misclassified(scanScores)).toEqual([]);
    expect(share(scanScores), JSON.stringify(scanScores.flatMap((s) => s.wrong.map((w) => ({ id: s.id, ...w }))))).toBeGreaterThanOrEqual(0.85);
  });

  it('reads the Japanese and Chinese registers from their text', () => {
    expect(misclassified(cjkScores)).toEqual([]);
    expect(wrongValues(cjkScores)).toEqual([]);
    expect(share(cjkScores)).toBe(1);
  });
});
