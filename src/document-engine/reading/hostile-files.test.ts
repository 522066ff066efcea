// Every kind of bad file gives a clear finding and never takes the process (or the pool) down:
// empty, damaged, password-protected, thousands of pages, decompression bombs, absurd image
// sizes, bytes that are not what the name says, a reading that runs out of time.
import { afterAll, describe, expect, it } from 'vitest';
import { corruptPdf, makePng, makeTextPdf } from '../../../test/fixtures/documents.ts';
import { makeHugeHeaderPng, makeManyPagesPdf, makePdfBomb, makePngBomb } from '../../../test/fixtures/hostile-files.ts';
import { makeRepeatedScanPdf, makeScannedPdf } from '../../../test/fixtures/scans.ts';
import type { ReadDocument } from '../document-model.ts';
import { closeReaders, failedReading, readDocument } from './index.ts';

afterAll(closeReaders);

const codes = (doc: ReadDocument) => doc.problems.map((p) => `${p.code}:${p.severity}`);

function expectRefused(doc: ReadDocument, code: string) {
  expect(doc.readable).toBe(false);
  expect(doc.pages).toEqual([]);
  expect(codes(doc)).toEqual([`${code}:critical`]);
  expect(doc.problems[0].text).toMatch(/^[A-Z].+\.$/);
}

describe('bad files', () => {
  it('an empty file', async () => {
    const doc = await readDocument(Buffer.alloc(0), 'application/pdf', { maxPages: 10 });
    expectRefused(doc, 'file_unreadable');
    expect(doc.problems[0].text).toContain('empty');
  });

  it('a damaged PDF', async () => {
    expectRefused(await readDocument(corruptPdf(), 'application/pdf', { maxPages: 10 }), 'file_unreadable');
  });

  it('a truncated image', async () => {
    const png = makePng(400, 400);
    const doc = await readDocument(png.subarray(0, png.length - 40), 'image/png', { maxPages: 10 });
    expect(doc.readable).toBe(false);
    expect(doc.pages).toEqual([{ number: 1, text: '', method: 'none' }]);
    expect(codes(doc)).toEqual(['file_unreadable:critical']);
  });

  it('a password-protected PDF', async () => {
    const doc = await readDocument(await makeTextPdf({ lines: ['Secret statement'], userPassword: 'open-sesame', ownerPassword: 'owner' }), 'application/pdf', { maxPages: 10 });
    expectRefused(doc, 'file_encrypted');
    expect(doc.encrypted).toBe(true);
  });

  it('a PDF encrypted with an empty password is read, with a warning', async () => {
    const doc = await readDocument(await makeTextPdf({ lines: ['Statement for Acme Trading Ltd, balance 100 EUR'], ownerPassword: 'owner' }), 'application/pdf', { maxPages: 10 });
    expect(doc).toMatchObject({ readable: true, encrypted: true });
    expect(codes(doc)).toEqual(['file_encrypted_no_password:warning']);
    expect(doc.pages[0].text).toContain('Acme Trading Ltd');
  });

  it('a PDF of 5000 pages: only the first maxPages are read', async () => {
    const doc = await readDocument(await makeManyPagesPdf(5000), 'application/pdf', { maxPages: 3 });
    expect(doc).toMatchObject({ readable: true, pageCount: 5000 });
    expect(doc.pages.map((p) => p.text)).toEqual(['Page 1 of 5000', 'Page 2 of 5000', 'Page 3 of 5000']);
    expect(codes(doc)).toEqual(['page_limit_reached:info']);
  });

  it('a PDF whose content stream inflates to more than a gigabyte', async () => {
    const bomb = makePdfBomb();
    expect(bomb.length).toBeLessThan(2_000_000);
    expectRefused(await readDocument(bomb, 'application/pdf', { maxPages: 10 }), 'decompression_bomb');
  });

  it('a PNG whose pixels inflate to more than a gigabyte', async () => {
    expectRefused(await readDocument(makePngBomb(), 'image/png', { maxPages: 10 }), 'decompression_bomb');
  });

  it('an image header claiming 30000×30000 pixels', async () => {
    const doc = await readDocument(makeHugeHeaderPng(30_000, 30_000), 'image/png', { maxPages: 10 });
    expectRefused(doc, 'image_too_large');
    expect(doc.problems[0].text).toContain('30000×30000');
  });

  it('bytes that are not what the declared type says', async () => {
    // A PNG uploaded as a PDF is read as the PNG it is; the caller compares with the name.
    const png = await readDocument(makePng(64, 64), 'application/pdf', { maxPages: 10, ocr: false });
    expect(png).toMatchObject({ mediaType: 'image/png', readable: true });
    const text = await readDocument(Buffer.from('Name,Amount\nAcme,100\n'), 'image/jpeg', { maxPages: 10 });
    expectRefused(text, 'file_unreadable');
    expect(text.mediaType).toBe('image/jpeg');
  });
});

describe('time limits', () => {
  it('stops a reading that overruns, and the next reading works', async () => {
    const slow = await readDocument(await makeScannedPdf([{}]), 'application/pdf', { maxPages: 10, timeoutMs: 300 });
    expectRefused(slow, 'read_timeout');
    const next = await readDocument(await makeTextPdf({ lines: ['Statement for Acme Trading Ltd'] }), 'application/pdf', { maxPages: 10 });
    expect(next.readable).toBe(true);
  });

  it('returns the pages read in time when the time is nearly up', async () => {
    // Four seconds: time to start a thread and read a few pages by OCR, never all forty.
    const doc = await readDocument(await makeRepeatedScanPdf(40), 'application/pdf', { maxPages: 40, timeoutMs: 4000 });
    if (doc.readable) {
      expect(codes(doc)).toEqual(['read_incomplete:warning']);
      expect(doc.pages.length).toBeLessThan(40);
      expect(doc.pages.every((p) => p.method === 'ocr')).toBe(true);
    } else {
      // A machine too busy to read even one page in time still answers.
      expect(codes(doc)).toEqual(['read_timeout:critical']);
    }
  });
});

describe('a reading thread that dies', () => {
  it('becomes a reader_crashed finding naming the cause', async () => {
    const doc = await failedReading(makePng(8, 8), 'application/pdf', 'crashed', 'it ran out of memory', 60_000);
    expect(doc).toMatchObject({ mediaType: 'image/png', readable: false, pages: [] });
    expect(doc.problems).toEqual([{ code: 'reader_crashed', severity: 'critical', text: 'The reader stopped on this file (it ran out of memory), so none of its content could be used.' }]);
  });
});
