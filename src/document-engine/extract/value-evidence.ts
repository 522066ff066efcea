// The evidence a value rests on, as OCR gave it. Every OCR word comes with the engine's confidence
// in it; a date read only from words OCR was very unsure of (a faint, blurred or small print) may
// have any digit wrong — a year a few years off turns a valid document into an expired one, a bill
// into a stale one. Such a date is left empty: a missing fact is better than a wrong one. A date the
// words do not give as such (assembled from several places, from a machine-readable zone whose check
// digits confirmed it, or from a text layer) is left as extracted. So is a date that cannot lie ahead
// (when the document was issued, signed or drawn up, a company incorporated, a person born) that
// OCR read more than a year after today: a document is not dated decades ahead, a year's digit was
// misread ("2021" as "2071"), and asserting that it is dated in the future would be a wrong fact.
import type { PageWord, ReadDocument } from '../document-model.ts';
import type { TypedFields } from '../types/index.ts';
import { daysBetween, findDates, type SlashOrder } from './dates.ts';

/** Word confidence (0–100) below which OCR's reading of a word is too doubtful to give a date. */
export const DOUBTFUL_WORD_CONFIDENCE = 40;
/** Dates that say when something already happened; an OCR reading of one more than this many days after today is a misread year. */
const PAST_DATES = new Set(['issue_date', 'statement_date', 'signing_date', 'incorporation_date', 'birth_date', 'shipped_on_board_date']);
export const MAX_DAYS_AHEAD = 366;
/** A date is printed as one to three words ("01/12/2026", "1 December 2026"). */
const MAX_DATE_WORDS = 3;

/**
 * How sure OCR was of each date a page's words give: for every date, the highest, over the runs of
 * up to three consecutive words that give it, of the lowest word confidence in the run.
 */
export function wordDates(words: PageWord[], order: SlashOrder): Map<string, number> {
  const best = new Map<string, number>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= MAX_DATE_WORDS && i + n <= words.length; n++) {
      const run = words.slice(i, i + n);
      if (run.some((w) => w.confidence === undefined)) break;
      const text = run.map((w) => w.text).join(' ');
      if (!/\d/.test(text)) continue;
      const sure = Math.min(...run.map((w) => w.confidence!));
      for (const d of findDates(text, order)) best.set(d.iso, Math.max(best.get(d.iso) ?? 0, sure));
    }
  }
  return best;
}

/** How sure OCR was of its best reading of `iso` among a page's words; null when no run of words gives it. */
export function dateEvidence(words: PageWord[], iso: string, order: SlashOrder): number | null {
  return wordDates(words, order).get(iso) ?? null;
}

/** The top-level date fields of a document ("issue_date", "due_date", "expiry_date"…) that hold a date. */
function dateFields(fields: Record<string, unknown>): string[] {
  return Object.keys(fields).filter((k) => k.endsWith('_date') && typeof fields[k] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(fields[k] as string));
}

/**
 * The document's fields with every date that rests only on OCR words read below
 * DOUBTFUL_WORD_CONFIDENCE left empty, and every date of PAST_DATES that OCR words give more than
 * MAX_DAYS_AHEAD after `today`. Dates of an identity document whose machine-readable zone passed
 * its check digits are confirmed by them and kept.
 */
export function refuseDoubtfulDates<T extends TypedFields>(typed: T, read: Pick<ReadDocument, 'pages'>, order: SlashOrder, today: string): T {
  const fields = typed.fields as unknown as Record<string, unknown>;
  const mrz = fields.mrz as { valid?: boolean } | null | undefined;
  if (mrz?.valid) return typed;
  const keys = dateFields(fields);
  const pages = read.pages.filter((p) => p.method === 'ocr' && p.words?.length);
  if (keys.length === 0 || pages.length === 0) return typed;
  const seen = pages.map((p) => wordDates(p.words!, order));
  const doubtful = keys.filter((k) => {
    const sure = seen.map((m) => m.get(fields[k] as string)).filter((c): c is number => c !== undefined);
    if (sure.length === 0) return false;
    return Math.max(...sure) < DOUBTFUL_WORD_CONFIDENCE || (PAST_DATES.has(k) && daysBetween(today, fields[k] as string) > MAX_DAYS_AHEAD);
  });
  if (doubtful.length === 0) return typed;
  return { ...typed, fields: { ...fields, ...Object.fromEntries(doubtful.map((k) => [k, null])) } } as unknown as T;
}
