// What stands between an invoice's net total plus tax and the figure it asks for: discounts, shipping and
// other charges, deposits and payments already made, a previous balance carried over, rounding. Pure.
import { cents, findAmounts, type DecimalStyle } from '../extract/amounts.ts';
import { fold } from '../extract/text.ts';

export interface Adjustment {
  /** The row as written. */
  row: string;
  /** Cents, always positive; null when the row names an adjustment but no amount could be read on it. */
  cents: number | null;
  /** +1 adds to the total (a charge), -1 takes away (a discount, a payment), 0 either (rounding). */
  sign: 1 | -1 | 0;
  /** Whether it changes what tax is charged on (a discount, a charge), or only what is left to pay (a payment, a balance carried over). */
  taxable: boolean;
}

const LESS =
  /\b(discount|rabatt|nachlass|remise|skonto|sconto|descuento|korting|allowance|abschlag|deposit|anzahlung|acompte|advance|prepayment|prepaid|amount paid|paid|payments? received|credit applied|bezahlt|deja paye|paye|pagado|pagato|betaald|voorschot|less)\b/;
const MORE =
  /\b(shipping|freight|fracht|versand|versandkosten|delivery|carriage|postage|porto|frais de port|port|envio|spedizione|trasporto|verzendkosten|handling|surcharge|zuschlag|charges?|fees?|insurance|previous balance|unpaid balance|balance forward|brought forward|arrears)\b/;
/** Adjustments to what is left to pay, after tax: payments made and balances carried over. */
const PAYMENT =
  /\b(deposit|anzahlung|acompte|advance|prepayment|prepaid|paid|payments? received|credit applied|bezahlt|deja paye|paye|pagado|pagato|betaald|voorschot|previous balance|unpaid balance|balance forward|brought forward|arrears)\b/;
const ROUNDING = /\b(rounding|round off|rundung|arrondi|arrotondamento|redondeo|afronding)\b/;
/** A total row that names an adjustment it already includes ("Total after discount", "Total incl. shipping"). */
const TOTAL_AFTER = /\b(total|summe|gesamt|totale|totaal|subtotal|amount due|balance due)\b.*\b(after|nach|apres|dopo|despues|incl|including|inkl|inc)\b/;

/**
 * The adjustment rows of an invoice's text, with their amounts. A row of three amounts or more is a line item
 * ("Document fee 3 10.00 30.00"), and a row with no amount only names the thing ("Delivery address"), unless it
 * is a discount given as a percentage, whose amount is then unknown.
 */
export function adjustmentsIn(rows: readonly string[], style: DecimalStyle): Adjustment[] {
  const out: Adjustment[] = [];
  for (const row of rows) {
    const f = fold(row);
    const rounding = ROUNDING.exec(f);
    const less = LESS.exec(f);
    const more = MORE.exec(f);
    const label = rounding ?? less ?? more;
    if (!label || TOTAL_AFTER.test(f)) continue;
    const rest = row.slice(label.index + label[0].length);
    const amounts = findAmounts(rest, style);
    if (amounts.length >= 3) continue;
    // Money has cents or a currency; "Delivery address: 12 Harbour Road" has neither.
    const a = amounts.filter((x) => x.currency || /[.,]\d{2}(?!\d)/.test(rest.slice(x.index, x.index + x.length))).pop();
    if (!a && !(less && /\d\s?%/.test(row))) continue;
    const taxable = !rounding && !PAYMENT.test(f);
    out.push({ row, cents: a ? Math.abs(cents(a.value)) : null, sign: rounding ? 0 : less ? -1 : 1, taxable });
  }
  return out;
}

/** More adjustments than this and their combinations are not worth trying: the invoice is not understood. */
const MAX_ADJUSTMENTS = 8;

/**
 * Every sum, in cents, that some of the adjustments can make (0 included), or null when one of them could not
 * be read or there are too many: then the difference between net + tax and the total is not explained away,
 * nor is it a finding.
 */
export function adjustmentSums(adjustments: readonly Adjustment[]): number[] | null {
  if (adjustments.length > MAX_ADJUSTMENTS || adjustments.some((a) => a.cents === null)) return null;
  let sums = [0];
  for (const a of adjustments) {
    const c = a.cents!;
    const next = new Set(sums);
    for (const s of sums) {
      if (a.sign >= 0) next.add(s + c);
      if (a.sign <= 0) next.add(s - c);
    }
    sums = [...next];
  }
  return sums;
}
