// Dates as the visual zone of a passport or card prints them: a day, a month word in the document's
// language and often again in English or French ("04 MAI/MAY 12", "19 LIP/JUL 2021", "08DES/DEC 93"),
// and a year of two or four digits. Pure functions over text.
import { isoDate } from './dates.ts';
import { fold } from './text.ts';

/** Month words of the languages passports print in (folded, first three letters), to their number. */
const MONTH_WORDS: Record<string, number> = Object.fromEntries(
  [
    ['jan', 'ene', 'gen', 'sty', 'jaa'],
    ['feb', 'fev', 'lut'],
    ['mar', 'mrt', 'maa'],
    ['apr', 'avr', 'abr', 'kwi'],
    ['may', 'mai', 'mag', 'mei', 'maj'],
    ['jun', 'giu', 'cze'],
    ['jul', 'lug', 'lip'],
    ['aug', 'ago', 'aou', 'sie'],
    ['sep', 'set', 'wrz'],
    ['oct', 'okt', 'ott', 'out', 'paz'],
    ['nov', 'lis'],
    ['dec', 'dez', 'des', 'dic', 'gru'],
  ].flatMap((words, i) => words.map((w) => [w, i + 1])),
);

/** A year as printed: two digits are read in the century that puts them nearest (after 50 the 1900s). */
const fullYear = (y: number) => (y < 100 ? (y > 50 ? 1900 + y : 2000 + y) : y);

/** Every day-month-year the text may write, leniently: "22 02 2008", "04 MAI/MAY 12", "3.4.2019". */
export function looseDates(text: string): string[] {
  const out: string[] = [];
  const iso = (y: number, m: number, dd: number) => {
    const year = fullYear(y);
    if (m >= 1 && m <= 12 && dd >= 1 && dd <= 31) out.push(`${year}-${String(m).padStart(2, '0')}-${String(dd).padStart(2, '0')}`);
  };
  const f = fold(text);
  for (const m of f.matchAll(/\b(\d{1,2})[ .\/-](\d{1,2})[ .\/-](\d{4}|\d{2})\b/g)) iso(Number(m[3]), Number(m[2]), Number(m[1]));
  for (const m of f.matchAll(/\b(\d{1,2})\s*([a-z]{3})[a-z]*(?:\s*\/\s*([a-z]{3})[a-z]*)?\.?\s*(\d{4}|\d{2})\b/g)) {
    const month = MONTH_WORDS[m[2]] ?? (m[3] ? MONTH_WORDS[m[3]] : undefined);
    if (month) iso(Number(m[4]), month, Number(m[1]));
  }
  return out;
}

/** A day and a month word, once or twice (bilingual), then the year: at the start of a label's value. */
const VIZ_DATE = /^\s*(\d{1,2})\s*([a-z]{3})[a-z]*\.?(?:\s*\/\s*([a-z]{3})[a-z]*\.?)?\s*(\d{4}|\d{2})(?!\d)/;

/**
 * The date a label's value starts with, written as passports write it (or as day, month and year
 * parted by spaces). A two-digit year is read in the
 * century that puts it nearest (after 50 the 1900s) unless `fourDigits` asks for a year in full
 * (a date of birth: 1911 and 2011 are both plausible). The month words must agree when both are known.
 */
export function vizDate(text: string, fourDigits = false): string | null {
  // Day, month and year as numbers parted by spaces ("14 06 1988"), as French, Spanish and
  // Portuguese documents print them: the year in full, else the digits may be anything.
  // Also parted by a dot and a space ("18. 10. 1990.", "05. 07. 1988"), as Croatian, Slovenian, Czech
  // and Slovak documents print them.
  const spaced = /^\s*(\d{1,2})\.? {1,2}(\d{1,2})\.? {1,2}(\d{4})(?!\d)/.exec(text);
  if (spaced) return isoDate(Number(spaced[3]), Number(spaced[2]), Number(spaced[1]));
  const m = wordDate(text);
  if (!m || (fourDigits && m.year.length !== 4)) return null;
  return isoDate(fullYear(Number(m.year)), m.month, m.day);
}

/** Day, month (the month words agreeing when both are known) and the year as printed, of a date with a month word. */
function wordDate(text: string): { day: number; month: number; year: string } | null {
  const m = VIZ_DATE.exec(fold(text));
  if (!m) return null;
  const first = MONTH_WORDS[m[2]];
  const second = m[3] ? MONTH_WORDS[m[3]] : undefined;
  if (first && second && first !== second) return null;
  const month = first ?? second;
  return month ? { day: Number(m[1]), month, year: m[4] } : null;
}

/**
 * A date of birth printed with a two-digit year ("14 MAR /MARS 90", British and Ukrainian passports),
 * read only where its century is beyond doubt: in the 1900s when the 2000s would put the birth after
 * `bornBefore` (a date of the document: its holder was born before it was issued). A year the
 * document's dates leave in either century is no date.
 */
export function vizBirth(text: string, bornBefore: string | null): string | null {
  const m = bornBefore ? wordDate(text) : null;
  if (!m || m.year.length !== 2) return null;
  const late = isoDate(2000 + Number(m.year), m.month, m.day);
  return late && late > bornBefore! ? isoDate(1900 + Number(m.year), m.month, m.day) : null;
}
