// What the company-world tests count on the scores of a set: the fields read wrong (a value that is
// not the one printed, as opposed to one left empty), the documents classified wrong, the share of
// fields read right, and (COMPANY_WORLD_VERBOSE=1) a report of every field not read right.
import { expect } from 'vitest';
import { readDocument } from '../../src/document-engine/reading/index.ts';
import type { CorpusDoc } from './model.ts';
import { qualityLimits, readAsTheService } from './reading-settings.ts';
import { renderPdf } from './render-pdf.ts';
import { renderScan } from './render-scan.ts';
import { type DocScore, runEngine, scoreDoc } from './score.ts';

export const verbose = process.env.COMPANY_WORLD_VERBOSE === '1';

export const wrongValues = (scores: DocScore[]) =>
  scores.flatMap((s) => s.wrong.filter((w) => w.got !== null && w.got !== undefined && w.got !== '' && w.path !== 'type').map((w) => ({ id: s.id, ...w })));
export const misclassified = (scores: DocScore[]) => scores.filter((s) => s.wrong.some((w) => w.path === 'type')).map((s) => s.id);
export const share = (scores: DocScore[]) => scores.reduce((n, s) => n + s.correct, 0) / scores.reduce((n, s) => n + s.fields, 0);
/** Every field not read right, for an assertion's message. */
export const misses = (scores: DocScore[]) => JSON.stringify(scores.flatMap((s) => s.wrong.map((w) => ({ id: s.id, ...w }))));

export function report(label: string, scores: DocScore[]): void {
  if (!verbose) return;
  const fields = scores.reduce((n, s) => n + s.fields - 1, 0);
  const right = scores.reduce((n, s) => n + s.correct - (s.wrong.some((w) => w.path === 'type') ? 0 : 1), 0);
  console.log(`${label}: classified ${scores.length - misclassified(scores).length}/${scores.length}, fields ${right}/${fields}, wrong values ${wrongValues(scores).length}`);
  for (const s of scores) for (const w of s.wrong) console.log(`  ${s.id} ${w.path}: got ${JSON.stringify(w.got)} want ${JSON.stringify(w.want)}`);
}

/** Reads each document as a text PDF and as a noisy scan through the real reader, as the service reads, and scores both. */
export async function readSet(docs: CorpusDoc[]): Promise<{ pdf: DocScore[]; scan: DocScore[] }> {
  readAsTheService();
  const pdf: DocScore[] = [];
  const scan: DocScore[] = [];
  for (const d of docs) {
    const rendered = await renderPdf(d);
    pdf.push(scoreDoc(d, runEngine(d, await readDocument(rendered.bytes, 'application/pdf', qualityLimits(5)))));
    const [jpeg] = await renderScan(d);
    scan.push(scoreDoc(d, runEngine(d, await readDocument(jpeg, 'image/jpeg', qualityLimits(5)), `${d.id}.jpg`)));
  }
  report('text PDFs', pdf);
  report('scans', scan);
  return { pdf, scan };
}

/** Every document classified right, at least `least` of the fields read right and, with `noWrong`, no value read wrong. */
export function expectReadWell(scores: DocScore[], least: number, noWrong: boolean): void {
  expect(misclassified(scores)).toEqual([]);
  expect(share(scores), misses(scores)).toBeGreaterThanOrEqual(least);
  if (noWrong) expect(wrongValues(scores)).toEqual([]);
}

/** The fields other than the type read right, of those the documents print. */
export const fieldsRight = (scores: DocScore[]) => scores.reduce((n, s) => n + s.correct - (s.wrong.some((w) => w.path === 'type') ? 0 : 1), 0);

/** No more documents classified wrong, no fewer fields read right and no more values read wrong than `figure`. */
export function expectAtLeast(scores: DocScore[], figure: { misclassified: number; right: number; wrong: number }): void {
  expect(misclassified(scores).length, JSON.stringify(misclassified(scores))).toBeLessThanOrEqual(figure.misclassified);
  expect(fieldsRight(scores), misses(scores)).toBeGreaterThanOrEqual(figure.right);
  expect(wrongValues(scores).length, JSON.stringify(wrongValues(scores))).toBeLessThanOrEqual(figure.wrong);
}
