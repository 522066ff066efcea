// Misreadings that must leave a field empty rather than wrong: an amount taken from another column
// when the words' positions show nothing under the label, a total below the net amount it includes,
// and an article cut off a letter-spaced heading taken for a name.
import { afterAll, describe, expect, it } from 'vitest';
import { layoutPdf, type Placed } from '../../../test/fixtures/layout-pages.ts';
import { closeReaders, readDocument } from '../reading/index.ts';
import { docText } from './doc-text.ts';
import { extractInvoiceFromText } from './invoice.ts';
import { looksLikeName } from './parties.ts';

afterAll(closeReaders);

/** The invoice fields of a PDF drawn from positioned pieces of text, read as the reader reads it. */
async function invoiceOf(pieces: Placed[]) {
  const doc = await readDocument(await layoutPdf(pieces), 'application/pdf', { maxPages: 2 });
  return extractInvoiceFromText(docText({ pages: doc.pages, language: 'en' }));
}

describe('misreadings give no value', () => {
  it('takes no amount from another column when nothing stands under a total label', async () => {
    const pieces: Placed[] = [
      { text: 'Northwind Traders Ltd', x: 60, y: 60, size: 16 },
      { text: 'INVOICE', x: 430, y: 60, size: 16 },
      { text: 'Invoice No 4711', x: 60, y: 100 },
      // "Sub Total" at the right with its value lost; the bank details run on the left.
      { text: 'Bank details', x: 60, y: 300 },
      { text: 'Sub Total', x: 470, y: 300 },
      { text: 'IBAN GB01 NWBK 223456 0876544', x: 60, y: 315 },
    ];
    const f = await invoiceOf(pieces);
    expect(f.grand_total).toBeNull();
    expect(f.net_total).toBeNull();
  });

  it('still reads the amount standing under its label', async () => {
    const pieces: Placed[] = [
      { text: 'Northwind Traders Ltd', x: 60, y: 60, size: 16 },
      { text: 'INVOICE', x: 430, y: 60, size: 16 },
      { text: 'Bank details', x: 60, y: 300 },
      { text: 'Total', x: 470, y: 300 },
      { text: 'IBAN GB01 NWBK 223456 0876544', x: 60, y: 315 },
      { text: '180.00', x: 470, y: 315 },
    ];
    expect((await invoiceOf(pieces)).grand_total).toBe('180');
  });

  it('drops a total below the net amount it includes, and a total of nothing', () => {
    const text = (total: string) => `Northwind Traders Ltd\nINVOICE\nInvoice No 4711\nNet\t81,250.00\nVAT 20%\t16,250.00\nTOTAL\t${total}\n`;
    const fields = (total: string) => extractInvoiceFromText(docText({ pages: [{ number: 1, text: text(total), method: 'ocr' }], language: 'en' }));
    expect(fields('97,500.00').grand_total).toBe('97500');
    expect(fields('97.400').grand_total).toBeNull();
    expect(fields('0.00').grand_total).toBeNull();
  });

  it('takes no article or connector alone for a name', () => {
    for (const s of ['THE', 'The', 'LE', 'and', 'Der']) expect(looksLikeName(s)).toBe(false);
    expect(looksLikeName('The Northwind Company Ltd')).toBe(true);
  });
});
