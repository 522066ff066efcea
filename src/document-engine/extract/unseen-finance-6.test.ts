// The sixth invented set of invoices, bills and statements (test/fixtures/unseen-finance-documents-6.ts:
// Argentine, Chilean, Colombian, Peruvian, Moroccan, Pakistani, Malaysian and Liechtenstein bills; German
// savings bank, Moroccan, Chilean, Egyptian and Vietnamese statements; Slovak, Lithuanian, Ukrainian,
// Kazakh, Chilean, Argentine and Egyptian invoices), read as a PDF: the set's figure may only rise, and
// no wrong value may be added. The rules behind the fixes are in finance-sixth-conventions.test.ts.
//
// First sight (2026-11-27, on the code before any change for this set; bench/unseen-finance.ts --set 6):
//   PDF    classified 19/20, fields 84/141, wrong values 12
//   image  classified 17/18, fields 81/128, wrong values 9 (the Cyrillic invoices are read from their text only)
//   photo  classified 18/18, fields 75/128, wrong values 9
// After the fixes (each cause seen in two sources or more; the earlier sets' figures unchanged):
//   PDF    classified 19/20, fields 113/141, wrong values 3
//   image  classified 18/18, fields 103/128, wrong values 1
//   photo  classified 18/18, fields 103/128, wrong values 1
// Here the fields are compared as the other sets' tests compare them (whole values): at first sight the
// text layer gave 80 right and 12 wrong, after the fixes 112 right and 4 wrong.
import { afterAll, describe, it } from 'vitest';
import { UNSEEN_FINANCE_DOCUMENTS_6, UNSEEN_FINANCE_TODAY_6 } from '../../../test/fixtures/unseen-finance-documents-6.ts';
import { expectSetFigure, type SetFigure } from '../../../test/fixtures/unseen-finance-read.ts';
import { closeReaders } from '../reading/index.ts';

afterAll(closeReaders);

/** The set's figure from its text layer: at least this many classified and fields right, at most this many wrong values. */
const PDF_FIGURE: SetFigure = { classified: 19, right: 112, wrong: 4 };

describe('the sixth invented set, from its text layer', () => {
  it(`classifies at least ${PDF_FIGURE.classified}, reads at least ${PDF_FIGURE.right} fields right and at most ${PDF_FIGURE.wrong} wrong`, async () => {
    await expectSetFigure(UNSEEN_FINANCE_DOCUMENTS_6, UNSEEN_FINANCE_TODAY_6, PDF_FIGURE);
  }, 120_000);
});
