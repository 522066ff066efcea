// Totals an invoice gives by its layout rather than by a total label (total-fallbacks.ts), a label
// in two lines whose second line is the currency ("Total" over "EUR"), and a short buyer name
// written in full elsewhere on the page. Synthetic pages: word boxes as a reader would place them.
import { describe, expect, it } from 'vitest';
import type { PageWord, ReadPage } from '../document-model.ts';
import { assembleLines } from '../reading/lines.ts';
import { docText } from './doc-text.ts';
import { extractInvoiceFromText } from './invoice.ts';
import { fullerName } from './parties.ts';
import { lastAmountRow, singleRowTableAmount } from './total-fallbacks.ts';
import { toLines } from './text.ts';

/** Words of a page placed from [text, x, y] (font height 10, 6 units per character). */
function placed(items: [string, number, number][]): ReadPage[] {
  const words: PageWord[] = items.flatMap(([text, x, y]) => {
    let at = x;
    return text.split(' ').map((w) => {
      const word = { text: w, x: at, y, width: w.length * 6, height: 10, confidence: 95 };
      at += (w.length + 1) * 6;
      return word;
    });
  });
  return [{ number: 1, text: assembleLines(words), method: 'ocr', words }];
}

const textOnly = (text: string) => docText({ pages: [{ number: 1, text, method: 'text_layer' }], language: 'en' });

const ONE_ROW_HEADER: [string, number, number][] = [
  ['Northwind Traders', 40, 40],
  ['Bill To: Fabrikam Inc', 40, 80],
  ['Invoice Number', 40, 200],
  ['Invoice Date', 200, 200],
  ['Charges', 360, 200],
  ['Reference', 480, 200],
];

describe('the single row of a table under an amount column', () => {
  it('is the total when no line names one', () => {
    const pages = placed([...ONE_ROW_HEADER, ['100234', 40, 230], ['3/14/2024', 200, 230], ['$1,250.00', 360, 230], ['K-77', 480, 230]]);
    expect(singleRowTableAmount(docText({ pages, language: 'en' }))?.value).toBe('1250');
    const f = extractInvoiceFromText(docText({ pages, language: 'en' }));
    expect(f.grand_total).toBe('1250');
    expect(f.invoice_number).toBe('100234');
  });

  it('is not taken from a table of several rows (line items)', () => {
    const pages = placed([...ONE_ROW_HEADER, ['100234', 40, 230], ['$1,250.00', 360, 230], ['100235', 40, 250], ['$80.00', 360, 250]]);
    expect(singleRowTableAmount(docText({ pages, language: 'en' }))).toBeNull();
    expect(extractInvoiceFromText(docText({ pages, language: 'en' })).grand_total).toBeNull();
  });

  it('gives way to a total line', () => {
    const pages = placed([...ONE_ROW_HEADER, ['100234', 40, 230], ['$1,250.00', 360, 230], ['K-77', 480, 230], ['Total', 300, 300], ['$1,500.00', 360, 300]]);
    expect(extractInvoiceFromText(docText({ pages, language: 'en' })).grand_total).toBe('1500');
  });
});

describe('a bare amount word on the last amount row', () => {
  it('names the total of a totals block', () => {
    const d = textOnly('Fabrikam Lda\nFatura\nSubtotal dos artigos\t90,00 €\nIVA\t0,00 €\nImporte\t90,00 €\nObrigado');
    expect(lastAmountRow(d)?.value).toBe('90');
  });

  it('is no total when it is not the last amount, shares its row, or a larger amount stands above it', () => {
    expect(lastAmountRow(textOnly('Importe\t90,00 €\nPortes\t5,00 €'))).toBeNull();
    expect(lastAmountRow(textOnly('Widget\tImporte\t90,00 €'))).toBeNull();
    expect(lastAmountRow(textOnly('Widget\t120,00 €\nImporte\t90,00 €'))).toBeNull();
  });

  it('closes a totals block under its net and tax, never below the net', () => {
    expect(extractInvoiceFromText(textOnly('Fatura 12\nTotal liquido\t100,00 €\nIVA\t23,00 €\nValor\t123,00 €')).grand_total).toBe('123');
    expect(extractInvoiceFromText(textOnly('Fatura 12\nTotal liquido\t100,00 €\nValor\t90,00 €')).grand_total).toBeNull();
  });

  it('is not used where a total label has its amount', () => {
    const f = extractInvoiceFromText(textOnly('Invoice 4711\nTotal\t95.00 EUR\nAmount\t90.00 EUR'));
    expect(f.grand_total).toBe('95');
  });
});

describe('a total label in two lines', () => {
  it('reads the amount beside the currency that completes the label ("Total" over "EUR")', () => {
    const pages = placed([
      ['Invoice 4711', 40, 40],
      ['Bank details', 40, 300],
      ['Total', 400, 300],
      ['Account 123456', 40, 315],
      ['EUR', 400, 315],
      ['480.00', 500, 315],
    ]);
    const f = extractInvoiceFromText(docText({ pages, language: 'en' }));
    expect(f.grand_total).toBe('480');
    expect(f.currency).toBe('EUR');
  });
});

describe('a short buyer name', () => {
  it('is taken in full from the page when written there once with its legal form', () => {
    const lines = toLines([{ number: 1, text: 'FABRIKAM LTD\tINVOICE\n1 High Street\nClient:\tFABRIKAM' }]);
    expect(fullerName(lines, 'FABRIKAM')).toBe('FABRIKAM LTD');
    expect(fullerName(lines, 'FABRIKAM', 'Fabrikam Ltd')).toBeNull();
    expect(fullerName(toLines([{ number: 1, text: 'FABRIKAM LTD\nFABRIKAM GMBH\nClient: FABRIKAM' }]), 'FABRIKAM')).toBeNull();
    expect(fullerName(lines, 'FABRIKAM LTD')).toBeNull();
  });

  it('replaces the labelled short name of the buyer', () => {
    const f = extractInvoiceFromText(textOnly('Northwind Traders GmbH\nFABRIKAM LTD\t\n12 Harbour Road\nClient:\tFABRIKAM\nInvoice 4711\nTotal 10.00 EUR'));
    expect(f.buyer.name).toBe('FABRIKAM LTD');
  });
});
