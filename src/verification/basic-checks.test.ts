// Tests for the basic document checks: each finding code with a document that triggers it and one that does not.
import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { CheckTimeoutError, runBasicChecks, type CheckInput, type CheckOutput } from './basic-checks.ts';
import { corruptPdf, makeImageOnlyPdf, makeInvoicePdf, makePng, makeTextPdf } from '../../test/fixtures/documents.ts';

const COMPANY = 'ACME Trading Limited';

function input(bytes: Buffer, overrides: Partial<CheckInput> = {}): CheckInput {
  return { bytes, mediaType: 'application/pdf', fileName: 'document.pdf', companyFullName: COMPANY, maxPages: 10, ...overrides };
}

const codes = (out: CheckOutput) => out.findings.map((f) => f.code);

function finding(out: CheckOutput, code: string) {
  const found = out.findings.find((f) => f.code === code);
  if (!found) throw new Error(`no ${code} finding in ${JSON.stringify(codes(out))}`);
  return found;
}

// pdfjs logs through console.log; the checks must stay silent whatever the document.
let consoleCalls: unknown[][] = [];
beforeEach(() => {
  consoleCalls = [];
  for (const method of ['log', 'warn', 'info', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleCalls.push(args);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(consoleCalls).toEqual([]);
});

describe('a clean text PDF', () => {
  it('has no findings and reports its facts', async () => {
    const bytes = await makeTextPdf({ lines: ['Statement for ACME Trading Ltd.', 'Balance: 100 EUR'], title: 'Statement', producer: 'BankSoft 3' });
    const length = bytes.length;
    const out = await runBasicChecks(input(bytes));
    expect(out.findings).toEqual([]);
    expect(out).toMatchObject({ readable: true, encrypted: false, rejected: false, pageCount: 1 });
    expect(out.textLength).toBeGreaterThan(40);
    expect(out.extracted).toMatchObject({
      page_count: 1,
      pages_read: 1,
      text_length: out.textLength,
      producer: 'BankSoft 3',
      creator: 'PDFKit',
      title: 'Statement',
      company_name_match: 'exact',
    });
    // pdfjs must have worked on a copy: the caller's buffer is still whole.
    expect(bytes.length).toBe(length);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('file_unreadable', () => {
  it('is critical for a PDF that pdfjs cannot open', async () => {
    const out = await runBasicChecks(input(corruptPdf(), { fileName: 'broken.pdf' }));
    expect(codes(out)).toEqual(['file_unreadable']);
    const f = finding(out, 'file_unreadable');
    expect(f.severity).toBe('critical');
    expect(f.text).toContain('"broken.pdf"');
    expect(out).toMatchObject({ readable: false, rejected: true, encrypted: false, pageCount: null, textLength: 0 });
    expect(out.extracted.unreadable_reason).toMatch(/^InvalidPDFException: /);
    expect(out.extracted.company_name_match).toBeNull();
  });

  it('is critical for an empty file', async () => {
    const out = await runBasicChecks(input(Buffer.alloc(0)));
    expect(codes(out)).toEqual(['file_unreadable']);
  });

  it('is critical for a declared image whose bytes are not an image', async () => {
    const out = await runBasicChecks(input(Buffer.from('not an image at all'), { mediaType: 'image/png', fileName: 'scan.png' }));
    expect(codes(out)).toEqual(['file_unreadable']);
    expect(finding(out, 'file_unreadable').text).toContain('image/png');
    expect(out).toMatchObject({ readable: false, rejected: true });
  });

  it('is critical for a media type the checks do not read', async () => {
    const out = await runBasicChecks(input(Buffer.from('PK'), { mediaType: 'application/zip', fileName: 'a.zip' }));
    expect(codes(out)).toEqual(['file_unreadable']);
    expect(finding(out, 'file_unreadable').text).toContain('application/zip');
  });

  it('is absent for a readable PDF', async () => {
    const out = await runBasicChecks(input(await makeTextPdf({ lines: [COMPANY] })));
    expect(codes(out)).not.toContain('file_unreadable');
    expect(out.readable).toBe(true);
  });
});

describe('file_encrypted', () => {
  it('is critical for a password-protected PDF', async () => {
    const out = await runBasicChecks(input(await makeTextPdf({ lines: [COMPANY], userPassword: 'secret' }), { fileName: 'locked.pdf' }));
    expect(codes(out)).toEqual(['file_encrypted']);
    const f = finding(out, 'file_encrypted');
    expect(f.severity).toBe('critical');
    expect(f.text).toContain('"locked.pdf"');
    expect(out).toMatchObject({ readable: false, encrypted: true, rejected: true, pageCount: null });
    expect(out.extracted.unreadable_reason).toMatch(/^PasswordException: /);
  });

  it('is absent for an unencrypted PDF', async () => {
    const out = await runBasicChecks(input(await makeTextPdf({ lines: [COMPANY] })));
    expect(codes(out)).not.toContain('file_encrypted');
    expect(out.encrypted).toBe(false);
  });
});

describe('file_encrypted_no_password', () => {
  it('is a warning for a PDF encrypted with an empty user password, which is still read', async () => {
    const out = await runBasicChecks(input(await makeTextPdf({ lines: [COMPANY], ownerPassword: 'owner-only' }), { fileName: 'perm.pdf' }));
    expect(codes(out)).toEqual(['file_encrypted_no_password']);
    const f = finding(out, 'file_encrypted_no_password');
    expect(f.severity).toBe('warning');
    expect(f.text).toContain('"perm.pdf"');
    expect(out).toMatchObject({ readable: true, encrypted: true, rejected: false, pageCount: 1 });
    expect(out.extracted.company_name_match).toBe('exact');
  });

  it('is absent for an unencrypted PDF', async () => {
    const out = await runBasicChecks(input(await makeTextPdf({ lines: [COMPANY] })));
    expect(codes(out)).not.toContain('file_encrypted_no_password');
  });
});

describe('no_text_layer', () => {
  it('is a warning and rejects a PDF without text', async () => {
    const out = await runBasicChecks(input(await makeImageOnlyPdf(), { fileName: 'scan.pdf' }));
    expect(codes(out)).toEqual(['no_text_layer']);
    const f = finding(out, 'no_text_layer');
    expect(f.severity).toBe('warning');
    expect(f.text).toContain('"scan.pdf"');
    expect(f.text).toContain('1 page');
    expect(f.text).toMatch(/scanned/);
    expect(out).toMatchObject({ readable: true, rejected: true, textLength: 0, pageCount: 1 });
    // Without text there is nothing to look for the name in.
    expect(out.extracted.company_name_match).toBeNull();
  });

  it('is absent for a PDF with text', async () => {
    const out = await runBasicChecks(input(await makeTextPdf({ lines: [COMPANY] })));
    expect(codes(out)).not.toContain('no_text_layer');
    expect(out.rejected).toBe(false);
  });
});

describe('page_limit_reached', () => {
  it('is info and reads no more than maxPages pages', async () => {
    const out = await runBasicChecks(input(await makeTextPdf({ lines: [COMPANY], pages: 5 }), { maxPages: 2, fileName: 'long.pdf' }));
    expect(codes(out)).toEqual(['page_limit_reached']);
    const f = finding(out, 'page_limit_reached');
    expect(f.severity).toBe('info');
    expect(f.text).toContain('5 pages');
    expect(f.text).toContain('2 pages');
    expect(out.pageCount).toBe(5);
    expect(out.extracted).toMatchObject({ page_count: 5, pages_read: 2 });
  });

  it('is absent when the document fits within maxPages', async () => {
    const out = await runBasicChecks(input(await makeTextPdf({ lines: [COMPANY], pages: 2 }), { maxPages: 2 }));
    expect(codes(out)).toEqual([]);
    expect(out.extracted.pages_read).toBe(2);
  });

  it('only reads the text of the pages within the limit', async () => {
    const oneLine = await runBasicChecks(input(await makeTextPdf({ lines: [COMPANY], pages: 3 }), { maxPages: 1 }));
    const allLines = await runBasicChecks(input(await makeTextPdf({ lines: [COMPANY], pages: 3 }), { maxPages: 3 }));
    expect(allLines.textLength).toBeGreaterThan(oneLine.textLength * 2);
  });
});

describe('company name', () => {
  const invoice = (buyer: string) =>
    makeInvoicePdf({ seller: 'Globex Services GmbH', buyer, invoiceNumber: 'INV-2024-017', date: '2024-03-05', currency: 'EUR', total: 1200 });

  it('finds the name with another spelling of its legal form', async () => {
    const out = await runBasicChecks(input(await invoice('Acme Trading Ltd.')));
    expect(codes(out)).toEqual([]);
    expect(out.extracted.company_name_match).toBe('exact');
  });

  it('company_name_absent is a warning naming the company searched for', async () => {
    const out = await runBasicChecks(input(await invoice('Initech LLC'), { fileName: 'invoice.pdf' }));
    expect(codes(out)).toEqual(['company_name_absent']);
    const f = finding(out, 'company_name_absent');
    expect(f.severity).toBe('warning');
    expect(f.text).toContain(`"${COMPANY}"`);
    expect(f.text).toContain('"invoice.pdf"');
    expect(out.extracted.company_name_match).toBe('absent');
    expect(out.rejected).toBe(false);
  });

  it('company_name_without_legal_form is info when only the core name is there', async () => {
    const out = await runBasicChecks(input(await invoice('ACME Trading GmbH')));
    expect(codes(out)).toEqual(['company_name_without_legal_form']);
    const f = finding(out, 'company_name_without_legal_form');
    expect(f.severity).toBe('info');
    expect(f.text).toContain(`"${COMPANY}"`);
    expect(out.extracted.company_name_match).toBe('without_legal_form');
  });

  it('finds an accented name written without accents', async () => {
    const out = await runBasicChecks(input(await invoice('SOCIETE GENERALE DES EAUX S.A.'), { companyFullName: 'Société Générale des Eaux SA' }));
    expect(codes(out)).toEqual([]);
  });

  it('skips the name check when no company name is given', async () => {
    const out = await runBasicChecks(input(await invoice('Initech LLC'), { companyFullName: '  ' }));
    expect(codes(out)).toEqual([]);
    expect(out.extracted.company_name_match).toBeNull();
  });
});

describe('images', () => {
  it('text_not_read is info and the image is readable', async () => {
    const out = await runBasicChecks(input(makePng(), { mediaType: 'image/png', fileName: 'passport.png' }));
    expect(codes(out)).toEqual(['text_not_read']);
    const f = finding(out, 'text_not_read');
    expect(f.severity).toBe('info');
    expect(f.text).toContain('"passport.png"');
    expect(f.text).toContain(`"${COMPANY}"`);
    expect(out).toMatchObject({ readable: true, rejected: false, encrypted: false, pageCount: null, textLength: 0 });
    expect(out.extracted.company_name_match).toBeNull();
  });

  it('accepts media type parameters and case', async () => {
    const out = await runBasicChecks(input(makePng(3, 7), { mediaType: 'Image/PNG; charset=binary' }));
    expect(codes(out)).toEqual(['text_not_read']);
  });

  it('text_not_read is absent for a PDF', async () => {
    const out = await runBasicChecks(input(await makeTextPdf({ lines: [COMPANY] })));
    expect(codes(out)).not.toContain('text_not_read');
  });
});

describe('ordering and limits', () => {
  it('lists findings in a stable order', async () => {
    const bytes = await makeTextPdf({ lines: ['Nothing about the client here'], pages: 3, ownerPassword: 'x' });
    const out = await runBasicChecks(input(bytes, { maxPages: 1 }));
    expect(codes(out)).toEqual(['file_encrypted_no_password', 'page_limit_reached', 'company_name_absent']);
  });

  it('rejects with CheckTimeoutError when the time bound is exceeded', async () => {
    const bytes = await makeTextPdf({ lines: [COMPANY], pages: 3 });
    await expect(runBasicChecks(input(bytes), { timeoutMs: 0 })).rejects.toBeInstanceOf(CheckTimeoutError);
    // The loading task was destroyed: a later check still works.
    const out = await runBasicChecks(input(bytes));
    expect(out.readable).toBe(true);
  });
});
