// Invoice fields read where the usual labels are missing or misleading: Arabic labels, a print
// header's timestamp above the invoice's own date, a discount that puts the total below the subtotal,
// the payee of the bank details or of cheques as the seller, and a legal form OCR scored low.
import { describe, expect, it } from 'vitest';
import { classifyText } from '../classify/classify.ts';
import type { ReadPage } from '../document-model.ts';
import { docText } from './doc-text.ts';
import { arithmeticRules } from '../rules/invoice-rules.ts';
import { currencyWord } from './invoice-intl.ts';
import { extractInvoiceFromText } from './invoice.ts';

function fromText(lines: string[], language = 'en') {
  const pages: ReadPage[] = [{ number: 1, text: lines.join('\n'), method: 'text_layer' }];
  return extractInvoiceFromText(docText({ pages, language }));
}

describe('Arabic invoices', () => {
  const ARABIC = [
    '3/14/25, 9:05 PM\tفاتورة INV-000042 - متجر النخيل',
    'متجر النخيل للأثاث',
    'العميل: سامي فؤاد\tرقم الفاتورة: INV-000042',
    'الهاتف: 0123456789\tالتاريخ: 13-03-2025',
    'تاريخ الاستحقاق: 20-03-2025',
    '#\tالصنف\tالكمية\tالسعر\tالإجمالي',
    '1\tطاولة خشب\t2\t750.00\t1,500.00',
    'الإجمالي الفرعي\t1,500.00 ج.م',
    'الخصم\t-100.00 ج.م',
    'الإجمالي المستحق\t1,400.00 ج.م',
    'المدفوع\t900.00 ج.م',
    'المتبقي\t500.00 ج.م',
  ];

  it('reads the number, the dates, the total due and the currency by their Arabic labels', () => {
    expect(classifyText(ARABIC.join('\n')).type).toBe('invoice');
    const f = fromText(ARABIC, 'ar');
    expect(f.invoice_number).toBe('INV-000042');
    expect(f.issue_date).toBe('2025-03-13');
    expect(f.due_date).toBe('2025-03-20');
    expect(f.grand_total).toBe('1400');
    expect(f.currency).toBe('EGP');
    expect(f.buyer.name).toBe('سامي فؤاد');
  });

  it('reads labels written with a final ى or ه, as Egyptian print often does', () => {
    const f = fromText(['رقم الفاتوره: 7781', 'الاجمالى المستحق\t250.00 ج.م'], 'ar');
    expect(f.invoice_number).toBe('7781');
    expect(f.grand_total).toBe('250');
  });
});

describe('dates without a label', () => {
  it("skips a browser's print timestamp for the invoice's own date printed below it", () => {
    const f = fromText(['7/9/25, 11:42 PM\tShop portal', 'Fabrikam Furniture Ltd', 'Ref FX-220', '08/07/2025', 'Total\t300.00 EUR']);
    expect(f.issue_date).toBe('2025-07-08');
  });

  it('takes a timestamp when it is the only date (a till receipt)', () => {
    const f = fromText(['Fabrikam Furniture Ltd', '2025-07-08 14:05', 'Total\t300.00 EUR']);
    expect(f.issue_date).toBe('2025-07-08');
  });
});

describe('a total below its subtotal', () => {
  it('keeps a total lowered by a discount, and still drops one that is lower than the net for no reason', () => {
    const discounted = fromText(['Fabrikam Ltd', 'Invoice No: 5521', 'Subtotal\t1,500.00', 'Discount\t-100.00', 'Total\t1,400.00 GBP']);
    expect(discounted.grand_total).toBe('1400');
    const misread = fromText(['Fabrikam Ltd', 'Invoice No: 5521', 'Net\t81,250.00', 'VAT 20%\t16,250.00', 'GBP TOTAL\t97.400 00']);
    expect(misread.grand_total).toBeNull();
  });
});

describe('the payee as the seller', () => {
  it("takes the bank account's name, misread by a letter, when no letterhead reads as a name", () => {
    const f = fromText([
      'THE\tNORTHWIND\tGROUP',
      '5 Harbour Street, London',
      'GLOBEX LTD\tNUMBER: 778899',
      'Bank Details:',
      'Account Nama:\tNorthwind Trading Ltd',
      'Sort Code:\t11-22-33',
      'Account No\t12345678',
      'Client:\tGLOBEX',
      'GBP TOTAL\t120.00',
    ]);
    expect(f.seller.name).toBe('Northwind Trading Ltd');
    expect(f.seller.address).toBeNull();
  });

  it('takes the name cheques are payable to, with the label wrapped over three lines of a narrow column', () => {
    const f = fromText(['To\tGLOBEX LTD\tInvoice No\t4455', 'Please make | NORTHWIND SUPPLIES LIMITED', 'cheques payable | Accounts Office\tTotal', 'to:\tGBP\t90.00']);
    expect(f.seller.name).toBe('NORTHWIND SUPPLIES LIMITED');
    expect(f.buyer.name).toBe('GLOBEX LTD');
  });

  it('does not take an "Account name" away from bank details, which is the customer\'s account', () => {
    const f = fromText(['Invoice No: 3344', 'Date: 01.02.2025', 'Your account', 'Account Name:\tGlobex Holdings Ltd', 'Account Number:\t7755331', 'Total\t50.00 GBP']);
    expect(f.seller.name).toBeNull();
  });
});

describe('names read by OCR', () => {
  it('keeps a name whose legal form alone OCR scored low', () => {
    const word = (text: string, x: number, y: number, confidence: number) => ({ text, x, y, width: text.length * 9, height: 16, confidence });
    const page = (core: number): ReadPage => ({
      number: 1,
      method: 'ocr',
      text: 'NORTHWIND PVT. LIMITED\nInvoice No 5566',
      words: [word('NORTHWIND', 100, 100, core), word('PVT.', 200, 100, 7), word('LIMITED', 240, 100, 7), word('Invoice', 100, 130, 95), word('No', 170, 130, 95), word('5566', 200, 130, 95)],
    });
    expect(extractInvoiceFromText(docText({ pages: [page(92)], language: 'en' })).seller.name).toBe('NORTHWIND PVT. LIMITED');
    expect(extractInvoiceFromText(docText({ pages: [page(20)], language: 'en' })).seller.name).toBeNull();
  });
});

describe('an Arabic invoice read by OCR', () => {
  const LINES = [
    'فاتورة INV-000311 - متجر الياسمين',
    'رقم الفاتورة: INV-000311\tالعميل: هالة منصور',
    'الوقت: 09:45 PM\tالرصيد الكلي: 750.00 ج.م',
    '#\tالمنتج\tالكمية\tسعر الوحدة\tالإجمالي',
    '1\tمفرش قطن\t2\t60.00\t120.00',
    'المجموع الفرعي:\t0 ج.م',
    'الخصم:\t-20.00 ج.م',
    'الإجمالي المستحق:\t100.00 ج.م',
  ];

  it('takes no time of day for a quantity and a price', () => {
    const f = fromText(LINES, 'ar');
    expect(f.lines.filter((l) => l.description.includes('الوقت') || l.quantity === 9)).toEqual([]);
  });

  it('does not compare the rows with a subtotal when a discount is printed (الخصم), as with its English, German and French words', () => {
    // The subtotal lost by OCR (read as 0) against the row that adds up.
    const f = { ...fromText(LINES, 'ar'), lines: [{ description: 'مفرش قطن', quantity: 2, unit_price: '60', amount: '120' }], net_total: '0' };
    expect(arithmeticRules(f, 'invoice.png', LINES.join('\n')).map((x) => x.code)).not.toContain('invoice_subtotal_mismatch');
  });

  it.each([
    ['a deposit', 'العربون:\t-30.00 ج.م'],
    ['an advance payment', 'دفعة مقدمة:\t-30.00 ج.م'],
    ['shipping', 'الشحن:\t15.00 ج.م'],
  ])('does not compare the rows with the subtotal when %s is printed in Arabic', (_, adjustment) => {
    const lines = [...LINES.slice(0, 6), adjustment, LINES[7]].filter((l) => !l.startsWith('الخصم'));
    const f = { ...fromText(lines, 'ar'), lines: [{ description: 'مفرش قطن', quantity: 2, unit_price: '60', amount: '120' }], net_total: '90' };
    expect(arithmeticRules(f, 'invoice.png', lines.join('\n')).map((x) => x.code)).not.toContain('invoice_subtotal_mismatch');
    // Without an adjustment the same rows and subtotal disagree.
    expect(arithmeticRules(f, 'invoice.png', LINES.slice(0, 6).join('\n')).map((x) => x.code)).toContain('invoice_subtotal_mismatch');
  });
});

describe('times of day on invoices and receipts', () => {
  it('reads no line item from a header with a time of day, in English either', () => {
    const f = fromText([
      'Corner Hardware Ltd',
      'Invoice No: R-5521\tDate: 04/05/2025',
      'Printed 14:35\tCashier Anna\t12.00',
      'Description\tQty\tUnit price\tAmount',
      'Wall hooks\t3\t4.00\t12.00',
      'Total\t12.00',
    ]);
    expect(f.lines.map((l) => l.description)).toEqual(['Wall hooks']);
  });
});

describe('currency marks written in Arabic', () => {
  it('takes a mark only where it stands alone, never the same letters inside a word', () => {
    expect(currencyWord('الإجمالي المستحق: 100.00')).toBeNull();
    expect(currencyWord('الرسوم الإدارية 50.00')).toBeNull();
    expect(currencyWord('الإجمالي المستحق: 100.00 ج.م')).toBe('EGP');
    expect(currencyWord('المبلغ 100.00 ج. م.')).toBe('EGP');
    expect(currencyWord('الرسوم 50.00 ر.س')).toBe('SAR');
    expect(currencyWord('المبلغ 75 د.إ')).toBe('AED');
    expect(currencyWord('المبلغ 75 جنيه مصري')).toBe('EGP');
  });
});
