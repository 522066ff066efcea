// Scores one screened name (a company or person of a case) against one list entry, and says why.
// The name comes first: tokens compared order-free with Jaro-Winkler, a sounds-alike token counting
// as close, the tokens of the shorter name weighing most; every name and alias of the entry is tried
// and the best kept. Then what both sides know narrows it: a birth year that differs cuts the score
// (a same name born in another year is most often another person), a country in common or a shared
// identifier raises it. Pure: the same inputs always give the same score and reasons.
import { jaroWinkler } from '@skyra/jaro-winkler';
import { hasNonLatin, nameTokens, phonetic, type NameKind } from './normalise.ts';

export type EntryKind = 'person' | 'company' | 'vessel' | 'aircraft' | 'other';
export type Topic = 'sanctions' | 'pep';

/** One entry of a list as stored (details of screening_entries). */
export interface ListEntry {
  listEntryId: string;
  kind: EntryKind;
  topic: Topic;
  name: string;
  aliases: string[];
  /** YYYY, YYYY-MM or YYYY-MM-DD. */
  birthDates: string[];
  /** ISO 3166 alpha-2 where the list's text could be resolved, else as written. */
  nationalities: string[];
  countries: string[];
  addresses: string[];
  identifiers: { type: string; value: string }[];
  programmes: string[];
  remarks?: string;
}

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
  reasons: string[];
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** Similarities of token pairs already compared, by first token then second: list names share their words (bounded). */
const SIMILARITY_CACHE = 400_000;
const similarities = new Map<string, Map<string, number>>();
let remembered = 0;

/** Similarity of two folded tokens, 0–1. */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  let row = similarities.get(a);
  if (!row) {
    if (remembered >= SIMILARITY_CACHE) {
      similarities.clear();
      remembered = 0;
    }
    similarities.set(a, (row = new Map()));
  }
  let s = row.get(b);
  if (s === undefined) {
    s = compareTokens(a, b);
    row.set(b, s);
    remembered++;
  }
  return s;
}

function compareTokens(a: string, b: string): number {
  // Numbers ("Plant 144" / "Plant 163") are equal or not at all.
  if (/^\d+$/.test(a) || /^\d+$/.test(b)) return 0;
  // An initial stands for a name that starts with it.
  if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return 0.75;
  const jw = jaroWinkler(a, b);
  // Sounds alike (Double Metaphone) and spelled close: a transliteration variant (Mohammed / Muhammad).
  if (jw >= 0.75 && a.length >= 3 && b.length >= 3 && phonetic(a) === phonetic(b)) return Math.max(jw, 0.92);
  return jw;
}

/**
 * Similarity of two names given as tokens, order-free: the best one-to-one pairing of tokens
 * (greedy on the strongest pairs), weighted 0.8 on the coverage of the shorter name and 0.2 on
 * the longer; for persons a one-word name against a longer one counts for less. The tokens
 * written together are compared too ("Al Qaida" / "Alqaida").
 */
export function nameSimilarity(a: string[], b: string[], kind: NameKind): number {
  if (!a.length || !b.length) return 0;
  // Greedy one-to-one pairing, strongest pairs first (ties: the earlier token of a, then of b).
  const rows = a.length;
  const cols = b.length;
  const sim = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) sim[i * cols + j] = tokenSimilarity(a[i]!, b[j]!);
  const usedA = new Uint8Array(rows);
  const usedB = new Uint8Array(cols);
  const short = Math.min(rows, cols);
  let sum = 0;
  let strong = 0;
  for (let taken = 0; taken < short; taken++) {
    let best = -1;
    let at = -1;
    for (let i = 0; i < rows; i++) {
      if (usedA[i]) continue;
      for (let j = 0; j < cols; j++) {
        if (usedB[j]) continue;
        const v = sim[i * cols + j]!;
        if (v > best) {
          best = v;
          at = i * cols + j;
        }
      }
    }
    usedA[Math.floor(at / cols)] = 1;
    usedB[at % cols] = 1;
    sum += best;
    if (best >= 0.8) strong++;
  }
  const long = Math.max(rows, cols);
  let score = 0.8 * (sum / short) + 0.2 * (sum / long);
  // Each token of the shorter name left without a close partner (another first name, another
  // company word) is a sign of another party: 10% off each, for at most two.
  score *= 0.9 ** Math.min(2, short - strong);
  if (kind === 'person' && short === 1 && long > 1) score *= 0.8;
  // Written together ("Al Qaida" / "Alqaida"): only a near-identical joined form counts. Jaro-Winkler
  // reaches 0.95 only when the shorter form is at least 3/4 of the longer, so others are not compared.
  if (rows === 1 && cols === 1) return score;
  const ja = a.join('');
  const jb = b.join('');
  if (Math.min(ja.length, jb.length) < 0.75 * Math.max(ja.length, jb.length)) return score;
  const joined = jaroWinkler(ja, jb);
  return joined >= 0.95 ? Math.max(score, joined * 0.98) : score;
}

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
  let best = { score: 0, name: entry.name, transliterated: false };
  const names = [entry.name, ...entry.aliases];
  for (const own of subject.names) {
    const ownTokens = nameTokens(own, subject.kind);
    for (let i = 0; i < names.length; i++) {
      const s = nameSimilarity(ownTokens, listedTokens[i]!, subject.kind);
      if (s > best.score) best = { score: s, name: names[i]!, transliterated: hasNonLatin(own) || hasNonLatin(names[i]!) };
    }
  }
  let score = best.score;
  const reasons = [`name ${round(score).toFixed(2)}${best.transliterated ? ' (transliterated)' : ''}`];

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
  return { score: round(Math.min(1, score)), matchedName: best.name, reasons };
}
