// Money as documents write it ("1.234,56 €", "EUR 1,234.56", "1 234,56", "5,42,800.00", "-8,79", "(120.00)")
// and the currency it is in. Amounts are kept as exact decimal strings ("1234.56") and compared in cents.
// Identifiers (VAT and registration numbers, account and order numbers) are never amounts.
import { cjkCurrency } from './cjk-country.ts';
import { fold } from './text.ts';

export type DecimalStyle = 'dot' | 'comma';

export interface FoundAmount {
  /** Decimal string with a dot and no grouping, e.g. "-1234.56". */
  value: string;
  index: number;
  length: number;
  currency: string | null;
  /** Digits written after the decimal separator (0 for "1,234"). */
  decimals: number;
}

// A sign glued to the letters of a word is a misread capital ("£xmo." for "Exmo."), not money.
const SYMBOLS: [RegExp, string][] = [
  [/€(?!\p{L})|\beur\b|\beuro?s?\b/iu, 'EUR'],
  [/£(?!\p{L})|\bgbp\b/iu, 'GBP'],
  // The dollars and reals of other countries before the US dollar: "R$", "C$", "A$", "HK$", "S$", "NZ$", "MX$".
  [/\br\$|\bbrl\b/i, 'BRL'],
  // Not "Cad.", the street of a Turkish address (Caddesi).
  [/\bc(?:a)?\$|\bcad\b(?!\.)/i, 'CAD'],
  [/\ba(?:u)?\$|\baud\b/i, 'AUD'],
  [/\bhk\$|\bhkd\b/i, 'HKD'],
  [/\bs\$|\bsgd\b/i, 'SGD'],
  [/\bnz\$|\bnzd\b/i, 'NZD'],
  [/\bmx\$|\bmxn\b/i, 'MXN'],
  [/\busd\b|us\$|(?<![a-z])\$/i, 'USD'],
  [/\bchf\b|\bsfr\b|\bfr\.(?=\s?(?:\d|$))/i, 'CHF'],
  // OCR without the Polish letters reads "zł" after an amount as "zt".
  [/\bpln\b|zł|\bzl\b|(?<=\d\s?)zt(?!\p{L})/iu, 'PLN'],
  [/¥|\bjpy\b/i, 'JPY'],
  [/₹|\binr\b|\brs\.?(?=\s?(?:\d|$))/i, 'INR'],
  [/₺/, 'TRY'],
  // Signs and words of more countries' money, where they stand by an amount or name it: "60 500,00 Kč", "14.280,00 lei", "₦1,245,600.00",
  // "KSh 2,350.00", "R 1 245,60" (the rand's capital R before an amount with cents; "R$" is the real, above).
  [/(?<!\p{L})kč(?!\p{L})|(?<=\d\s?)k[c¢](?!\p{L})/iu, 'CZK'],
  [/(?<=\d\s?)lei(?!\p{L})/iu, 'RON'],
  [/₦|\bnaira\b/iu, 'NGN'],
  [/\bksh\.?(?=\s?\d|\))|\bkenya(?:n)? shillings?\b/iu, 'KES'],
  [/₩|(?<=\d\s?)원/u, 'KRW'],
  // The shekel, baht, dong and forint by their signs and words: "₪ 28,320.00", "Baht only", "₫" (not the word "đồng", which folds to a name's "dong").
  [/₪|\bnis\b(?=\s?\d)|\bshekels?\b/iu, 'ILS'],
  [/฿|\bthb\b|\bbaht\b/iu, 'THB'],
  [/₫|\bvnd\b/iu, 'VND'],
  [/\bforint/iu, 'HUF'],
  // The lev after an amount ("2 880,00 лв."), the rupiah before one ("Rp 27.750.000").
  [/(?<=\d\s?)лв\.?(?!\p{L})|\bbgn\b/iu, 'BGN'],
  [/(?<!\p{L})rp\.?\s?(?=\d)|\bidr\b|\brupiah\b/iu, 'IDR'],
];

/** Signs told apart by their case, looked for in the text as written: "609 600 Ft" is forints, "20 ft" feet. */
const CASED_SYMBOLS: [RegExp, string][] = [
  [/(?<=\d\s?)Ft\.?(?![\p{L}\d])/u, 'HUF'],
  // The Turkish lira's letters after an amount ("29.422,35 TL"), not a word's "tl".
  [/(?<=\d\s?)TL(?![\p{L}\d])/u, 'TRY'],
  [/(?<![\p{L}\d$])R\s?(?=\d{1,3}(?:[ ,.\u202f]\d{3})*[.,]\d{2}(?!\d))/u, 'ZAR'],
];

/** ISO 4217 codes that appear on business documents often enough to be recognised without a label. */
export const CURRENCY_CODES = new Set(
  'EUR USD GBP CHF PLN CZK HUF SEK NOK DKK RON BGN HRK ISK TRY RUB UAH JPY CNY HKD SGD AUD NZD CAD MXN BRL ZAR AED SAR QAR INR KRW THB VND MYR IDR PHP ILS EGP NGN KES MAD CLP ARS COP UYU RSD DEM FRF'.split(
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
      if (!parts.slice(1).every((p) => p.length === 3) && !(sep === ',' && LAKH.test(s))) return null;
      intPart = parts.join('');
    } else {
      if (parts.length > 2) return null;
      intPart = parts[0];
      frac = last;
    }
  } else intPart = s;
  if (intPart === '' || frac.length > 4) return null;
  if (lastDot >= 0 && lastComma >= 0 && !groupsValid(s.slice(0, Math.max(lastDot, lastComma)))) return null;
  intPart = intPart.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  const out = frac ? `${intPart}.${frac}` : intPart;
  return negative && out !== '0' ? `-${out}` : out;
}

/** Indian grouping: lakhs and crores in groups of two above the thousands ("5,42,800", "1,23,45,678"). */
const LAKH = /^\d{1,2}(?:,\d{2})+,\d{3}$/;

/** Whether the integer part of "1,234,567" / "1.234.567" / "5,42,800" is grouped as numbers are written. */
function groupsValid(int: string): boolean {
  if (/^\d+$/.test(int)) return true;
  return /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(int) || LAKH.test(int);
}

/** Cents of a decimal string, as a number (amounts stay far below 2^53 cents). */
export function cents(value: string): number {
  return Math.round(Number(value) * 100);
}

export function formatAmount(value: number): string {
  return normalizeAmount((Math.round(value * 100) / 100).toFixed(2)) ?? '0';
}

/**
 * An amount starts after no letter, digit or separator, or right after a currency code glued to it ("EUR1,234.56"),
 * and ends before a letter unless it is a currency code glued to it ("187,45PLN").
 */
const AMOUNT_RE =
  /(?:(?<![\p{L}\d.,\/-])|(?<=(?<!\p{L})(?:EUR|USD|GBP|CHF|INR|PLN|CZK|SEK|NOK|DKK|HUF|RON|AUD|CAD|NZD|SGD|HKD|JPY|CNY|AED|ZAR|BRL|MXN|Rs\.?)))(\(?[-−]?\s?(?:\d{1,2}(?:,\d{2})+,\d{3}|\d{1,3}(?:[.,'’\u202f ]\d{3})+|\d+)(?:[.,]\d{1,4})?\)?-?)(?!\d|[.,]\d|[\/-]\d|(?!(?:EUR|USD|GBP|CHF|INR|PLN|CZK|SEK|NOK|DKK|HUF|RON|AUD|CAD|NZD|SGD|HKD|JPY|CNY|AED|ZAR|BRL|MXN|UZS|KZT|RUB)(?!\p{L}))\p{L})/gu;

/**
 * What labels an identifier rather than an amount, right before the number ("BTW Nummer: NL 123456789801",
 * "Invoice No. 4711", "ID#: 5554443", "PO Box 1", "Tel +44 20 …"), with an optional country prefix.
 */
const ID_LABEL =
  /(?:(?<![\p{L}])(?:n[°ºo]|nr|num|nummer|numero|número|number|no|id|idnr|ident|reg|regno|registration|code|codice|codigo|código|gstin|ifsc|nit|ein|siren|siret|kvk|cif|nif|iban|swift|bic|tel|telefon|telephone|phone|fax|mobile|po|po box|postfach|bp)|[#№])\s*\.?\s*[:#.]?\s*(?:[A-Z]{2}\s?)?\+?$/iu;

/** A number that is an identifier whatever its label: nine digits or more ungrouped, or a leading zero ("0831231"). */
function identifierShaped(raw: string): boolean {
  const s = raw.replace(/^[(−-]+|[)-]+$/g, '');
  return /^\d{9,}$/.test(s) || /^0\d{3,}$/.test(s);
}

function currencyNear(text: string, start: number, end: number): string | null {
  const before = text.slice(Math.max(0, start - 5), start);
  const after = text.slice(end, end + 5);
  for (const [re, code] of SYMBOLS) if (re.test(after) || re.test(before)) return code;
  for (const [re, code] of CASED_SYMBOLS) if (re.test(text.slice(Math.max(0, start - 1), end + 5))) return code;
  const codeAfter = /^\s?([A-Z]{3})\b/.exec(after);
  if (codeAfter && CURRENCY_CODES.has(codeAfter[1])) return codeAfter[1];
  const codeBefore = /\b([A-Z]{3})\s?$/.exec(before);
  if (codeBefore && CURRENCY_CODES.has(codeBefore[1])) return codeBefore[1];
  return null;
}

/** Every amount-looking number in a line, with a currency when one is written next to it. Dates and percentages are skipped. */
const HAS_DIGIT = /\d/;

export function findAmounts(text: string, style: DecimalStyle = 'dot'): FoundAmount[] {
  // Every amount has a digit: most lines of text have none, and the pattern is costly to try.
  if (!HAS_DIGIT.test(text)) return [];
  const out: FoundAmount[] = [];
  let prevEnd = 0;
  for (const m of text.matchAll(AMOUNT_RE)) {
    const raw = m[1].trim();
    const end = m.index + m[0].length;
    const before = text.slice(prevEnd, m.index);
    prevEnd = end;
    if (/^\s*%/.test(text.slice(end))) continue;
    if (identifierShaped(raw) || ID_LABEL.test(before)) continue;
    const value = normalizeAmount(raw, style);
    if (value === null) continue;
    out.push({ value, index: m.index, length: m[0].length, currency: currencyNear(text, m.index, end), decimals: decimalsOf(raw, style) });
  }
  return joinLostCents(text, out);
}

/**
 * An amount whose decimal point OCR lost to a space: "$610 00", "1.234 56 €". A whole amount with its
 * currency followed, one space on, by two digits that end the number is one amount with cents (a
 * thousands group has three digits, so two can be nothing else); read apart, the cents became "0".
 */
const CELL_END = /^(?: ?(?:[€£$]|[A-Z]{3}\b))?[ ]*(?:\t|\n|$)/;

function joinLostCents(text: string, found: FoundAmount[]): FoundAmount[] {
  const out: FoundAmount[] = [];
  for (let i = 0; i < found.length; i++) {
    const a = found[i];
    const b = found[i + 1];
    const gap = b ? text.slice(a.index + a.length, b.index) : '';
    const cents = b ? text.slice(b.index, b.index + b.length) : '';
    // The cents end their cell ("$610 00", "60 00 EUR"), not a phrase ("$10 12 items").
    const after = b ? text.slice(b.index + b.length) : '';
    if (b && (a.currency || b.currency) && a.decimals === 0 && !a.value.includes('.') && gap === ' ' && /^\d{2}$/.test(cents) && CELL_END.test(after)) {
      const value = normalizeAmount(`${a.value}.${cents}`) ?? a.value;
      out.push({ ...a, value: a.value.startsWith('-') ? a.value : value, length: b.index + b.length - a.index, currency: a.currency ?? b.currency, decimals: 2 });
      i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** How many digits follow the decimal separator of a written amount ("118.2600" → 4, "1,234" in dot style → 0). */
function decimalsOf(raw: string, style: DecimalStyle): number {
  const s = raw.replace(/[^\d.,]/g, '');
  const m = /[.,](\d+)$/.exec(s);
  if (!m) return 0;
  const sep = s[s.length - m[1].length - 1];
  const both = s.includes('.') && s.includes(',');
  // A lone separator followed by three digits is a thousands group unless the document writes decimals with it.
  if (!both && m[1].length === 3 && (sep === ',' ? style === 'dot' : style === 'comma')) return 0;
  if (!both && (s.match(/[.,]/g) ?? []).length > 1) return 0;
  return m[1].length;
}

/** Currencies whose minor unit has three digits. */
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/**
 * Whether an amount can be a total of a document in `currency`: written with at most the currency's decimals
 * (unit prices may carry four, a total never does; "97.5000" is a misread "97,500.00", not a total).
 */
export function totalLike(a: FoundAmount, currency: string | null): boolean {
  return a.decimals <= (currency && THREE_DECIMALS.has(currency) ? 3 : 2);
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

/** How often a text writes a currency's sign or code. */
function signCount(code: string, text: string): number {
  const sign = SYMBOLS.find(([, c]) => c === code)?.[0];
  const re = sign ? new RegExp(sign.source, 'giu') : new RegExp(`\\b${code}\\b`, 'g');
  return (sign ? fold(text) : text).match(re)?.length ?? 0;
}

/** The currency most amounts of a text are written in, or null. */
export function dominantCurrency(text: string): string | null {
  const counts = new Map<string, number>();
  const f = fold(text);
  for (const m of text.matchAll(/\b([A-Z]{3})\b/g)) if (CURRENCY_CODES.has(m[1])) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  for (const [re, code] of SYMBOLS) {
    const n = (f.match(new RegExp(re.source, 'giu')) ?? []).length;
    if (n) counts.set(code, (counts.get(code) ?? 0) + n);
  }
  for (const [re, code] of CASED_SYMBOLS) {
    const n = (text.match(new RegExp(re.source, 'gu')) ?? []).length;
    if (n) counts.set(code, (counts.get(code) ?? 0) + n);
  }
  let best: string | null = null;
  let bestN = 0;
  for (const [code, n] of counts) if (n > bestN) [best, bestN] = [code, n];
  return resolveCurrency(best, text);
}

/** Marks of an Indian document: GST ids and taxes, IFSC codes, the rupee, lakh grouping, Indian states and cities. */
const INDIAN =
  /\b(?:GSTIN|IGST|CGST|SGST|UTGST|IFSC|India|Rs\.?|INR|Maharashtra|Karnataka|Tamil Nadu|Gujarat|Kerala|Telangana|Haryana|Rajasthan|Uttar Pradesh|West Bengal|Mumbai|New Delhi|Delhi|Bengaluru|Bangalore|Gurgaon|Gurugram|Noida|Hyderabad|Chennai|Kolkata|Pune)\b|₹/;
/** An amount grouped in lakhs, which only Indian documents write. */
const LAKH_AMOUNT = /(?<![\d,.])\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{2})?(?![\d,])/;
/** Marks of a Japanese or Chinese document, where ¥ is the yen or the yuan. */
const EAST_ASIAN = /\b(?:JPY|CNY|RMB|Japan|Tokyo|Osaka|Yokohama|Kabushiki|China|PRC|Beijing|Shanghai|Shenzhen|Guangzhou)\b|[円元\u3040-\u30ff]|株式会社|人民币/i;

/**
 * The currency of a document once its country is taken into account: "¥" on an Indian document with no
 * Japanese or Chinese mark is the rupee sign misread ("₹" and "¥" look alike to text recognition).
 */
export function resolveCurrency(code: string | null, text: string): string | null {
  const eastAsian = cjkCurrency(code, code ? signCount(code, text) : 0, text);
  if (eastAsian) return eastAsian;
  if (code === 'JPY' && (INDIAN.test(text) || LAKH_AMOUNT.test(text)) && !EAST_ASIAN.test(text)) return 'INR';
  // No currency written at all, but a GST registration and amounts in lakhs: an Indian domestic invoice.
  if (code === null && /\bGSTIN\b/.test(text) && LAKH_AMOUNT.test(text)) return 'INR';
  return code;
}
