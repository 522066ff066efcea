// PDF forensics through readDocument: each tamper signal on a PDF built to carry it, and its
// absence on a PDF written once by one tool.
import { afterAll, describe, expect, it } from 'vitest';
import { makeInvoicePdf } from '../../../test/fixtures/documents.ts';
import { makeIncrementallyUpdatedPdf, makeInvisibleTextPdf, makeJavaScriptPdf, makeSameFontTwicePdf, makeWhiteBoxPdf, makeXmpPdf } from '../../../test/fixtures/tampered-pdfs.ts';
import { makeSealedCertificatePdf } from '../../../test/fixtures/company-documents.ts';
import { pdfDate, xmpValue } from './forensics.ts';
import { closeReaders, readDocument } from './index.ts';

afterAll(closeReaders);

const read = async (bytes: Buffer) => {
  const doc = await readDocument(bytes, 'application/pdf', { maxPages: 10 });
  expect(doc.readable).toBe(true);
  return doc.forensics!;
};

describe('PDF forensics', () => {
  it('finds nothing unusual in a PDF written once by one tool', async () => {
    const f = await read(await makeInvoicePdf({ seller: 'Acme Trading Ltd', buyer: 'Globex Holdings Limited', invoiceNumber: 'INV-7', date: '2024-03-15', currency: 'EUR', total: 1000 }));
    expect(f).toMatchObject({ revisions: 1, producer: 'PDFKit', creator: 'PDFKit', invisible_text_chars: 0, white_boxes_over_text: 0, has_javascript: false, embedded_files: [] });
    expect(f.fonts).toEqual([{ name: 'Helvetica', objects: 1, embedded: false }]);
    expect(f.creation_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
  });

  it('counts the saves that end in a signature covering the file, and not a save after it', async () => {
    expect(await read(await makeSealedCertificatePdf())).toMatchObject({ revisions: 2, signed_updates: 1 });
    expect(await read(await makeSealedCertificatePdf({ thenEdited: true }))).toMatchObject({ revisions: 3, signed_updates: 1 });
    expect((await read(await makeIncrementallyUpdatedPdf())).signed_updates).toBe(0);
  });

  it('counts the revisions of an incrementally updated PDF and reads the latest Info', async () => {
    const f = await read(await makeIncrementallyUpdatedPdf());
    expect(f.revisions).toBe(2);
    expect(f.producer).toBe('Edited with PDF Editor 9');
    expect(f.modification_date).toBe('2024-04-01T09:30:00+02:00');
  });

  it('reads XMP metadata beside the Info dictionary', async () => {
    const f = await read(await makeXmpPdf());
    expect(f).toMatchObject({
      producer: expect.stringContaining('pdf-lib'),
      xmp_producer: 'Acrobat PDFMaker 16 & Co',
      xmp_creator_tool: 'Microsoft Word 2016',
      xmp_create_date: '2024-03-15T10:00:00+01:00',
      xmp_modify_date: '2024-04-01T09:30:00+02:00',
    });
  });

  it('counts text drawn invisibly', async () => {
    const doc = await readDocument(await makeInvisibleTextPdf('Paid in full'), 'application/pdf', { maxPages: 10 });
    expect(doc.forensics!.invisible_text_chars).toBe('Paidinfull'.length);
  });

  it('counts a white box painted over text, but not a white background under it', async () => {
    expect((await read(await makeWhiteBoxPdf())).white_boxes_over_text).toBe(1);
    expect((await read(await makeWhiteBoxPdf({ background: true }))).white_boxes_over_text).toBe(0);
  });

  it('counts the same font embedded twice', async () => {
    const f = await read(await makeSameFontTwicePdf());
    expect(f.fonts.find((font) => font.name === 'Helvetica')).toEqual({ name: 'Helvetica', objects: 2, embedded: false });
    expect(f.producer).toContain('pdf-lib');
  });

  it('notices JavaScript', async () => {
    expect((await read(await makeJavaScriptPdf())).has_javascript).toBe(true);
  });
});

describe('metadata helpers', () => {
  it('reads XMP values written as attributes too', () => {
    expect(xmpValue('<rdf:Description xmp:CreatorTool="Writer &amp; Calc" pdf:Producer="LibreOffice 7.6"/>', 'xmp:CreatorTool')).toBe('Writer & Calc');
    expect(xmpValue('<x><pdf:Producer><rdf:Alt><rdf:li xml:lang="x-default">Tool 1</rdf:li></rdf:Alt></pdf:Producer></x>', 'pdf:Producer')).toBe('Tool 1');
    expect(xmpValue(null, 'pdf:Producer')).toBeNull();
  });

  it('turns PDF dates into ISO 8601', () => {
    expect(pdfDate("D:20240315120000+01'00'")).toBe('2024-03-15T12:00:00+01:00');
    expect(pdfDate('D:20240315120000Z')).toBe('2024-03-15T12:00:00Z');
    expect(pdfDate('D:2024')).toBe('2024-01-01T00:00:00');
    expect(pdfDate('yesterday')).toBe('yesterday');
    expect(pdfDate(undefined)).toBeNull();
  });
});
