// Tells what kind of document a text is: keyword evidence per type (titles count triple), a machine-
// readable zone for identity documents, an embedded e-invoice for invoices; with a confidence 0–1.
import type { ReadDocument } from '../document-model.ts';
import { fullText } from '../document-model.ts';
import { DOC_TYPES, type DocType } from '../document-types.ts';
import { fold } from '../extract/text.ts';
import { KEYWORDS, TITLE_BONUS } from './keywords.ts';

export interface Classification {
  type: DocType;
  /** 0–1: how far the best type stands above the next one, scaled down when the evidence is thin. */
  confidence: number;
  /** Evidence points per type, best first (types without any left out). */
  scores: { type: DocType; score: number }[];
}

/** Below this many points a document is `other`. */
const MIN_SCORE = 4;
/** Points at which evidence counts as plenty. */
const FULL_EVIDENCE = 10;
const TITLE_LINES = 6;

/** The keywords as searched: padded with spaces, with their words. */
const PHRASES = Object.fromEntries(
  Object.entries(KEYWORDS).map(([type, kw]) => [type, kw.map(([phrase, weight]) => ({
      p: ` ${phrase} `,
      words: phrase.split(' ').filter((w) => w !== ''),
      // One word of letters and digits is in the text exactly when it is one of the text's words.
      oneWord: /^[\p{L}\p{N}]+$/u.test(phrase),
      weight,
    }))]),
) as Partial<Record<DocType, { p: string; words: string[]; oneWord: boolean; weight: number }[]>>;

function spaced(text: string): string {
  return ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
}

/** The first TITLE_LINES lines that are not blank, without splitting the whole text. */
function titleLines(text: string): string {
  const out: string[] = [];
  for (let start = 0; out.length < TITLE_LINES && start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    if (line.trim() !== '') out.push(line);
    start = end + 1;
  }
  return out.join('\n');
}

function hasAll(words: Set<string>, needed: string[]): boolean {
  for (const w of needed) if (!words.has(w)) return false;
  return true;
}

export function classifyText(text: string, extra: { hasMrz?: boolean; hasEInvoice?: boolean } = {}): Classification {
  const title = spaced(titleLines(text));
  const body = spaced(text);
  // Words of the text: a phrase is only looked for when all its words occur (most do not).
  const words = new Set(body.split(' '));
  const scores = new Map<DocType, number>();
  for (const type of DOC_TYPES) {
    const kw = PHRASES[type];
    if (!kw) continue;
    let s = 0;
    for (const { p, words: needed, oneWord, weight } of kw) {
      if (!hasAll(words, needed)) continue;
      if (!oneWord && !body.includes(p)) continue;
      s += weight;
      if (weight >= 4 && title.includes(p)) s += weight * TITLE_BONUS;
    }
    if (s > 0) scores.set(type, s);
  }
  if (extra.hasMrz) scores.set('proof_of_identity', (scores.get('proof_of_identity') ?? 0) + 20);
  if (extra.hasEInvoice) scores.set('invoice', (scores.get('invoice') ?? 0) + 20);

  // A utility bill is also an invoice; what makes it a proof of address is what it bills for.
  const poa = scores.get('proof_of_address') ?? 0;
  if (poa >= 7 && !extra.hasEInvoice && (scores.get('invoice') ?? 0) > poa) scores.set('proof_of_address', (scores.get('invoice') ?? 0) + 1);
  // Register extracts and certificates share vocabulary; a certificate says what it is.
  const cert = scores.get('certificate_of_incorporation') ?? 0;
  if (cert >= 7 && (scores.get('register_extract') ?? 0) > cert) scores.set('certificate_of_incorporation', (scores.get('register_extract') ?? 0) + 1);

  const ranked = [...scores.entries()].map(([type, score]) => ({ type, score })).sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best || best.score < MIN_SCORE) {
    return { type: 'other', confidence: best ? Math.round((1 - best.score / MIN_SCORE) * 100) / 100 : 1, scores: ranked };
  }
  const second = ranked[1]?.score ?? 0;
  const margin = (best.score - second) / best.score;
  const confidence = Math.round(Math.min(1, best.score / FULL_EVIDENCE) * (0.4 + 0.6 * margin) * 100) / 100;
  return { type: best.type, confidence, scores: ranked };
}

export function classify(doc: ReadDocument, hasMrz: boolean): Classification {
  return classifyText(fullText(doc), { hasMrz, hasEInvoice: doc.einvoice !== null });
}
