// Numbers, currencies and dates as real invoices write them in several countries and languages: Indian
// lakh grouping and the rupee, currency words, identifiers that look like amounts, month names and
// ordinals, and the day/month order of a document decided by the document.
import { describe, expect, it } from 'vitest';
import { currencyIn, dominantCurrency, findAmounts, normalizeAmount, resolveCurrency } from './amounts.ts';
import { findDates, parseDate, parsePeriod, slashOrder } from './dates.ts';
import { docText } from './doc-text.ts';
import { extractBankStatement } from './finance.ts';
import { extractInvoiceFromText } from './invoice.ts';

const page = (text: string) => docText({ pages: [{ number: 1, text, method: 'text_layer' }], language: null });

describe('amounts as countries write them', () => {
  it.each([
    ['5,42,800.00', '542800'],
    ['5,42,800', '542800'],
    ['1,23,45,678.50', '12345678.5'],
    ['4,60,000.00', '460000'],
  ])('reads the Indian grouping %s as %s', (raw, value) => expect(normalizeAmount(raw, 'dot')).toBe(value));

  it('finds lakh-grouped amounts in a line, with the rupee written as ₹ or Rs.', () => {
    expect(findAmounts('Total ₹5,42,800.00').map((a) => [a.value, a.currency])).toEqual([['542800', 'INR']]);
    expect(findAmounts('Amount payable Rs. 1,08,000.00').map((a) => [a.value, a.currency])).toEqual([['108000', 'INR']]);
  });

  it('rejects groupings no one writes', () => {
    expect(normalizeAmount('12.34,56', 'comma')).toBeNull();
    expect(normalizeAmount('1,2345,678', 'dot')).toBeNull();
  });

  it('tells the dollars and reals of other countries from the US dollar, and reads codes glued to the amount', () => {
    const found = (t: string, style: 'dot' | 'comma' = 'dot') => findAmounts(t, style).map((a) => [a.value, a.currency]);
    expect(found('Total R$ 1.234,56', 'comma')).toEqual([['1234.56', 'BRL']]);
    expect(found('Total C$ 100.00')).toEqual([['100', 'CAD']]);
    expect(found('Total A$ 100.00')).toEqual([['100', 'AUD']]);
    expect(found('Total $100.00')).toEqual([['100', 'USD']]);
    expect(found('Total USD1,234.56')).toEqual([['1234.56', 'USD']]);
    expect(found("Betrag Fr. 1'234.50")).toEqual([['1234.5', 'CHF']]);
  });

  it('reads a currency word after a comma-decimal amount ("275,00 EURO")', () => {
    expect(findAmounts('Rechnungsbetrag 275,00 EURO', 'comma').map((a) => [a.value, a.currency])).toEqual([['275', 'EUR']]);
  });

  it('takes ¥ on an Indian document for a misread ₹, and keeps the yen where the document is Japanese', () => {
    const indian = 'Brightmoor LTD\nPune, Maharashtra 411014 GSTIN: 12ABCDE0123A1A2\nTotal\t¥5,42,800.00';
    expect(dominantCurrency(indian)).toBe('INR');
    expect(resolveCurrency('JPY', indian)).toBe('INR');
    expect(resolveCurrency('JPY', 'Brightmoor K.K.\nTokyo 100-0005\nTotal ¥54,280')).toBe('JPY');
    expect(resolveCurrency('JPY', 'Currency: JPY\nGSTIN 12ABCDE0123A1A2')).toBe('JPY');
    expect(resolveCurrency('JPY', 'Total ¥54,280')).toBe('JPY');
    expect(currencyIn('INR')).toBe('INR');
    expect(resolveCurrency('JPY', 'Total ¥5,42,800.00')).toBe('INR');
    expect(resolveCurrency(null, 'GSTIN: 12ABCDE0123A1A2\nTotal 5,42,800.00')).toBe('INR');
    expect(resolveCurrency(null, 'Total 542,800.00')).toBeNull();
  });

  it('never takes an identifier for an amount', () => {
    const amounts = (t: string, style: 'dot' | 'comma' = 'dot') => findAmounts(t, style).map((a) => a.value);
    expect(amounts('FACTUURNUMMER: 2048813577\tBTW Nummer: NL 864209753801', 'comma')).toEqual([]);
    expect(amounts('Ne TVA: 654321-8', 'comma')).toEqual([]);
    expect(amounts('Receipt # No.: 9876')).toEqual([]);
    expect(amounts('ID#: 5554443')).toEqual([]);
    expect(amounts('PO 0831231')).toEqual([]);
    expect(amounts('Invoice No. 4711 Total 120.00')).toEqual(['120']);
    expect(amounts('Tel +44 20 7946 0958')).not.toContain('44');
    expect(amounts('Date 30-12-2022 Amount 15.00')).toEqual(['15']);
  });
});

describe('dates in other languages', () => {
  it.each([
    ['23 de septiembre de 2021', '2021-09-23'],
    ['1º de março de 2021', '2021-03-01'],
    ['17 febbraio 2022', '2022-02-17'],
    ['le 1er mai 2026', '2026-05-01'],
    ['3. Oktober 2020', '2020-10-03'],
    ['1e januari 2021', '2021-01-01'],
    ['3 maart 2020', '2020-03-03'],
    ['23 września 2021 r.', '2021-09-23'],
    ['2 października 2020', '2020-10-02'],
    ['this 17 day of October, 2022', '2022-10-17'],
    ['the 1st day of June 2023', '2023-06-01'],
    ['October 17th, 2022', '2022-10-17'],
    ['1 de enero del 2021', '2021-01-01'],
    ['Invoice date 30-Dec-22', '2022-12-30'],
    ['05/Mar/2021', '2021-03-05'],
    ['2022年12月30日', '2022-12-30'],
  ])('%s → %s', (text, iso) => expect(parseDate(text)).toBe(iso));

  it('reads ranges whose month and year are written once', () => {
    expect(parsePeriod('Période du 1er au 28 février 2022')).toEqual({ from: '2022-02-01', to: '2022-02-28' });
    expect(parsePeriod('Service 1-30 September 2022')).toEqual({ from: '2022-09-01', to: '2022-09-30' });
    expect(parsePeriod('16 December to 13 January 2023')).toEqual({ from: '2022-12-16', to: '2023-01-13' });
    expect(parsePeriod('del 1 de enero al 14 de febrero de 2022')).toEqual({ from: '2022-01-01', to: '2022-02-14' });
  });

  it('does not take words for months', () => {
    expect(findDates('Lieferung 12 marts 2020')).toEqual([]);
  });
});

describe('day first or month first, decided by the document', () => {
  it('follows a date that can only be read one way', () => {
    expect(slashOrder('Date 8/11/2020\nDelivered 9/25/2020 €')).toBe('mdy');
    expect(slashOrder('Date 8/11/2020\nDelivered 25/9/2020 $')).toBe('dmy');
  });

  it('otherwise reads a US document (dollars, a US address) month first and a European or Indian one day first', () => {
    const us = 'Brightmoor, Inc.\nDate: 8/11/2020\nSold To Halverson Outfitters\nCasper, WY, 82601\nTotal\t$4,312.80';
    expect(slashOrder(us)).toBe('mdy');
    expect(page(us).order).toBe('mdy');
    expect(parseDate('8/11/2020', slashOrder(us))).toBe('2020-08-11');
    expect(slashOrder('Date: 8/11/2020\nTotal 220,00 €')).toBe('dmy');
    expect(slashOrder('Invoice date 08/11/2020\nLondon EC1A 1BB\nTotal £215.00')).toBe('dmy');
    expect(slashOrder('Invoice date 08/11/2020\nGSTIN 12ABCDE0123A1A2\nTotal Rs. 1,000.00')).toBe('dmy');
    expect(slashOrder('Date 08/11/2020')).toBe('dmy');
    expect(slashOrder('Date 08/11/2020', 'mdy')).toBe('mdy');
  });

  it('applies the order to dates written with dashes too, never to dotted ones', () => {
    expect(slashOrder('Date 12-25-2020')).toBe('mdy');
    expect(findDates('08-11-2020 and 08.11.2020', 'mdy').map((d) => d.iso)).toEqual(['2020-08-11', '2020-11-08']);
    expect(findDates('17-02-2022', slashOrder('Data Documento 17-02-2022\nTotale 235,00€')).map((d) => d.iso)).toEqual(['2022-02-17']);
  });

  it('reads the due date after the issue date when only one order allows it', () => {
    // 05/11 then 04/12: 5 Nov → 4 Dec day first, but 11 May → 12 Apr (before issue) month first.
    expect(slashOrder('Invoice date: 05/11/2020\nDue date: 04/12/2020\nTotal $100.00')).toBe('dmy');
    // 03/02 then 04/01: 2 March → 1 April month first; day first the due date would come before the issue date.
    expect(slashOrder('Invoice date: 03/05/2021\nDue date: 04/02/2021\nTotal 100,00 €')).toBe('mdy');
    // Both orders fit: the currency decides.
    expect(slashOrder('Invoice date: 01/02/2020\nDue date: 03/04/2020\nTotal 100,00 €')).toBe('dmy');
  });
});

describe('invoice totals as countries label them', () => {
  it('reads an Indian invoice: lakh total, rupees even when ₹ was read as ¥', () => {
    const f = extractInvoiceFromText(
      page(
        [
          'Brightmoor LTD\tTax Invoice',
          'Pune, Maharashtra 411014 GSTIN: 12ABCDE0123A1A2',
          'INVOICE TO',
          'Fabrikam India Pvt Ltd',
          'Invoice date: 30-12-2022',
          'SUBTOTAL\t4,60,000.00',
          'Total\t¥5,42,800.00',
        ].join('\n'),
      ),
    );
    expect([f.grand_total, f.net_total, f.currency]).toEqual(['542800', '460000', 'INR']);
  });

  it('does not take the tax row for the total, and finds totals labelled in Spanish and Italian', () => {
    const es = extractInvoiceFromText(page(['BRIGHTMOOR LTD.\tFACTURA', 'SUBTOTAL\t300,00€', 'TOTAL IVA\t24,00€', 'TOTAL A PAGAR\t330,00€'].join('\n')));
    expect([es.net_total, es.tax_total, es.grand_total]).toEqual(['300', '24', '330']);
    const it_ = extractInvoiceFromText(page(['BRIGHTMOOR LTD.\tFattura', 'Subtotale\t210,00€', 'Imposta IVA\t25,00€', 'Totale\t235,00€'].join('\n')));
    expect([it_.net_total, it_.tax_total, it_.grand_total]).toEqual(['210', '25', '235']);
  });

  it('finds totals labelled in Portuguese and Polish', () => {
    const pt = extractInvoiceFromText(page(['BRIGHTMOOR LDA.\tFATURA', 'Total líquido\t300,00€', 'Valor do IVA\t69,00€', 'Valor a pagar\t369,00€'].join('\n')));
    expect([pt.net_total, pt.tax_total, pt.grand_total]).toEqual(['300', '69', '369']);
    const pl = extractInvoiceFromText(page(['ACME Sp. z o.o.\tFAKTURA VAT', 'Razem netto\t1 000,00 zł', 'Kwota VAT\t230,00 zł', 'Razem do zapłaty\t1 230,00 zł'].join('\n')));
    expect([pl.net_total, pl.tax_total, pl.grand_total, pl.currency]).toEqual(['1000', '230', '1230', 'PLN']);
  });

  it('does not take a figure with more decimals than money has for a total', () => {
    const f = extractInvoiceFromText(page(['BRIGHTMOOR\tINVOICE', 'Net\t81,250.00', 'GBP TOTAL\t97.5000'].join('\n')));
    expect(f.grand_total).toBeNull();
    expect(findAmounts('Hot air (litres)\t800\t0.0250\t20.00').map((a) => a.value)).toEqual(['800', '0.025', '20']);
  });

  it('never takes a VAT number for the tax', () => {
    const nl = extractInvoiceFromText(page(['BRIGHTMOOR LTD.\tFactuurdatum: 07.05.2020', 'FACTUURNUMMER: 2048813577\tBTW Nummer: NL 864209753801', 'Subtotal\t200,00', 'Totaal\t220,00'].join('\n')));
    expect([nl.net_total, nl.tax_total, nl.grand_total]).toEqual(['200', null, '220']);
    const fr = extractInvoiceFromText(page(['BRIGHTMOOR LTD.', 'N° TVA: 654321-8', 'FACTURE: FXR40917', 'Montant TTC\t65,00€'].join('\n')));
    expect([fr.tax_total, fr.grand_total]).toEqual([null, '65']);
  });
});

describe('balances with their side', () => {
  const statement = (opening: string, closing: string) =>
    extractBankStatement(page(['Harbour Bank plc', 'STATEMENT OF ACCOUNT', 'Account holder:\tAcme Trading Ltd', `Opening balance\t${opening}`, `Closing balance\t${closing}`].join('\n')));

  it('reads a negative balance however it is written', () => {
    expect([statement('-1,234.56', '(250.00)').opening_balance, statement('-1,234.56', '(250.00)').closing_balance]).toEqual(['-1234.56', '-250']);
    expect(statement('1,234.56 DR', '250.00 CR').opening_balance).toBe('-1234.56');
    expect(statement('1,234.56 DR', '250.00 CR').closing_balance).toBe('250');
    expect(statement('1,234.56 EUR Dr', '250.00 EUR').opening_balance).toBe('-1234.56');
  });

  it('reads the German Soll/Haben and the French débiteur', () => {
    const de = extractBankStatement(page(['Sparkasse Hamburg', 'Kontoauszug', 'Alter Kontostand\t1.234,56 S', 'Neuer Kontostand\t2.000,00 H', 'Gebühren\t1,50'].join('\n')));
    expect([de.opening_balance, de.closing_balance]).toEqual(['-1234.56', '2000']);
    const fr = extractBankStatement(page(['Banque Exemple', 'Relevé de compte', 'Solde initial débiteur\t1 234,56', 'Nouveau solde créditeur\t100,00'].join('\n')));
    expect([fr.opening_balance, fr.closing_balance]).toEqual(['-1234.56', '100']);
  });

  it('reads a balance standing in the debit column of the statement as negative', () => {
    // Words placed as on the page: a header row, then the balance row with its amount under "Debit" or "Credit".
    const word = (text: string, x: number, y: number) => ({ text, x, y, width: text.length * 6, height: 10 });
    const statementAt = (x: number) => {
      const rows = [
        [word('Harbour', 10, 20), word('Bank', 60, 20), word('plc', 95, 20)],
        [word('Date', 10, 60), word('Description', 80, 60), word('Debit', 300, 60), word('Credit', 400, 60), word('Balance', 500, 60)],
        [word('Closing', 10, 80), word('balance', 60, 80), word('1,234.56', x, 80)],
      ];
      const text = rows.map((r) => r.map((w) => w.text).join(' ')).join('\n');
      return extractBankStatement(docText({ pages: [{ number: 1, text, method: 'text_layer', words: rows.flat() }], language: null }));
    };
    expect(statementAt(295).closing_balance).toBe('-1234.56');
    expect(statementAt(395).closing_balance).toBe('1234.56');
    expect(statementAt(495).closing_balance).toBe('1234.56');
  });
});
