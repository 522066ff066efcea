// Reading images through readDocument: each accepted format by OCR, pages turned upright (by EXIF
// or from the text itself), and washed-out scans.
import { afterAll, describe, expect, it } from 'vitest';
import { makeExifRotatedJpeg, makeScanImage, type ImageFormat } from '../../../test/fixtures/scans.ts';
import type { ReadDocument } from '../document-model.ts';
import { closeReaders, readDocument } from './index.ts';

afterAll(closeReaders);

function expectInvoiceText(doc: ReadDocument) {
  expect(doc.readable).toBe(true);
  expect(doc.pages).toHaveLength(1);
  const [page] = doc.pages;
  expect(page.method).toBe('ocr');
  expect(page.ocrConfidence).toBeGreaterThan(75);
  expect(page.text).toContain('ACME Trading Ltd');
  expect(page.text).toContain('INVOICE INV-2024-0042');
  expect(page.text).toContain('Globex Holdings Limited');
  // The label and the right-aligned amount stay on one line.
  expect(page.text).toMatch(/Total due:\s+1,234\.50 EUR/);
  expect(doc.language).toBe('en');
}

describe('images', () => {
  it.each<[ImageFormat, string]>([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['tiff', 'image/tiff'],
    ['webp', 'image/webp'],
  ])('reads the text of a %s scan', async (format, mediaType) => {
    const doc = await readDocument(await makeScanImage(format, { noise: 12, skew: 0.8 }), mediaType, { maxPages: 5 });
    expect(doc.mediaType).toBe(mediaType);
    expect(doc.pageCount).toBe(1);
    expectInvoiceText(doc);
    expect(doc.pages[0].rotation).toBe(0);
    expect(doc.forensics).toBeNull();
    expect(doc.einvoice).toBeNull();
  });

  it.each([90, 180] as const)('turns a page scanned %s° off upright before reading it', async (turn) => {
    const doc = await readDocument(await makeScanImage('png', { rotate: turn }), 'image/png', { maxPages: 5 });
    expectInvoiceText(doc);
    expect(doc.pages[0].rotation).toBe((360 - turn) % 360);
  });

  it('follows the EXIF orientation of a photo', async () => {
    const doc = await readDocument(await makeExifRotatedJpeg(), 'image/jpeg', { maxPages: 5 });
    expectInvoiceText(doc);
    expect(doc.pages[0].rotation).toBe(0);
  });

  it('reads a washed-out, noisy scan', async () => {
    const doc = await readDocument(await makeScanImage('jpeg', { lowContrast: true, noise: 10 }), 'image/jpeg', { maxPages: 5 });
    expectInvoiceText(doc);
  });

  it('leaves the text unread when OCR is turned off, and says so', async () => {
    const doc = await readDocument(await makeScanImage('png'), 'image/png', { maxPages: 5, ocr: false });
    expect(doc.pages).toEqual([{ number: 1, text: '', method: 'none' }]);
    expect(doc.readable).toBe(true);
    expect(doc.problems.map((p) => p.code)).toEqual(['no_text_layer']);
  });
});
