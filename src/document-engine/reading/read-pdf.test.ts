// Reading PDFs through readDocument: the text layer per page in reading order, scanned pages by
// OCR (turned upright when needed), and the two mixed in one file.
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTextPdf } from '../../../test/fixtures/documents.ts';
import { makeScannedPdf } from '../../../test/fixtures/scans.ts';
import { fullText } from '../document-model.ts';
import { closeReaders, readDocument } from './index.ts';

afterAll(closeReaders);

/** A statement laid out in two columns: labels on the left, amounts right-aligned, drawn out of order. */
async function makeColumnsPdf(rotate = 0): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 2; n++) {
    const page = pdf.addPage([595, 842]);
    page.setRotation(degrees(rotate));
    const right = (text: string, y: number) => page.drawText(text, { x: 500 - font.widthOfTextAtSize(text, 11), y, size: 11, font });
    // Amounts first, then labels: drawing order must not decide reading order.
    right('1,028.75 EUR', 700);
    right('205.75 EUR', 680);
    right('1,234.50 EUR', 660);
    page.drawText(`Statement page ${n}`, { x: 50, y: 760, size: 14, font });
    page.drawText('Consulting services', { x: 50, y: 700, size: 11, font });
    page.drawText('VAT 20%', { x: 50, y: 680, size: 11, font });
    page.drawText('Total:', { x: 50, y: 660, size: 11, font });
    page.drawText('Please pay the amount to our account within 30 days.', { x: 50, y: 620, size: 11, font });
  }
  return Buffer.from(await pdf.save());
}

describe('text PDFs', () => {
  it('reads each page from its text layer, in reading order, with labels and amounts on one line', async () => {
    const doc = await readDocument(await makeColumnsPdf(), 'application/pdf', { maxPages: 10 });
    expect(doc).toMatchObject({ mediaType: 'application/pdf', pageCount: 2, readable: true, encrypted: false, problems: [], language: 'en' });
    expect(doc.pages.map((p) => [p.number, p.method])).toEqual([
      [1, 'text_layer'],
      [2, 'text_layer'],
    ]);
    expect(doc.pages[1].text.split('\n')).toEqual([
      'Statement page 2',
      'Consulting services\t1,028.75 EUR',
      'VAT 20%\t205.75 EUR',
      'Total:\t1,234.50 EUR',
      'Please pay the amount to our account within 30 days.',
    ]);
    expect(fullText(doc)).toContain('Statement page 1');
    expect(doc.timings.total).toBeGreaterThan(0);
  });

  it('reads a page turned with /Rotate along its own text lines', async () => {
    const doc = await readDocument(await makeColumnsPdf(90), 'application/pdf', { maxPages: 1 });
    expect(doc.pages[0].text.split('\n')[0]).toBe('Statement page 1');
    expect(doc.pages[0].text).toContain('Total:\t1,234.50 EUR');
  });

  it('reads only the first maxPages pages and says so', async () => {
    const doc = await readDocument(await makeTextPdf({ lines: ['Monthly statement for Acme Trading Ltd'], pages: 5 }), 'application/pdf', { maxPages: 2 });
    expect(doc.pages).toHaveLength(2);
    expect(doc.problems.map((p) => [p.code, p.severity])).toEqual([['page_limit_reached', 'info']]);
  });
});

describe('scanned PDFs', () => {
  it('reads image-only pages by OCR, turning a sideways page upright', async () => {
    const doc = await readDocument(await makeScannedPdf([{}, { rotate: 90 }]), 'application/pdf', { maxPages: 10 });
    expect(doc.readable).toBe(true);
    expect(doc.pages.map((p) => [p.method, p.rotation])).toEqual([
      ['ocr', 0],
      ['ocr', 270],
    ]);
    for (const page of doc.pages) {
      expect(page.ocrConfidence).toBeGreaterThan(80);
      expect(page.text).toContain('Globex Holdings Limited');
      expect(page.text).toMatch(/Total due:\s+1,234\.50 EUR/);
    }
    expect(doc.language).toBe('en');
    expect(doc.problems).toEqual([]);
  });

  it('mixes text-layer and OCR pages in one file', async () => {
    const text = await PDFDocument.load(await makeTextPdf({ lines: ['Cover letter from Acme Trading Ltd to the bank'] }));
    const scanned = await PDFDocument.load(await makeScannedPdf([{}]));
    const [copied] = await text.copyPages(scanned, [0]);
    text.addPage(copied);
    const doc = await readDocument(Buffer.from(await text.save()), 'application/pdf', { maxPages: 10 });
    expect(doc.pages.map((p) => p.method)).toEqual(['text_layer', 'ocr']);
    expect(doc.pages[1].text).toContain('INVOICE INV-2024-0042');
  });

  it('leaves scanned pages unread when OCR is turned off, and says so', async () => {
    const doc = await readDocument(await makeScannedPdf([{}]), 'application/pdf', { maxPages: 10, ocr: false });
    expect(doc.pages).toEqual([{ number: 1, text: '', method: 'none' }]);
    expect(doc.problems.map((p) => p.code)).toEqual(['no_text_layer']);
  });
});
