// A date OCR read only from words it was very unsure of is left empty, and raises nothing: a bill
// whose blurred year was misread is not called stale, an invoice's due date is not a year off.
import { describe, expect, it } from 'vitest';
import type { PageWord, ReadPage } from '../document-model.ts';
import { codes, run } from '../../../test/verification/scenarios.ts';
import { dateEvidence, DOUBTFUL_WORD_CONFIDENCE } from './value-evidence.ts';

/** A page as OCR gives it: every word of the text at `sure`, those listed in `doubtful` at their own confidence. */
function ocrPage(text: string, sure: number, doubtful: Record<string, number> = {}): ReadPage {
  const words: PageWord[] = [];
  text.split('\n').forEach((line, row) => {
    let x = 40;
    for (const w of line.split(/\s+/).filter(Boolean)) {
      words.push({ text: w, x, y: 40 + row * 24, width: w.length * 9, height: 14, confidence: doubtful[w] ?? sure });
      x += w.length * 9 + 12;
    }
  });
  return { number: 1, text, method: 'ocr', ocrConfidence: sure, words };
}

const bill = (date: string) =>
  [
    'Bright Energy Ltd',
    'Electricity bill',
    `Bill date:\t${date}`,
    'Invoice number:\tEB-2026-114',
    'Account holder:\tAcme Trading Ltd',
    'Supply address:\t12 Harbour Road, London EC1A 1BB',
    'Total due:\t120.00 GBP',
  ].join('\n');

describe('a date read from doubtful OCR words', () => {
  it('is left empty, and a bill it would make stale is not called stale', () => {
    // The year of a recent bill misread two years back, on a word OCR gave 25 %.
    const misread = bill('02/11/2024');
    const doubtful = run({ text: misread, requested: 'utility_bill', read: { pages: [ocrPage(misread, 88, { '02/11/2024': 25 })] } });
    expect(doubtful.fields).toMatchObject({ issue_date: null });
    expect(doubtful.findings.map((f) => f.code)).not.toContain('proof_of_address_stale');
    // Read surely, the same date is kept and the bill is stale.
    const sure = run({ text: misread, requested: 'utility_bill', read: { pages: [ocrPage(misread, 88)] } });
    expect(sure.fields).toMatchObject({ issue_date: '2024-11-02' });
    expect(codes({ text: misread, requested: 'utility_bill', read: { pages: [ocrPage(misread, 88)] } })).toContain('proof_of_address_stale');
  });

  it('leaves empty a past date that OCR read years ahead, and says nothing of a future date', () => {
    // "2021" read as "2071" on a photo, every word read surely: the bill is not dated 45 years ahead.
    const misread = bill('15/09/2071');
    const read = run({ text: misread, requested: 'utility_bill', read: { pages: [ocrPage(misread, 88)] } });
    expect(read.fields).toMatchObject({ issue_date: null });
    expect(read.findings.map((f) => f.code)).not.toContain('issue_date_in_future');
    // A few weeks ahead is what a document dated in the future looks like: kept, and said.
    const ahead = bill('15/12/2026');
    expect(run({ text: ahead, requested: 'utility_bill', read: { pages: [ocrPage(ahead, 88)] } }).fields).toMatchObject({ issue_date: '2026-12-15' });
    expect(codes({ text: ahead, requested: 'utility_bill', read: { pages: [ocrPage(ahead, 88)] } })).toContain('issue_date_in_future');
    // A text layer that prints 2071 prints it: kept, and said.
    expect(run({ text: misread, requested: 'utility_bill' }).fields).toMatchObject({ issue_date: '2071-09-15' });
    expect(codes({ text: misread, requested: 'utility_bill' })).toContain('issue_date_in_future');
  });

  it('weighs a date written in words by its least sure word, and its best reading on the page', () => {
    const words = ocrPage('Due 1 December 2026\nPay by 01/12/2026', 90, { December: 30 }).words!;
    expect(dateEvidence(words, '2026-12-01', 'dmy')).toBe(90);
    expect(dateEvidence(words.slice(0, 4), '2026-12-01', 'dmy')).toBe(30);
    expect(dateEvidence(words, '2025-12-01', 'dmy')).toBeNull();
    expect(30).toBeLessThan(DOUBTFUL_WORD_CONFIDENCE);
  });
});
