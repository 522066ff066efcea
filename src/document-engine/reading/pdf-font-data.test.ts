// When reading may leave out pdfjs's standard-font files, and the quick pre-check of content
// streams for forensics: both must only skip work that could not change what reading finds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/fixtures/hand-pdf.ts';
import { mayHideContent, scanContent } from './content-scan.ts';
import { CachedBinaryDataFactory, needsStandardFontData, STANDARD_FONT_DATA_URL } from './pdf-font-data.ts';
import { openPdf, readPageText } from './pdf-pages.ts';
import { PdfFile } from './pdf-objects.ts';

/** A one-page PDF with the given font dictionaries (objects 5, 6…) and content stream. */
function pdfWith(fonts: string[], content: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << ${fonts.map((_, i) => `/F${i + 1} ${5 + i} 0 R`).join(' ')} >> >> >>`,
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    ...fonts,
  ];
  return Buffer.from(pdfText(objects), 'latin1');
}

const fileOf = (bytes: Buffer) => new PdfFile(bytes, { maxStreamBytes: 1 << 24, maxTotalInflatedBytes: 1 << 26 });
const LATIN1 = 'BT /F1 12 Tf 72 700 Td (M\xfcller Stra\xdfe 1,234.56 EUR) Tj ET';

async function textOf(bytes: Buffer, standardFonts: boolean): Promise<string> {
  const opened = await openPdf(bytes, 50_000_000, standardFonts);
  try {
    return (await readPageText(opened.pdf, 1)).text;
  } finally {
    await opened.close();
  }
}

describe('standard-font data', () => {
  it('is left out for WinAnsi standard fonts and non-embedded TrueType, with the same text', async () => {
    for (const font of ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>', '<< /Type /Font /Subtype /TrueType /BaseFont /Arial,Bold >>']) {
      const bytes = pdfWith([font], LATIN1);
      expect(needsStandardFontData(fileOf(bytes))).toBe(false);
      expect(await textOf(bytes, false)).toBe(await textOf(bytes, true));
    }
  });

  it('is loaded when a Type1 font has no encoding that names every code', async () => {
    const bytes = pdfWith(['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'], LATIN1);
    expect(needsStandardFontData(fileOf(bytes))).toBe(true);
    // Latin-1 bytes in a StandardEncoding font: only the font file brings the ü and ß back.
    expect(await textOf(bytes, true)).toContain('Müller Straße');
  });

  it('is loaded for Symbol, non-embedded composite fonts, encrypted and unparsed files', () => {
    expect(needsStandardFontData(fileOf(pdfWith(['<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>'], LATIN1)))).toBe(true);
    const type0 = pdfWith(
      ['<< /Type /Font /Subtype /Type0 /BaseFont /Arial /Encoding /Identity-H /DescendantFonts [6 0 R] >>', '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Arial >>'],
      'BT /F1 12 Tf 72 700 Td <0024> Tj ET',
    );
    expect(needsStandardFontData(fileOf(type0))).toBe(true);
    expect(needsStandardFontData(null)).toBe(true);
  });

  it('is read from disk once and handed out as copies', async () => {
    const factory = new CachedBinaryDataFactory({ standardFontDataUrl: STANDARD_FONT_DATA_URL });
    const a = await factory.fetch({ kind: 'standardFontDataUrl', filename: 'FoxitSymbol.pfb' });
    const b = await factory.fetch({ kind: 'standardFontDataUrl', filename: 'FoxitSymbol.pfb' });
    expect(a.length).toBeGreaterThan(1000);
    expect(b).toEqual(a);
    expect(b.buffer).not.toBe(a.buffer);
    await expect(factory.fetch({ kind: 'cMapUrl', filename: 'Adobe-Japan1-UCS2.bcmap' })).rejects.toThrow();
    await expect(factory.fetch({ kind: 'standardFontDataUrl', filename: '../package.json' })).rejects.toThrow();
  });
});

describe('content pre-check for forensics', () => {
  const file = fileOf(pdfWith(['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'], LATIN1));
  it('skips only pages whose walk would find nothing', () => {
    const plain = '0 0 0 rg BT /F1 12 Tf 72 700 Td (1 g and 3 Tr in a string is fine to scan) Tj ET 0.5 g 10 10 50 50 re f';
    expect(mayHideContent('0 0 0 rg BT /F1 12 Tf 72 700 Td (Total) Tj ET 0.5 g 10 10 50 50 re f 0 0 0 1 k')).toBe(false);
    expect(mayHideContent(plain)).toBe(true);
    for (const hiding of ['1 g 0 0 9 9 re f', '.999 .999 1 rg', '0 0 0 0 k', '/CS0 cs 1 1 1 scn', 'BT 3 Tr (x) Tj ET', '/Fm0 Do', '1 g/GS0 gs']) {
      expect(mayHideContent(hiding), hiding).toBe(true);
    }
    const box = 'BT /F1 12 Tf 72 700 Td (1,234.56) Tj ET 1 1 1 rg 70 695 80 14 re f';
    expect(mayHideContent(box)).toBe(true);
    expect(scanContent(file, box, null).whiteBoxesOverText).toBe(1);
  });

  /** The pre-check read word by word, operands before operators: what the fast one must agree with. */
  function wordByWord(content: string): boolean {
    const a: number[] = [];
    for (const token of content.split(/[\0\t\n\f\r /[\]<>(){}%]+/)) {
      const c = token.charCodeAt(0);
      if ((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46) {
        if (/^[-+]?(?:\d+\.?\d*|\.\d+)$/.test(token)) {
          a.push(Number(token));
          continue;
        }
      } else if (token === 'Tr' || token === 'Do') return true;
      else if (
        a.length > 0 &&
        (token === 'g'
          ? a.at(-1)! >= 0.99
          : token === 'rg'
            ? a.slice(-3).every((v) => v >= 0.99)
            : token === 'k'
              ? a.slice(-4).every((v) => v <= 0.01)
              : (token === 'sc' || token === 'scn') && (a.every((v) => v >= 0.99) || a.slice(-4).every((v) => v <= 0.01)))
      )
        return true;
      a.length = 0;
    }
    return false;
  }

  it('agrees with reading the operators word by word', () => {
    const words = [
      '1',
      '0.99',
      '.995',
      '1.0',
      '0',
      '-0.0',
      '0.01',
      '0.011',
      '+1',
      '1.',
      '-',
      '.',
      '1e3',
      '12',
      'g',
      'rg',
      'k',
      'sc',
      'scn',
      'G',
      'RG',
      'Tr',
      'Do',
      'Tf',
      'Tj',
      're',
      'f',
      'BT',
      'ET',
      'cs',
      '/F1',
      '/Tr',
      '(1 g)',
      '(Do)',
      '[',
      ']',
      '<<',
      '>>',
      '%c',
      'x1',
      'gs',
    ];
    const separators = [' ', '\n', '', '\r\n', '  ', '(', ')', '/'];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(...separators)), { maxLength: 24 }), (parts) => {
        const content = parts.map(([w, s]) => w + s).join('');
        expect(mayHideContent(content)).toBe(wordByWord(content));
      }),
      { numRuns: 3000 },
    );
  });
});
