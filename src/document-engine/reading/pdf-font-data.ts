// The CMap and standard-font files pdfjs asks for, read from disk once per thread and kept in
// memory: every PDF that uses Helvetica would otherwise read (and pdfjs would clone) the same
// 140 KB file again. pdfjs calls `fetch({ kind, filename })` on an instance of this class.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PdfFile } from './pdf-objects.ts';
import { nameOf, type PdfDict } from './pdf-syntax.ts';

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// Without these, pdfjs cannot map text in PDFs that use non-embedded CJK or standard fonts.
export const CMAP_URL = path.join(pdfjsRoot, 'cmaps') + path.sep;
export const STANDARD_FONT_DATA_URL = path.join(pdfjsRoot, 'standard_fonts') + path.sep;

type Kind = 'cMapUrl' | 'standardFontDataUrl' | 'wasmUrl';

/** The answer to a request for a kind of file this reading was not given (pdfjs reads the message only). */
const NOT_PROVIDED: Record<Kind, Error> = {
  cMapUrl: new Error('Ensure that the `cMapUrl` API parameter is provided.'),
  standardFontDataUrl: new Error('Ensure that the `standardFontDataUrl` API parameter is provided.'),
  wasmUrl: new Error('Ensure that the `wasmUrl` API parameter is provided.'),
};

/** Files by full path; a few MB at most (the CMaps of the CJK scripts and 15 font files). */
const loaded = new Map<string, Promise<Uint8Array>>();

export class CachedBinaryDataFactory {
  private readonly urls: Record<Kind, string | null>;

  constructor({ cMapUrl = null, standardFontDataUrl = null, wasmUrl = null }: { cMapUrl?: string | null; standardFontDataUrl?: string | null; wasmUrl?: string | null }) {
    this.urls = { cMapUrl, standardFontDataUrl, wasmUrl };
  }

  async fetch({ kind, filename }: { kind: Kind; filename: string }): Promise<Uint8Array> {
    const base = this.urls[kind];
    // Asked for every standard font of every PDF read without the font files (needsStandardFontData):
    // pdfjs then uses its built-in metrics. One error, made once, answers all of them.
    if (!base) throw NOT_PROVIDED[kind];
    // pdfjs names files from its own tables; anything else is not served.
    if (filename.includes('/') || filename.includes('\\') || filename.includes('..')) throw new Error(`Unable to load data: ${filename}`);
    const file = `${base}${filename}`;
    let data = loaded.get(file);
    if (!data) {
      data = readFile(file).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
      loaded.set(file, data);
      // A failed read is not remembered: the next document tries again.
      data.catch(() => loaded.delete(file));
    }
    // pdfjs clones what it receives; a copy still keeps the cached bytes safe from a transfer.
    return (await data).slice();
  }
}

const EMBEDDED = ['FontFile', 'FontFile2', 'FontFile3'];
/** Fonts whose own encoding pdfjs takes from the font program when it has one. */
const SYMBOLIC = /Symbol|Dingbats/i;

/** The encoding that names a glyph for every code from 32 to 255 (MacRoman leaves out 127). */
const ONE_BYTE_ENCODINGS = new Set(['WinAnsiEncoding']);

function encodingName(file: PdfFile, font: PdfDict): string | null {
  const encoding = file.resolve(font.get('Encoding'));
  const dict = file.dict(encoding);
  return dict ? nameOf(file.resolve(dict.get('BaseEncoding'))) : nameOf(encoding);
}

function embedded(file: PdfFile, descriptor: PdfDict | null): boolean {
  return !!descriptor && EMBEDDED.some((key) => file.objectOf(descriptor.get(key))?.stream !== undefined);
}

/**
 * Whether reading this PDF's text needs pdfjs's standard-font files. pdfjs loads one for every
 * non-embedded font it knows (Helvetica, Arial, Times…) and parses it, which costs more than reading
 * a short document; the text of a simple (one-byte) font comes out the same without it, since its
 * characters map to Unicode through the PDF's encoding and widths through the PDF or the built-in
 * metrics. The file is needed for non-embedded composite fonts (pdfjs rebuilds their Unicode map
 * from it), for Symbol and ZapfDingbats, for Type1 fonts whose encoding leaves codes unnamed, and
 * whenever the raw pass cannot see every font. What remains different: a control code (below 32,
 * drawn by no font) reads as a space rather than as that control character.
 */
export function needsStandardFontData(file: PdfFile | null): boolean {
  if (!file || file.encrypted) return true;
  for (const [obj, dict] of file.dicts()) {
    const type = nameOf(dict.get('Type'));
    // An object stream the raw pass could not open may hold fonts it never saw.
    if (type === 'ObjStm' && obj.stream && file.streamData(obj) === null) return true;
    const subtype = nameOf(dict.get('Subtype'));
    const isFont = type === 'Font' || (dict.has('BaseFont') && subtype !== null);
    if (!isFont || subtype === 'Type3' || subtype === 'CIDFontType0' || subtype === 'CIDFontType2') continue;
    if (subtype === 'Type0') {
      const descendants = file.resolve(dict.get('DescendantFonts'));
      const descendant = Array.isArray(descendants) ? file.dict(descendants[0]) : null;
      if (!embedded(file, file.dict(descendant?.get('FontDescriptor')))) return true;
      continue;
    }
    if (embedded(file, file.dict(dict.get('FontDescriptor')))) continue;
    const name = nameOf(file.resolve(dict.get('BaseFont')));
    if (name === null || SYMBOLIC.test(name)) return true;
    // Without its file, pdfjs reads a code that a Type1 font's encoding leaves unnamed as a space;
    // with it, as the Latin-1 character of that code (bytes a producer wrote as Latin-1). WinAnsi
    // names every code from 32 up; StandardEncoding, the default, leaves 70 unnamed.
    if (subtype !== 'TrueType' && !ONE_BYTE_ENCODINGS.has(encodingName(file, dict) ?? '')) return true;
  }
  return false;
}
