// The values of a filled XFA form (Adobe LiveCycle forms: many registries' certificates, Indian
// MCA forms among them). A static XFA form often draws only its labels in the page content; what
// was filled in lives in the form's "datasets" packet, which a viewer merges on screen. Read here
// as lines of text, so a certificate's name, number and date are not lost.
import type { PdfFile } from './pdf-objects.ts';
import { PdfString } from './pdf-syntax.ts';

const MAX_DATASETS_BYTES = 1 << 20;
const MAX_LINES = 200;
/** A value longer than this is prose (a sentence of the certificate) and stands on its own line. */
const SHORT_VALUE = 80;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1].toLowerCase() === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e.toLowerCase()],
  );
}

/** The datasets packet of the catalog's AcroForm /XFA (an array of name, stream pairs), or null. */
function datasetsXml(file: PdfFile): string | null {
  const form = file.dict(file.dict(file.trailer.get('Root'))?.get('AcroForm'));
  const xfa = file.resolve(form?.get('XFA'));
  if (!Array.isArray(xfa)) return null;
  for (let i = 0; i + 1 < xfa.length; i += 2) {
    const name = xfa[i];
    if (!(name instanceof PdfString) || name.bytes !== 'datasets') continue;
    const data = file.streamData(file.objectOf(xfa[i + 1]), MAX_DATASETS_BYTES);
    return data ? data.toString('utf8') : null;
  }
  return null;
}

/**
 * The filled values of an XFA form as lines: "LLPIN: AAA-1234" for a short value under its field's
 * name (underscores read as spaces), a long value (a sentence) alone. Empty when the file has no XFA
 * form, is encrypted, or its packet cannot be read.
 */
export function xfaFormLines(file: PdfFile): string[] {
  if (file.encrypted) return [];
  let xml: string | null;
  try {
    xml = datasetsXml(file);
  } catch {
    return [];
  }
  const data = xml ? /<xfa:data\b[^>]*>([\s\S]*?)<\/xfa:data\s*>/.exec(xml)?.[1] : null;
  if (!data) return [];
  const out: string[] = [];
  for (const m of data.matchAll(/<([A-Za-z_][\w.-]*)(?:\s[^>]*)?\s*>([^<]+)<\/\1\s*>/g)) {
    const value = decodeXml(m[2]).replace(/\s+/g, ' ').trim();
    if (value === '') continue;
    out.push(value.length > SHORT_VALUE ? value : `${m[1].replace(/[_.]+/g, ' ').trim()}: ${value}`);
    if (out.length >= MAX_LINES) break;
  }
  return out;
}
