// Names compared part by part. Each word (token, folded by normalise.ts) of one name is paired with
// the word of the other that is closest, and each pair says how the two compare: equal, a spelling
// variant (transliterations of one Arabic or Cyrillic name: Mohammed / Muhammad, Yevgeny / Evgeniy,
// Osama / Usama; sounds alike and spelled close), an initial that can stand for the name, or
// different. A different word in the shorter name (another given name, another family name,
// another company word) cuts the score hard: Amer Hassan is not Samer Hassan, Ivan Petrova is not
// Ivan Petrov. Persons' names are read into given, family and patronymic parts (comma order
// "FAMILY, Given", patronymics, Arabic, Chinese and Korean family-name habits) to say which part
// differs. Company words many list names share ("Trading", "Group") weigh less; legal forms are set
// aside, but two forms of disjoint jurisdictions separate two otherwise equal names a little.
// Numbers and single letters are equal or not at all. Pure: the same names give the same result.
import { doubleMetaphone } from 'double-metaphone';
import { jaroWinkler } from '../lib/jaro-winkler.ts';
import { isGenericWord, wordWeight } from './generic-words.ts';
import type { NameKind } from './normalise.ts';

/** Says which rules give a score: recorded with every hit and decision, raised whenever a score may change. */
export const MATCHER_VERSION = '2026-11-26.parts-1';

/** Small words of persons' names that do not tell people apart (Al Rashid / Rashid, bin Laden / Laden). */
const PERSON_PARTICLES = new Set(['al', 'el', 'ul', 'ad', 'ar', 'as', 'at', 'az', 'bin', 'ibn', 'bint', 'ben', 'da', 'das', 'dos', 'do', 'di', 'del', 'della', 'y', 'e', 'ter', 'ten', 'mc', 'st']);
/** Words of company names that are legal forms or their spelled-out parts, beyond normalise.ts's (Joint Stock Company, Limited Liability). */
const COMPANY_FILLER = new Set([
  'joint',
  'stock',
  'liability',
  'sirketi',
  'anonim',
  'ticaret',
  've',
  'eood',
  'dmcc',
  'sal',
  'cia',
  'pvt',
  'private',
  'closed',
  'open',
  'public',
  'for',
  'al',
  'y',
  'i',
  'e',
  'et',
  'und',
  'ou',
  'ca',
]);

/** How many token comparisons and spellings are kept (list names share their words). */
const CACHE_LIMIT = 400_000;

export type PartHow = 'equal' | 'variant' | 'initial' | 'different';
export interface TokenCompare {
  sim: number;
  how: PartHow;
}

const isNumber = (t: string) => /^\d+$/.test(t);

/** A spelling skeleton: one form for the ways one name is transliterated. */
export function skeleton(token: string): string {
  let t = skeletons.get(token);
  if (t === undefined) {
    if (skeletons.size >= CACHE_LIMIT) skeletons.clear();
    skeletons.set(token, (t = spell(token)));
  }
  return t;
}
const skeletons = new Map<string, string>();

function spell(token: string): string {
  let t = token;
  t = t
    .replace(/^(ye|ie)/, 'e')
    .replace(/^yu/, 'iu')
    .replace(/^ya/, 'ia')
    .replace(/y/g, 'i');
  t = t
    .replace(/shch/g, 'sh')
    .replace(/sch/g, 'sh')
    .replace(/tch/g, 'ch')
    .replace(/dzh|dj/g, 'j')
    .replace(/zh/g, 'j');
  t = t.replace(/kh/g, 'h').replace(/gh/g, 'g').replace(/ph/g, 'f').replace(/th/g, 't').replace(/ts|tz/g, 'c');
  t = t
    .replace(/ck/g, 'k')
    .replace(/q/g, 'k')
    .replace(/c(?!h)/g, 'k')
    .replace(/w/g, 'v')
    .replace(/x/g, 'ks');
  t = t
    .replace(/ou|oo/g, 'u')
    .replace(/ee|ie|ii|ij/g, 'i')
    .replace(/o/g, 'u')
    .replace(/ei|ai/g, 'ai');
  // Unstressed vowels of transliterated Arabic and Cyrillic names come out as either letter (in words long enough to tell apart).
  if (t.length >= 5) t = t[0] + t.slice(1).replace(/e/g, 'a');
  t = t.replace(/(.)\1+/g, '$1');
  // A final silent h (Aisha / Aishah).
  return t.length > 3 ? t.replace(/h$/, '') : t;
}

/** The masculine and feminine forms of one Slavic family or given name are two people (Petrov / Petrova). */
function genderPair(a: string, b: string): boolean {
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  if (s.length >= 3 && (l === `${s}a` || l === `${s}ia`)) return true;
  // Mario / Maria, Aleksandr / Aleksandra: one stem, the feminine ending in a.
  if (s.length >= 4 && l.length === s.length && s.slice(0, -1) === l.slice(0, -1) && /[a]$/.test(l) !== /[a]$/.test(s) && /[aeiou]$/.test(s) && /[aeiou]$/.test(l)) return true;
  if (/sk(y|i|ii|iy)$/.test(s) && /ska(ya|ia)?$/.test(l) && s.replace(/sk(y|i|ii|iy)$/, '') === l.replace(/ska(ya|ia)?$/, '')) return true;
  return false;
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else if (a[i + 1] === b[j] && a[i] === b[j + 1]) {
      // A swap of two letters is one slip.
      i += 2;
      j += 2;
    } else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

const phoneticCodes = (t: string) => doubleMetaphone(t).filter(Boolean);

/** A company word's stem: plurals and -ies (Technologies / Technology, Holdings / Holding). */
function stem(t: string): string {
  if (t.length <= 4 || !t.endsWith('s')) return t;
  return t.endsWith('ies') ? `${t.slice(0, -3)}y` : t.endsWith('ss') ? t : t.slice(0, -1);
}

function compare(a: string, b: string, kind: NameKind): TokenCompare {
  if (a === b) return { sim: 1, how: 'equal' };
  // Numbers ("Plant 144" / "Plant 163") and single letters are equal or not at all; for persons a
  // single letter is an initial standing for a name that starts with it.
  if (isNumber(a) || isNumber(b)) return { sim: 0, how: 'different' };
  if (a.length === 1 || b.length === 1) {
    if (kind === 'person' && a.length !== b.length && (b.startsWith(a) || a.startsWith(b))) return { sim: 0.9, how: 'initial' };
    return { sim: 0, how: 'different' };
  }
  // An Arabic family name written with its article joined (Altikriti / Al-Tikriti): the name without it.
  if (kind === 'person' && /^(al|el)../.test(a) && a.length >= 6 && a.slice(2) !== b && b.length >= 4) {
    const c = compare(a.slice(2), b, kind);
    if (c.how !== 'different') return c;
  }
  if (kind === 'person' && /^(al|el)../.test(b) && b.length >= 6 && b.slice(2) !== a && a.length >= 4) {
    const c = compare(a, b.slice(2), kind);
    if (c.how !== 'different') return c;
  }
  const jw = jaroWinkler(a, b);
  const sim = variantSim(a, b, kind, jw);
  // Two forms of one Slavic name (Petrov / Petrova) are different whatever else they share:
  // checked only when the rules say variant.
  return sim > 0 && !genderPair(a, b) ? { sim, how: 'variant' } : { sim: Math.min(jw, 0.8), how: 'different' };
}

/** The similarity of two words the rules take as spellings of one (0 when they do not): one stem, one skeleton, sounds alike and close, one slip. */
function variantSim(a: string, b: string, kind: NameKind, jw: number): number {
  if (kind === 'company' && stem(a) === stem(b)) return 0.97;
  if (a.length < 3 || b.length < 3) return 0;
  if (skeleton(a) === skeleton(b)) return Math.max(jw, 0.95);
  // Company words of four letters or fewer are acronyms or short words: one spelling or different.
  if (kind === 'company' && Math.min(a.length, b.length) <= 4) return 0;
  if (jw >= 0.88 && soundAlike(a, b)) return Math.max(jw, 0.92);
  // One slip in a long word (Abdulrahman / Abdurrahman).
  if (Math.min(a.length, b.length) >= 6 && editDistanceAtMostOne(a, b)) return Math.max(jw, 0.92);
  return 0;
}

function soundAlike(a: string, b: string): boolean {
  const pa = phoneticCodes(a);
  for (const c of phoneticCodes(b)) if (pa.includes(c)) return true;
  return false;
}

/** Comparisons of token pairs already made, by kind, first token then second: list names share their words (bounded). */
const caches = { person: new Map<string, Map<string, TokenCompare>>(), company: new Map<string, Map<string, TokenCompare>>() };
let remembered = 0;

/** How two folded tokens compare, as `kind` names. */
export function compareTokens(a: string, b: string, kind: NameKind): TokenCompare {
  const cache = caches[kind];
  let row = cache.get(a);
  if (!row) {
    if (remembered >= CACHE_LIMIT) {
      caches.person.clear();
      caches.company.clear();
      remembered = 0;
    }
    cache.set(a, (row = new Map()));
  }
  let c = row.get(b);
  if (!c) {
    c = compare(a, b, kind);
    row.set(b, c);
    remembered++;
  }
  return c;
}

/** Legal-form words as spelled otherwise (Compani, Liabiliti): their skeletons. */
const LEGAL_SKELETONS = new Set(['company', 'companies', 'limited', 'liability', 'corporation', 'incorporated', 'joint', 'stock', 'unitary', 'obshchestvo', 'aktsionernoe'].map(skeleton));

/** The tokens that take part in a comparison: particles of persons' names and spelled-out legal forms of companies set aside (unless nothing else is left). */
export function significant(tokens: string[], kind: NameKind): string[] {
  // Token arrays are the index's and the name cache's own, compared again and again: each is filtered once.
  const known = significantOf[kind].get(tokens);
  if (known) return known;
  const out = keepSignificant(tokens, kind);
  significantOf[kind].set(tokens, out);
  return out;
}
const significantOf = { person: new WeakMap<string[], string[]>(), company: new WeakMap<string[], string[]>() };

function keepSignificant(tokens: string[], kind: NameKind): string[] {
  const kept = kind === 'person' ? tokens.filter((t) => !PERSON_PARTICLES.has(t)) : tokens.filter((t) => !COMPANY_FILLER.has(t) && !(t.length >= 6 && LEGAL_SKELETONS.has(skeleton(t))));
  return kept.length ? kept : tokens;
}

export interface PartPair {
  /** Index in the first name's significant tokens, or -1. */
  a: number;
  b: number;
  sim: number;
  how: PartHow;
}

export interface Alignment {
  score: number;
  a: string[];
  b: string[];
  /** The pairs (each token of the shorter name with its partner), then the tokens of either side left alone (how 'different'). */
  pairs: PartPair[];
  /** Written together on one side and apart on the other ("Al Qaida" / "Alqaida"). */
  joined: boolean;
}

const weight = (t: string, kind: NameKind) => (kind === 'company' ? wordWeight(t) : 1);

/**
 * Two names given as tokens, compared order-free: the best one-to-one pairing (greedy on the
 * strongest pairs), then a score from 0 to 1. Persons: 0.8 on the coverage of the shorter name and
 * 0.2 on the longer's. Companies: weighted by how rare each word is on the list, 0.8 on the shorter
 * name's coverage and 0.2 on the longer's (0.6 and 0.4 when the shorter name is of common words only). Each token of the shorter name without an equal, variant
 * or initial partner multiplies by 0.6 (a distinctive company word too; a common company word by
 * 0.75), for at most two; a one-word person name against a longer one counts for 80%; a name
 * matched by initials alone counts for half.
 */
export function alignNames(rawA: string[], rawB: string[], kind: NameKind): Alignment {
  const a = significant(rawA, kind);
  const b = significant(rawB, kind);
  if (!a.length || !b.length) return { score: 0, a, b, pairs: [], joined: false };
  const rows = a.length;
  const cols = b.length;
  const cmp: TokenCompare[] = new Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) cmp[i * cols + j] = compareTokens(a[i]!, b[j]!, kind);
  const usedA = new Uint8Array(rows);
  const usedB = new Uint8Array(cols);
  const short = Math.min(rows, cols);
  const pairs: PartPair[] = [];
  for (let taken = 0; taken < short; taken++) {
    let best = -1;
    let at = -1;
    for (let i = 0; i < rows; i++) {
      if (usedA[i]) continue;
      for (let j = 0; j < cols; j++) {
        if (usedB[j]) continue;
        const v = cmp[i * cols + j]!.sim;
        if (v > best) {
          best = v;
          at = i * cols + j;
        }
      }
    }
    const i = Math.floor(at / cols);
    const j = at % cols;
    usedA[i] = 1;
    usedB[j] = 1;
    pairs.push({ a: i, b: j, sim: cmp[at]!.sim, how: cmp[at]!.how });
  }
  let score: number;
  let cut = 1;
  let differ = 0;
  if (kind === 'person') {
    const sum = pairs.reduce((s, p) => s + p.sim, 0);
    score = 0.8 * (sum / short) + 0.2 * (sum / Math.max(rows, cols));
    for (const p of pairs) if (p.how === 'different' && differ++ < 2) cut *= 0.6;
    if (short === 1 && rows !== cols) cut *= 0.8;
    if (pairs.every((p) => p.how === 'initial' || p.how === 'different')) cut *= 0.5;
  } else {
    const shortSide = rows <= cols ? a : b;
    const longSide = rows <= cols ? b : a;
    const own = (p: PartPair) => (rows <= cols ? a[p.a]! : b[p.b]!);
    const shortW = shortSide.reduce((s, t) => s + weight(t, kind), 0);
    const longW = longSide.reduce((s, t) => s + weight(t, kind), 0);
    const got = pairs.reduce((s, p) => s + p.sim * Math.max(weight(a[p.a]!, kind), weight(b[p.b]!, kind)), 0);
    // A name of common words only (Trading Group) found inside a longer one says little: then the
    // longer name's coverage weighs 0.4; a distinctive name inside a longer one (Smart Depot /
    // Smart Depot Puerto Cancun) weighs like a person's, 0.2.
    const onLong = shortW >= 1 ? 0.2 : 0.4;
    score = (1 - onLong) * Math.min(1, got / shortW) + onLong * Math.min(1, got / longW);
    for (const p of pairs) if (p.how === 'different' && differ++ < 2) cut *= isGenericWord(own(p)) ? 0.75 : 0.6;
  }
  score *= cut;
  for (let i = 0; i < rows; i++) if (!usedA[i]) pairs.push({ a: i, b: -1, sim: 0, how: 'different' });
  for (let j = 0; j < cols; j++) if (!usedB[j]) pairs.push({ a: -1, b: j, sim: 0, how: 'different' });
  // Written together ("Al Qaida" / "Alqaida", "Abdul Rahman" / "Abdulrahman"): only when one side
  // has fewer words, and the joined forms are one spelling or near-identical.
  let joined = false;
  if (rows !== cols) {
    const j = joinedSimilarity(rawA, rawB);
    if (j * 0.98 > score) {
      score = j * 0.98;
      joined = true;
    }
  }
  return { score, a, b, pairs, joined };
}

/**
 * How alike two names are written together ("Al Qaida" / "Alqaida"): 0 unless the joined forms
 * are of close length and one spelling or near-identical (0.96 or more).
 */
function joinedSimilarity(rawA: string[], rawB: string[]): number {
  const ja = rawA.join('');
  const jb = rawB.join('');
  if (Math.min(ja.length, jb.length) < 0.75 * Math.max(ja.length, jb.length)) return 0;
  // The spelling skeleton only for forms already close: it is the dearer comparison.
  const jw = jaroWinkler(ja, jb);
  const j = jw < 0.96 && jw >= 0.85 && skeleton(ja) === skeleton(jb) ? 0.99 : jw;
  return j >= 0.96 ? j : 0;
}

/** Similarity of two names given as tokens (alignNames' score). */
export function nameSimilarity(a: string[], b: string[], kind: NameKind): number {
  return alignNames(a, b, kind).score;
}

/**
 * Whether two names' similarity (nameSimilarity) reaches `floor`: always the same answer, most
 * often found with fewer word comparisons. Every word of the shorter name is paired; one with no
 * equal, variant or initial partner in the other name is paired as different whatever the
 * pairing, and each such word (two at most) caps the score: 0.6 for a person, 0.75 at most for a
 * company. Once the cap is below the floor, only the names written together can still reach it,
 * and the remaining words are not compared.
 */
export function similarityReaches(rawA: string[], rawB: string[], kind: NameKind, floor: number): boolean {
  const a = significant(rawA, kind);
  const b = significant(rawB, kind);
  if (!a.length || !b.length) return 0 >= floor;
  const rows = a.length;
  const cols = b.length;
  const factor = kind === 'person' ? 0.6 : 0.75;
  let cap = kind === 'person' && Math.min(rows, cols) === 1 && rows !== cols ? 0.8 : 1;
  // A margin for the rounding of the products: the cap only rules out what is clearly below.
  const margin = 1 + 1e-9;
  let alone = 0;
  const aShort = rows <= cols;
  const short = aShort ? a : b;
  const long = aShort ? b : a;
  for (let i = 0; i < short.length && cap * margin >= floor; i++) {
    // A word written the same on the other side is its partner, with no comparison.
    let partner = long.includes(short[i]!);
    for (let j = 0; j < long.length && !partner; j++) {
      const c = aShort ? compareTokens(short[i]!, long[j]!, kind) : compareTokens(long[j]!, short[i]!, kind);
      partner = c.how !== 'different';
    }
    if (!partner && alone++ < 2) cap *= factor;
  }
  if (cap * margin >= floor) return nameSimilarity(rawA, rawB, kind) >= floor;
  return rows !== cols && joinedSimilarity(rawA, rawB) * 0.98 >= floor;
}
