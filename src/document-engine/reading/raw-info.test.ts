// What reading works out by itself instead of asking a library must agree with the library: the
// Info dictionary read from the raw pass with pdfjs's getMetadata() (forensics and the tamper
// signals built on producer, creator and dates take it from there), and the PDF header with
// sniffMediaType.
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/fixtures/hand-pdf.ts';
import { PdfFile } from './pdf-objects.ts';
import { openPdf } from './pdf-pages.ts';
import { rawInfo } from './read-pdf.ts';

/** A one-page PDF with the given Info dictionary (object 5) and extra objects (6, 7…); `update` appends a revision. */
function pdfWithInfo(info: string, extra: string[] = [], update?: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
    info,
    ...extra,
  ];
  let out = pdfText(objects, ' /Info 5 0 R');
  if (update) {
    const xref = Number(/startxref\n(\d+)/.exec(out)![1]);
    const num = objects.length + 1;
    const at = Buffer.byteLength(out, 'latin1');
    out += `${num} 0 obj\n${update}\nendobj\n`;
    const xref2 = Buffer.byteLength(out, 'latin1');
    out += `xref\n0 1\n0000000000 65535 f \n${num} 1\n${String(at).padStart(10, '0')} 00000 n \n`;
    out += `trailer\n<< /Size ${num + 1} /Root 1 0 R /Info ${num} 0 R /Prev ${xref} >>\nstartxref\n${xref2}\n%%EOF\n`;
  }
  return Buffer.from(out, 'latin1');
}

const KEYS = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'CreationDate', 'ModDate'];

async function pdfjsInfo(bytes: Buffer): Promise<Record<string, unknown>> {
  const opened = await openPdf(bytes, 50_000_000, false);
  try {
    const info = (await opened.pdf.getMetadata()).info as Record<string, unknown>;
    return Object.fromEntries(KEYS.filter((k) => info[k] !== undefined).map((k) => [k, info[k]]));
  } finally {
    await opened.close();
  }
}

const utf16 = (s: string, le = false) => {
  const b = Buffer.from(s, 'utf16le');
  if (!le) b.swap16();
  return `<${(le ? 'fffe' : 'feff') + b.toString('hex')}>`;
};

describe('Info dictionary from the raw pass', () => {
  const cases: Record<string, Buffer> = {
    'plain strings and dates': pdfWithInfo("<< /Producer (PDFKit) /Creator (Word) /CreationDate (D:20240315120000+01'00') /ModDate (D:20240316) >>"),
    'PDFDocEncoding beyond Latin-1, escapes and nested parentheses': pdfWithInfo('<< /Producer (Acme\\222 PDF \\(v2\\) \\205 \\225ukasz) /Title (tab\\there\\nnext \\\\ end) /Author (caf\\351) >>'),
    'UTF-16 with either byte order, UTF-8 with its mark': pdfWithInfo(
      `<< /Producer ${utf16('Bürogerät 東京')} /Creator ${utf16('Łódź', true)} /Title <efbbbf${Buffer.from('Grüße', 'utf8').toString('hex')}> >>`,
    ),
    'language escapes': pdfWithInfo(`<< /Producer ${utf16('\x1ben\x1bSome tool')} /Creator (\x1bde\x1bWerkzeug) >>`),
    'values given by reference, and values of the wrong kind': pdfWithInfo('<< /Producer 6 0 R /Creator /NameNotString /Title 12 /Author [(a)] >>', ['(Referenced producer)']),
    'a later revision with its own Info': pdfWithInfo('<< /Producer (First tool) /ModDate (D:20240101) >>', [], '<< /Producer (Editor 9) /ModDate (D:20240401093000) >>'),
    'odd-length UTF-16 and invalid UTF-8': pdfWithInfo('<< /Producer <feff0041004> /Creator <efbbbfff41> >>'),
  };
  for (const [name, bytes] of Object.entries(cases)) {
    it(`matches pdfjs: ${name}`, async () => {
      const file = new PdfFile(bytes, { maxStreamBytes: 1 << 24, maxTotalInflatedBytes: 1 << 26 });
      expect(rawInfo(file)).toEqual(await pdfjsInfo(bytes));
    });
  }
});

describe('files that start with the PDF header', () => {
  it('are what sniffMediaType takes them for, so reading need not ask it', async () => {
    const { sniffMediaType } = await import('./sniff.ts');
    for (const head of ['%PDF-1.4\n', '%PDF-1.7\r%\xe2\xe3\xcf\xd3\r\n', '%PDF-2.0 ', '%PDF-']) {
      expect((await sniffMediaType(Buffer.concat([Buffer.from(head, 'latin1'), pdfWithInfo('<< >>').subarray(9)]))).accepted, JSON.stringify(head)).toBe('application/pdf');
    }
  });
});
