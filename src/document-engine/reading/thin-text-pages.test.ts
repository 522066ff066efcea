// A page that is a picture under a thin text layer (a browser's header on a printed photo of an
// invoice) is read by OCR as well, and both readings are kept; a text page with a logo is not.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makeScanPng } from '../../../test/fixtures/scans.ts';
import { mergePlaced, mergeTexts } from './merge-readings.ts';
import { closeReaders, readDocument } from './index.ts';

afterAll(closeReaders);

const HEADER = 'https://portal.example.com/documents/view?id=5521   15/03/2024, 14:32';

async function pictureWithHeader(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  // A photo of the top of an invoice filling a short page (a receipt-sized print keeps OCR quick).
  const page = pdf.addPage([595, 330]);
  const image = await pdf.embedPng(await makeScanPng({ dpi: 150 }));
  page.drawImage(image, { x: 0, y: 330 - 842, width: 595, height: 842 });
  page.drawText(HEADER, { x: 20, y: 318, size: 7, font });
  page.drawText('1/1', { x: 560, y: 10, size: 7, font });
  return Buffer.from(await pdf.save());
}

/** A scan app's page: the scan over the whole page and a line of text under it. */
async function scanWithFooter(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const image = await pdf.embedJpg(
    await sharp(await makeScanPng({ dpi: 100 }))
      .jpeg()
      .toBuffer(),
  );
  page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  page.drawText('Scanned with PocketScan Pro - free trial version', { x: 200, y: 12, size: 7, font });
  return Buffer.from(await pdf.save());
}

async function textPageWithLogo(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const logo = await pdf.embedPng(await makeScanPng({ dpi: 20, lines: ['LOGO'], total: null }));
  page.drawImage(logo, { x: 40, y: 760, width: 60, height: 60 });
  page.drawText('Thank you for your order, Globex Holdings Limited.', { x: 40, y: 700, size: 11, font });
  return Buffer.from(await pdf.save());
}

describe('pages with a thin text layer', () => {
  it('reads the picture under a one-line header by OCR and keeps the header', async () => {
    const doc = await readDocument(await pictureWithHeader(), 'application/pdf', { maxPages: 5 });
    const [page] = doc.pages;
    expect(page.method).toBe('ocr');
    expect(page.text).toContain('INVOICE INV-2024-0042');
    expect(page.text).toContain('Globex Holdings Limited');
    expect(page.text).toContain('portal.example.com');
    // The header stands above the picture's text, as on the page.
    expect(page.text.indexOf('portal.example.com')).toBeLessThan(page.text.indexOf('INVOICE'));
  }, 120_000);

  it('reads a scan with a footer line from the scan itself and keeps the footer', async () => {
    const doc = await readDocument(await scanWithFooter(), 'application/pdf', { maxPages: 5 });
    const [page] = doc.pages;
    expect(page.method).toBe('ocr');
    expect(page.text).toContain('Bill to: Globex Holdings Limited');
    expect(page.text).toContain('Scanned with PocketScan Pro');
    expect(page.text.indexOf('Scanned with')).toBeGreaterThan(page.text.indexOf('Total due'));
  }, 120_000);

  it('leaves a text page with a small logo to its text layer', async () => {
    const doc = await readDocument(await textPageWithLogo(), 'application/pdf', { maxPages: 5 });
    expect(doc.pages.map((p) => p.method)).toEqual(['text_layer']);
  });
});

describe('merging two readings of a page', () => {
  it('keeps the text layer where it has text and OCR words elsewhere', () => {
    const layer = [{ text: 'Header', x: 10, y: 10, width: 30, height: 6 }];
    const ocr = [
      { text: 'Heacler', x: 20, y: 20, width: 60, height: 12 },
      { text: 'Total', x: 20, y: 200, width: 50, height: 12 },
    ];
    expect(mergePlaced(layer, ocr, 0.5).map((w) => w.text)).toEqual(['Header', 'Total']);
  });

  it('adds the text layer’s lines OCR did not read when positions cannot be compared', () => {
    expect(mergeTexts('Printed 15/03/2024 from portal.example.com\nINVOICE 42', 'INVOICE 42\nTotal 10.00')).toBe('Printed 15/03/2024 from portal.example.com\nINVOICE 42\nTotal 10.00');
  });
});
