// A static XFA form's filled values, which its page content does not draw, are read from its data.
import { afterAll, describe, expect, it } from 'vitest';
import { makeXfaCertificatePdf } from '../../../test/fixtures/company-documents.ts';
import { makeTextPdf } from '../../../test/fixtures/documents.ts';
import { closeReaders, readDocument } from './index.ts';

afterAll(closeReaders);

describe('XFA form data', () => {
  it('adds the filled values of an XFA form to its first page, short ones under their field name', async () => {
    const doc = await readDocument(await makeXfaCertificatePdf(), 'application/pdf', { maxPages: 10 });
    const text = doc.pages[0].text;
    expect(text).toContain('LLP Identification Number:');
    expect(text).toContain('LLPIN: AAB-1234');
    expect(text).toContain('LLP NAME: ACME TRADING LLP');
    expect(text).toContain('Given under my hand at Sometown this Twenty eighth day of January Two thousand twenty-two.');
  });

  it('adds nothing to a PDF without a form', async () => {
    const doc = await readDocument(await makeTextPdf({ lines: ['Plain text'] }), 'application/pdf', { maxPages: 10 });
    expect(doc.pages[0].text).toBe('Plain text');
  });
});
