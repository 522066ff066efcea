// A third set of trade documents and contracts (trade-world-3.ts: an IATA air waybill, a Chinese
// forwarder's bill in English, an Indian line's bill, a Brazilian conhecimento de embarque, a German
// Seefrachtbrief, a road CMR note, a rail CIM note, an ASBATANKVOY charter's Part I, a German
// Kaufvertrag, a French contrat de prestation de services, a Dutch dienstverleningsovereenkomst, a
// Portuguese contrato de fornecimento, a Turkish satış sözleşmesi, a distribution agreement with its
// parties in a table, an order form under a master services agreement, a German Gewerbemietvertrag and
// a mutual NDA of a "Disclosing Party" and a "Receiving Party"), read through the real reader as text
// PDFs and as noisy scans, as the service reads. COMPANY_WORLD_VERBOSE=1 prints every field not read right.
//
// First sight (the reader before any change for this set): text PDFs 17/17 classified, 58/111 fields
// right, 13 values wrong; scans 17/17 classified, 57/111 fields right, 12 values wrong.
import { afterAll, describe, it } from 'vitest';
import { closeReaders } from '../../src/document-engine/reading/index.ts';
import { setupAll } from '../helpers/setup.ts';
import { TRADE_WORLD_3_DOCS } from './trade-world-3.ts';
import type { DocScore } from './score.ts';
import { expectAtLeast, readSet } from './world-scores.ts';

const pdfScores: DocScore[] = [];
const scanScores: DocScore[] = [];

setupAll(async () => {
  const read = await readSet(TRADE_WORLD_3_DOCS);
  pdfScores.push(...read.pdf);
  scanScores.push(...read.scan);
}, 900_000);
afterAll(() => closeReaders());

describe('a third set of trade documents and contracts, of carriers, forms and languages never seen before', () => {
  it('reads the text PDFs at least as well as at first sight', () => {
    expectAtLeast(pdfScores, { misclassified: 0, right: 58, wrong: 13 });
  });

  it('reads the scans at least as well as at first sight', () => {
    expectAtLeast(scanScores, { misclassified: 0, right: 57, wrong: 12 });
  });
});
