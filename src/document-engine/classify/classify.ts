// Tells what kind of document a text is: keyword evidence per type (a title counts more), a machine-
// readable zone for identity documents, an embedded e-invoice for invoices; with a confidence 0–1.
import type { ReadDocument } from '../document-model.ts';
import { fullText } from '../document-model.ts';
import { DOCUMENT_TYPES, type DocType } from '../types/index.ts';
import type { ClassificationOf } from '../types/plugin.ts';
import { arabicLine } from '../extract/arabic-text.ts';
import { fold } from '../extract/text.ts';
import { KEYWORDS, TITLE_BONUS, type Keywords } from './keywords.ts';

/** How a document was classified: its type, how sure, the points of each type. */
export type Classification = ClassificationOf<DocType>;

/** Below this many points a document is `other`. */
const MIN_SCORE = 4;
/** Points at which evidence counts as plenty. */
const FULL_EVIDENCE = 10;
const TITLE_LINES = 6;
/** A heading has at most this many words; a longer line is a sentence. */
const TITLE_WORDS = 8;

/**
 * Letters OCR mistakes for one another, read as one on both sides of a match: "Involce" is
 * "invoice", "C0NTRACT" is "contract". Keywords hold no digits, so numbers turned into letters
 * match nothing.
 */
function ocrFold(s: string): string {
  return s.replace(/[l1]/g, 'i').replace(/0/g, 'o');
}

function spaced(text: string): string {
  return ` ${ocrFold(fold(text).replace(/[^\p{L}\p{N}]+/gu, ' '))} `;
}

interface Phrase {
  p: string;
  words: string[];
  /** One word of letters and digits is in the text exactly when it is one of the text's words. */
  oneWord: boolean;
  /** The end of a word ("*vertrag"): matches a word ending so, unless that word is another type's keyword. */
  suffix: string | null;
  weight: number;
  /** Points it adds when it stands in the title. */
  title: number;
}

/** One-word keywords and the type each points to, so a compound suffix never takes another type's word. */
const WORD_TYPE = new Map<string, DocType>();
for (const [type, kw] of Object.entries(KEYWORDS) as [DocType, Keywords][]) {
  for (const [phrase] of kw) if (!phrase.startsWith('*') && !phrase.includes(' ')) WORD_TYPE.set(spaced(phrase).trim(), type);
}

/** The keywords as searched: folded like the text, padded with spaces, with their words. */
const PHRASES = Object.fromEntries(
  (Object.entries(KEYWORDS) as [DocType, Keywords][]).map(([type, kw]) => [
    type,
    kw.map(([phrase, weight, title]): Phrase => {
      const suffix = phrase.startsWith('*') ? spaced(phrase.slice(1)).trim() : null;
      const p = spaced(phrase);
      return {
        p,
        words: p.split(' ').filter((w) => w !== ''),
        oneWord: /^ [\p{L}\p{N}]+ $/u.test(p),
        suffix,
        weight,
        title: title ?? (weight >= 4 ? weight * TITLE_BONUS : 0),
      };
    }),
  ]),
) as Partial<Record<DocType, Phrase[]>>;

/** Whole-word phrases by their first word (a text is read word by word, never phrase by phrase), and the suffixes. */
const BY_FIRST_WORD = new Map<string, { type: DocType; phrase: Phrase }[]>();
const SUFFIXES: { type: DocType; phrase: Phrase }[] = [];
/** Chinese, Japanese and Korean phrases: their words are not separated by spaces, so they are found as part of the text. */
const CJK_PHRASE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_PHRASES: { type: DocType; phrase: Phrase; bare: string }[] = [];
for (const [type, kw] of Object.entries(PHRASES) as [DocType, Phrase[]][]) {
  for (const phrase of kw) {
    if (CJK_PHRASE.test(phrase.p)) CJK_PHRASES.push({ type, phrase, bare: phrase.p.replace(/ /g, '') });
    else if (phrase.suffix !== null) SUFFIXES.push({ type, phrase });
    else if (phrase.words.length > 0) {
      const list = BY_FIRST_WORD.get(phrase.words[0]) ?? [];
      list.push({ type, phrase });
      BY_FIRST_WORD.set(phrase.words[0], list);
    }
  }
}

/**
 * The cells (tab-separated columns) of the first TITLE_LINES lines that are not blank, short
 * enough to be a heading, leaving out "label: value" cells ("Agreement No: 12" is a reference, not
 * what the document is).
 */
function headingCells(text: string): string[] {
  const out: string[] = [];
  let lines = 0;
  for (let start = 0; lines < TITLE_LINES && start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim() === '') continue;
    lines++;
    for (const cell of line.split('\t')) if (!/:\s*\S/.test(cell) && cell.trim().split(/\s+/).length <= TITLE_WORDS) out.push(spaced(cell));
  }
  return out;
}

function inTitle(title: string, titleWords: string[], phrase: Phrase, type: DocType): boolean {
  return phrase.title > 0 && (phrase.suffix !== null ? hasSuffix(titleWords, phrase.suffix, type) : title.includes(phrase.p));
}

/** The document's title: the first heading cell that names a type; only its words earn title points. */
function titleOf(text: string): string {
  for (const cell of headingCells(text)) {
    const words = cell.split(' ').filter((w) => w !== '');
    const candidates = words.flatMap((w) => BY_FIRST_WORD.get(w) ?? []).concat(SUFFIXES);
    if (candidates.some(({ type, phrase }) => inTitle(cell, words, phrase, type))) return cell;
  }
  return ' ';
}

function hasAll(words: Set<string>, needed: string[]): boolean {
  for (const w of needed) if (!words.has(w)) return false;
  return true;
}

function hasSuffix(words: Iterable<string>, suffix: string, type: DocType): boolean {
  for (const w of words) {
    if (!w.endsWith(suffix)) continue;
    const owner = WORD_TYPE.get(w);
    if (owner === undefined || owner === type) return true;
  }
  return false;
}

export function classifyText(raw: string, extra: { hasMrz?: boolean; hasEInvoice?: boolean } = {}): Classification {
  // Arabic stored in visual order is read in reading order first.
  const text = /[\uFB50-\uFDFF\uFE70-\uFEFF]/.test(raw) ? raw.split('\n').map(arabicLine).join('\n') : raw;
  const title = titleOf(text);
  const body = spaced(text);
  // Words of the text: a phrase is only looked for when all its words occur (most do not).
  const words = new Set(body.split(' '));
  const titleWords = title.split(' ').filter((w) => w !== '');
  const scores = new Map<DocType, number>();
  /** The types a phrase of which stands in the title. */
  const titled = new Set<DocType>();
  const count = (type: DocType, phrase: Phrase) => {
    const titlePoints = inTitle(title, titleWords, phrase, type) ? phrase.title : 0;
    if (titlePoints > 0) titled.add(type);
    scores.set(type, (scores.get(type) ?? 0) + phrase.weight + titlePoints);
  };
  // Each phrase is found from its first word, so it counts once however often it occurs.
  for (const w of words) {
    for (const { type, phrase } of BY_FIRST_WORD.get(w) ?? []) {
      if (hasAll(words, phrase.words) && (phrase.oneWord || body.includes(phrase.p))) count(type, phrase);
    }
  }
  for (const { type, phrase } of SUFFIXES) if (hasSuffix(words, phrase.suffix!, type)) count(type, phrase);
  if (CJK_PHRASE.test(text)) {
    const bare = body.replace(/ /g, '');
    const head = spaced(text.split('\n').slice(0, TITLE_LINES).join(' ')).replace(/ /g, '');
    for (const { type, phrase, bare: p } of CJK_PHRASES) {
      if (bare.includes(p)) scores.set(type, (scores.get(type) ?? 0) + phrase.weight + (head.includes(p) ? phrase.title : 0));
    }
  }
  // A machine-readable zone or an embedded e-invoice says what the document is.
  for (const t of DOCUMENT_TYPES) {
    const bonus = (extra.hasMrz ? (t.evidence?.mrz ?? 0) : 0) + (extra.hasEInvoice ? (t.evidence?.einvoice ?? 0) : 0);
    if (bonus > 0) scores.set(t.type, (scores.get(t.type) ?? 0) + bonus);
  }
  // A kind of a broader type that says what it is outranks it: a utility bill is also an invoice
  // (what makes it a proof of address is what it bills for), a charter party a contract, and a
  // certificate of incorporation shares a register extract's vocabulary. On a tie the kind wins too
  // (a "Facture d'électricité" scores the invoice's words as much as the bill's).
  for (const t of DOCUMENT_TYPES) {
    if (!t.outranks || (t.outranks.unlessEInvoice && extra.hasEInvoice)) continue;
    if (t.outranks.unlessTitled && titled.has(t.outranks.type as DocType) && !titled.has(t.type)) continue;
    const own = scores.get(t.type) ?? 0;
    const broader = scores.get(t.outranks.type as DocType) ?? 0;
    if (own >= t.outranks.from && broader >= own) scores.set(t.type, broader + 1);
  }

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
