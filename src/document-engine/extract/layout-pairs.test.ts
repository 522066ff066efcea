// Labels paired with values by where they stand: a utility bill whose labels sit above their values,
// a boxed two-column form (ACORD style) whose boxes hold a label over a block, an envelope window's
// name and address kept whole, a heading printed over two lines, and label words never taken as values.
import { afterAll, describe, expect, it } from 'vitest';
import { UTILITY_BILL_LABELS_ABOVE } from '../../../test/fixtures/address-documents.ts';
import { layoutPdf, layoutPng, type Placed } from '../../../test/fixtures/layout-pages.ts';
import { closeReaders, readDocument } from '../reading/index.ts';
import { docText, type DocText } from './doc-text.ts';
import { extractBankStatement, extractProofOfAddress } from './finance.ts';
import { dollarCurrency, issuerFromDomain } from './issuer-facts.ts';
import { isLabelText, notALabel } from './label-words.ts';
import { addressBlocks } from './address-blocks.ts';
import { isStreetLine, isTownLine, labelledAddress, pairedValue } from './layout-pairs.ts';
import { looksLikeName } from './parties.ts';
import { findDates } from './dates.ts';
import { extractLicence } from './permits.ts';
import { extractRegister } from './corporate.ts';
import { readText } from '../../../test/corpus/read-document.ts';

afterAll(closeReaders);

/** A fictional certificate in two boxed columns, ACORD style: each box's label over its block. */
const TWO_COLUMN_FORM: Placed[] = [
  { text: 'CERTIFICATE OF LIABILITY INSURANCE', x: 150, y: 50, size: 14 },
  { text: 'PRODUCER', x: 40, y: 100, size: 8 },
  { text: 'CONTACT NAME:', x: 310, y: 100, size: 8 },
  { text: 'Harbour Insurance Brokers LLC', x: 40, y: 114 },
  { text: 'Sam Ortega', x: 310, y: 114 },
  { text: '200 Quay Street', x: 40, y: 128 },
  { text: 'Portland, OR 97201', x: 40, y: 142 },
  { text: 'INSURED', x: 40, y: 180, size: 8 },
  { text: 'INSURER A:', x: 310, y: 180, size: 8 },
  { text: 'Bluefin Robotics Inc', x: 40, y: 194 },
  { text: 'Cascade Mutual Insurance Company', x: 310, y: 194 },
  { text: '77 Foundry Road', x: 40, y: 208 },
  { text: 'Eugene, OR 97401', x: 40, y: 222 },
];

async function textOf(pieces: Placed[], as: 'pdf' | 'png' = 'pdf'): Promise<DocText> {
  const bytes = as === 'pdf' ? await layoutPdf(pieces) : layoutPng(pieces);
  return docText(await readDocument(bytes, as === 'pdf' ? 'application/pdf' : 'image/png', { maxPages: 5 }));
}

describe('labels and values by position', () => {
  it('reads a value standing under its label, on a text layer and on a scan', async () => {
    for (const as of ['pdf', 'png'] as const) {
      const d = await textOf(UTILITY_BILL_LABELS_ABOVE, as);
      const date = pairedValue(d, ['date bill issued'], (t) => findDates(t, 'mdy')[0]?.iso ?? null);
      expect(date).toMatchObject({ value: '2026-10-03', where: 'below' });
      const bill = extractProofOfAddress(d);
      expect(bill).toMatchObject({ kind: 'utility_bill', issue_date: '2026-10-03', period: { from: '2026-08-28', to: '2026-09-27' } });
      expect(bill.holder).toBe('JANE QUINN');
      expect(bill.address).toBe('14 Orchard Lane, Springfield, IL 62704');
      expect(bill.issuer).toBe('Brightwater Energy');
    }
  });

  it('reads each box of a two-column form from its own column', async () => {
    const d = await textOf(TWO_COLUMN_FORM);
    const name = (t: string) => (looksLikeName(t) ? t : null);
    expect(pairedValue(d, ['insured'], name)?.value).toBe('Bluefin Robotics Inc');
    expect(pairedValue(d, ['insurer a'], name)?.value).toBe('Cascade Mutual Insurance Company');
    expect(pairedValue(d, ['producer'], name)?.value).toBe('Harbour Insurance Brokers LLC');
    expect(labelledAddress(d, ['insured'])).toBe('Bluefin Robotics Inc, 77 Foundry Road, Eugene, OR 97401');
  });

  it('keeps an address block whole with the name above it, and never takes a label for a value', async () => {
    const d = await textOf(UTILITY_BILL_LABELS_ABOVE);
    const blocks = addressBlocks(d, looksLikeName);
    expect(blocks[0]).toMatchObject({ name: 'JANE QUINN', address: '14 Orchard Lane, Springfield, IL 62704' });
    expect(isLabelText('CUSTOMER SERVICE')).toBe(true);
    expect(isLabelText('ACCOUNT NUMBER')).toBe(true);
    expect(isLabelText('Contact us')).toBe(true);
    expect(isLabelText('4417 2209 183')).toBe(false);
    expect(notALabel('Jane Quinn')).toBe('Jane Quinn');
    expect(isStreetLine('14 Orchard Lane')).toBe(true);
    expect(isTownLine('14 Orchard Lane')).toBe(false);
    expect(isTownLine('EXAMPLEVILLE VIC 3999')).toBe(true);
    expect(isTownLine('60-480 Poznań')).toBe(true);
    expect(isTownLine('1 Example Street, London EC1A 1AA')).toBe(true);
  });

  it("reads a statement's heading printed over two lines with its value under the second", async () => {
    const d = await textOf([
      { text: 'Lakeside Federal Savings Bank', x: 60, y: 50, size: 14 },
      { text: 'STATEMENT DATE', x: 400, y: 90 },
      { text: '11/02/26', x: 400, y: 104 },
      { text: 'BALANCE', x: 80, y: 160, size: 8 },
      { text: 'BALANCE THIS', x: 400, y: 160, size: 8 },
      { text: 'LAST STATEMENT', x: 70, y: 169, size: 8 },
      { text: 'STATEMENT', x: 405, y: 169, size: 8 },
      { text: '1,204.50', x: 80, y: 190 },
      { text: '980.15', x: 410, y: 190 },
      { text: '12/14 Grocery store 54.20', x: 60, y: 230 },
      { text: '12/28 Transfer in 100.00', x: 60, y: 246 },
    ]);
    const s = extractBankStatement(d);
    expect(s).toMatchObject({ bank_name: 'Lakeside Federal Savings Bank', opening_balance: '1204.5', closing_balance: '980.15', statement_date: '2026-11-02', currency: null });
  });

  it("reads a form's label wrapped over two lines of its cell, its value beside it between them", async () => {
    const d = await textOf([
      { text: 'Example Trade Directorate', x: 150, y: 50, size: 14 },
      { text: 'Firm Name', x: 60, y: 100 },
      { text: 'EXAMPLE EXPORTS', x: 200, y: 100 },
      { text: 'Nature of', x: 60, y: 130 },
      { text: 'Partnership', x: 200, y: 137 },
      { text: 'Concern', x: 60, y: 150 },
      { text: 'Ausgabe/Date of', x: 60, y: 180 },
      { text: '25/03/2024', x: 200, y: 187 },
      { text: 'Issue', x: 60, y: 200 },
    ]);
    expect(extractLicence(d).issue_date).toBe('2024-03-25');
    expect(pairedValue(d, ['nature of concern'], (t) => t)?.value).toBe('Partnership');
    const register = await textOf([
      { text: 'Company Name', x: 60, y: 100 },
      { text: 'EXAMPLE GARDENS LIMITED', x: 200, y: 100 },
      { text: 'Date of', x: 60, y: 130 },
      { text: '7 June 2021', x: 200, y: 130 },
      { text: 'Incorporation', x: 60, y: 150 },
    ]);
    expect(extractRegister(register).incorporation_date).toBe('2021-06-07');
  });

  it('keeps a card number whole when the gaps between its groups cut it into cells', async () => {
    const d = await textOf([
      { text: 'Example Card Bank', x: 60, y: 50, size: 14 },
      { text: 'Account 4000 1234', x: 380, y: 90 },
      { text: '5678', x: 480, y: 90 },
      { text: '9010', x: 515, y: 90 },
      { text: 'Opening balance $1,204.50', x: 60, y: 140 },
    ]);
    expect(extractBankStatement(d).account_number).toBe('4000 1234 5678 9010');
  });

  it("takes no lone word of an Arabic heading for the issuer of a bill, but a name with a utility's word", () => {
    const bill = (head: string) => extractProofOfAddress(docText(readText(`${head}\tفاتورة استهلاك الطاقة\nالقطاع\nمكتب خدمات المدينة\nرقم العداد 123456\nkWh 706`)));
    expect(bill('الجنوبي').issuer).toBeNull();
    expect(bill('شركة النهر للمياه').issuer).toBe('شركة النهر للمياه');
  });

  it("takes the issuer whose utility word is accented at the top, not the account holder's energy company below it", () => {
    const bill = extractProofOfAddress(
      docText(readText('Énergie Exemple SAS\nElectricity bill\nBill date:\t30 October 2026\nAccount holder:\tSample Energy GmbH\nSupply address:\tBeispielweg 1, 20457 Hamburg')),
    );
    expect(bill.issuer).toBe('Énergie Exemple SAS');
  });

  it('names the issuer its own website spells, and the dollar of the issuer country', async () => {
    const d = await textOf(UTILITY_BILL_LABELS_ABOVE);
    expect(issuerFromDomain(d)).toBe('Brightwater Energy');
    expect(dollarCurrency('USD', 'Commonwealth specimen ABN 11 222 333 444 $120.00')).toBe('AUD');
    expect(dollarCurrency('USD', 'Toronto, ON M5V 2T6 $120.00')).toBe('CAD');
    // On a European page with no "USD" anywhere, a lone "$" is a misread "S" or "5": no currency rather than a wrong one.
    expect(dollarCurrency('USD', 'Gartenstraße 2\n20321 Hamburg\nDeutschland\nTelefon +49 $1 520 242')).toBeNull();
    expect(dollarCurrency('USD', 'Via Garibaldi 26, Monopoli, Italia\nInchiostro 2 $0 10,00')).toBeNull();
    expect(dollarCurrency('USD', 'Via Garibaldi 26, Monopoli, Italia\nTotal USD 120.00')).toBe('USD');
    expect(dollarCurrency('USD', '1 Main Street, Springfield, IL 62701 $120.00')).toBe('USD');
    expect(dollarCurrency('USD', 'Austin, TX 78741 $120.00')).toBe('USD');
    expect(dollarCurrency('USD', 'Sydney NSW 2000, paid in USD')).toBe('USD');
  });
});
