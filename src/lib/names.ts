// Company-name normalisation and matching, so that "ACME Ltd." in a document counts as the case's "Acme Limited".
import * as fuzz from 'fuzzball';
import { jaroWinkler } from '@skyra/jaro-winkler';

export type NameMatch = 'exact' | 'without_legal_form' | 'absent';

export interface NormalizedCompanyName {
  /** Normalised name with its legal form (if any) replaced by the canonical one. */
  full: string;
  /** Normalised name without its legal form. */
  core: string;
  /** Canonical legal form, e.g. "ltd", "gmbh", "sp z oo"; null when the name ends with none. */
  legalForm: string | null;
}

// Letters that NFKD leaves alone because they are not "letter + accent" in Unicode.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

const NON_ASCII = /[^\x00-\x7f]/;

export function normalizeText(s: string): string {
  // ASCII has no accents, no compatibility forms and none of the special letters: the same result, sooner.
  if (!NON_ASCII.test(s)) {
    return s
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  }
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Canonical legal form → its spellings, written as they come out of normalizeText (so "S.p.A." is "s p a").
 * Compound forms ("co ltd", "gmbh and co kg") are listed on their own so the longest one wins.
 */
const LEGAL_FORMS: Record<string, string[]> = {
  // English-speaking countries
  ltd: ['ltd', 'limited'],
  'co ltd': ['co ltd', 'co limited', 'company ltd', 'company limited'],
  'pty ltd': ['pty ltd', 'pty limited', 'proprietary limited', 'proprietary ltd'],
  'pte ltd': ['pte ltd', 'pte limited'],
  'pvt ltd': ['pvt ltd', 'pvt limited', 'private limited', 'private ltd'],
  plc: ['plc', 'p l c', 'public limited company'],
  llc: ['llc', 'l l c', 'limited liability company'],
  llp: ['llp', 'l l p', 'limited liability partnership'],
  lp: ['lp', 'l p', 'limited partnership'],
  inc: ['inc', 'incorporated'],
  corp: ['corp', 'corporation'],
  co: ['co', 'company'],
  'and co': ['and co', 'and company'],
  // German-speaking countries
  gmbh: ['gmbh', 'gesellschaft mit beschrankter haftung'],
  'gmbh and co kg': ['gmbh and co kg', 'gmbh co kg'],
  ag: ['ag', 'aktiengesellschaft', 'a g'],
  kg: ['kg', 'kommanditgesellschaft'],
  kgaa: ['kgaa'],
  ug: ['ug', 'ug haftungsbeschrankt'],
  ohg: ['ohg'],
  se: ['se', 'societas europaea'],
  // French-, Spanish-, Italian-, Portuguese-speaking countries
  sa: ['sa', 's a', 'societe anonyme', 'sociedad anonima', 'sociedade anonima', 'spolka akcyjna'],
  sas: ['sas', 's a s', 'societe par actions simplifiee'],
  sasu: ['sasu', 's a s u'],
  sarl: ['sarl', 's a r l', 's a rl', 'societe a responsabilite limitee'],
  eurl: ['eurl', 'e u r l'],
  snc: ['snc', 's n c'],
  srl: ['srl', 's r l', 'societa a responsabilita limitata', 'sociedad de responsabilidad limitada', 'societate cu raspundere limitata'],
  spa: ['spa', 's p a', 'societa per azioni'],
  sl: ['sl', 's l', 'sociedad limitada'],
  slu: ['slu', 's l u'],
  lda: ['lda', 'ltda', 'sociedade limitada', 'sociedade empresaria limitada', 'sociedade por quotas'],
  // Benelux
  bv: ['bv', 'b v', 'besloten vennootschap'],
  nv: ['nv', 'n v', 'naamloze vennootschap'],
  bvba: ['bvba', 'b v b a'],
  // Nordic and Baltic countries
  ab: ['ab', 'aktiebolag'],
  as: ['as', 'a s', 'aksjeselskap', 'aktieselskab', 'akciova spolecnost', 'anonim sirketi'],
  asa: ['asa'],
  aps: ['aps', 'anpartsselskab'],
  oy: ['oy', 'osakeyhtio'],
  oyj: ['oyj'],
  ou: ['ou'],
  uab: ['uab'],
  sia: ['sia'],
  // Central and Eastern Europe
  'sp z oo': ['sp z o o', 'sp z oo', 'spolka z ograniczona odpowiedzialnoscia'],
  sro: ['sro', 's r o', 'spol s r o', 'spol sro', 'spolecnost s rucenim omezenym', 'spolocnost s rucenim obmedzenym'],
  kft: ['kft', 'korlatolt felelossegu tarsasag'],
  zrt: ['zrt', 'zartkoruen mukodo reszvenytarsasag'],
  nyrt: ['nyrt', 'nyilvanosan mukodo reszvenytarsasag'],
  doo: ['doo', 'd o o'],
  // Asia
  kk: ['kk', 'kabushiki kaisha'],
  'sdn bhd': ['sdn bhd'],
  bhd: ['bhd', 'berhad'],
  // Further forms met on trade documents
  gbr: ['gbr'],
  eg: ['eg', 'eingetragene genossenschaft'],
  ek: ['e k', 'e kfm'],
  ev: ['e v', 'eingetragener verein'],
  vvag: ['vvag', 'v v a g'],
  jsc: ['jsc', 'joint stock company'],
  pjsc: ['pjsc'],
  ooo: ['ooo'],
  fze: ['fze'],
  fzco: ['fzco'],
  'fz llc': ['fz llc'],
  'sa de cv': ['sa de cv', 's a de c v', 'sociedad anonima de capital variable'],
  's de rl de cv': ['s de rl de cv', 's de r l de c v'],
  // Turkey and Greece
  'ltd sti': ['ltd sti', 'limited sirketi'],
  ike: ['i k e', 'ι κ ε', 'ικε', 'ιδιωτικη κεφαλαιουχικη εταιρεια'],
  ae: ['α ε', 'αε', 'ανωνυμη εταιρεια'],
  epe: ['ε π ε', 'επε', 'εταιρεια περιορισμενης ευθυνης'],
  sagl: ['sagl'],
};

interface LegalFormVariant {
  canonical: string;
  tokens: string[];
}

// Longest spelling first, so "co ltd" is taken as one form rather than "ltd" after a word "co".
const VARIANTS: LegalFormVariant[] = Object.entries(LEGAL_FORMS)
  .flatMap(([canonical, spellings]) => spellings.map((s) => ({ canonical, tokens: s.split(' ') })))
  .sort((a, b) => b.tokens.length - a.tokens.length);

/** The last word of every spelling of a legal form: a name can only end in a legal form on one of these. */
const LAST_LEGAL_FORM_WORDS = new Set(VARIANTS.map((v) => v.tokens[v.tokens.length - 1]));

/**
 * Whether a name whose last word is `word` can end in a legal form (false: normalizeCompanyName finds
 * none in it). Cheap next to normalising the whole name, for callers that try many candidate names.
 */
export function mayEndWithLegalForm(word: string): boolean {
  const n = normalizeText(word);
  // A word that normalises to nothing leaves the name's last word to the words before it.
  if (n === '') return true;
  return LAST_LEGAL_FORM_WORDS.has(n.slice(n.lastIndexOf(' ') + 1));
}

function tokens(normalized: string): string[] {
  return normalized === '' ? [] : normalized.split(' ');
}

function startsWithAt(haystack: readonly string[], at: number, needle: readonly string[]): boolean {
  if (at < 0 || at + needle.length > haystack.length) return false;
  for (let i = 0; i < needle.length; i++) if (haystack[at + i] !== needle[i]) return false;
  return true;
}

export function normalizeCompanyName(name: string): NormalizedCompanyName {
  const words = tokens(normalizeText(name));
  for (const variant of VARIANTS) {
    // A name that is only a legal form ("Limited") keeps it as its core; there would be nothing left to look for.
    if (words.length <= variant.tokens.length) continue;
    if (!startsWithAt(words, words.length - variant.tokens.length, variant.tokens)) continue;
    const core = words.slice(0, words.length - variant.tokens.length).join(' ');
    return { full: `${core} ${variant.canonical}`, core, legalForm: variant.canonical };
  }
  const full = words.join(' ');
  return { full, core: full, legalForm: null };
}

/**
 * Looks for the company name in a document's text, word by word. 'exact' needs the core name followed by
 * any spelling of the same legal form; 'without_legal_form' means the core name is there but its legal form
 * is missing or different (for instance "ACME Ltd" in the text for a case about "ACME GmbH").
 */
export function findCompanyName(text: string, name: string): NameMatch {
  const wanted = normalizeCompanyName(name);
  const core = tokens(wanted.core);
  if (core.length === 0) return 'absent';
  const words = tokens(normalizeText(text));
  let found = false;
  for (let at = 0; at + core.length <= words.length; at++) {
    if (!startsWithAt(words, at, core)) continue;
    if (wanted.legalForm === null) return 'exact';
    // The longest form wins so that "S.A.S." after the name does not pass for "S.A.".
    const following = VARIANTS.find((v) => startsWithAt(words, at + core.length, v.tokens));
    if (following?.canonical === wanted.legalForm) return 'exact';
    found = true;
  }
  return found ? 'without_legal_form' : 'absent';
}

// ---------------------------------------------------------------------------------------------------
// Comparing two names (a party read from a document with one from the case), for companies and persons.

export type NameOutcome = 'exact' | 'close' | 'mismatch';

export interface NameComparison {
  outcome: NameOutcome;
  /** Similarity of the names without their legal forms, 0–1. */
  score: number;
  /** Why the outcome is what it is, in words a reader of a finding understands. */
  reason: string;
}

/** Legal forms that name the same kind of company; "ACME Co. Ltd" vs "ACME Ltd" is close, not a different entity. */
const FORM_FAMILIES: string[][] = [
  ['ltd', 'co ltd', 'pty ltd', 'pte ltd', 'pvt ltd', 'plc'],
  ['inc', 'corp', 'co', 'llc'],
  ['gmbh', 'gmbh and co kg'],
  ['sa', 'sas', 'sasu'],
  ['sarl', 'eurl'],
  ['sl', 'slu'],
  ['as', 'asa'],
  ['oy', 'oyj'],
];

function sameFamily(a: string, b: string): boolean {
  return FORM_FAMILIES.some((f) => f.includes(a) && f.includes(b));
}

/** Similarity of two normalised strings, 0–1: the better of token-set ratio and Jaro-Winkler. */
export function nameSimilarity(a: string, b: string): number {
  if (a === '' || b === '') return 0;
  if (a === b) return 1;
  const tokenSet = fuzz.token_set_ratio(a, b, { full_process: false }) / 100;
  const jw = jaroWinkler(a, b);
  return Math.round(Math.max(tokenSet, jw) * 100) / 100;
}

const CLOSE_THRESHOLD = 0.9;

export function compareCompanyNames(a: string, b: string): NameComparison {
  const x = normalizeCompanyName(a);
  const y = normalizeCompanyName(b);
  if (x.core === '' || y.core === '') return { outcome: 'mismatch', score: 0, reason: 'one of the names is empty' };
  const score = x.core === y.core ? 1 : nameSimilarity(x.core, y.core);
  if (x.legalForm && y.legalForm && x.legalForm !== y.legalForm && !sameFamily(x.legalForm, y.legalForm)) {
    return { outcome: 'mismatch', score, reason: `the legal forms differ (${x.legalForm} vs ${y.legalForm}), so they are different entities` };
  }
  if (x.full === y.full) return { outcome: 'exact', score: 1, reason: 'same name and legal form' };
  if (score >= CLOSE_THRESHOLD) {
    const why = x.core === y.core ? (x.legalForm && y.legalForm ? 'related legal forms' : 'one name has no legal form') : 'the names are spelled slightly differently';
    return { outcome: 'close', score, reason: why };
  }
  return { outcome: 'mismatch', score, reason: 'the names differ' };
}

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'herr', 'herrn', 'frau', 'm', 'mme', 'mlle', 'sr', 'sra', 'dott', 'ing']);

export function normalizePersonName(name: string): string[] {
  return normalizeText(name)
    .split(' ')
    .filter((w) => w !== '' && !TITLES.has(w));
}

export function comparePersonNames(a: string, b: string): NameComparison {
  const x = normalizePersonName(a);
  const y = normalizePersonName(b);
  if (x.length === 0 || y.length === 0) return { outcome: 'mismatch', score: 0, reason: 'one of the names is empty' };
  const sorted = (t: string[]) => [...t].sort().join(' ');
  if (sorted(x) === sorted(y)) return { outcome: 'exact', score: 1, reason: 'same names' };
  const score = nameSimilarity(x.join(' '), y.join(' '));
  if (score >= CLOSE_THRESHOLD) return { outcome: 'close', score, reason: 'some names are missing or spelled differently' };
  return { outcome: 'mismatch', score, reason: 'the names differ' };
}

/** Compares as companies when either name carries a legal form, else as persons (order of words ignored). */
export function compareNames(a: string, b: string): NameComparison {
  if (normalizeCompanyName(a).legalForm || normalizeCompanyName(b).legalForm) return compareCompanyNames(a, b);
  return comparePersonNames(a, b);
}

/** "exact"/"close"/"mismatch" with both names and the score, for the text of a finding. */
export function describeComparison(a: string, b: string, c: NameComparison): string {
  return `"${a}" vs "${b}": ${c.outcome} (similarity ${c.score.toFixed(2)}; ${c.reason})`;
}

export type NameLocation =
  | { match: 'exact' | 'without_legal_form' | 'other_legal_form'; found: string; score: 1 }
  | { match: 'close'; found: string; score: number }
  | { match: 'absent'; found: null; score: number };

/**
 * Where findCompanyName says 'without_legal_form', tells a missing legal form from a different one, and where it
 * says 'absent', looks for a near spelling (OCR errors, a dropped letter) with Jaro-Winkler over word windows.
 */
/** The words of the last text searched: the rules look for several names in the same document. */
let lastText: string | null = null;
let lastWords: readonly string[] = [];

function wordsOf(text: string): readonly string[] {
  if (text !== lastText) {
    lastWords = tokens(normalizeText(text));
    lastText = text;
  }
  return lastWords;
}

export function locateCompanyName(text: string, name: string): NameLocation {
  const wanted = normalizeCompanyName(name);
  const core = tokens(wanted.core);
  if (core.length === 0) return { match: 'absent', found: null, score: 0 };
  const words = wordsOf(text);
  let other: string | null = null;
  let bare: string | null = null;
  for (let at = 0; at + core.length <= words.length; at++) {
    if (!startsWithAt(words, at, core)) continue;
    const following = VARIANTS.find((v) => startsWithAt(words, at + core.length, v.tokens));
    if (wanted.legalForm === null || following?.canonical === wanted.legalForm) return { match: 'exact', found: wanted.full, score: 1 };
    if (following) other ??= `${wanted.core} ${following.canonical}`;
    else bare ??= wanted.core;
  }
  if (other) return { match: 'other_legal_form', found: other, score: 1 };
  if (bare) return { match: 'without_legal_form', found: bare, score: 1 };
  const target = wanted.core;
  let best = 0;
  let bestAt = -1;
  let bestLen = core.length;
  for (const len of [core.length, core.length + 1, core.length - 1]) {
    if (len < 1) continue;
    for (let at = 0; at + len <= words.length; at++) {
      if (words[at][0] !== target[0] && words[at].length > 2 && target.length > 2 && words[at][1] !== target[1]) continue;
      const s = jaroWinkler(words.slice(at, at + len).join(' '), target);
      if (s > best) [best, bestAt, bestLen] = [s, at, len];
    }
  }
  const score = Math.round(best * 100) / 100;
  if (best >= 0.93 && target.length >= 5) return { match: 'close', found: words.slice(bestAt, bestAt + bestLen).join(' '), score };
  return { match: 'absent', found: null, score };
}
