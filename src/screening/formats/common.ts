// What every list reader shares: an empty entry to fill, country names resolved to ISO codes, the
// lists' many ways of writing a date brought to YYYY[-MM[-DD]]. Pure.
import countries from 'i18n-iso-countries';
import type { EntryKind, ListEntry, Topic } from '../match.ts';

export function blankEntry(listEntryId: string, kind: EntryKind, topic: Topic, name: string): ListEntry {
  return { listEntryId, kind, topic, name, aliases: [], birthDates: [], nationalities: [], countries: [], addresses: [], identifiers: [], programmes: [] };
}

/** Names the lists use that the ISO tables spell otherwise. */
const COUNTRY_ALIASES: Record<string, string> = {
  'korea, north': 'KP',
  'north korea': 'KP',
  "democratic people's republic of korea": 'KP',
  'korea, south': 'KR',
  syria: 'SY',
  'syrian arab republic': 'SY',
  burma: 'MM',
  russia: 'RU',
  'russian federation': 'RU',
  iran: 'IR',
  'iran (islamic republic of)': 'IR',
  'west bank': 'PS',
  'gaza strip': 'PS',
  palestinian: 'PS',
  kosovo: 'XK',
  'united kingdom': 'GB',
  uk: 'GB',
  'united states': 'US',
  usa: 'US',
  venezuela: 'VE',
  bolivia: 'BO',
  tanzania: 'TZ',
  laos: 'LA',
  vietnam: 'VN',
  'congo, democratic republic of the': 'CD',
  'democratic republic of the congo': 'CD',
  turkey: 'TR',
  türkiye: 'TR',
};

/** ISO 3166 alpha-2 of a country written as a code or a name; null when unknown. */
export function countryCode(text: string | null | undefined): string | null {
  const t = (text ?? '').trim().replace(/\.$/, '');
  if (!t) return null;
  if (/^[A-Za-z]{2}$/.test(t)) return countries.isValid(t.toUpperCase()) ? t.toUpperCase() : null;
  if (/^[A-Za-z]{3}$/.test(t)) return countries.alpha3ToAlpha2(t.toUpperCase()) ?? null;
  const alias = COUNTRY_ALIASES[t.toLowerCase()];
  if (alias) return alias;
  return countries.getAlpha2Code(t, 'en') ?? null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as the lists write it ("12 Mar 1960", "Mar 1960", "1960", "circa 1960", "1960-03-12",
 * "12/03/1960" day first, "00/00/1960") to YYYY, YYYY-MM or YYYY-MM-DD; "1958 to 1962" gives each
 * year. Empty when none can be read.
 */
export function listDates(text: string | null | undefined): string[] {
  const t = (text ?? '').trim().toLowerCase();
  if (!t) return [];
  const range = /(\d{4})\s*(?:to|-|–)\s*(\d{4})/.exec(t);
  if (range) {
    const out: string[] = [];
    for (let y = Number(range[1]); y <= Number(range[2]) && out.length < 15; y++) out.push(String(y));
    return out;
  }
  let m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(t);
  if (m) return [m[3] && m[3] !== '00' ? `${m[1]}-${m[2]}-${m[3]}` : m[2] !== '00' ? `${m[1]}-${m[2]}` : m[1]!];
  m = /(\d{1,2})[/.](\d{1,2})[/.](\d{4})/.exec(t);
  if (m) {
    const d = Number(m[1]);
    const mo = Number(m[2]);
    return [mo ? (d ? `${m[3]}-${pad(mo)}-${pad(d)}` : `${m[3]}-${pad(mo)}`) : m[3]!];
  }
  m = /(?:(\d{1,2})\s+)?([a-z]{3})[a-z]*\.?\s+(\d{4})/.exec(t);
  if (m && MONTHS.includes(m[2]!)) {
    const mo = pad(MONTHS.indexOf(m[2]!) + 1);
    return [m[1] ? `${m[3]}-${mo}-${pad(Number(m[1]))}` : `${m[3]}-${mo}`];
  }
  const years = t.match(/\b(1[89]\d\d|20\d\d)\b/g);
  return years ? [...new Set(years)] : [];
}

/** Adds values not yet in the list (trimmed, non-empty). */
export function addAll(list: string[], values: (string | null | undefined)[]): void {
  for (const v of values) {
    const t = (v ?? '').trim();
    if (t && !list.includes(t)) list.push(t);
  }
}
