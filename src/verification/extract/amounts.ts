// Money as documents write it ("1.234,56 €", "EUR 1,234.56", "1 234,56", "-8,79", "(120.00)") and the
// currency it is in. Amounts are kept as exact decimal strings ("1234.56") and compared in cents.
import { fold } from './text.ts';

export type DecimalStyle = 'dot' | 'comma';

export interface FoundAmount {
  /** Decimal string with a dot and no grouping, e.g. "-1234.56". */
  value: string;
  index: number;
  length: number;
  currency: string | null;
}

const SYMBOLS: [RegExp, string][] = [
  [/€|\beur\b|\beuro?s?\b/i, 'EUR'],
  [/£|\bgbp\b/i, 'GBP'],
  [/\busd\b|us\$|\$/i, 'USD'],
  [/\bchf\b|\bsfr\b/i, 'CHF'],
  [/\bpln\b|zł|\bzl\b/i, 'PLN'],
  [/¥|\bjpy\b/i, 'JPY'],
  [/₹|\binr\b/i, 'INR'],
];

/** ISO 4217 codes that appear on business documents often enough to be recognised without a label. */
export const CURRENCY_CODES = new Set(
  'EUR USD GBP CHF PLN CZK HUF SEK NOK DKK RON BGN HRK ISK TRY RUB UAH JPY CNY HKD SGD AUD NZD CAD MXN BRL ZAR AED SAR QAR INR KRW THB MYR IDR PHP ILS EGP NGN KES MAD DEM FRF'.split(
    ' ',
  ),
);

/** Which character a document uses for decimals, from amounts with two decimals. */
export function decimalStyle(text: string): DecimalStyle {
  const comma = (text.match(/\d,\d{2}(?![\d])/g) ?? []).length;
  const dot = (text.match(/\d\.\d{2}(?![\d])/g) ?? []).length;
  return comma > dot ? 'comma' : 'dot';
}

/** Turns "1.234,56" / "1,234.56" / "1 234,56" / "1234" into "1234.56"-style decimal strings. */
export function normalizeAmount(raw: string, style: DecimalStyle = 'dot'): string | null {
  let s = raw.trim().replace(/[\s'’\u202f]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-') || s.startsWith('−')) {
    negative = true;
    s = s.slice(1);
  } else if (s.endsWith('-')) {
    negative = true;
    s = s.slice(0, -1);
  }
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let intPart: string;
  let frac = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const dec = Math.max(lastDot, lastComma);
    intPart = s.slice(0, dec).replace(/[.,]/g, '');
    frac = s.slice(dec + 1);
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const parts = s.split(sep);
    const last = parts[parts.length - 1];
    // "1,234" or "1.234" is a thousands group unless the document writes decimals that way.
    const grouping = parts.length > 2 || (last.length === 3 && (sep === ',' ? style === 'dot' : style === 'comma'));
    if (grouping) {
      if (!parts.slice(1).every((p) => p.length === 3)) return null;
      intPart = parts.join('');
    } else {
      if (parts.length > 2) return null;
      intPart = parts[0];
      frac = last;
    }
  } else intPart = s;
  if (intPart === '' || frac.length > 4) return null;
  intPart = intPart.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  const out = frac ? `${intPart}.${frac}` : intPart;
  return negative && out !== '0' ? `-${out}` : out;
}

/** Cents of a decimal string, as a number (amounts stay far below 2^53 cents). */
export function cents(value: string): number {
  return Math.round(Number(value) * 100);
}

export function formatAmount(value: number): string {
  return normalizeAmount((Math.round(value * 100) / 100).toFixed(2)) ?? '0';
}

const AMOUNT_RE = /(?<![\p{L}\d.,\/-])(\(?[-−]?\s?(?:\d{1,3}(?:[.,'’\u202f ]\d{3})+|\d+)(?:[.,]\d{1,4})?\)?-?)(?![\d\p{L}]|[.,]\d|\/\d)/gu;

function currencyNear(text: string, start: number, end: number): string | null {
  const before = text.slice(Math.max(0, start - 5), start);
  const after = text.slice(end, end + 5);
  for (const [re, code] of SYMBOLS) if (re.test(after) || re.test(before)) return code;
  const codeAfter = /^\s?([A-Z]{3})\b/.exec(after);
  if (codeAfter && CURRENCY_CODES.has(codeAfter[1])) return codeAfter[1];
  const codeBefore = /\b([A-Z]{3})\s?$/.exec(before);
  if (codeBefore && CURRENCY_CODES.has(codeBefore[1])) return codeBefore[1];
  return null;
}

/** Every amount-looking number in a line, with a currency when one is written next to it. Dates and percentages are skipped. */
export function findAmounts(text: string, style: DecimalStyle = 'dot'): FoundAmount[] {
  const out: FoundAmount[] = [];
  for (const m of text.matchAll(AMOUNT_RE)) {
    const raw = m[1].trim();
    const end = m.index + m[0].length;
    if (/^\s*%/.test(text.slice(end))) continue;
    const value = normalizeAmount(raw, style);
    if (value === null) continue;
    out.push({ value, index: m.index, length: m[0].length, currency: currencyNear(text, m.index, end) });
  }
  return out;
}

/** The last amount of a line (totals are written at the right), or null. */
export function lastAmount(text: string, style: DecimalStyle = 'dot'): FoundAmount | null {
  const all = findAmounts(text, style);
  return all.length ? all[all.length - 1] : null;
}

/** A currency code named or symbolised in a short piece of text ("EUR", "€", "in GBP"). */
export function currencyIn(text: string): string | null {
  const code = /\b([A-Z]{3})\b/.exec(text);
  if (code && CURRENCY_CODES.has(code[1])) return code[1];
  for (const [re, c] of SYMBOLS) if (re.test(text)) return c;
  return null;
}

/** The currency most amounts of a text are written in, or null. */
export function dominantCurrency(text: string): string | null {
  const counts = new Map<string, number>();
  const f = fold(text);
  for (const m of text.matchAll(/\b([A-Z]{3})\b/g)) if (CURRENCY_CODES.has(m[1])) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  for (const [re, code] of SYMBOLS) {
    const n = (f.match(new RegExp(re.source, 'gi')) ?? []).length;
    if (n) counts.set(code, (counts.get(code) ?? 0) + n);
  }
  let best: string | null = null;
  let bestN = 0;
  for (const [code, n] of counts) if (n > bestN) [best, bestN] = [code, n];
  return best;
}
