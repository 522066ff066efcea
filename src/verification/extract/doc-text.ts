// What every extractor needs about a document's text, computed once: clean lines, how it writes
// dates and decimals, and label lookups that return dates and amounts.
import type { ReadDocument } from '../document-model.ts';
import { decimalStyle, findAmounts, lastAmount, type DecimalStyle, type FoundAmount } from './amounts.ts';
import { findDates, slashOrder, type SlashOrder } from './dates.ts';
import { findLabelled, labelsIn, matchLabel, toLines, type TextLine } from './text.ts';

export interface DocText {
  lines: TextLine[];
  text: string;
  order: SlashOrder;
  style: DecimalStyle;
}

export function docText(doc: Pick<ReadDocument, 'pages' | 'language'>): DocText {
  const lines = toLines(doc.pages);
  const text = lines.map((l) => l.text).join('\n');
  return { lines, text, order: slashOrder(text), style: decimalStyle(text) };
}

/** The first date after any label of the first group that has one, then the next group, and so on. */
export function dateAfter(d: DocText, groups: readonly (readonly string[])[], opts: { lookahead?: number; from?: number; to?: number } = {}): string | null {
  for (const labels of groups) {
    const hit = findLabelled(d.lines, labels, (t) => findDates(t, d.order)[0]?.iso ?? null, opts);
    if (hit) return hit.value;
  }
  return null;
}

/** Both dates of a "valid from … to …" style label, or the single one. */
export function datesAfter(d: DocText, labels: readonly string[], opts: { lookahead?: number } = {}): string[] {
  const hit = findLabelled(d.lines, labels, (t) => {
    const ds = findDates(t, d.order);
    return ds.length ? ds.map((x) => x.iso) : null;
  }, opts);
  return hit?.value ?? [];
}

/**
 * The right-most amount on the first line carrying a label of the first group that has one. Lines that also
 * carry a label of `reject` are skipped ("Net total" is not the "Total").
 */
export function amountAfter(
  d: DocText,
  groups: readonly (readonly string[])[],
  opts: { reject?: readonly string[]; lookahead?: number; from?: number; byLabel?: boolean } = {},
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

function amountOnLabelLine(d: DocText, labels: readonly string[], opts: { reject?: readonly string[]; lookahead?: number; from?: number }): FoundAmount | null {
  const present = labelsIn(d.lines, labels);
  if (present.length === 0) return null;
  const reject = opts.reject ? labelsIn(d.lines, opts.reject) : null;
  for (let i = opts.from ?? 0; i < d.lines.length; i++) {
    const line = d.lines[i];
    const hit = matchLabel(line, present);
    if (!hit) continue;
    if (reject && matchLabel(line, reject)) continue;
    const own = lastAmount(line.text.slice(hit.end), d.style);
    if (own) return own;
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
  opts: { lookahead?: number; from?: number; to?: number; maxStart?: number } = {},
): T | null {
  for (const labels of groups) {
    const hit = findLabelled(d.lines, labels, parse, opts);
    if (hit) return hit.value;
  }
  return null;
}

/** A reference number: the first token holding a digit, letters, digits and - / . _ allowed. */
export function parseReference(t: string): string | null {
  const m = /^([A-Za-z0-9][A-Za-z0-9\-\/._]*)/.exec(t.trim());
  if (!m) return null;
  const v = m[1].replace(/[._\-\/]+$/, '');
  if (!/\d/.test(v) || v.length > 40) return null;
  // A date or an amount is not a reference.
  if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(v) || /^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  return v;
}

/** A short free-text value (a vessel, a port, an issuer): the rest of the line, trimmed, without trailing punctuation. */
export function parsePhrase(t: string): string | null {
  const v = t.split(/\s{2,}|\t|\s+[|●•·]\s+/)[0].replace(/[;,.]+$/, '').trim();
  if (v.length < 2 || v.length > 80 || !/\p{L}/u.test(v)) return null;
  return v;
}
