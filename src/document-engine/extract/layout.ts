// Where text stands on the page, for values a line of text cannot pair with their label: a table
// whose header row holds the labels ("Invoice Number | Invoice Date | Due Date") and whose next row
// holds the values, each under its label. Rows are built from the page's word boxes the same way
// the reader built the page's lines, so row k of a page is line k of its text.
import type { PageWord } from '../document-model.ts';
import { groupLines } from '../reading/lines.ts';
import { TRANSLATION_BEFORE } from './label-words.ts';
import { fold, matchLabel, type TextLine } from './text.ts';

/** A row of words, left to right, with where each word starts in the row's text. */
export interface LayoutRow {
  words: PageWord[];
  text: string;
  fold: string;
  starts: number[];
  y: number;
  height: number;
}

/** Words closer than this (in font heights) belong to one cell of a table. */
const CELL_GAP = 1.2;
/**
 * How far below a label (in its font heights) the row of values may start: a header row printed on
 * a coloured band often stands at the top of a band some five lines high.
 */
const MAX_ROWS_DROP = 7;
/** How far past a label at an end of its row its column reaches, in font heights. */
const EDGE_MARGIN = 3;
/** How much surer (OCR confidence points) another reading of a number must be to replace it. */
const MISREAD_MARGIN = 20;

const rowsCache = new WeakMap<readonly PageWord[], LayoutRow[]>();

export function layoutRows(words: readonly PageWord[]): LayoutRow[] {
  let rows = rowsCache.get(words);
  if (rows) return rows;
  rows = groupLines(words.flatMap(splitWords)).map((line) => {
    const sorted = [...line].sort((a, b) => a.x - b.x);
    let text = '';
    const starts: number[] = [];
    for (const w of sorted) {
      if (text) text += ' ';
      starts.push(text.length);
      text += w.text.replace(/\s+/g, ' ');
    }
    const height = Math.max(...sorted.map((w) => w.height), 1e-6);
    return { words: sorted, text, fold: fold(text), starts, y: sorted[0].y, height };
  });
  rowsCache.set(words, rows);
  return rows;
}

/**
 * A text-layer item may hold several words, even several columns ("Invoice Number    Date"): each
 * word gets its share of the item's width by its number of characters.
 */
function splitWords(w: PageWord): PageWord[] {
  if (!/\S\s+\S/.test(w.text)) return [w];
  const perChar = Math.abs(w.width) / Math.max(1, w.text.length);
  const out: PageWord[] = [];
  for (const m of w.text.matchAll(/\S+/g)) out.push({ ...w, text: m[0], x: w.x + (m.index ?? 0) * perChar, width: m[0].length * perChar });
  return out;
}

export interface Cell {
  text: string;
  x0: number;
  x1: number;
  /** Lowest OCR confidence of its words, when read by OCR. */
  confidence: number | null;
}

/** A row cut into cells where the gap between two words is wide. */
export function cellsOf(row: LayoutRow): Cell[] {
  const cells: Cell[] = [];
  let cur: PageWord[] = [];
  const flush = () => {
    if (cur.length === 0) return;
    const confs = cur.map((w) => w.confidence).filter((c): c is number => typeof c === 'number');
    cells.push({
      text: cur
        .map((w) => w.text.trim())
        .join(' ')
        .trim(),
      x0: cur[0].x,
      x1: Math.max(...cur.map((w) => w.x + Math.abs(w.width))),
      confidence: confs.length ? Math.min(...confs) : null,
    });
    cur = [];
  };
  for (const w of row.words) {
    const prev = cur[cur.length - 1];
    if (prev && w.x - (prev.x + Math.abs(prev.width)) > CELL_GAP * Math.max(prev.height, w.height)) flush();
    cur.push(w);
  }
  flush();
  return cells;
}

/**
 * The column a label heads: from halfway to the word before it to halfway to the word after it (a
 * few font heights past the label at the ends of the row), so a value set off to one side under its
 * label is still in it.
 */
function columnOf(row: LayoutRow, start: number, end: number): { x0: number; x1: number } | null {
  let x0 = Infinity;
  let x1 = -Infinity;
  let before = -Infinity;
  let after = Infinity;
  row.words.forEach((w, k) => {
    const s = row.starts[k];
    const e = s + w.text.length;
    const right = w.x + Math.abs(w.width);
    if (e <= start) before = Math.max(before, right);
    else if (s >= end) after = Math.min(after, w.x);
    else {
      x0 = Math.min(x0, w.x);
      x1 = Math.max(x1, right);
    }
  });
  if (x0 > x1) return null;
  const margin = EDGE_MARGIN * row.height;
  return { x0: before > -Infinity ? (before + x0) / 2 : x0 - margin, x1: after < Infinity ? (x1 + after) / 2 : x1 + margin };
}

/**
 * A label printed in two languages heads its whole cell ("Viaje / Voyage", "Embarcado a bordo /
 * Shipped on board"): the value under it may stand under either half.
 */
function withTranslation(row: LayoutRow, span: { x0: number; x1: number }): { x0: number; x1: number } {
  const cell = cellsOf(row).find((c) => c.x0 < span.x0 && span.x0 < c.x1);
  const slash = cell ? cell.text.indexOf('/') : -1;
  if (!cell || slash < 0 || !TRANSLATION_BEFORE.test(cell.text.slice(0, slash + 1))) return span;
  return { x0: Math.min(span.x0, cell.x0 - EDGE_MARGIN * row.height), x1: span.x1 };
}

/** The words' rows of one page, when the page carries word boxes. */
export interface PageLayout {
  page: number;
  rows: LayoutRow[];
}

/** Squeezed text for comparing a line of the page's text with a row. */
const squeeze = (s: string) => fold(s).replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The row of `layout` that holds line `index` of the document (its lines numbered across pages, as
 * `lines` has them), or null when the page has no boxes or the row does not carry the same text.
 */
export function rowOfLine(layout: readonly PageLayout[], lines: readonly TextLine[], index: number): LayoutRow | null {
  const line = lines[index];
  const page = layout.find((p) => p.page === line.page);
  if (!page) return null;
  let k = 0;
  for (let i = index - 1; i >= 0 && lines[i].page === line.page; i--) k++;
  // Row k carries line k unless the text lost a row (one of pictographs only); look a little around.
  const want = squeeze(line.text).slice(0, 12);
  if (want === '') return null;
  for (const d of [0, 1, 2, -1]) {
    const row = page.rows[k + d];
    if (row && squeeze(row.text).slice(0, 12) === want) return row;
  }
  return null;
}

export type BelowResult<T> = { kind: 'value'; value: T; row: number; viaUnit: boolean } | { kind: 'rejected' } | { kind: 'none' };

/**
 * The value under a label in a header row: the cell of the next rows (within a few font heights)
 * that overlaps the label's column the most. 'rejected' when such a cell exists but `parse`
 * refuses it (the label heads a column whose value is something else); 'none' when nothing stands
 * under the label. With `unit`, a cell under the label that is only the label's unit (a label in two
 * lines, "Total" over "GBP", with its value beside it) stands for the cell right of it.
 */
export function valueBelow<T>(page: PageLayout, row: LayoutRow, labels: readonly string[], parse: (t: string) => T | null, opts: { unit?: (t: string) => boolean } = {}): BelowResult<T> {
  const hit = matchLabel({ text: row.text, fold: row.fold, page: page.page }, labels);
  if (!hit) return { kind: 'none' };
  const label = columnOf(row, hit.start, hit.end);
  if (!label) return { kind: 'none' };
  const span = withTranslation(row, label);
  const r = page.rows.indexOf(row);
  for (let k = r + 1; k < page.rows.length; k++) {
    const below = page.rows[k];
    if (below.y - row.y > MAX_ROWS_DROP * row.height) break;
    const cells = cellsOf(below);
    let best = -1;
    let bestOverlap = 0;
    cells.forEach((cell, c) => {
      const overlap = Math.min(cell.x1, span.x1) - Math.max(cell.x0, span.x0);
      if (overlap > bestOverlap) {
        best = c;
        bestOverlap = overlap;
      }
    });
    if (best < 0) continue;
    const viaUnit = !!opts.unit?.(cells[best].text) && !!cells[best + 1];
    const v = parse(cells[best + (viaUnit ? 1 : 0)].text);
    return v === null ? { kind: 'rejected' } : { kind: 'value', value: v, row: k, viaUnit };
  }
  return { kind: 'none' };
}

/**
 * Whether the column a label heads holds a value in more than one row: the first value is at row
 * `first`; a table with more rows under it (within a few font heights of each other) has another
 * cell in the column that `parse` accepts.
 */
export function moreBelow<T>(page: PageLayout, row: LayoutRow, labels: readonly string[], first: number, parse: (t: string) => T | null): boolean {
  const hit = matchLabel({ text: row.text, fold: row.fold, page: page.page }, labels);
  const span = hit ? columnOf(row, hit.start, hit.end) : null;
  if (!span) return false;
  let prev = page.rows[first];
  for (let k = first + 1; k < page.rows.length; k++) {
    const below = page.rows[k];
    if (below.y - prev.y > MAX_ROWS_DROP * prev.height) break;
    const cell = cellsOf(below).find((c) => Math.min(c.x1, span.x1) - Math.max(c.x0, span.x0) > 0);
    if (cell && parse(cell.text) !== null) return true;
    prev = below;
  }
  return false;
}

/**
 * Mean OCR confidence of the words of line `index` that make up `text` (a name read from that line),
 * or null when the line was not read by OCR or its words cannot be told.
 */
export function textConfidence(layout: readonly PageLayout[], lines: readonly TextLine[], index: number, text: string): number | null {
  if (layout.length === 0 || index < 0 || index >= lines.length) return null;
  const row = rowOfLine(layout, lines, index);
  if (!row) return null;
  const tokens = new Set(text.split(/\s+/).map(squeeze).filter(Boolean));
  const confs = row.words
    .filter((w) => tokens.has(squeeze(w.text)))
    .map((w) => w.confidence)
    .filter((c): c is number => typeof c === 'number');
  return confs.length ? confs.reduce((a, b) => a + b, 0) / confs.length : null;
}

/**
 * The same number printed twice on a scanned page and read differently by OCR (bold figures in a
 * sentence read "…-3001", the letter's reference "…-0001"): of the words equal to `value` but for
 * one digit, the one read with clearly more confidence than `value` itself; else `value`.
 */
export function surestReading(layout: readonly PageLayout[], value: string): string {
  const bare = (t: string) => t.replace(/^[("'“]+|[)"'”.,;:]+$/g, '');
  const words = layout.flatMap((p) => p.rows.flatMap((r) => r.words)).filter((w) => typeof w.confidence === 'number');
  const own = words.filter((w) => bare(w.text) === value).map((w) => w.confidence ?? 0);
  if (own.length === 0) return value;
  let best = { text: value, confidence: Math.max(...own) + MISREAD_MARGIN };
  for (const w of words) {
    const t = bare(w.text);
    if (t.length !== value.length || t === value || (w.confidence ?? 0) <= best.confidence) continue;
    const diff = [...t].filter((c, i) => c !== value[i]);
    if (diff.length === 1 && [...t].every((c, i) => c === value[i] || (/\d/.test(c) && /\d/.test(value[i])))) best = { text: t, confidence: w.confidence ?? 0 };
  }
  return best.text;
}
