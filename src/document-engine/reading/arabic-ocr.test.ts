// Pages in Arabic script: an invented Arabic invoice drawn here (DejaVu Sans has Arabic glyphs) is
// read with the Arabic data and classified with its number and total; the rules that decide when an
// Arabic reading replaces English tesseract's, which pages are read again and how its lines are put
// in reading order; and OCR_ARABIC=false turns it off.
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { verifyRead } from '../engine.ts';
import { caseFactsFrom } from '../rules/context.ts';
import { ARABIC_BELOW, ARABIC_MARGIN, arabicCandidate, arabicShare, chooseArabic, readingOrder } from './arabic-ocr.ts';
import { closeReaders, configureReaders, readDocument } from './index.ts';
import { ARABIC_PAGES, ReadContext } from './read-context.ts';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf'), 'Arabic Test Sans');

/** An invented tax invoice in Arabic, right-aligned as Arabic print is, scanned at 200 dpi. */
function arabicInvoicePng(): Buffer {
  const canvas = createCanvas(1654, 1100);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#000000';
  g.direction = 'rtl';
  g.textAlign = 'right';
  const lines: [string, number][] = [
    ['فاتورة ضريبية', 60],
    ['شركة الواحة للتجارة', 36],
    ['رقم الفاتورة: INV-2047', 32],
    ['العميل: مؤسسة الفجر', 32],
    ['الوصف    الكمية    السعر    المبلغ', 32],
    ['ورق طباعة    4    25.00    100.00', 32],
    ['الإجمالي المستحق: 100.00 ريال', 36],
  ];
  let y = 120;
  for (const [text, size] of lines) {
    g.font = `${size}px Arabic Test Sans`;
    g.fillText(text, 1500, y);
    y += size * 2.4;
  }
  return canvas.toBuffer('image/png');
}

async function readAndVerify(png: Buffer) {
  const read = await readDocument(png, 'image/png', { maxPages: 1 });
  const out = verifyRead({
    read,
    documentId: 'arabic-invoice',
    ctx: {
      case: caseFactsFrom({ company_full_name: 'Unrelated Client Ltd' }, 'Unrelated Client Ltd'),
      task: { requested_type: 'invoice', company_full_name: 'Unrelated Client Ltd', file_name: 'arabic-invoice.png' },
      today: '2024-06-01',
    },
  });
  return { read, type: out.extracted.classified_type, fields: out.extracted.fields as Record<string, unknown> };
}

afterAll(async () => {
  configureReaders({ threads: 0 });
  await closeReaders();
});

describe('pages in Arabic script', () => {
  it('reads an Arabic invoice scan with the Arabic data: classified as an invoice, with its number and total', async () => {
    configureReaders({ threads: 1, arabic: true });
    const { read, type, fields } = await readAndVerify(arabicInvoicePng());
    expect(arabicShare(read.pages[0].text)).toBeGreaterThan(0.5);
    expect(type).toBe('invoice');
    expect(fields.invoice_number).toBe('INV-2047');
    expect(Number(fields.grand_total)).toBe(100);
    // Riyal names no one country's currency; "الإجمالي" (total) holds the letters of "ج.م" (Egyptian pound) inside it.
    expect(fields.currency).not.toBe('EGP');
    await closeReaders();
  });

  it('with OCR_ARABIC off the same page stays English tesseract’s reading (no Arabic letters)', async () => {
    configureReaders({ threads: 1, arabic: false });
    const { read } = await readAndVerify(arabicInvoicePng());
    expect(arabicShare(read.pages[0].text)).toBe(0);
    await closeReaders();
  });

  it('keeps an English reading unless the Arabic one is clearly more confident and mostly Arabic letters', () => {
    const arabicText = 'فاتورة ضريبية رقم الفاتورة الإجمالي المستحق للتجارة';
    // A doubtful English page: the Arabic data reads its Latin letters back as Latin (its English part) or as Arabic noise at low confidence.
    expect(chooseArabic({ confidence: 52 }, { confidence: 75, text: 'Invoice number 2047 total due 100.00 thank you' })).toBe(false);
    expect(chooseArabic({ confidence: 52 }, { confidence: 52 + ARABIC_MARGIN - 1, text: arabicText })).toBe(false);
    expect(chooseArabic({ confidence: 40 }, { confidence: 40 + ARABIC_MARGIN, text: arabicText })).toBe(true);
    // Too few letters to say what script the page is in.
    expect(chooseArabic({ confidence: 20 }, { confidence: 90, text: 'رقم 12' })).toBe(false);
  });

  it('puts an Arabic line in reading order: cells and words right to left, Latin and number runs kept', () => {
    // Tesseract gives words left to right as they stand on the page.
    expect(readingOrder('INV-2047 الفاتورة: رقم')).toBe('رقم الفاتورة: INV-2047');
    expect(readingOrder('100.00 ريال\tالمستحق: الإجمالي')).toBe('الإجمالي المستحق:\tريال 100.00');
    expect(readingOrder('10:29 PM الوقت:')).toBe('الوقت: 10:29 PM');
    expect(readingOrder('\u200EINV-7\u200F الفاتورة رقم')).toBe('رقم الفاتورة INV-7');
    // Lines without Arabic, or mostly Latin, are left as they are.
    expect(readingOrder('Total due\t100.00')).toBe('Total due\t100.00');
    expect(readingOrder('Invoice number INV-7 رقم')).toBe('Invoice number INV-7 رقم');
  });

  it('is on by default and turned off by OCR_ARABIC=false; a bad value is refused with the variable named', () => {
    expect(loadConfig({}).OCR_ARABIC).toBe(true);
    expect(loadConfig({ OCR_ARABIC: 'false' }).OCR_ARABIC).toBe(false);
    expect(() => loadConfig({ OCR_ARABIC: 'arabic' })).toThrow(/OCR_ARABIC/);
  });

  it('reads again only doubtful pages that are no identity page and not Chinese or Japanese', () => {
    const page = { englishConfidence: 41, identity: false, cjk: false, zone: false };
    expect(arabicCandidate(page)).toBe(true);
    // English tesseract read it with confidence: no Arabic reading is paid for.
    expect(arabicCandidate({ ...page, englishConfidence: ARABIC_BELOW })).toBe(false);
    expect(arabicCandidate({ ...page, identity: true })).toBe(false);
    expect(arabicCandidate({ ...page, cjk: true })).toBe(false);
    // A photo of an identity document whose zone only the second engine read.
    expect(arabicCandidate({ ...page, zone: true })).toBe(false);
  });

  it('reads at most ARABIC_PAGES pages of a document again', () => {
    const ctx = new ReadContext({ maxPages: 1000, ocr: true, maxImagePixels: 1e8, softDeadline: Date.now() + 60_000, deadline: Date.now() + 120_000 }, {});
    for (let i = 0; i < ARABIC_PAGES; i++) expect(ctx.arabicAllowed()).toBe(true);
    expect(ctx.arabicAllowed()).toBe(false);
  });
});
