// Names brought to one comparable form, whatever their script: transliterated to Latin (any-ascii),
// lower-cased, punctuation dropped, legal forms of companies set aside, and each token given a
// phonetic code (Double Metaphone) for blocking and for sounds-alike comparison. Pure.
import anyAscii from 'any-ascii';
import { doubleMetaphone } from 'double-metaphone';

/** Legal forms and their parts, as tokens after folding: set aside when comparing company names. */
const LEGAL_FORMS = new Set(
  (
    'ltd limited llc llp lp plc inc incorporated corp corporation co company companies gmbh mbh ag kg ohg ug eg ev sa sas sarl srl spa sl sae saa bv nv cv ' +
    'ooo oao zao pao ao tov pat pao oo jsc ojsc cjsc pjsc ojs oy oyj ab as asa aps pte pty bhd sdn fze fzco fzc fzllc kft zrt nyrt doo dd ad ead ' +
    'ltda eireli eirl sac sca scs snc sprl bvba spzoo sp zoo z o s r l ag kgaa se lda unipessoal jv ' +
    // Russian legal forms written out in transliteration (obshchestvo s ogranichennoi otvetstvennostyu = OOO).
    'obshchestvo obshestvo s ogranichennoi ogranichennoy otvetstvennostyu otvetstvennostiu aktsionernoe aktsionernoye zakrytoe otkrytoe publichnoe nepublichnoe tovarishchestvo'
  ).split(' '),
);
const STOP = new Set(['the', 'of', 'and', 'de', 'la', 'le', 'du', 'des', 'der', 'die', 'von', 'van']);

/** True when the text holds letters of a script other than Latin (Cyrillic, Greek, Arabic, CJK…). */
export function hasNonLatin(text: string): boolean {
  return /[^\u0000-\u024F\u1E00-\u1EFF\s\p{P}\p{N}\p{S}]/u.test(text);
}

/** Latin, lower case, letters and digits separated by single spaces. */
export function foldName(text: string): string {
  return anyAscii(text.normalize('NFC'))
    .toLowerCase()
    .replace(/['`´’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export type NameKind = 'person' | 'company';

/** The tokens of a name that carry its identity: legal forms of companies and small words set aside. */
export function nameTokens(text: string, kind: NameKind): string[] {
  const key = `${kind}\0${text}`;
  const known = tokenCache.get(key);
  if (known) return known;
  const out = computeTokens(text, kind);
  if (tokenCache.size >= CACHE_SIZE) tokenCache.clear();
  tokenCache.set(key, out);
  return out;
}

/** Names and tokens recur from one screening to the next: their folded forms are kept (bounded). */
const CACHE_SIZE = 200_000;
const tokenCache = new Map<string, string[]>();
const phoneticCache = new Map<string, string>();

function computeTokens(text: string, kind: NameKind): string[] {
  const tokens = foldName(text).split(' ').filter(Boolean);
  const kept = tokens.filter((t) => !STOP.has(t) && !(kind === 'company' && LEGAL_FORMS.has(t)));
  // A name made only of legal forms or small words keeps them rather than vanish.
  return kept.length ? kept : tokens;
}

/** The phonetic code of a token (digits stay as they are). */
export function phonetic(token: string): string {
  if (/^\d+$/.test(token)) return token;
  let code = phoneticCache.get(token);
  if (code === undefined) {
    code = doubleMetaphone(token)[0] || token;
    if (phoneticCache.size >= CACHE_SIZE) phoneticCache.clear();
    phoneticCache.set(token, code);
  }
  return code;
}

/**
 * An entry's names (its name, then its aliases) as folded tokens in one text, as stored with the
 * entry (screening_entries.tokens): one line per name, tokens separated by spaces. Folded tokens
 * hold only letters and digits, so the separators never occur in them.
 */
export function entryNameTokens(entry: { kind: string; name: string; aliases: string[] }): string {
  const kind: NameKind = entry.kind === 'person' ? 'person' : 'company';
  return [entry.name, ...entry.aliases].map((n) => nameTokens(n, kind).join(' ')).join('\n');
}

/** At most this many tokens of a name make blocking keys (the first ones). */
const KEY_TOKENS = 6;

function codesOf(text: string, kind: NameKind): { codes: string[]; tokens: string[] } {
  const tokens = nameTokens(text, kind).slice(0, KEY_TOKENS);
  const codes = [...new Set(tokens.filter((t) => t.length >= 2 || /^\d$/.test(t)).map(phonetic))].sort();
  return { codes, tokens };
}

/**
 * Blocking keys of one name, stored for list entries and looked up for screened names: the
 * phonetic code of each token (`t:`), and of all tokens sorted and written together (`j:`), so
 * "Al Qaida", "Alqaida" and "Qaida, Al" meet.
 */
export function blockingKeys(text: string, kind: NameKind): string[] {
  const { codes, tokens } = codesOf(text, kind);
  const keys = codes.map((c) => `t:${c}`);
  if (tokens.length) keys.push(`j:${phonetic([...tokens].sort().join(''))}`);
  return keys;
}
