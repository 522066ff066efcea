// Line-oriented helpers over a document's text: clean lines, accent- and case-insensitive labels
// whose match positions stay valid in the original line, and "value after a label" lookups.
import { arabicLine } from './arabic-text.ts';

/** One line of text, cleaned of repeated spaces, with its page. */
export interface TextLine {
  text: string;
  /** Lowercased, accents removed, same length as `text` so indices carry over. */
  fold: string;
  page: number;
}

const MARKS = /\p{M}/gu;
const NON_ASCII = /[^\x00-\x7f]/;

/** Letters with a stroke, and the eth, which no decomposition strips: "płatności" folds to "platnosci", "Skráð" to "skrad". */
const STROKED: Record<string, string> = { ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', ø: 'o', Ø: 'o', ħ: 'h', Ħ: 'h', ŧ: 't', Ŧ: 't', ƀ: 'b', ɨ: 'i', ð: 'd', Ð: 'd' };

/** Korean syllables, which decompose into their letters: folded to their first, "상호" (trade name) and "사항" (matters) were one word. */
const HANGUL_SYLLABLE = /^[\uAC00-\uD7A3]$/;

function foldChar(ch: string): string {
  if (STROKED[ch]) return STROKED[ch];
  if (HANGUL_SYLLABLE.test(ch)) return ch;
  let f = ch.normalize('NFD').replace(MARKS, '').toLowerCase();
  if (f === '') f = ' ';
  if (f.length !== ch.length) f = ch.length === 1 ? f[0] : ch.toLowerCase().slice(0, ch.length).padEnd(ch.length, ' ');
  return f;
}

/** Folded non-ASCII characters: a document uses few, and normalising each one again is most of the cost. */
const foldedChars = new Map<string, string>();
const MAX_FOLDED_CHARS = 8192;

/** Lowercases and strips accents character by character, keeping the length. */
export function fold(s: string): string {
  // ASCII has no accents, and lowercasing it keeps every character one character long.
  if (!NON_ASCII.test(s)) return s.toLowerCase();
  let out = '';
  for (const ch of s) {
    if (ch.charCodeAt(0) < 0x80) {
      out += ch.toLowerCase();
      continue;
    }
    let f = foldedChars.get(ch);
    if (f === undefined) {
      f = foldChar(ch);
      if (foldedChars.size < MAX_FOLDED_CHARS) foldedChars.set(ch, f);
    }
    out += f;
  }
  return out;
}

/** Kangxi radicals, compatibility ideographs and full-width forms, which PDF producers print for the usual characters. */
const CJK_COMPAT = /[\u2E80-\u2FDF\uF900-\uFAFF\uFF01-\uFF5E\uFFE0-\uFFE6]/gu;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/**
 * A line of Chinese, Japanese or Korean as the characters it means: "発 ⾏ ⽇" (a heading spaced out,
 * with a radical for 行) is "発行日", "３６" is "36".
 */
function cjkLine(raw: string): string {
  if (!/[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u.test(raw)) return raw;
  const s = raw.replace(CJK_COMPAT, (c) => c.normalize('NFKC'));
  // Runs of single characters separated by single spaces are one spaced-out word.
  return s.replace(/(?:^|(?<=\s))(\S(?: \S)+)(?=\s|$)/gu, (run) => (run.split(' ').every((c) => CJK.test(c)) ? run.replace(/ /g, '') : run));
}

export function toLines(pages: { number: number; text: string }[]): TextLine[] {
  const out: TextLine[] = [];
  for (const page of pages) {
    for (const raw of page.text.split(/\r?\n|\f/)) {
      // Pictographs some generators put next to phone numbers carry no meaning and break tokens.
      // Tabs stay: the reader puts them between columns, and names end where a column does.
      const text = arabicLine(cjkLine(raw))
        .replace(/[\u{1F000}-\u{1FAFF}\u2709\u260E]/gu, ' ')
        .replace(/[\u00a0 ]+/g, ' ')
        .replace(/ ?\t[\t ]*/g, '\t')
        .trim();
      if (text !== '') out.push({ text, fold: fold(text), page: page.number });
    }
  }
  return out;
}

const labelCache = new Map<string, RegExp>();

/**
 * A label written in lower case without accents ("invoice no", "rechnungsdatum") as a regular expression:
 * any run of spaces, apostrophes ("d'immatriculation") or punctuation between words, and an optional stray space inside long words, which some
 * PDF producers insert ("Ver käufer", "Br uttosumme").
 */
export function labelRegex(label: string): RegExp {
  let re = labelCache.get(label);
  if (re) return re;
  const words = label.split(' ').map((w) => {
    const escaped = [...w].map((c) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
    return w.length >= 6 ? escaped.join(' ?') : escaped.join('');
  });
  re = new RegExp(`(?:^|[^\\p{L}\\p{N}])(${words.join("[\\s.\\-_/'’]*")})(?![\\p{L}])`, 'u');
  labelCache.set(label, re);
  return re;
}

export interface LabelHit {
  line: number;
  /** Index in the line where the label ends. */
  end: number;
  start: number;
  label: string;
}

/** What a label's regular expression can skip over: separators between words, stray spaces inside them. */
const SKIPPABLE = /[\s.\-_/'’]+/g;
const squash = (s: string) => s.replace(SKIPPABLE, '');
const squashedLines = new WeakMap<TextLine, string>();
const squashedLabelCache = new Map<string, string>();

/**
 * A label can only match a line whose folded text, without separators, contains the label without
 * them: a substring test rules out almost every (line, label) pair before any regular expression runs.
 */
function squashedLine(line: TextLine): string {
  let s = squashedLines.get(line);
  if (s === undefined) {
    s = squash(line.fold);
    squashedLines.set(line, s);
  }
  return s;
}

function squashedLabel(label: string): string {
  let s = squashedLabelCache.get(label);
  if (s === undefined) {
    s = squash(label);
    squashedLabelCache.set(label, s);
  }
  return s;
}

/** What labelsIn knows of a list of lines: its squashed text, and which three-letter sequences occur in it. */
interface SquashedText {
  text: string;
  trigrams: Uint8Array;
  /** Where each line starts in `text`. */
  starts: Int32Array;
}

const TRIGRAM_BITS = 1 << 16;
const trigram = (s: string, i: number) => (Math.imul(Math.imul(s.charCodeAt(i), 31) + s.charCodeAt(i + 1), 31) + s.charCodeAt(i + 2)) & (TRIGRAM_BITS - 1);

function squashedText(lines: readonly TextLine[]): SquashedText {
  // Lines are kept in squashedLines only when matchLabel tries one: most never are.
  const squashed = lines.map((l) => squashedLines.get(l) ?? squash(l.fold));
  const text = squashed.join('\n');
  const starts = new Int32Array(lines.length);
  for (let i = 1; i < lines.length; i++) starts[i] = starts[i - 1] + squashed[i - 1].length + 1;
  const trigrams = new Uint8Array(TRIGRAM_BITS >> 3);
  for (let i = 0; i + 2 < text.length; i++) {
    const h = trigram(text, i);
    trigrams[h >> 3] |= 1 << (h & 7);
  }
  return { text, trigrams, starts };
}

function squashedTextOf(lines: readonly TextLine[]): SquashedText {
  let t = squashedTexts.get(lines);
  if (t === undefined) {
    t = squashedText(lines);
    squashedTexts.set(lines, t);
  }
  return t;
}

/** The line of the squashed text that holds offset `at`. */
function lineAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Whether `label` (squashed) occurs in the text: every three letters of it must, before the text is searched. */
function occursIn(t: SquashedText, label: string): boolean {
  for (let i = 0; i + 2 < label.length; i++) {
    const h = trigram(label, i);
    if ((t.trigrams[h >> 3] & (1 << (h & 7))) === 0) return false;
  }
  return t.text.includes(label);
}

const squashedTexts = new WeakMap<readonly TextLine[], SquashedText>();

/** What was worked out for a list of lines and a list of labels, kept while both lists live. */
class PerLinesAndLabels<V> {
  private readonly byLines = new WeakMap<readonly TextLine[], WeakMap<readonly string[], V>>();

  get(lines: readonly TextLine[], labels: readonly string[], make: () => V): V {
    let byLabels = this.byLines.get(lines);
    if (!byLabels) {
      byLabels = new WeakMap();
      this.byLines.set(lines, byLabels);
    }
    let value = byLabels.get(labels);
    if (value === undefined) {
      value = make();
      byLabels.set(labels, value);
    }
    return value;
  }
}

const presentInLists = new PerLinesAndLabels<readonly string[]>();

/**
 * The labels that may occur somewhere in the lines, in their order (the others match none of them).
 * A list of labels in several languages mostly has few in a given document, and looking each up in
 * the whole text once is much cheaper than trying every label on every line. Matching a line of
 * `lines` (or a cell of one) against this shorter list gives the same hit as against the full list.
 */
export function labelsIn(lines: readonly TextLine[], labels: readonly string[]): readonly string[] {
  return presentInLists.get(lines, labels, () => {
    const text = squashedTextOf(lines);
    const squashed = squashedLabels(labels);
    return labels.filter((_, i) => occursIn(text, squashed[i]));
  });
}

const labelledLines = new PerLinesAndLabels<readonly number[]>();

/**
 * The indexes, in order, of the lines where a label of `present` (a list labelsIn returned for these
 * lines) may match: matchLabel finds nothing on any other line, since a label's squashed form must
 * occur in the line's. Found by searching the lines' squashed text once per label, rather than every
 * line for every label.
 */
export function linesMaybeLabelled(lines: readonly TextLine[], present: readonly string[]): readonly number[] {
  return labelledLines.get(lines, present, () => {
    const { text, starts } = squashedTextOf(lines);
    const squashed = present.length === 1 ? [squashedLabel(present[0])] : squashedLabels(present);
    // A label of separators only is in every line.
    if (squashed.includes('')) return lines.map((_, i) => i);
    const at = new Set<number>();
    for (const label of squashed) for (let i = text.indexOf(label); i >= 0; i = text.indexOf(label, i + 1)) at.add(lineAt(starts, i));
    return [...at].sort((a, b) => a - b);
  });
}

/** The labels of a list squashed, per list: most lists are constants tried on every line. */
const squashedListsOfLabels = new WeakMap<readonly string[], string[]>();

function squashedLabels(labels: readonly string[]): string[] {
  let list = squashedListsOfLabels.get(labels);
  if (list === undefined) {
    list = labels.map(squashedLabel);
    squashedListsOfLabels.set(labels, list);
  }
  return list;
}

/** First label of `labels` found in the line (labels earlier in the list win), or null. */
export function matchLabel(line: TextLine, labels: readonly string[]): LabelHit | null {
  const text = squashedLine(line);
  // A list of one label is mostly made for the call: its squashed form is looked up by the label.
  const squashed = labels.length === 1 ? [squashedLabel(labels[0])] : squashedLabels(labels);
  for (let i = 0; i < labels.length; i++) {
    if (!text.includes(squashed[i])) continue;
    const label = labels[i];
    const m = labelRegex(label).exec(line.fold);
    if (m) {
      const start = m.index + m[0].length - m[1].length;
      return { line: -1, start, end: start + m[1].length, label };
    }
  }
  return null;
}

/**
 * The item number a form prints before a label ("1. Legal Name", "3.Firma", "1 Company Name", "(a)
 * Policy number"): its length, so that the label still counts as starting its cell; 0 without one.
 */
export function itemNumberLength(cell: string): number {
  return /^\s*(?:\(?\d{1,2}[.)]|\([a-z]\)|\d{1,2}(?=\s+\p{L}))\s*/iu.exec(cell)?.[0].length ?? 0;
}

/** Strips what usually sits between a label and its value: colons, leaders, "No.", "Nr.", "#", "N°". */
export function afterLabel(text: string): string {
  return (
    text
      // A dotted leader between label and value is read as "~~", "___" or "…".
      .replace(/^[\s:;,.#\-–=)~_…·]*(?:[º°](?![\p{L}\p{N}])[\s:.]*)?/u, '')
      .replace(/^(?:n[°ºo]\.?|nr\.?|no\.?|number|nummer|num[ée]ro|#)(?=[\s:.#\d])[\s:.#]*/i, '')
      .trim()
  );
}

export interface LabelledValue<T> {
  value: T;
  line: number;
  label: string;
}

/**
 * Looks for `labels` line by line and returns the first value `parse` accepts: from the rest of the label's
 * line, else from the next `lookahead` lines. Lines are searched in order; labels earlier in the list win
 * on the same line.
 */
export function findLabelled<T>(
  lines: TextLine[],
  labels: readonly string[],
  parse: (text: string) => T | null,
  opts: { lookahead?: number; from?: number; to?: number; sameLineOnly?: boolean; maxStart?: number } = {},
): LabelledValue<T> | null {
  const present = labelsIn(lines, labels);
  if (present.length === 0) return null;
  const lookahead = opts.sameLineOnly ? 0 : (opts.lookahead ?? 1);
  const to = Math.min(lines.length, opts.to ?? lines.length);
  for (const i of linesMaybeLabelled(lines, present)) {
    if (i < (opts.from ?? 0)) continue;
    if (i >= to) break;
    const hit = matchLabel(lines[i], present);
    // maxStart counts from the start of the label's column (cells are separated by tabs).
    if (!hit || (opts.maxStart !== undefined && hit.start - (lines[i].text.lastIndexOf('\t', hit.start) + 1) > opts.maxStart)) continue;
    const rest = afterLabel(lines[i].text.slice(hit.end));
    if (rest !== '') {
      const v = parse(rest);
      if (v !== null) return { value: v, line: i, label: hit.label };
    }
    for (let k = 1; k <= lookahead && i + k < lines.length; k++) {
      const v = parseCells(lines[i + k].text, parse);
      if (v !== null) return { value: v, line: i + k, label: hit.label };
    }
  }
  return null;
}

/**
 * Parses a line below a label. A line of several columns is tried cell by cell, and a cell that is the value
 * and nothing else wins ("80333 München	471102" under "Rechnungsnummer" gives 471102, not 80333).
 */
export function parseCells<T>(text: string, parse: (text: string) => T | null): T | null {
  if (!text.includes('\t')) return parse(text);
  const cells = text
    .split('\t')
    .map((c) => c.trim())
    .filter(Boolean);
  let first: T | null = null;
  for (const cell of cells) {
    const v = parse(cell);
    if (v === null) continue;
    if (typeof v === 'string' && v === cell) return v;
    first ??= v;
  }
  return first;
}

/** Column views already made, per list of lines: extractors ask for the same ones again and again. */
const columnViews = new WeakMap<readonly TextLine[], Map<number, TextLine[]>>();

/**
 * The lines as seen in one column: each line's `column`-th tab-separated cell ('' where it has none).
 * The same view (the same array) for the same lines and column; callers must not change it.
 */
export function columnView(lines: TextLine[], column: number): TextLine[] {
  let views = columnViews.get(lines);
  if (!views) {
    views = new Map();
    columnViews.set(lines, views);
  }
  let view = views.get(column);
  if (!view) {
    view = lines.map((l) => columnCell(l, column));
    views.set(column, view);
  }
  return view;
}

/** One line as seen in one column (see columnView). */
export function columnCell(l: TextLine, column: number): TextLine {
  if (column === 0) return l.text.includes('\t') ? cellLine(l, l.text.split('\t')[0]) : l;
  return cellLine(l, l.text.split('\t')[column] ?? '');
}

function cellLine(l: TextLine, text: string): TextLine {
  const t = text.trim();
  return { text: t, fold: fold(t), page: l.page };
}

/** Every line index where one of the labels occurs. */
export function linesWith(lines: TextLine[], labels: readonly string[]): number[] {
  const out: number[] = [];
  const present = labelsIn(lines, labels);
  if (present.length === 0) return out;
  for (const i of linesMaybeLabelled(lines, present)) if (matchLabel(lines[i], present)) out.push(i);
  return out;
}

/** Words of a text that carry meaning: folded, at least 3 letters, without common function words. */
const STOP = new Set(
  'the and for with from this that our your are was were has have will shall per of to in on at by as an or be is it its not all any other such than into out'
    .split(' ')
    .concat('der die das und mit von fur den dem des ein eine auf aus bei ist sind les des une pour avec par sur dans est'.split(' ')),
);

export function contentWords(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !STOP.has(w) && !/^\d+$/.test(w));
}
