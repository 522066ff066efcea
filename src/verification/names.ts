// Company-name normalisation and matching, so that "ACME Ltd." in a document counts as the case's "Acme Limited".

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

export function normalizeText(s: string): string {
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
  ag: ['ag', 'aktiengesellschaft'],
  kg: ['kg', 'kommanditgesellschaft'],
  kgaa: ['kgaa'],
  ug: ['ug', 'ug haftungsbeschrankt'],
  ohg: ['ohg'],
  se: ['se', 'societas europaea'],
  // French-, Spanish-, Italian-, Portuguese-speaking countries
  sa: ['sa', 's a', 'societe anonyme', 'sociedad anonima'],
  sas: ['sas', 's a s', 'societe par actions simplifiee'],
  sasu: ['sasu', 's a s u'],
  sarl: ['sarl', 's a r l', 's a rl', 'societe a responsabilite limitee'],
  eurl: ['eurl', 'e u r l'],
  snc: ['snc', 's n c'],
  srl: ['srl', 's r l', 'societa a responsabilita limitata'],
  spa: ['spa', 's p a', 'societa per azioni'],
  sl: ['sl', 's l', 'sociedad limitada'],
  slu: ['slu', 's l u'],
  lda: ['lda', 'ltda'],
  // Benelux
  bv: ['bv', 'b v', 'besloten vennootschap'],
  nv: ['nv', 'n v', 'naamloze vennootschap'],
  bvba: ['bvba', 'b v b a'],
  // Nordic and Baltic countries
  ab: ['ab', 'aktiebolag'],
  as: ['as', 'a s', 'aksjeselskap', 'aktieselskab'],
  asa: ['asa'],
  aps: ['aps', 'anpartsselskab'],
  oy: ['oy', 'osakeyhtio'],
  oyj: ['oyj'],
  ou: ['ou'],
  uab: ['uab'],
  sia: ['sia'],
  // Central and Eastern Europe
  'sp z oo': ['sp z o o', 'sp z oo', 'spolka z ograniczona odpowiedzialnoscia'],
  sro: ['sro', 's r o', 'spol s r o', 'spol sro'],
  kft: ['kft'],
  zrt: ['zrt'],
  nyrt: ['nyrt'],
  doo: ['doo', 'd o o'],
  // Asia
  kk: ['kk', 'kabushiki kaisha'],
  'sdn bhd': ['sdn bhd'],
};

interface LegalFormVariant {
  canonical: string;
  tokens: string[];
}

// Longest spelling first, so "co ltd" is taken as one form rather than "ltd" after a word "co".
const VARIANTS: LegalFormVariant[] = Object.entries(LEGAL_FORMS)
  .flatMap(([canonical, spellings]) => spellings.map((s) => ({ canonical, tokens: s.split(' ') })))
  .sort((a, b) => b.tokens.length - a.tokens.length);

function tokens(normalized: string): string[] {
  return normalized === '' ? [] : normalized.split(' ');
}

function startsWithAt(haystack: string[], at: number, needle: string[]): boolean {
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
