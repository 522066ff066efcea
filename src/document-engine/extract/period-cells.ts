// A period a bill or a statement prints with no label of its own: a cell that holds two dates and the
// words of a range between them and nothing else ("October 1, 2026 through October 31, 2026" in a US
// statement's header, "1 April 2026 to 30 September 2026" over a British bill's charges,
// "01.10.2026 bis 31.10.2026" beside a Swiss statement's "Auszug vom").
import { findDates, parseDate } from './dates.ts';
import type { DocText } from './doc-text.ts';
import { pairedValue } from './layout-pairs.ts';
import { fold } from './text.ts';

/** Words that may stand round and between the two dates of a range, in the languages of the bills read. */
const RANGE_WORDS = new Set([
  'from',
  'to',
  'through',
  'thru',
  'until',
  'till',
  'and',
  'between',
  'du',
  'au',
  'vom',
  'von',
  'bis',
  'zum',
  'dal',
  'al',
  'del',
  'de',
  'a',
  'van',
  'tot',
  't',
  'm',
  'desde',
  'hasta',
  'ate',
  'od',
  'do',
  'fra',
  'til',
  'days',
  'day',
  'jours',
  'tage',
  'giorni',
  'dias',
  'dagen',
]);
/** The words that make two dates a range rather than a list: a connector, or a dash between them. */
const CONNECTOR = /(?:^|\s)(?:to|through|thru|until|till|bis|au|al|a|tot|t m|hasta|ate|do|til)(?:\s|$)|[-–—]/;

/** The period a cell holds alone, the first such cell in the page's first lines; null when none does. */
export function lonePeriod(d: DocText, maxLines = 30): { from: string; to: string } | null {
  for (const l of d.lines.slice(0, maxLines)) {
    for (const cell of l.text.split('\t')) {
      const dates = findDates(cell, d.order);
      if (dates.length !== 2 || dates[0].iso > dates[1].iso) continue;
      const between = cell.slice(dates[0].index + dates[0].length, dates[1].index);
      const rest = cell.slice(0, dates[0].index) + between + cell.slice(dates[1].index + dates[1].length);
      // "(30 days)" after the range counts for nothing.
      const words = fold(rest.replace(/\(\s*\d{1,3}\s+\p{L}+\s*\)/u, ' '))
        .replace(/[^\p{L}\d]+/gu, ' ')
        .trim();
      if (/\d/.test(words) || !words.split(' ').every((w) => w === '' || RANGE_WORDS.has(w))) continue;
      if (
        !CONNECTOR.test(
          fold(between)
            .replace(/[^\p{L}\s–—-]+/gu, ' ')
            .trim(),
        )
      )
        continue;
      return { from: dates[0].iso, to: dates[1].iso };
    }
  }
  return null;
}

/**
 * A period whose start and end stand under labels of their own, each beside or over its date: "Period start" …
 * "Period end", "بداية الفترة"; and a statement's header rows "From" and "To" (Egypt) or "Desde" and "Hasta"
 * (Chile), words that say nothing alone, where the date must be all of its cell. Both ends are needed, the
 * start not after the end.
 */
export function boundedPeriod(d: DocText): { from: string; to: string } | null {
  const day = (t: string) => parseDate(t, d.order);
  const onlyDay = (t: string) => {
    const dates = findDates(t, d.order);
    return dates.length === 1 && (t.slice(0, dates[0].index) + t.slice(dates[0].index + dates[0].length)).trim() === '' ? dates[0].iso : null;
  };
  const start = pairedValue(d, ['period start', 'start of period', 'period from', 'بداية الفترة'], day)?.value ?? pairedValue(d, ['desde', 'from'], onlyDay)?.value;
  const end = pairedValue(d, ['period end', 'end of period', 'period to', 'نهاية الفترة'], day)?.value ?? pairedValue(d, ['hasta', 'to'], onlyDay)?.value;
  return start && end && start <= end ? { from: start, to: end } : null;
}
