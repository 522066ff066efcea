// A second set of trade documents and contracts (trade-world-2.ts: a CONGENBILL of a tramp voyage, an
// Asian line's numbered grid, a forwarder's house bill, a US non-negotiable copy, a bill in Spanish and
// English, a NYPE time charter, a voyage fixture recap, a BARECON Part I, a Spanish compraventa, an
// Italian contratto di fornitura, a Polish umowa dostawy, a SaaS order form, a loan agreement, a
// "Party A" / "Party B" consulting agreement and a framework agreement with schedules), read through the
// real reader as text PDFs and as noisy scans. COMPANY_WORLD_VERBOSE=1 prints every field not read right.
//
// First sight (the reader before any change for this set): text PDFs 14/15 classified (the SaaS order
// form taken for an invoice), 52/110 fields right, 15 values wrong; scans 14/15 classified, 48/110
// fields right, 17 values wrong. The thresholds stand at that figure.
import { afterAll, describe, it } from 'vitest';
import { closeReaders } from '../../src/document-engine/reading/index.ts';
import { setupAll } from '../helpers/setup.ts';
import { TRADE_WORLD_2_DOCS } from './trade-world-2.ts';
import type { DocScore } from './score.ts';
import { expectAtLeast, readSet } from './world-scores.ts';

const pdfScores: DocScore[] = [];
const scanScores: DocScore[] = [];

setupAll(async () => {
  const read = await readSet(TRADE_WORLD_2_DOCS);
  pdfScores.push(...read.pdf);
  scanScores.push(...read.scan);
}, 900_000);
afterAll(() => closeReaders());

describe('a second set of trade documents and contracts, of carriers, forms and languages never seen before', () => {
  it('reads the text PDFs at least as well as at first sight', () => {
    expectAtLeast(pdfScores, { misclassified: 1, right: 52, wrong: 15 });
  });

  it('reads the scans at least as well as at first sight', () => {
    expectAtLeast(scanScores, { misclassified: 1, right: 48, wrong: 17 });
  });
});
