// Dates as documents write them (ISO, 05.03.2018, 13/11/2017, 11/17/2017, "24. Januar 2014",
// "March 5, 2026", "5 mars 2026", "23 de septiembre de 2021", "30-Dec-22", "2022年12月30日"), turned into
// ISO YYYY-MM-DD, with the order of day and month decided by the document.
import { hijriToIso } from './arabic-text.ts';
import { fold } from './text.ts';
import { findEraDates, findWordDates } from './word-dates.ts';

const MONTHS: Record<string, number> = {};
// en, de, fr, es, it, nl, pt, pl, cs (genitive and nominative), sk (genitive), hu, sv, no, ro, tr, ru (genitive and nominative), bg, id, folded; abbreviations as documents shorten them.
// biome-ignore format: one line a month reads better than one line a name
const MONTH_NAMES: string[][] = [
  ['january', 'jan', 'januar', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'janeiro', 'jänner', 'janner', 'stycznia', 'styczen', 'leden', 'ledna', 'ianuarie', 'ocak', 'januara', 'января', 'январь', 'януари'],
  ['february', 'feb', 'februar', 'fevrier', 'fevr', 'fev', 'febrero', 'febbraio', 'februari', 'fevereiro', 'lutego', 'luty', 'unor', 'unora', 'februarie', 'şubat', 'februara', 'febr', 'февраля', 'февраль', 'февруари'],
  ['march', 'mar', 'marz', 'maerz', 'mars', 'marzo', 'maart', 'marco', 'mrz', 'marca', 'marzec', 'brezen', 'brezna', 'martie', 'mart', 'marcius', 'marc', 'марта', 'март', 'maret'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile', 'kwietnia', 'kwiecien', 'duben', 'dubna', 'aprilie', 'nisan', 'aprilis', 'aprila', 'апреля', 'апрель', 'април'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maio', 'maja', 'maj', 'kveten', 'kvetna', 'mayıs', 'majus', 'мая', 'май'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho', 'czerwca', 'czerwiec', 'cerven', 'cervna', 'iunie', 'haziran', 'junius', 'juna', 'июня', 'июнь', 'юни'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho', 'lipca', 'lipiec', 'cervenec', 'cervence', 'iulie', 'temmuz', 'julius', 'jula', 'июля', 'июль', 'юли'],
  ['august', 'aug', 'aout', 'agosto', 'ago', 'augustus', 'sierpnia', 'sierpien', 'srpen', 'srpna', 'augusti', 'ağustos', 'augusztus', 'augusta', 'августа', 'август', 'agustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'set', 'setembro', 'wrzesnia', 'wrzesien', 'zari', 'septembrie', 'eylül', 'szeptember', 'szept', 'septembra', 'сентября', 'сентябрь', 'септември'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out', 'pazdziernika', 'pazdziernik', 'rijen', 'rijna', 'octombrie', 'ekim', 'oktobra', 'октября', 'октябрь', 'октомври'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro', 'listopada', 'listopad', 'listopadu', 'noiembrie', 'kasım', 'novembra', 'ноября', 'ноябрь', 'ноември'],
  ['december', 'dec', 'dezember', 'dez', 'decembre', 'diciembre', 'dic', 'dicembre', 'dezembro', 'grudnia', 'grudzien', 'prosinec', 'prosince', 'desember', 'decembrie', 'aralık', 'decembra', 'декабря', 'декабрь', 'декември'],
];
MONTH_NAMES.forEach((names, i) => names.forEach((n) => (MONTHS[fold(n)] = i + 1)));
const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** Order of day and month in dates written with slashes; decided per document. */
export type SlashOrder = 'dmy' | 'mdy';

export interface FoundDate {
  readonly iso: string;
  readonly index: number;
  readonly length: number;
  readonly raw: string;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function year4(y: number): number {
  if (y >= 100) return y;
  return y < 70 ? 2000 + y : 1900 + y;
}

export function isoDate(y: number, m: number, d: number): string | null {
  if (!Number.isInteger(y) || y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

const NUMERIC = /(?<![\d.\/-])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d])|(?<![\d.\/-])(\d{1,2})([./-])(\d{1,2})\5(\d{4}|\d{2})(?![\d.]?\d)/g;
/** Ordinal endings after a day: 1st, 2nd, 1er, 1re, 1e, 1º, 1°, 24. */
const ORD = '(?:st|nd|rd|th|er|re|e|[º°ª™]|\\.)?';
const MONTH = `(${MONTH_ALT})(?![\\p{L}])\\.?`;
/** A month name, also when OCR glued the "de" after it to it ("12 de juniode 2019"). */
const MONTH_THEN_DE = `(${MONTH_ALT})(?:(?=del?\\s+\\d{4})|(?![\\p{L}]))\\.?`;
const DAY_MONTH_NAME = new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})${ORD}\\s*(?:day\\s+of\\s+|de\\s+|of\\s+)?[(\\[]?${MONTH_THEN_DE},?\\s*(?:de\\s+|del\\s+|a\\.?\\s?d\\.?\\s*)?(\\d{4})(?!\\d)`, 'gu');
/** "le ler septembre 2015": OCR reads the 1 of "1er" as an l or an I. */
const FIRST_MISREAD = new RegExp(`(?<![\\p{L}\\d])[li](er|re)(?=\\s+(?:${MONTH_ALT})(?![\\p{L}]))`, 'gu');
/** "31-Dec-2022", "31-Dec-22", "05/Mar/2021": a day and a month name joined by dashes or slashes. */
const DAY_MONTH_DASHED = new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})([-/])(${MONTH_ALT})\\.?\\2(\\d{4}|\\d{2})(?![\\d\\p{L}])`, 'gu');
/**
 * Chinese and Japanese: 2022年12月30日; Korean: 2019 년 11 월 06 일. OCR splits a day's two digits
 * ("0 2日") and loses the 日 at the end of a line (a date printed over a seal): a day that ends its
 * line is a day all the same.
 */
const YEAR_MONTH_DAY_CJK = /(?<!\d)(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d ?\d|\d)(?:\s*[日일]|(?=[ \t]*(?:[\r\n]|$)))/g;
/** Hungarian writes the year first, each number with its dot: "2019. május 14.", "2026. november 4. napján", "2019. máj. 14-én". */
const YEAR_MONTH_NAME_DAY = new RegExp(`(?<![\\p{L}\\d.])(\\d{4})\\.\\s*${MONTH}\\s*(\\d{1,2})(?:\\.|-(?=\\p{L}))`, 'gu');
const MONTH_NAME_DAY = new RegExp(`(?<![\\p{L}])${MONTH}\\s+(\\d{1,2})${ORD},?\\s+(\\d{4})(?!\\d)`, 'gu');
/**
 * The first day of a range whose year (and often month) is written once, after the second day:
 * "du 1er au 28 février 2022", "1-28 February 2022", "15 de enero al 14 de febrero de 2022".
 */
const DAY_RANGE = new RegExp(
  `(?<![\\p{L}\\d])(\\d{1,2})${ORD}\\s*(?:(?:de\\s+|of\\s+)?${MONTH}\\s*)?(?:-|–|—|au|to|till|until|bis|al|a|tot|do|t/m)\\s*(\\d{1,2})${ORD}\\s*(?:de\\s+|of\\s+)?${MONTH},?\\s*(?:de\\s+|del\\s+)?(\\d{4})(?!\\d)`,
  'gu',
);

const ISSUE_ROW =
  /\b(invoice date|date of issue|issue date|issued|rechnungsdatum|date de facture|date d'emission|fecha de emision|fecha de factura|data fattura|data documento|factuurdatum|data da emissao|data wystawienia)\b/;
const DUE_ROW = /\b(due date|payment due|due by|pay by|payable by|echeance|falligkeitsdatum|fallig am|zahlbar bis|vencimiento|scadenza|vervaldatum|data de vencimento|termin platnosci)\b/;
const SLASH_DATE = /(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\d/])/;

/** The order in which a due date written with slashes falls after the issue date (and within a year of it), when only one does. */
function orderFromDueDate(text: string): SlashOrder | null {
  let issue: RegExpExecArray | null = null;
  let due: RegExpExecArray | null = null;
  for (const row of fold(text).split('\n')) {
    const m = SLASH_DATE.exec(row);
    if (!m) continue;
    if (!due && DUE_ROW.test(row)) due = m;
    else if (!issue && ISSUE_ROW.test(row)) issue = m;
  }
  if (!issue || !due) return null;
  const read = (m: RegExpExecArray, o: SlashOrder) => (o === 'dmy' ? isoDate(Number(m[3]), Number(m[2]), Number(m[1])) : isoDate(Number(m[3]), Number(m[1]), Number(m[2])));
  const fits = (o: SlashOrder) => {
    const [a, b] = [read(issue!, o), read(due!, o)];
    return !!a && !!b && b >= a && Date.parse(b) - Date.parse(a) <= 366 * 86_400_000;
  };
  const [dmy, mdy] = [fits('dmy'), fits('mdy')];
  return dmy === mdy ? null : dmy ? 'dmy' : 'mdy';
}

const US_STATE =
  /\b(?:STATE|State|Commonwealth|COMMONWEALTH) of (?:Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming)\b/i;

/**
 * A document's own hints at day-first or month-first slashes when none of its dates tells: a due date that
 * only follows the issue date one way; else its currency and country (the US writes month first).
 */
function orderFromContext(text: string): SlashOrder {
  const byDue = orderFromDueDate(text);
  if (byDue) return byDue;
  let mdy = 0;
  let dmy = 0;
  // A US address ("Redmond, WA 98052", "Walnut, WY, 98432") or the country named.
  if (/\b(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY]),?\s+\d{5}(?:-\d{4})?\b/.test(text)) mdy += 2;
  if (/\b(?:USA|U\.S\.A|United States)\b/.test(text)) mdy += 2;
  // A US state's own certificate names the state rather than an address: "State of Wyoming".
  if (US_STATE.test(text)) mdy += 2;
  // A dollar with its country's letters is not the US's: S$, HK$, A$, NZ$ are of countries that write the day first.
  if (/(?<![A-Z])\$|\bUSD\b/.test(text)) mdy += 1;
  if (/\b(?:S|HK|A|NZ)\$/.test(text)) dmy += 1;
  // Currencies and tax words of countries that write the day first.
  if (/[€£₹]|\b(?:EUR|GBP|INR|CHF|PLN|CZK|SEK|NOK|DKK|AUD|NZD|ZAR|Rs)\b/.test(text)) dmy += 2;
  if (/\b(?:VAT|GSTIN|GST|ABN|IBAN|BTW|TVA|IVA|MwSt|USt)\b/i.test(text)) dmy += 1;
  return mdy > dmy ? 'mdy' : 'dmy';
}

/**
 * Decides whether a document writes 11/03/2017 as day first or month first: from its unambiguous dates
 * (a part above 12), else from `fallback`, else from its currency and country (the US writes month first).
 */
export function slashOrder(text: string, fallback?: SlashOrder): SlashOrder {
  let dmy = 0;
  let mdy = 0;
  for (const m of text.matchAll(/(?<![\d.\/-])(\d{1,2})([\/-])(\d{1,2})\2(\d{4}|\d{2})(?![\d\/-])/g)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    if (a > 12 && b <= 12) dmy++;
    else if (b > 12 && a <= 12) mdy++;
  }
  if (mdy > dmy) return 'mdy';
  if (dmy > mdy) return 'dmy';
  // Days and months without a year, as a statement's transactions are dated ("12/31", "31/12").
  for (const m of text.matchAll(/(?<![\d.\/,-])(\d{1,2})\/(\d{1,2})(?![\d\/.,-])/g)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && a <= 31 && b >= 1 && b <= 12) dmy++;
    else if (b > 12 && b <= 31 && a >= 1 && a <= 12) mdy++;
  }
  if (mdy > dmy + 1) return 'mdy';
  if (dmy > mdy + 1) return 'dmy';
  return fallback ?? orderFromContext(text);
}

/** Full-width digits (Japanese, Chinese) as ASCII digits; the same length, so indices carry over. */
function halfWidth(text: string): string {
  return text.replace(/[\uff10-\uff19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/**
 * Dates found in the document being read, per order and text: its extractors look through the same
 * lines several times (labels, official prose, periods, policy rows). Emptied for each document
 * (forgetDocumentDates) and bounded by the characters it holds.
 */
const foundLately = new Map<string, readonly FoundDate[]>();
let charsLately = 0;
const MAX_CHARS_LATELY = 1 << 20;

/** Starts a new document: dates found in the one before are not kept. */
export function forgetDocumentDates(): void {
  foundLately.clear();
  charsLately = 0;
}

/** Every date in a piece of text, in order. The list and its dates are frozen: they may be shared by callers. */
export function findDates(text: string, order: SlashOrder = 'dmy'): readonly FoundDate[] {
  const key = order + text;
  let found = foundLately.get(key);
  if (found === undefined) {
    found = Object.freeze(datesIn(text, order).map((d) => Object.freeze(d)));
    if (charsLately + key.length > MAX_CHARS_LATELY) {
      foundLately.clear();
      charsLately = 0;
    }
    foundLately.set(key, found);
    charsLately += key.length;
  }
  return found;
}

function datesIn(text: string, order: SlashOrder): FoundDate[] {
  // Same length as the text, so indexes into it still hold.
  const f = fold(text).replace(FIRST_MISREAD, '1$1');
  const found: FoundDate[] = [];
  // Every pattern below but the CJK one and the words reads a digit first (most labelled values have none).
  const digits = /\d/.test(f);
  for (const m of digits ? f.matchAll(NUMERIC) : []) {
    let iso: string | null;
    // A year 1300–1600 written first is of the Hijri calendar ("1438/01/24", Saudi documents).
    if (m[1]) iso = Number(m[1]) >= 1300 && Number(m[1]) <= 1600 ? hijriToIso(Number(m[1]), Number(m[2]), Number(m[3])) : isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    else {
      const a = Number(m[4]);
      const b = Number(m[6]);
      const y = year4(Number(m[7]));
      // A two-digit year after dots is common in German ("01.09.13"); after dashes it is too ambiguous.
      if (m[7].length === 2 && m[5] === '-') continue;
      // Dots are always day first; slashes and dashes follow the document's order.
      const dayFirst = m[5] === '.' || order === 'dmy';
      iso = dayFirst ? isoDate(y, b, a) : isoDate(y, a, b);
      if (!iso && m[5] !== '.') iso = dayFirst ? isoDate(y, a, b) : isoDate(y, b, a);
    }
    if (iso) found.push({ iso, index: m.index, length: m[0].length, raw: text.slice(m.index, m.index + m[0].length) });
  }
  for (const m of digits ? f.matchAll(DAY_MONTH_NAME) : []) {
    const iso = isoDate(Number(m[3]), MONTHS[m[2]], Number(m[1]));
    if (iso) found.push({ iso, index: m.index, length: m[0].length, raw: text.slice(m.index, m.index + m[0].length) });
  }
  for (const m of digits ? f.matchAll(DAY_MONTH_DASHED) : []) {
    const iso = isoDate(year4(Number(m[4])), MONTHS[m[3]], Number(m[1]));
    if (iso) found.push({ iso, index: m.index, length: m[0].length, raw: text.slice(m.index, m.index + m[0].length) });
  }
  for (const m of halfWidth(text).matchAll(YEAR_MONTH_DAY_CJK)) {
    const iso = isoDate(Number(m[1]), Number(m[2]), Number(m[3].replace(' ', '')));
    if (iso) found.push({ iso, index: m.index, length: m[0].length, raw: text.slice(m.index, m.index + m[0].length) });
  }
  // Days and years in words ("the fourteenth day of August two thousand twenty-three"), Japanese eras.
  for (const w of [...findWordDates(f, MONTHS), ...findEraDates(halfWidth(text))]) {
    const iso = isoDate(w.year, w.month, w.day);
    if (iso && !found.some((x) => x.index <= w.index && w.index < x.index + x.length)) found.push({ iso, index: w.index, length: w.length, raw: text.slice(w.index, w.index + w.length) });
  }
  for (const m of digits ? f.matchAll(DAY_RANGE) : []) {
    const month = MONTHS[m[4]];
    const year = Number(m[5]);
    const fromMonth = m[2] ? MONTHS[m[2]] : month;
    // "16 December to 13 January 2023" starts in the year before.
    const iso = isoDate(fromMonth > month ? year - 1 : year, fromMonth, Number(m[1]));
    if (iso && (fromMonth !== month || Number(m[1]) < Number(m[3]))) found.push({ iso, index: m.index, length: m[1].length, raw: text.slice(m.index, m.index + m[1].length) });
  }
  for (const m of digits ? f.matchAll(YEAR_MONTH_NAME_DAY) : []) {
    const iso = isoDate(Number(m[1]), MONTHS[m[2]], Number(m[3]));
    if (iso) found.push({ iso, index: m.index, length: m[0].length, raw: text.slice(m.index, m.index + m[0].length) });
  }
  for (const m of digits ? f.matchAll(MONTH_NAME_DAY) : []) {
    const iso = isoDate(Number(m[3]), MONTHS[m[1]], Number(m[2]));
    if (iso) found.push({ iso, index: m.index, length: m[0].length, raw: text.slice(m.index, m.index + m[0].length) });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The first date in a piece of text, or null. */
export function parseDate(text: string, order: SlashOrder = 'dmy'): string | null {
  return findDates(text, order)[0]?.iso ?? null;
}

/** Two dates in "from … to …" form ("01.10.2018 bis 31.10.2018", "1 May 2026 - 31 May 2026"). */
export function parsePeriod(text: string, order: SlashOrder = 'dmy'): { from: string; to: string } | null {
  const d = findDates(text, order);
  if (d.length < 2) return null;
  return d[0].iso <= d[1].iso ? { from: d[0].iso, to: d[1].iso } : null;
}

/** Whole days from a to b (ISO dates). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The same day `months` months earlier, clamped to the month's end. */
export function monthsBefore(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const total = y * 12 + (m - 1) - months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return `${ny}-${pad(nm)}-${pad(Math.min(d, last))}`;
}
