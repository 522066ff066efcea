// The eighth set of company documents (OHADA register extracts of Côte d'Ivoire, Senegal and
// Cameroon, Tunisian and Algerian register extracts, a Jordanian certificate and an Omani commercial
// registration in translation, a Chilean certificado de vigencia, a Uruguayan RUT, a Costa Rican
// personería jurídica, an Ecuadorian RUC, a Dominican RNC, Icelandic and Liechtenstein register
// extracts, Sri Lankan, Bangladeshi, Rwandan and Namibian certificates of incorporation, a Zambian
// PACRA printout and an Ivorian attestation d'assurance), read through the real reader as text PDFs
// and as noisy scans. COMPANY_WORLD_VERBOSE=1 prints every field not read right.
//
// First sight (the reader before any change for this set): text PDFs 19/20 classified (the Cameroonian
// certificat d'immatriculation read as a certificate of incorporation), 61/102 fields right, 8 values
// wrong; scans 19/20 classified, 61/102 right, 7 wrong.
import { afterAll, describe, it } from 'vitest';
import { closeReaders } from '../../src/document-engine/reading/index.ts';
import { setupAll } from '../helpers/setup.ts';
import { WORLD_EIGHTH_DOCS } from './company-world-eighth.ts';
import type { DocScore } from './score.ts';
import { expectAtLeast, readSet } from './world-scores.ts';

const pdfScores: DocScore[] = [];
const scanScores: DocScore[] = [];

setupAll(async () => {
  const read = await readSet(WORLD_EIGHTH_DOCS);
  pdfScores.push(...read.pdf);
  scanScores.push(...read.scan);
}, 900_000);
afterAll(() => closeReaders());

describe('an eighth set of company documents, of registers and forms never seen before', () => {
  it('reads the text PDFs at least as well as at first sight', () => {
    expectAtLeast(pdfScores, { misclassified: 1, right: 61, wrong: 8 });
  });

  it('reads the scans at least as well as at first sight', () => {
    expectAtLeast(scanScores, { misclassified: 1, right: 61, wrong: 7 });
  });
});
