// Scores one screened name (a company or person of a case) against one list entry, and says why.
// The name comes first: tokens compared order-free with Jaro-Winkler, a sounds-alike token counting
// as close, the tokens of the shorter name weighing most; every name and alias of the entry is tried
// and the best kept. Then what both sides know narrows it: a birth year that differs cuts the score
// (a same name born in another year is most often another person), a country in common or a shared
// identifier raises it. Pure: the same inputs always give the same score and reasons.
import { legalFormsApart, partReasons } from './name-part-reasons.ts';
import { alignNames, MATCHER_VERSION, nameSimilarity, similarityReaches } from './name-parts.ts';
import type { EntryKind, ListEntry } from '../db/list-entry.ts';
import { hasNonLatin, nameTokens, type NameKind } from './normalise.ts';

export type { EntryKind, ListEntry, Topic } from '../db/list-entry.ts';

/** What a case knows of one of its companies or persons. */
export interface Subject {
  kind: NameKind;
  names: string[];
  /** YYYY-MM (the spec's partial date) or YYYY-MM-DD or YYYY. */
  birthDate?: string | null;
  /** ISO 3166 alpha-2 codes (citizenship, residence; company country). */
  countries: string[];
  /** Registration numbers, identity document numbers. */
  identifiers: string[];
}

export interface MatchResult {
  score: number;
  matchedName: string;
  /** The name score, the reasons per name part, then birth date, country, identifier. */
  reasons: string[];
  /** The version of the rules that gave the score (MATCHER_VERSION). */
  matcherVersion: string;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export { nameSimilarity, similarityReaches, MATCHER_VERSION };

function year(date: string): number | null {
  const m = /^(\d{4})/.exec(date);
  return m ? Number(m[1]) : null;
}
function month(date: string): string | null {
  const m = /^(\d{4}-\d{2})/.exec(date);
  return m ? m[1]! : null;
}
const alnum = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Whether a subject may match an entry at all: a person never matches a company or a vessel. */
export function kindsMeet(subject: NameKind, entry: EntryKind): boolean {
  return subject === 'person' ? entry === 'person' : entry === 'company' || entry === 'other';
}

/** The tokens of each of an entry's names (its name, then its aliases) when compared as `kind`. */
export function entryTokens(entry: ListEntry, kind: NameKind): string[][] {
  return [entry.name, ...entry.aliases].map((n) => nameTokens(n, kind));
}

/**
 * The least name similarity from which matchEntry can reach `threshold` for this subject: what
 * both sides know adds at most 0.05 (birth year 0.03, country 0.02), and a shared identifier lifts
 * a name of 0.7 or more to 0.99. A little under it, for the rounding of the score. Candidates whose
 * every name stays below it cannot be hits and need not be read in full.
 */
export function nameFloor(subject: Pick<Subject, 'identifiers'>, threshold: number): number {
  const floor = threshold - 0.05;
  const withId = subject.identifiers.some((i) => alnum(i).length >= 5) ? Math.min(floor, 0.7) : floor;
  return withId - 0.001;
}

/**
 * The subject against one entry; null when the kinds cannot meet. `listedTokens`: the entry's
 * names as tokens (entryTokens), when the caller keeps them.
 */
export function matchEntry(subject: Subject, entry: ListEntry, listedTokens: string[][] = entryTokens(entry, subject.kind)): MatchResult | null {
  if (!kindsMeet(subject.kind, entry.kind)) return null;
  let best = { score: 0, name: entry.name, own: subject.names[0] ?? '', at: 0, ownTokens: [] as string[], transliterated: false };
  const names = [entry.name, ...entry.aliases];
  for (const own of subject.names) {
    const ownTokens = nameTokens(own, subject.kind);
    for (let i = 0; i < names.length; i++) {
      const s = nameSimilarity(ownTokens, listedTokens[i]!, subject.kind);
      if (s > best.score) best = { score: s, name: names[i]!, own, at: i, ownTokens, transliterated: hasNonLatin(own) || hasNonLatin(names[i]!) };
    }
  }
  let score = best.score;
  // Legal forms used in no jurisdiction in common (GmbH / Ltd) separate two otherwise equal company names a little.
  const forms = subject.kind === 'company' && score > 0 ? legalFormsApart(best.own, best.name) : null;
  if (forms) score *= 0.96;
  const reasons = [`name ${round(score).toFixed(2)}${best.transliterated ? ' (transliterated)' : ''}`];
  if (score > 0) reasons.push(...partReasons(alignNames(best.ownTokens, listedTokens[best.at]!, subject.kind), best.own, best.name, subject.kind));
  if (forms) reasons.push(`legal form ${forms.a} vs ${forms.b}: used in different jurisdictions`);

  // Identifiers: the same registration or document number on both sides is near-certain.
  const ids = new Set(subject.identifiers.map(alnum).filter((x) => x.length >= 5));
  const shared = entry.identifiers.find((i) => ids.has(alnum(i.value)));
  if (shared && score >= 0.7) {
    score = Math.max(score, 0.99);
    reasons.push(`${shared.type || 'identifier'} ${shared.value} matches`);
  }

  // Birth dates (persons): a year in common supports, a year apart weakens, years apart cut.
  const born = subject.birthDate ? year(subject.birthDate) : null;
  const listedYears = entry.birthDates.map(year).filter((y): y is number => y !== null);
  if (subject.kind === 'person' && born !== null && listedYears.length) {
    if (listedYears.includes(born)) {
      const own = month(subject.birthDate!);
      const months = entry.birthDates.map(month).filter((m): m is string => m !== null && m.startsWith(String(born)));
      if (own && months.length && !months.includes(own)) {
        score *= 0.9;
        reasons.push(`birth year ${born} matches, month ${own.slice(5)} differs`);
      } else {
        score = Math.min(1, score + 0.03);
        reasons.push(own && months.includes(own) ? `birth month ${own} matches` : `birth year ${born} matches`);
      }
    } else if (listedYears.some((y) => Math.abs(y - born) === 1)) {
      score *= 0.85;
      reasons.push(`born ${born}, one year from the list's ${listedYears.join(', ')}`);
    } else {
      score *= 0.55;
      reasons.push(`birth year ${born} differs from the list's ${[...new Set(listedYears)].join(', ')}`);
    }
  }

  // Countries: nationality, residence or company country against the entry's.
  const own = new Set(subject.countries.filter(Boolean).map((c) => c.toUpperCase()));
  const listed = new Set([...entry.nationalities, ...entry.countries].filter((c) => /^[A-Z]{2}$/.test(c)));
  if (own.size && listed.size) {
    const common = [...own].filter((c) => listed.has(c));
    if (common.length) {
      score = Math.min(1, score + 0.02);
      reasons.push(`country ${common.join(', ')} matches`);
    } else {
      score *= 0.9;
      reasons.push(`country ${[...own].join(', ')} not among the list's ${[...listed].join(', ')}`);
    }
  }
  return { score: round(Math.min(1, score)), matchedName: best.name, reasons, matcherVersion: MATCHER_VERSION };
}
