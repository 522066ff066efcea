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
// wrong; scans 19/20 classified, 61/102 right, 7 wrong. After the fixes for causes met on two sources
// or more (the OHADA registers' numbers in their newer shape and in a sentence, and their courts with
// their towns; register numbers under the labels of Tunisia, Oman, Rwanda and Costa Rica, Chile's RUT
// and Iceland's kennitala by their checks; labels of dates, legal forms, names and addresses of those
// registers; a header row of French or German labels never a value; certificates closed "Done at",
// "Signed at", "Emitida en", "Dada en … a los 5 días del mes de …", or dated under their title; Latin
// American tax registrations' labels and "certifica que"): text PDFs 19/20, 97/102 right, 1 wrong (a
// Bangladeshi number read with the next line's first word); scans 19/20, 95/102 right, none wrong.
// The thresholds stand at that figure.
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
  it('reads the text PDFs at least as well as after the fixes', () => {
    expectAtLeast(pdfScores, { misclassified: 1, right: 97, wrong: 1 });
  });

  it('reads the scans at least as well as after the fixes', () => {
    expectAtLeast(scanScores, { misclassified: 1, right: 95, wrong: 0 });
  });
});
