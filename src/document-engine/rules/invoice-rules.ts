// Invoice arithmetic (lines, subtotal, tax, total) and the invoice and contract against the case's
// transaction: amount within a tolerance, currency, date, counterparty, and the client on the right side.
import { cents, decimalStyle, findAmounts, type DecimalStyle } from '../extract/amounts.ts';
import type { ContractFields, InvoiceFields, LineItem } from '../extract/fields.ts';
import { compareNames, describeComparison, locateCompanyName } from '../../lib/names.ts';
import { adjustmentsIn, adjustmentSums } from './invoice-adjustments.ts';
import { finding } from './catalogue.ts';
import type { Finding } from '../document-model.ts';
import type { ContentRuleContext, RuleContext } from './case-facts.ts';
import { nameFinding } from './party-rules.ts';

/** Relative tolerance between the invoice and the transaction amount (fees, rounding, FX on small amounts). */
export const AMOUNT_TOLERANCE = 0.01;
const ROUNDING_CENTS = 2;

function money(v: string, currency: string | null): string {
  return `${v}${currency ? ` ${currency}` : ''}`;
}

/** Percentages written on a row ("10%", "5,5 %"): a discount, or a tax rate that changes nothing. */
function percentages(row: string): number[] {
  return [...row.matchAll(/(\d+(?:[.,]\d+)?)\s?%/g)].map((m) => Number(m[1].replace(',', '.')));
}

/** quantity × unit price, in cents, without rounding the unit price (prices may have four decimals). */
function lineCents(quantity: number, unitPrice: string): number {
  return Math.round(Number(unitPrice) * quantity * 100);
}

/** Whether a line adds up: quantity × price, or that less a discount written on the line ("10%"). */
function lineAddsUp(l: LineItem, discounts: number[]): boolean {
  const amount = cents(l.amount!);
  const gross = lineCents(l.quantity!, l.unit_price!);
  const tolerance = Math.max(ROUNDING_CENTS, Math.abs(amount) * 0.001);
  return [0, ...discounts].some((p) => Math.abs(Math.round(gross * (1 - p / 100)) - amount) <= tolerance);
}

export function arithmeticRules(f: InvoiceFields, file: string, text: string): Finding[] {
  const out: Finding[] = [];
  // The XML of an e-invoice is checked by its own standard, and its lines carry allowances and price bases
  // that are not modelled here: only its totals are compared.
  const fromText = f.source === 'text';
  const lines = f.lines.filter((l) => l.amount !== null);
  const withPrice = lines.filter((l) => l.quantity !== null && l.unit_price !== null);
  const rows = text.split('\n');
  // Each row without its percentages, made once when the first line item looks for its row.
  let bareRows: string[] | null = null;
  const bare = () => (bareRows ??= rows.map((t) => t.replace(/\d+(?:[.,]\d+)?\s?%/g, ' ').replace(/\s+/g, ' ')));
  const discountsOf = (l: LineItem) => {
    const i = bare().findIndex((t) => t.includes(l.description.slice(0, 15)));
    return percentages(i >= 0 ? rows[i] : '');
  };
  const consistent = withPrice.filter((l) => lineAddsUp(l, discountsOf(l)));
  // Only a table whose rows mostly add up is read well enough to call one row wrong.
  const tableUnderstood = fromText && consistent.length >= 1 && consistent.length * 2 >= withPrice.length;
  if (tableUnderstood) {
    for (const l of withPrice) {
      if (consistent.includes(l) || !Number.isInteger(l.quantity)) continue;
      out.push(
        finding(
          'invoice_line_amount_mismatch',
          `In "${file}", the line "${l.description}" has ${l.quantity} × ${l.unit_price} = ${(lineCents(l.quantity!, l.unit_price!) / 100).toFixed(2)}, but its amount is ${l.amount}.`,
        ),
      );
    }
  }
  // Arabic too: a discount (خصم), a deposit or advance paid (عربون, دفعة مقدمة), shipping (شحن).
  const adjustments = /(discount|rabatt|remise|skonto|allowance|charge|zuschlag|abschlag|freight|fracht|shipping|versand|port|deposit|anzahlung|acompte|خصم|عربون|دفعة مقدمة|شحن)/i.test(text);
  // Every priced row must add up before their sum is compared with the net total (a misread row would make the sum wrong).
  if (f.net_total && lines.length >= 1 && tableUnderstood && consistent.length === withPrice.length && !adjustments) {
    const sum = lines.reduce((s, l) => s + cents(l.amount!), 0);
    if (Math.abs(sum - cents(f.net_total)) > ROUNDING_CENTS) {
      out.push(
        finding('invoice_subtotal_mismatch', `In "${file}", the ${lines.length} line${lines.length === 1 ? '' : 's'} add up to ${(sum / 100).toFixed(2)}, but the net total is ${f.net_total}.`),
      );
    }
  }
  // No net total printed ("200 x pump at 63.54 = 12,708.00", then the VAT and the total): the lines' sum is the
  // net the tax is computed on, when every line adds up and nothing is deducted or added after them.
  const linesNet =
    !f.net_total && lines.length >= 1 && lines.length === withPrice.length && tableUnderstood && consistent.length === withPrice.length && !adjustments
      ? (lines.reduce((s, l) => s + cents(l.amount!), 0) / 100).toFixed(2)
      : null;
  out.push(...taxRule(linesNet ? { ...f, net_total: linesNet } : f, file, rows, text));
  if (f.net_total && f.tax_total && f.grand_total) {
    const [net, tax, gross] = [cents(f.net_total), cents(f.tax_total), cents(f.grand_total)].map(Math.abs);
    const expected = net + tax;
    const style = decimalStyle(text);
    // In text, a total that does not add up is only wrong if no other amount of the document would make it add up
    // (then the net or the tax was misread, not miswritten), and no discount, charge or payment written on it explains it.
    const explained = () => {
      if (!fromText) return false;
      if (!plausibleTotals(net, tax, gross) || ![f.net_total!, f.tax_total!, f.grand_total!].every((v) => writtenWhole(v, rows, style))) return true;
      const written = new Set(rows.flatMap((r) => findAmounts(r, style).map((a) => Math.abs(cents(a.value)))));
      if (written.has(gross - net) || written.has(gross - tax)) return true;
      const sums = adjustmentSums(adjustmentsIn(rows, style));
      return sums === null || sums.some((s) => Math.abs(expected + s - gross) <= ROUNDING_CENTS);
    };
    if (Math.abs(expected - gross) > ROUNDING_CENTS && !explained()) {
      out.push(finding('invoice_total_mismatch', `In "${file}", net ${f.net_total} + tax ${f.tax_total} = ${(expected / 100).toFixed(2)}, but the total is ${f.grand_total}.`));
    }
  }
  return out;
}

/**
 * Whether a figure is written on the page as money ("16,250.00", "275", "1234,50"), not only as a long bare run
 * of digits whose separators were lost in reading ("1972800"): only such figures are compared.
 */
export function writtenWhole(value: string, rows: readonly string[], style: DecimalStyle): boolean {
  const want = Math.abs(cents(value));
  let bare = false;
  for (const r of rows) {
    for (const a of findAmounts(r, style)) {
      if (Math.abs(cents(a.value)) !== want) continue;
      const raw = r.slice(a.index, a.index + a.length);
      if (a.decimals > 0 || /\d[.,'’\u202f ]\d/.test(raw) || (raw.match(/\d/g) ?? []).length < 5) return true;
      bare = true;
    }
  }
  // A figure written nowhere is a sum of rows (the tax of each rate): nothing says it was misread.
  return !bare;
}

/**
 * Whether net, tax and total read from text have the magnitudes of one invoice: the tax below the net (no
 * rate reaches 100 %) and the total within a factor of two of net + tax. Otherwise one of them is not an amount
 * of these totals (an identifier, a figure whose separators were lost) and comparing them says nothing.
 */
export function plausibleTotals(net: number, tax: number, gross: number): boolean {
  if (net <= 0 || gross <= 0) return false;
  if (tax >= net) return false;
  return gross * 2 >= net + tax && gross <= (net + tax) * 2;
}

const TAX_RATE = /\b(?:vat|tax|ust|mwst|umsatzsteuer|tva|iva|b\.?t\.?w|gst|moms|mva|alv|dph|kdv)\b[^\d\n%]{0,25}?(\d{1,2}(?:[.,]\d{1,2})?)\s?%/gi;

/** With one tax rate written on the tax rows, the tax must be the net total at that rate (unless a misreading explains it). */
function taxRule(f: InvoiceFields, file: string, rows: string[], text: string): Finding[] {
  if (f.source !== 'text' || !f.net_total || !f.tax_total) return [];
  // The rate written right after a tax word ("VAT 20%", "USt. 19 %", "TVA collectée (vente) 20,0%"), not a discount elsewhere on the row.
  const rates = new Set(rows.flatMap((r) => [...r.matchAll(TAX_RATE)].map((m) => Number(m[1].replace(',', '.')))).filter((p) => p > 0 && p < 50));
  if (rates.size !== 1) return [];
  const rate = [...rates][0];
  const net = Math.abs(cents(f.net_total));
  const tax = Math.abs(cents(f.tax_total));
  if (tax >= net) return [];
  const expected = Math.round((net * rate) / 100);
  // Rounding per line moves the tax by a cent or so per line, never by a share of it.
  const close = (e: number) => Math.abs(e - tax) <= Math.max(5, f.lines.length + 1, e * 0.0001);
  if (close(expected)) return [];
  const style = decimalStyle(text);
  // A discount or a charge after the net total changes the base the tax is computed on.
  const sums = adjustmentSums(adjustmentsIn(rows, style).filter((a) => a.taxable));
  if (sums === null || sums.some((s) => close(Math.round(((net + s) * rate) / 100)))) return [];
  if (!writtenWhole(f.net_total, rows, style) || !writtenWhole(f.tax_total, rows, style)) return [];
  const written = new Set(rows.flatMap((r) => findAmounts(r, style).map((a) => Math.abs(cents(a.value)))));
  if ([...written].some((w) => Math.abs(w - expected) <= ROUNDING_CENTS)) return [];
  return [finding('invoice_tax_mismatch', `In "${file}", ${rate}% of the net total ${f.net_total} is ${(expected / 100).toFixed(2)}, but the tax is ${f.tax_total}.`)];
}

/** Which side of the invoice the client should be on: from the transaction direction, else from the requested type. */
function expectedClientSide(ctx: ContentRuleContext): 'seller' | 'buyer' | null {
  const dir = ctx.case.transaction?.direction;
  if (dir === 'incoming') return 'seller';
  if (dir === 'outgoing') return 'buyer';
  return ctx.requestedClientRole;
}

function sideOf(f: InvoiceFields, company: string): 'seller' | 'buyer' | null {
  const s = f.seller.name ? compareNames(f.seller.name, company) : null;
  const b = f.buyer.name ? compareNames(f.buyer.name, company) : null;
  const sOk = s && s.outcome !== 'mismatch';
  const bOk = b && b.outcome !== 'mismatch';
  if (sOk && !bOk) return 'seller';
  if (bOk && !sOk) return 'buyer';
  if (sOk && bOk) return s!.score >= b!.score ? 'seller' : 'buyer';
  return null;
}

export function transactionRules(f: InvoiceFields, ctx: ContentRuleContext): Finding[] {
  const out: Finding[] = [];
  const file = ctx.task.file_name;
  const company = ctx.task.company_full_name;
  const trx = ctx.case.transaction;
  const expected = expectedClientSide(ctx);
  const side = company ? sideOf(f, company) : null;
  if (expected && side && side !== expected) {
    const why = trx?.direction ? `an ${trx.direction} payment` : `a request for ${ctx.task.requested_type}`;
    out.push(finding('invoice_client_wrong_side', `In "${file}" "${company}" is the ${side} ("${side === 'seller' ? f.seller.name : f.buyer.name}"), but for ${why} it should be the ${expected}.`));
  }
  if (!trx) return out;
  if (trx.amount) {
    const want = cents(trx.amount);
    const candidates = [f.grand_total, f.amount_due].filter((v): v is string => v !== null);
    if (candidates.length && !candidates.some((v) => Math.abs(Math.abs(cents(v)) - want) <= Math.max(ROUNDING_CENTS, want * AMOUNT_TOLERANCE))) {
      out.push(
        finding('invoice_amount_mismatch', `"${file}" totals ${money(candidates[0], f.currency)}; the transaction is ${money(trx.amount, trx.currency)} (tolerance ${AMOUNT_TOLERANCE * 100}%).`),
      );
    }
  }
  if (trx.currency && f.currency && f.currency !== trx.currency) {
    out.push(finding('invoice_currency_mismatch', `"${file}" is in ${f.currency}; the transaction is in ${trx.currency}.`));
  }
  if (trx.date && f.issue_date && f.issue_date > trx.date) {
    out.push(finding('invoice_date_after_transaction', `"${file}" is dated ${f.issue_date}, after the transaction of ${trx.date}.`));
  }
  if (trx.counterparty) {
    const other = (side ?? expected) === 'buyer' ? f.seller : (side ?? expected) === 'seller' ? f.buyer : null;
    const name = other?.name;
    if (name) out.push(...nameFinding('invoice_counterparty_mismatch', `Other party of "${file}" vs the transaction counterparty:`, name, trx.counterparty, compareNames(name, trx.counterparty)));
  }
  return out;
}

export function contractCounterpartyRule(f: ContractFields, ctx: RuleContext, text: string): Finding[] {
  const counterparty = ctx.case.transaction?.counterparty;
  if (!counterparty) return [];
  const names = f.parties.map((p) => p.name).filter((n): n is string => !!n);
  const comparisons = names.map((n) => ({ n, c: compareNames(n, counterparty) })).sort((a, b) => b.c.score - a.c.score);
  if (comparisons.some((x) => x.c.outcome === 'exact')) return [];
  if (comparisons[0]?.c.outcome === 'close')
    return nameFinding('contract_counterparty_not_party', `Closest party of "${ctx.task.file_name}" vs the transaction counterparty:`, comparisons[0].n, counterparty, comparisons[0].c);
  if (locateCompanyName(text, counterparty).match === 'exact') return [];
  const closest = comparisons[0] ? ` (closest ${describeComparison(comparisons[0].n, counterparty, comparisons[0].c)})` : '';
  return [finding('contract_counterparty_not_party', `The transaction counterparty "${counterparty}" is not a party to the contract "${ctx.task.file_name}"${closest}.`)];
}
