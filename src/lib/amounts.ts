// Amounts written for people: digits grouped by thousands, two decimals at least, the currency
// after. Pure.

/** Digits grouped by thousands with commas ("12708" → "12,708"). */
export const groupDigits = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * An amount for the reader: digits grouped by thousands and at least two decimals ("12,708.00"),
 * followed by its currency when one is given ("12,708.00 GBP"). Worked on the decimal text, so
 * the figure is never rounded; a value that is not a plain number is shown as given.
 */
export function formatAmount(value: unknown, currency?: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const raw = typeof value === 'number' ? (Number.isFinite(value) ? decimalText(value) : '') : typeof value === 'string' ? value.trim() : '';
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(raw);
  const unit = typeof currency === 'string' && currency.trim() ? ` ${currency.trim().toUpperCase()}` : '';
  if (!m) return `${typeof value === 'string' || typeof value === 'number' ? String(value) : '—'}${unit}`;
  const fraction = (m[3] ?? '').padEnd(2, '0');
  return `${m[1]}${groupDigits(m[2]!.replace(/^0+(?=\d)/, ''))}.${fraction}${unit}`;
}

/** A number's decimal digits without exponent notation (1e21 and 1e-7 written out). */
function decimalText(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}
