// The fifth set of company documents (EIN notice, US state records, Canadian amendment, British
// change of name, confirmation statement, officers page and LLP, Irish printout, Indian GST and
// Udyam, Nigerian TIN, Singapore profile with officers and shareholders, Hong Kong NAR1, a Sharjah
// licence, the Philippines, Malaysia, Pakistan, Egypt, a Polish KRS by rubrics, a Swiss table, a
// Belgian KBO in Dutch, an employers' liability certificate, a register of members), read through the
// real reader as text PDFs and as noisy scans. COMPANY_WORLD_VERBOSE=1 prints every field not read right.
import { afterAll, describe, it } from 'vitest';
import { closeReaders } from '../../src/document-engine/reading/index.ts';
import { setupAll } from '../helpers/setup.ts';
import { WORLD_FIFTH_DOCS } from './company-world-fifth.ts';
import type { DocScore } from './score.ts';
import { expectReadWell, readSet } from './world-scores.ts';

const pdfScores: DocScore[] = [];
const scanScores: DocScore[] = [];

setupAll(async () => {
  const read = await readSet(WORLD_FIFTH_DOCS);
  pdfScores.push(...read.pdf);
  scanScores.push(...read.scan);
}, 900_000);
afterAll(() => closeReaders());

describe('a fifth set of company documents, of kinds and layouts never seen before', () => {
  it('classifies every text PDF and reads its fields, none wrong', () => {
    expectReadWell(pdfScores, 0.97, true);
  });

  it('classifies the scans and reads most of their fields', () => {
    expectReadWell(scanScores, 0.9, false);
  });
});
