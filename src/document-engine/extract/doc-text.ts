// What every extractor needs about a document's text, computed once: clean lines, how it writes
// dates and decimals, and label lookups that return dates and amounts.
import type { ReadDocument } from '../document-model.ts';
import { CURRENCY_CODES, currencyIn, decimalStyle, findAmounts, lastAmount, type DecimalStyle, type FoundAmount } from './amounts.ts';
import { findDates, forgetDocumentDates, slashOrder, type SlashOrder } from './dates.ts';
import { layoutRows, rowOfLine, valueBelow, type PageLayout } from './layout.ts';
import { definedTermAt, isBoxLabel, isLabelText, TRANSLATION_BEFORE } from './label-words.ts';
import { afterLabel, fold, itemNumberLength, labelsIn, linesMaybeLabelled, matchLabel, parseCells, toLines, type LabelledValue, type TextLine } from './text.ts';

export interface DocText {
  lines: TextLine[];
  text: string;
  order: SlashOrder;
  style: DecimalStyle;
  /** Rows of word boxes of the pages that have them (see layout.ts); absent for plain text. */
  layout?: PageLayout[];
}

export function docText(doc: Pick<ReadDocument, 'pages' | 'language'>): DocText {
  // A new document: what was found in the text of the one before is not looked up again.
  forgetDocumentDates();
  const lines = toLines(doc.pages);
  const text = lines.map((l) => l.text).join('\n');
  let layout: PageLayout[] | undefined;
  return {
    lines,
    text,
    order: slashOrder(text),
    style: decimalStyle(text),
    // Made when an extractor first asks: many documents are read from their lines alone.
    get layout() {
      layout ??= doc.pages.filter((p) => p.words && p.words.length > 0).map((p) => ({ page: p.number, rows: layoutRows(p.words ?? []) }));
      return layout;
    },
  };
}

/**
 * Looks for `labels` line by line and returns the first value `parse` accepts: from the rest of the
 * label's line; else, where the page has word boxes, from the cell standing under the label (a
 * header row over a row of values); else from the next `lookahead` lines. Labels earlier in the list
 * win on the same line.
 */
export function findLabelledIn<T>(
  d: DocText,
  labels: readonly string[],
  parse: (text: string) => T | null,
  opts: { lookahead?: number; from?: number; to?: number; maxStart?: number; layoutOnly?: boolean; notAfter?: RegExp } = {},
): LabelledValue<T> | null {
  const lines = d.lines;
  const present = labelsIn(lines, labels);
  if (present.length === 0) return null;
  const lookahead = opts.lookahead ?? 1;
  const to = Math.min(lines.length, opts.to ?? lines.length);
  const from = opts.from ?? 0;
  for (const i of linesMaybeLabelled(lines, present)) {
    if (i < from) continue;
    if (i >= to) break;
    const hit = matchLabel(lines[i], present);
    // maxStart counts from the start of the label's column (cells are separated by tabs, or by the
    // rules of a table that OCR read as "|"), after the item number a form may print before it.
    if (!hit || (opts.maxStart !== undefined && hit.start - labelCellStart(lines[i].text, hit.start) > opts.maxStart)) continue;
    // A word naming another field right before a short label: "Due Date" is not the "Date".
    if (opts.notAfter && opts.notAfter.test(lines[i].fold.slice(Math.max(0, hit.start - 20), hit.start))) continue;
    // A label closed by a quote, or by a bracket it did not open, is a name a sentence defines ('referred
    // to as "the Vessel")'), not a label; "(VRN)" is one.
    if (definedTermAt(lines[i].text, hit.start, hit.end)) continue;
    const end = labelCellEnd(lines[i].text, hit.end);
    const rest = afterLabel(lines[i].text.slice(end));
    // A row of labels over a row of values ("Number	Name	Status"): the next cell is the next label, the value stands below.
    if (rest !== '' && !nextCellIsLabel(lines[i].text.slice(end))) {
      const v = parse(rest);
      if (v !== null) return { value: v, line: i, label: hit.label };
    }
    if (lookahead === 0) continue;
    const layout = d.layout ?? [];
    const row = layout.length ? rowOfLine(layout, lines, i) : null;
    if (row) {
      const page = layout.find((p) => p.page === lines[i].page) as PageLayout;
      const below = valueBelow(page, row, [hit.label], parse);
      if (below.kind === 'value') return { value: below.value, line: i, label: hit.label };
      // Where the words' positions are known, nothing under the label means no value: the next line
      // of text may run across other columns (an IBAN beside a missing total).
      continue;
    }
    if (opts.layoutOnly) continue;
    for (let k = 1; k <= lookahead && i + k < lines.length; k++) {
      const v = parseCells(lines[i + k].text, parse);
      if (v !== null) return { value: v, line: i + k, label: hit.label };
    }
  }
  return null;
}

/**
 * Words that finish a box's label on a bill of lading or a charter party ("Vessel and Voyage No.",
 * "Loading port or place", BARECON's "Vessel's name, call sign, flag and IMO number").
 */
const LABEL_TAIL_WORDS = new Set(['and', 'or', 'voyage', 'voy', 'no', 'nr', 'number', 'name', 'place', 's', 'call', 'sign', 'flag', 'imo']);

/**
 * Where a label's cell ends when what follows the label in it only annotates the label: a note in
 * brackets ("Vessel (see clause 1 + 19)", "Ocean Vessel(s):", "Loading port or place (Cl. 1)") or
 * the label's last words ("Vessel's name", "VESSEL AND VOYAGE NO."). A box's value stands beyond it,
 * in the next cell or under the box; otherwise the label's own end.
 */
function labelCellEnd(text: string, end: number): number {
  const tab = text.indexOf('\t', end);
  const cellEnd = tab < 0 ? text.length : tab;
  const tail = text.slice(end, cellEnd);
  if (!/[(\p{L}]/u.test(tail)) return end;
  // The label's other wording after a slash: "PORT OF LOADING/EXPORT", "Shipper / Exporter".
  if (/^\s*\/\s*\p{L}[\p{L} ]{0,24}:?\s*$/u.test(tail)) return cellEnd;
  const words = fold(tail.replace(/\([^()]*\)/g, ' '))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return words === '' || words.split(' ').every((w) => LABEL_TAIL_WORDS.has(w)) ? cellEnd : end;
}

/** A cell that is a currency and nothing else ("GBP", "(EUR)", "€"): the unit of a label above it. */
export function currencyOnly(text: string): boolean {
  const m = /^\(?\s*([A-Z]{3}|[€$£¥])\s*\)?$/.exec(text.trim());
  return !!m && (m[1].length === 1 || CURRENCY_CODES.has(m[1]));
}

function cellStart(text: string, at: number): number {
  return Math.max(text.lastIndexOf('\t', at), text.lastIndexOf('|', at)) + 1;
}

/**
 * Where a label's cell starts, past the item number before it ("1. Legal Name", "3.Firma", "(11) Ocean
 * Vessel") and past the label's other language before a slash ("Nave / Vessel", "Embarcador / Shipper").
 */
function labelCellStart(text: string, at: number): number {
  const from = cellStart(text, at);
  const start = from + Math.min(at - from, itemNumberLength(text.slice(from)));
  return TRANSLATION_BEFORE.test(text.slice(start, at)) ? at : start;
}

/** Whether what follows a label on its line is, from the next cell on, only other labels ("Name	Status", "Trade Name	Legal Status"), not "From	15/07/2020". */
function nextCellIsLabel(after: string): boolean {
  const tab = after.indexOf('\t');
  if (tab < 0 || afterLabel(after.slice(0, tab)) !== '') return false;
  const cells = after
    .slice(tab + 1)
    .split('\t')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  // The next box's label stands beside this one ("Port of Discharge:	Place of Delivery:", "Shipper	Booking No.").
  if (cells.length > 0 && isBoxLabel(cells[0])) return true;
  // A colon after the label says its value follows ("Company Status:	Registered").
  if (after.slice(0, tab).includes(':')) return false;
  return cells.length > 0 && cells.every((c) => !/\d/.test(c) && isLabelText(c));
}

/** The first date after any label of the first group that has one, then the next group, and so on. */
export function dateAfter(d: DocText, groups: readonly (readonly string[])[], opts: { lookahead?: number; from?: number; to?: number; layoutOnly?: boolean; notAfter?: RegExp } = {}): string | null {
  for (const labels of groups) {
    const hit = findLabelledIn(d, labels, (t) => findDates(t, d.order)[0]?.iso ?? null, opts);
    if (hit) return hit.value;
  }
  return null;
}

/** Both dates of a "valid from … to …" style label, or the single one. */
export function datesAfter(d: DocText, labels: readonly string[], opts: { lookahead?: number } = {}): string[] {
  const hit = findLabelledIn(
    d,
    labels,
    (t) => {
      const ds = findDates(t, d.order);
      return ds.length ? ds.map((x) => x.iso) : null;
    },
    opts,
  );
  return hit?.value ?? [];
}

/**
 * The right-most amount on the first line carrying a label of the first group that has one. Lines that also
 * carry a label of `reject` are skipped ("Net total" is not the "Total").
 */
export function amountAfter(
  d: DocText,
  groups: readonly (readonly string[])[],
  opts: { reject?: readonly string[]; lookahead?: number; from?: number; byLabel?: boolean; under?: boolean } = {},
): FoundAmount | null {
  for (const group of groups) {
    // Within a group, either the earliest label in the list wins (byLabel) or the earliest line.
    const passes = opts.byLabel ? group.map((l) => [l]) : [group];
    for (const labels of passes) {
      const found = amountOnLabelLine(d, labels, opts);
      if (found) return found;
    }
  }
  return null;
}

function amountOnLabelLine(d: DocText, labels: readonly string[], opts: { reject?: readonly string[]; lookahead?: number; from?: number; under?: boolean }): FoundAmount | null {
  const present = labelsIn(d.lines, labels);
  if (present.length === 0) return null;
  const reject = opts.reject ? labelsIn(d.lines, opts.reject) : null;
  const from = opts.from ?? 0;
  for (const i of linesMaybeLabelled(d.lines, present)) {
    if (i < from) continue;
    const line = d.lines[i];
    const hit = matchLabel(line, present);
    if (!hit) continue;
    if (reject && matchLabel(line, reject)) continue;
    const own = lastAmount(line.text.slice(hit.end), d.style);
    if (own) return own;
    // Where the words' positions are known and no amount stands under the label, the next line of
    // text runs across other columns (an account number beside an empty "Sub Total"): no value.
    const layout = d.layout ?? [];
    const row = layout.length ? rowOfLine(layout, d.lines, i) : null;
    if (row) {
      const page = layout.find((p) => p.page === line.page) as PageLayout;
      const below = valueBelow(page, row, [hit.label], (t) => lastAmount(t, d.style), { unit: currencyOnly });
      if (below.kind !== 'value') continue;
      // "Total" over "GBP", the amount beside the currency: the label's second line and its value.
      if (below.viaUnit) return { ...below.value, currency: below.value.currency ?? currencyIn(page.rows[below.row].text) };
      // `under`: a single value, the amount its label's column holds below it, whatever words follow it in its cell
      // ("Suma gwarancyjna" over "1 000 000,00 PLN na jedno i wszystkie zdarzenia").
      if (opts.under) return { ...below.value, currency: below.value.currency ?? currencyIn(page.rows[below.row].text) };
    }
    // A column header ("… Nettobetrag MwSt-Betrag Endbetrag") over rows of numbers: the last row is the total.
    let found: FoundAmount | null = null;
    for (let k = 1; k <= (opts.lookahead ?? 1) + (found ? 3 : 0) && i + k < d.lines.length; k++) {
      const next = d.lines[i + k].text;
      const all = findAmounts(next, d.style);
      if (all.length >= 1 && next.replace(/[\d.,\s€$£%A-Z-]/g, '').length <= 3) found = all[all.length - 1];
      else break;
    }
    if (found) return found;
  }
  return null;
}

/** The first text value after a label of the first group that has one, accepted by `parse`. */
export function valueAfter<T>(
  d: DocText,
  groups: readonly (readonly string[])[],
  parse: (t: string) => T | null,
  opts: { lookahead?: number; from?: number; to?: number; maxStart?: number; layoutOnly?: boolean } = {},
): T | null {
  for (const labels of groups) {
    const hit = findLabelledIn(d, labels, parse, opts);
    if (hit) return hit.value;
  }
  return null;
}

/**
 * A reference that is all of its cell and looks like one: letters with at least three digits, or five
 * digits or more ("QWX0048261937", "KLM48302"); for values found by position rather than by a label.
 */
export function standaloneReference(t: string): string | null {
  const v = parseReference(t);
  if (!v || v !== t.trim()) return null;
  return (/\p{L}/u.test(v) ? /\d{3}/.test(v) : /^\d{5,}$/.test(v.replace(/[-\/._]/g, ''))) ? v : null;
}

/** A reference number: the first token holding a digit, letters, digits and - / . _ allowed. */
export function parseReference(t: string): string | null {
  // Latin, Greek or Cyrillic letters ("INV-12", "ΤΠ-3381", "СФ-17").
  const m = /^([A-Za-z0-9\p{Script=Greek}\p{Script=Cyrillic}][A-Za-z0-9\p{Script=Greek}\p{Script=Cyrillic}\-\/._]*)/u.exec(t.trim());
  // The item number of a form's next row ("2. Name of policy holder") is no reference.
  if (!m || /^\d{1,2}[.)]\s+\p{L}/u.test(t.trim())) return null;
  const v = m[1].replace(/[._\-\/]+$/, '');
  if (!/\d/.test(v) || v.length > 40) return null;
  // A date or an amount is not a reference.
  if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(v) || /^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  return v;
}

/** A short free-text value (a vessel, a port, an issuer): the rest of the line, trimmed, without trailing punctuation. */
export function parsePhrase(t: string): string | null {
  const v = t
    .split(/\s{2,}|\t|\s+[|●•·]\s+/)[0]
    .replace(/[;,.]+$/, '')
    .trim();
  if (v.length < 2 || v.length > 80 || !/\p{L}/u.test(v)) return null;
  return v;
}
