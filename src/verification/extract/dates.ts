// Dates as documents write them (ISO, 05.03.2018, 13/11/2017, 11/17/2017, "24. Januar 2014",
// "March 5, 2026", "5 mars 2026"), turned into ISO YYYY-MM-DD.
import { fold } from './text.ts';

const MONTHS: Record<string, number> = {};
const MONTH_NAMES: string[][] = [
  ['january', 'jan', 'januar', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'janeiro', 'jänner', 'janner'],
  ['february', 'feb', 'februar', 'fevrier', 'fevr', 'fev', 'febrero', 'febbraio', 'februari', 'fevereiro'],
  ['march', 'mar', 'marz', 'maerz', 'mars', 'marzo', 'maart', 'marco', 'mrz'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maio'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho'],
  ['august', 'aug', 'aout', 'agosto', 'ago', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'set', 'setembro'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'dezember', 'dez', 'decembre', 'diciembre', 'dic', 'dicembre', 'dezembro'],
];
MONTH_NAMES.forEach((names, i) => names.forEach((n) => (MONTHS[fold(n)] = i + 1)));
const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** Order of day and month in dates written with slashes; decided per document. */
export type SlashOrder = 'dmy' | 'mdy';

export interface FoundDate {
  iso: string;
  index: number;
  length: number;
  raw: string;
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
const DAY_MONTH_NAME = new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})(?:st|nd|rd|th|er|\\.)?\\s*(?:de\\s+|of\\s+)?(${MONTH_ALT})\\.?,?\\s*(?:de\\s+)?(\\d{4})(?!\\d)`, 'gu');
const MONTH_NAME_DAY = new RegExp(`(?<![\\p{L}])(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`, 'gu');

/** Decides whether a document writes 11/03/2017 as day first or month first, from its unambiguous dates. */
export function slashOrder(text: string, fallback: SlashOrder = 'dmy'): SlashOrder {
  let dmy = 0;
  let mdy = 0;
  for (const m of text.matchAll(/(?<!\d)(\d{1,2})\/(\d{1,2})\/(\d{2,4})(?!\d)/g)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && b <= 12) dmy++;
    else if (b > 12 && a <= 12) mdy++;
  }
  if (mdy > dmy) return 'mdy';
  if (dmy > mdy) return 'dmy';
  return fallback;
}

/** Every date in a piece of text, in order. */
export function findDates(text: string, order: SlashOrder = 'dmy'): FoundDate[] {
  const f = fold(text);
  const found: FoundDate[] = [];
  for (const m of f.matchAll(NUMERIC)) {
    let iso: string | null;
    if (m[1]) iso = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    else {
      const a = Number(m[4]);
      const b = Number(m[6]);
      const y = year4(Number(m[7]));
      // A two-digit year after dots is common in German ("01.09.13"); after dashes it is too ambiguous.
      if (m[7].length === 2 && m[5] === '-') continue;
      const dayFirst = m[5] === '.' || (m[5] === '/' && order === 'dmy') || m[5] === '-';
      iso = dayFirst ? isoDate(y, b, a) : isoDate(y, a, b);
      if (!iso && m[5] === '/') iso = dayFirst ? isoDate(y, a, b) : isoDate(y, b, a);
    }
    if (iso) found.push({ iso, index: m.index, length: m[0].length, raw: text.slice(m.index, m.index + m[0].length) });
  }
  for (const m of f.matchAll(DAY_MONTH_NAME)) {
    const iso = isoDate(Number(m[3]), MONTHS[m[2]], Number(m[1]));
    if (iso) found.push({ iso, index: m.index, length: m[0].length, raw: text.slice(m.index, m.index + m[0].length) });
  }
  for (const m of f.matchAll(MONTH_NAME_DAY)) {
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
