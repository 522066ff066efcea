// Where an invoice has no line a total label names, the grand total as its layout still gives it:
// the single row of a table under an amount column ("Invoice Number | Date | Charges" over one row of
// values), or the last row of the totals block under a bare "amount" word ("VALOR 110,00 €",
// "Importe 56,00"). Both are last resorts, taken only when no line names a total (the table's row
// only when no net or tax is named either): a value that might be a line's amount is worse than none.
import { cents, findAmounts, lastAmount, totalLike, type FoundAmount } from './amounts.ts';
import type { DocText } from './doc-text.ts';
import { cellsOf, moreBelow, rowOfLine, valueBelow, type PageLayout } from './layout.ts';
import { fold, labelsIn, linesMaybeLabelled, matchLabel } from './text.ts';

/** Headers of the column of a table that holds what is charged. */
export const AMOUNT_COLUMN_LABELS = [
  'amount due',
  'total due',
  'balance due',
  'total amount',
  'amount',
  'charges',
  'charge',
  'total',
  'betrag',
  'montant',
  'importe',
  'importo',
  'bedrag',
  'valor',
  'kwota',
  'castka',
  'belopp',
];
/** Words that, alone in the first cell of the last amount row of a page, name its total. */
export const AMOUNT_ROW_WORDS = ['valor', 'importe', 'importo', 'montant', 'betrag', 'bedrag', 'amount', 'kwota', 'castka', 'belopp'];

/** Money, not a count: written with cents or a currency, and at most the currency's decimals. */
function money(a: FoundAmount | null): FoundAmount | null {
  return a && totalLike(a, a.currency) && (a.currency !== null || a.decimals === 2) && Number(a.value) > 0 ? a : null;
}

/**
 * The one value under an amount column of a header row (a row of several labels and no amount) when
 * the table has that single row: several rows are line items, whose amounts are not the total.
 */
export function singleRowTableAmount(d: DocText): FoundAmount | null {
  const layout = d.layout ?? [];
  if (layout.length === 0) return null;
  const present = labelsIn(d.lines, AMOUNT_COLUMN_LABELS);
  if (present.length === 0) return null;
  const parse = (t: string) => money(lastAmount(t, d.style));
  let found: FoundAmount | null = null;
  for (const i of linesMaybeLabelled(d.lines, present)) {
    const hit = matchLabel(d.lines[i], present);
    if (!hit || findAmounts(d.lines[i].text, d.style).length > 0) continue;
    const row = rowOfLine(layout, d.lines, i);
    if (!row || cellsOf(row).length < 3) continue;
    const page = layout.find((p) => p.page === d.lines[i].page) as PageLayout;
    const below = valueBelow(page, row, [hit.label], parse);
    if (below.kind !== 'value' || cellsOf(page.rows[below.row]).length < 2) continue;
    if (moreBelow(page, row, [hit.label], below.row, parse)) return null;
    // Two such tables: which one holds the total cannot be told.
    if (found) return null;
    found = below.value;
  }
  return found;
}

/**
 * The last line of the document that carries an amount, when it is a bare amount word and that
 * amount ("VALOR	110,00€") and nothing on the document's totals rows above it is larger.
 */
export function lastAmountRow(d: DocText): FoundAmount | null {
  let last = -1;
  for (let i = d.lines.length - 1; i >= 0 && last < 0; i--) if (findAmounts(d.lines[i].text, d.style).length > 0) last = i;
  if (last < 0 || labelsIn(d.lines, AMOUNT_ROW_WORDS).length === 0) return null;
  const line = d.lines[last];
  const cells = line.text.split(/\t|\s+\|\s+/);
  if (cells.length !== 2 || !AMOUNT_ROW_WORDS.includes(fold(cells[0]).replace(/[\s:.]+$/, ''))) return null;
  const amounts = findAmounts(cells[1], d.style);
  const value = amounts.length === 1 ? money(amounts[0]) : null;
  if (!value || cells[1].replace(/[\d.,\s€$£¥%A-Z-]/g, '') !== '') return null;
  // The rows above it in the same block: a larger amount there is no part of this one.
  for (let k = Math.max(0, last - 6); k < last; k++) {
    if (findAmounts(d.lines[k].text, d.style).some((a) => Number(a.value) > Number(value.value))) return null;
  }
  return value;
}

/**
 * The total under a net amount whose total label OCR misread ("Totasl", "Tom"): of the few lines
 * right under the net's, one amount that is the net plus the amount of a line between them (its tax).
 * The sum is the evidence: no label is needed, and nothing is taken when no line adds up.
 */
export function totalBySum(d: DocText, net: FoundAmount): { gross: FoundAmount; tax: FoundAmount } | null {
  const netCents = cents(net.value);
  if (netCents <= 0) return null;
  const at = d.lines.findIndex((l) => lastAmount(l.text, d.style)?.value === net.value);
  if (at < 0) return null;
  const below: FoundAmount[] = [];
  for (let k = at + 1; k < Math.min(d.lines.length, at + 5); k++) {
    const a = money(lastAmount(d.lines[k].text, d.style));
    if (a) below.push(a);
  }
  for (let j = 0; j < below.length; j++) {
    for (let k = j + 1; k < below.length; k++) {
      if (netCents + cents(below[j].value) === cents(below[k].value)) return { gross: below[k], tax: below[j] };
    }
  }
  return null;
}
