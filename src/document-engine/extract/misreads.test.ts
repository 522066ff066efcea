// Misreadings that must leave a field empty rather than wrong: an amount taken from another column
// when the words' positions show nothing under the label, a total below the net amount it includes,
// and an article cut off a letter-spaced heading taken for a name.
import { afterAll, describe, expect, it } from 'vitest';
import { layoutPdf, type Placed } from '../../../test/fixtures/layout-pages.ts';
import { closeReaders, readDocument } from '../reading/index.ts';
import { docText } from './doc-text.ts';
import { extractInvoiceFromText } from './invoice.ts';
import { looksLikeName } from './parties.ts';
import { run } from '../../../test/verification/scenarios.ts';

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

  it('keeps no total below the tax it includes, nor that tax: one of the two is another label’s amount', () => {
    // A degraded scan puts the VAT amount under the "Total" label and a stray figure after "VAT".
    const text = [
      'Globex GmbH',
      'Hafenstrasse 5, 20457 Hamburg',
      'INVOICE',
      'Invoice number: INV-2026-311',
      'Invoice date: 3 March 2026',
      'Consulting services\t250.00',
      'VAT 20%:\t119.00 EUR',
      'Total:\t30.00 EUR',
    ].join('\n');
    const out = run({ text });
    expect(out.fields).toMatchObject({ grand_total: null, tax_total: null, amount_due: null });
    expect(out.findings.map((f) => f.code)).not.toContain('invoice_amount_mismatch');
    // A total above its tax is kept.
    const fine = run({ text: text.replace('119.00', '50.00').replace('30.00', '300.00') });
    expect(fine.fields).toMatchObject({ grand_total: '300', tax_total: '50' });
  });

  it('takes no line holding an account number, due date or payment label for a name', () => {
    for (const s of ['Riverside Park. ACCOUNT NO', 'DUE DATEDATE PLEASEPAY', 'Please pay', 'Account Nr 4411']) expect(looksLikeName(s)).toBe(false);
    for (const s of ['Due Diligence Partners Ltd', 'Harbour Account Services Ltd']) expect(looksLikeName(s)).toBe(true);
  });
});
