// Invoice arithmetic on invoices that carry more than net, tax and total: discounts, shipping, deposits and
// payments, a balance due; identifiers that must never be read as tax; and invoices that really are wrong.
import { describe, expect, it } from 'vitest';
import { codes, MONITORING } from '../../../test/verification/scenarios.ts';
import { adjustmentsIn, adjustmentSums } from './invoice-adjustments.ts';
import { plausibleTotals, writtenWhole } from './invoice-rules.ts';

const ARITHMETIC = ['invoice_line_amount_mismatch', 'invoice_subtotal_mismatch', 'invoice_tax_mismatch', 'invoice_total_mismatch'];
const arithmetic = (text: string, amount: number) => codes({ text, caseData: { ...MONITORING, trx_amount: amount } }).filter((c) => ARITHMETIC.includes(c));

function invoice(totals: string[]): string {
  return [
    'Acme Trading Ltd',
    '12 Harbour Road, London EC1A 1BB, United Kingdom',
    'VAT No: GB123456789',
    'INVOICE',
    'Invoice No:\tINV-2026-0042',
    'Invoice Date:\t28 September 2026',
    'Bill to:',
    'Globex GmbH',
    'Hafenstraße 21',
    '20457 Hamburg',
    'Description\tQty\tUnit price\tAmount',
    'Industrial pump P-20\t20\t500.00\t10,000.00',
    'Hydraulic valve assembly\t10\t250.00\t2,500.00',
    ...totals,
    'IBAN: GB33 BUKB 2020 1555 5555 55',
  ].join('\n');
}

describe('invoice arithmetic with discounts, charges and payments', () => {
  it('raises nothing on an invoice with a discount, shipping, a deposit paid and the balance due', () => {
    // 12,500 − 500 discount + 200 shipping = 12,200 net of adjustments; VAT 20 % on it 2,440; total 14,640; 4,000 paid.
    const text = invoice([
      'Subtotal\t12,500.00 EUR',
      'Discount 4%\t-500.00 EUR',
      'Shipping\t200.00 EUR',
      'VAT 20%\t2,440.00 EUR',
      'Total\t14,640.00 EUR',
      'Deposit paid\t4,000.00 EUR',
      'Balance due\t10,640.00 EUR',
    ]);
    expect(arithmetic(text, 10640)).toEqual([]);
  });

  it('raises nothing when the total asked for is the balance after an amount already paid', () => {
    const text = invoice(['Subtotal\t12,500.00 EUR', 'VAT 20%\t2,500.00 EUR', 'Amount paid\t5,000.00 EUR', 'Balance due\t10,000.00 EUR']);
    expect(arithmetic(text, 10000)).toEqual([]);
  });

  it('still flags a total that no discount, charge or payment on the invoice explains', () => {
    const text = invoice(['Subtotal\t12,500.00 EUR', 'Discount\t-500.00 EUR', 'Shipping\t200.00 EUR', 'VAT 20%\t2,440.00 EUR', 'Total\t15,040.00 EUR']);
    expect(arithmetic(text, 15040)).toContain('invoice_total_mismatch');
  });

  it('still flags a genuinely inconsistent invoice read with confidence (200 + 16 IVA written as 220)', () => {
    const text = ['BRIGHTMOOR LTD.\tFACTURA', 'Calle del Olmo 9', '28012 Madrid, España', 'FECHA DE EMISION: 03/06/2022', 'SUBTOTAL\t200,00€', 'TOTAL IVA\t16,00€', 'TOTAL A PAGAR\t220,00€'].join(
      '\n',
    );
    expect(arithmetic(text, 220)).toContain('invoice_total_mismatch');
  });

  it('flags the tax of an invoice that states 21 % B.T.W but charges 20 on 200, while its VAT number stays out of the figures', () => {
    const text = [
      'BRIGHTMOOR LTD.\tFactuurdatum: 07.05.2020',
      'Prinsenstraat 48',
      '1015 DX Amsterdam',
      'FACTUUR',
      'FACTUURNUMMER: 2048813577\tBTW Nummer: NL 864209753801',
      'Subtotaal\t200,00',
      'B.T.W 21%\t20,00',
      'Totaal\t220,00',
    ].join('\n');
    expect(arithmetic(text, 220)).toEqual(['invoice_tax_mismatch']);
  });

  it('never takes a VAT registration number for the tax amount', () => {
    const text = [
      'BRIGHTMOOR LTD.\tFactuurdatum: 07.05.2020',
      'Prinsenstraat 48',
      '1015 DX Amsterdam',
      'FACTUUR',
      'FACTUURNUMMER: 2048813577\tBTW Nummer: NL 864209753801',
      'Subtotal\t200,00',
      'Totaal\t220,00',
    ].join('\n');
    expect(arithmetic(text, 220)).toEqual([]);
  });
});

describe('the pieces', () => {
  it('reads adjustment rows with their sign, and leaves line items and rows without amounts alone', () => {
    const rows = ['Discount 4%\t-500.00', 'Shipping\t200.00', 'Delivery address: 12 Harbour Road', 'Document fee\t3\t10.00\t30.00', 'Total after discount\t12,000.00', 'Rounding\t0.02'];
    expect(adjustmentsIn(rows, 'dot').map((a) => [a.cents, a.sign])).toEqual([
      [50000, -1],
      [20000, 1],
      [2, 0],
    ]);
    // A deposit lowers what is left to pay, not the base of the tax.
    expect(adjustmentsIn(['Deposit paid\t4,000.00', 'Discount\t100.00'], 'dot').map((a) => a.taxable)).toEqual([false, true]);
    expect(adjustmentSums(adjustmentsIn(['Discount\t5.00', 'Rounding\t0.02'], 'dot'))?.sort((a, b) => a - b)).toEqual([-502, -500, -498, -2, 0, 2]);
    // A discount given only as a rate: its amount is unknown, so nothing can be concluded.
    expect(adjustmentSums(adjustmentsIn(['Discount 10%'], 'dot'))).toBeNull();
  });

  it('compares only totals of one invoice’s magnitudes', () => {
    expect(plausibleTotals(10000, 800, 11000)).toBe(true);
    expect(plausibleTotals(10000, 86420975380100, 11000)).toBe(false);
    expect(plausibleTotals(10000, 2000, 12150)).toBe(true);
    expect(plausibleTotals(9750000, 1625000, 12150)).toBe(false);
  });

  it('compares only figures written as money, not digit runs whose separators were lost', () => {
    const rows = ['Net\t81,250.00', 'VAT@ 20%\t1625000', 'GBP TOTAL\t97,500.00'];
    expect(writtenWhole('81250', rows, 'dot')).toBe(true);
    expect(writtenWhole('1625000', rows, 'dot')).toBe(false);
    expect(writtenWhole('75.04', rows, 'dot')).toBe(true);
    // 2,500.00 read as "250000": a misreading, not a wrong invoice.
    const text = invoice(['Subtotal\t12,500.00 GBP', 'VAT 20%\t250000', 'Total\t15,000.00 GBP']);
    expect(arithmetic(text, 15000)).toEqual([]);
  });
});
