// The issue date of a passport or card whose issue label OCR lost, from the validity such documents
// have (five or ten years): against the expiry the zone's check digit confirmed, or between two dates
// the visual zone prints. Pure.
import { looseDates } from './viz-dates.ts';

/**
 * The issue date of a passport or card whose issue label OCR lost: a date of the visual zone that is
 * exactly five or ten years (or that and a day) before the expiry the zone's check digit confirmed.
 */
export function issueFromValidity(text: string, expiry: string, birth: string | null = null): string | null {
  const e = new Date(`${expiry}T00:00:00Z`);
  const candidates = new Set<string>();
  for (const years of [5, 10]) {
    for (const days of [0, 1]) {
      const c = new Date(Date.UTC(e.getUTCFullYear() - years, e.getUTCMonth(), e.getUTCDate() + days));
      candidates.add(c.toISOString().slice(0, 10));
    }
  }
  // A child's birthday may fall at that distance too: the date of birth is never the issue date.
  return looseDates(text).find((x) => candidates.has(x) && x !== birth) ?? null;
}

/**
 * The issue date of a passport or card whose labels OCR lost and whose zone's expiry the page does
 * not print: the one date of the visual zone that another printed date follows by exactly five or
 * ten years (or that less a day), the validity of such documents. Never the date of birth.
 */
export function issueFromPrintedValidity(text: string, birth: string | null): string | null {
  const dates = [...new Set(looseDates(text))].filter((x) => x !== birth);
  const later = (iso: string, years: number, days: number) => {
    const t = new Date(`${iso}T00:00:00Z`);
    return new Date(Date.UTC(t.getUTCFullYear() + years, t.getUTCMonth(), t.getUTCDate() + days)).toISOString().slice(0, 10);
  };
  const issues = dates.filter((a) => [5, 10].some((y) => [0, -1].some((dd) => dates.includes(later(a, y, dd)))));
  return issues.length === 1 ? issues[0] : null;
}
