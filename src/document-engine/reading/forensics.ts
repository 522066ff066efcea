// Structural facts of a PDF for tamper signals: revisions, metadata (Info and XMP), fonts, hidden
// text, white boxes over text, JavaScript, embedded files. Cheap by design: one pass over objects
// already parsed, and the content streams of the first few pages only.
import type { PdfForensics } from '../document-model.ts';
import { mayHideContent, scanContent } from './content-scan.ts';
import { FORENSIC_PAGES } from './limits.ts';
import type { PdfFile, PdfObject } from './pdf-objects.ts';
import { PdfName, PdfRef, decodeTextString, isDict, nameOf, type PdfValue } from './pdf-syntax.ts';

const SUBSET_PREFIX = /^[A-Z]{6}\+/;
const MAX_WALK_DEPTH = 12;

export interface EmbeddedFile {
  name: string;
  stream: PdfObject | undefined;
}

/** Files attached to the PDF (Filespec dictionaries with an embedded stream). */
export function embeddedFiles(file: PdfFile): EmbeddedFile[] {
  const out: EmbeddedFile[] = [];
  const seen = new Set<number>();
  for (const [, dict] of file.dicts()) {
    const ef = file.dict(dict.get('EF'));
    if (!ef) continue;
    const ref = ef.get('UF') ?? ef.get('F');
    const stream = file.objectOf(ref);
    if (stream && seen.has(stream.num)) continue;
    if (stream) seen.add(stream.num);
    const name = decodeTextString(file.resolve(dict.get('UF'))) ?? decodeTextString(file.resolve(dict.get('F'))) ?? 'unnamed';
    out.push({ name: name.replace(/\0/g, ''), stream });
  }
  return out;
}

function fontsOf(file: PdfFile): PdfForensics['fonts'] {
  const byName = new Map<string, { objects: number; embedded: boolean }>();
  for (const [, dict] of file.dicts()) {
    const subtype = nameOf(dict.get('Subtype'));
    const isFont = nameOf(dict.get('Type')) === 'Font' || (dict.has('BaseFont') && subtype !== null);
    // A Type0 font's descendant carries the same name; count the font once.
    if (!isFont || subtype === 'CIDFontType0' || subtype === 'CIDFontType2') continue;
    const raw = nameOf(file.resolve(dict.get('BaseFont'))) ?? (subtype === 'Type3' ? 'Type3' : 'unnamed');
    const name = raw.replace(SUBSET_PREFIX, '');
    let descriptor = file.dict(dict.get('FontDescriptor'));
    if (!descriptor && subtype === 'Type0') {
      const descendants = file.resolve(dict.get('DescendantFonts'));
      if (Array.isArray(descendants)) descriptor = file.dict(file.dict(descendants[0])?.get('FontDescriptor'));
    }
    const embedded = subtype === 'Type3' || (!!descriptor && (descriptor.has('FontFile') || descriptor.has('FontFile2') || descriptor.has('FontFile3')));
    const entry = byName.get(name) ?? { objects: 0, embedded: false };
    entry.objects++;
    entry.embedded ||= embedded;
    byName.set(name, entry);
  }
  return [...byName.entries()].map(([name, e]) => ({ name, ...e })).sort((a, b) => a.name.localeCompare(b.name));
}

function hasJavaScript(file: PdfFile): boolean {
  const visit = (v: PdfValue | undefined, depth: number): boolean => {
    if (depth > MAX_WALK_DEPTH || v === undefined || v === null) return false;
    if (v instanceof PdfName) return v.name === 'JavaScript';
    if (Array.isArray(v)) return v.some((x) => !(x instanceof PdfRef) && visit(x, depth + 1));
    if (isDict(v)) {
      if (v.has('JS')) return true;
      for (const [key, value] of v) {
        if (key === 'JavaScript' || (!(value instanceof PdfRef) && visit(value, depth + 1))) return true;
      }
    }
    return false;
  };
  for (const obj of file.objects.values()) if (visit(obj.value, 0)) return true;
  return false;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(s: string): string {
  return s
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
      if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
      return XML_ENTITIES[e] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** One XMP property, written as an element or as an attribute of rdf:Description. */
export function xmpValue(xmp: string | null, key: string): string | null {
  if (!xmp) return null;
  const element = new RegExp(`<${key}(?:\\s[^>]*)?>([\\s\\S]*?)</${key}>`).exec(xmp);
  const value = element ? xmlText(element[1]) : (new RegExp(`\\s${key}\\s*=\\s*"([^"]*)"`).exec(xmp)?.[1] ?? null);
  return value === null ? null : xmlText(value) || null;
}

/** A PDF date ("D:20240315120000+01'00'") as ISO 8601; anything else as written. */
export function pdfDate(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const m = /^D?:?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(value.trim());
  if (!m) return value.trim().slice(0, 100);
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz, th, tm] = m;
  const zone = !tz ? '' : tz.toUpperCase() === 'Z' ? 'Z' : `${tz}${th ?? '00'}:${tm ?? '00'}`;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`;
}

const meta = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 500) : null);

export interface ForensicsInput {
  file: PdfFile | null;
  /** The Info dictionary as pdfjs decodes it (getMetadata().info). */
  info: Record<string, unknown>;
  /** Raw XMP packet, when the catalog has one. */
  xmp: string | null;
  /** Characters the text layer places outside the page box, over the pages read. */
  outsideChars: number;
  /** Names of attachments pdfjs found (used when the raw pass cannot see them: encrypted files). */
  attachmentNames?: string[];
  /** embeddedFiles(file), when the caller has already listed them. */
  embedded?: EmbeddedFile[];
}

/**
 * Incremental updates (revisions after the first) whose end a signature's /ByteRange reaches: the
 * signature covers the file exactly as that update left it, so the update is the signing itself.
 */
function signedUpdates(file: PdfFile): number {
  const ends: number[] = [];
  for (const m of file.text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) ends.push(Number(m[3]) + Number(m[4]));
  if (ends.length === 0) return 0;
  const revisionEnds: number[] = [];
  for (const m of file.text.matchAll(/%%EOF/g)) revisionEnds.push((m.index ?? 0) + 5);
  // The first revision is the file as made; a linearized file's extra marker is not an update either.
  return revisionEnds.slice(1).filter((end) => ends.some((e) => e >= end && e - end <= 2)).length;
}

export function pdfForensics({ file, info, xmp, outsideChars, attachmentNames, embedded: listed }: ForensicsInput): PdfForensics {
  let invisible = outsideChars;
  let whiteBoxes = 0;
  if (file && !file.encrypted) {
    for (const page of file.pages(FORENSIC_PAGES)) {
      try {
        const content = file.pageContent(page.dict);
        if (!mayHideContent(content)) continue;
        const signals = scanContent(file, content, page.resources);
        invisible += signals.invisibleChars;
        whiteBoxes += signals.whiteBoxesOverText;
      } catch {
        // forensics never stop reading
      }
    }
  }
  const rawNames = file ? (listed ?? embeddedFiles(file)).map((f) => f.name) : [];
  const embedded = rawNames.length > 0 ? rawNames : (attachmentNames ?? []);
  return {
    pdf_version: file?.version ?? meta(info.PDFFormatVersion),
    revisions: file?.revisions ?? 1,
    ...(file ? { signed_updates: Math.min(signedUpdates(file), Math.max(0, file.revisions - 1)) } : {}),
    producer: meta(info.Producer),
    creator: meta(info.Creator),
    creation_date: pdfDate(info.CreationDate),
    modification_date: pdfDate(info.ModDate),
    xmp_producer: xmpValue(xmp, 'pdf:Producer'),
    xmp_creator_tool: xmpValue(xmp, 'xmp:CreatorTool'),
    xmp_create_date: xmpValue(xmp, 'xmp:CreateDate'),
    xmp_modify_date: xmpValue(xmp, 'xmp:ModifyDate'),
    fonts: file ? fontsOf(file) : [],
    invisible_text_chars: invisible,
    white_boxes_over_text: whiteBoxes,
    has_javascript: file ? hasJavaScript(file) : false,
    embedded_files: [...new Set(embedded)],
  };
}
