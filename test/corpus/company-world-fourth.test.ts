// The fourth set of company documents from registers never seen before (India, Nigeria, Kenya,
// Brazil, Mexico, Argentina, Dubai, Saudi Arabia, Turkey, the Nordic countries, the Czech Republic,
// Romania, Greece, Israel, Delaware, Texas, notarial acts dated in words, insurance), read through the
// real reader as text PDFs and as noisy scans, and the Japanese and Chinese ones from their text.
// COMPANY_WORLD_VERBOSE=1 prints every field that is not read right.
import { afterAll, describe, it } from 'vitest';
import { closeReaders, configureReaders } from '../../src/document-engine/reading/index.ts';
import { setupAll } from '../helpers/setup.ts';
import { WORLD_FOURTH_CJK_DOCS, WORLD_FOURTH_DOCS } from './company-world-fourth.ts';
import { readText } from './read-document.ts';
import { idealText } from './render-pdf.ts';
import { type DocScore, runEngine, scoreDoc } from './score.ts';
import { expectReadWell, readSet, report } from './world-scores.ts';

const pdfScores: DocScore[] = [];
const scanScores: DocScore[] = [];
const cjkScores: DocScore[] = [];

setupAll(async () => {
  // Scans in another European language read again with its data, as the service reads by default (OCR_EUROPEAN).
  configureReaders({ threads: 0, european: true });
  const read = await readSet(WORLD_FOURTH_DOCS);
  pdfScores.push(...read.pdf);
  scanScores.push(...read.scan);
  for (const d of WORLD_FOURTH_CJK_DOCS) cjkScores.push(scoreDoc(d, runEngine(d, readText(idealText(d)))));
  report('CJK text', cjkScores);
}, 600_000);
afterAll(async () => {
  configureReaders({ threads: 0 });
  await closeReaders();
});

describe('a fourth set of company documents from registers never seen before', () => {
  it('classifies every text PDF and reads its fields, none wrong', () => {
    expectReadWell(pdfScores, 0.97, true);
  });

  it('classifies the scans and reads most of their fields', () => {
    expectReadWell(scanScores, 0.85, false);
  });

  it('reads the Japanese and Chinese registers from their text', () => {
    expectReadWell(cjkScores, 1, true);
  });
});
