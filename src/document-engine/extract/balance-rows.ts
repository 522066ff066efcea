// A statement's balances printed as a summary row: a row of labels ("Opening Balance | Dr Count | Debits |
// Credits | Closing Bal", "Product | Opening balance | Money out | Money in | Closing balance") over a row
// of the amounts. Read by the label's own cell and the rest of its line, a label there has no amount;
// the next line's last amount is the closing balance, never the opening one. And the labels of both balances.
import type { DocText } from './doc-text.ts';
import { valueBelow } from './layout.ts';
import { fold, matchLabel } from './text.ts';

/** Labels of a statement's opening balance, per language (folded). */
// biome-ignore format: a list of labels reads better packed
export const OPENING_LABELS = [
  'opening balance', 'vorig saldo', 'nyito egyenleg', 'balance brought forward', 'previous balance', 'alter kontostand', 'anfangssaldo',
  'solde initial', 'ancien solde', 'saldo inicial', 'saldo iniziale', 'beginsaldo', 'saldo poczatkowe', 'beginning balance', 'starting balance',
  'ingaende saldo', 'inngaende saldo', 'alkusaldo', 'saldo anterior', 'devreden bakiye', 'saldo precedente', 'saldovortrag', 'balance b f',
  'balance bf',
  // Turkish period balances (folded, the dotless ı kept), and the Hong Kong order of "B/F BALANCE".
  'donem bası bakiye', 'donem bası bakiyesi', 'acılıs bakiyesi', 'b f balance', 'bf balance',
  // The Danish "Primosaldo" and an Irish or American "Balance forward".
  'primosaldo', 'saldo primo', 'balance forward',
];
/** Labels of a statement's closing balance, per language (folded). */
// biome-ignore format: a list of labels reads better packed
export const CLOSING_LABELS = [
  'closing balance', 'nieuw saldo', 'zaro egyenleg', 'balance carried forward', 'new balance', 'neuer kontostand', 'endsaldo', 'solde final',
  'nouveau solde', 'saldo final', 'saldo finale', 'eindsaldo', 'saldo koncowe', 'ending balance', 'utgaende saldo', 'loppusaldo', 'saldo atual',
  'saldo actual', 'son bakiye', 'schlusssaldo', 'balance c f', 'balance cf',
  'donem sonu bakiye', 'donem sonu bakiyesi', 'kapanıs bakiyesi', 'c f balance', 'cf balance',
  // The Danish "Ultimosaldo".
  'ultimosaldo', 'saldo ultimo',
];

const words = (cell: string) =>
  fold(cell)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Whether a header cell is one of the labels, or starts with one ("Closing Bal" for "closing bal"). */
function isOneOf(cell: string, labels: readonly string[]): boolean {
  const w = words(cell);
  return labels.some((l) => w === l || w.startsWith(`${l} `));
}

type Balances = { opening: string | null; closing: string | null };

/**
 * The opening and closing balances of a summary row: a row that names both, each balance the amount
 * `money` reads under its label (in its column where the page has word boxes, else in the cell of the
 * same rank on the next line).
 */
export function summaryRowBalances(d: DocText, opening: readonly string[], closing: readonly string[], money: (cell: string) => string | null): Balances {
  for (const page of d.layout ?? []) {
    for (const row of page.rows) {
      const line = { text: row.text, fold: row.fold, page: page.page };
      const o = matchLabel(line, opening);
      const c = matchLabel(line, closing);
      if (!o || !c || o.start === c.start) continue;
      const a = valueBelow(page, row, opening, money);
      const b = valueBelow(page, row, closing, money);
      if (a.kind === 'value' && b.kind === 'value' && a.row === b.row) return { opening: a.value, closing: b.value };
    }
  }
  if (d.layout?.length) return { opening: null, closing: null };
  for (let i = 0; i + 1 < d.lines.length; i++) {
    const heads = d.lines[i].text.split('\t');
    const o = heads.findIndex((h) => isOneOf(h, opening));
    const c = heads.findIndex((h) => isOneOf(h, closing));
    if (heads.length < 3 || o < 0 || c < 0 || o === c) continue;
    const next = d.lines[i + 1];
    const cells = next.text.split('\t');
    if (next.page !== d.lines[i].page || cells.length !== heads.length) continue;
    const [a, b] = [money(cells[o]), money(cells[c])];
    if (a !== null && b !== null) return { opening: a, closing: b };
  }
  return { opening: null, closing: null };
}
