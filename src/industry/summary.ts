// The case result's business_description_summary: one or two plain sentences on what the company
// sells, to whom and where. From the company's own business description answers when it gave any
// (the sentences that say most, put in the third person); otherwise from what its documents show
// (the activity of a licence, the lines of its invoices and the goods of its contracts, with the
// other party and its country). Only what the evidence says; "" when nothing is known. Pure.
import { compareCompanyNames, normalizeText } from '../lib/names.ts';

export interface SummaryDocument {
  type: string;
  fields: Record<string, unknown>;
}

export interface SummaryInput {
  companyName: string | null;
  /** The business description answers, in the order given. */
  answers: string[];
  documents: SummaryDocument[];
}

const MAX_LENGTH = 400;

const str = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '');

/** Words that say what a sentence is about: an activity, customers, places. */
const TELLING =
  /\b(sell|supply|suppl(y|ies)|import|export|manufactur|produc|provid|offer|develop|build|operat|run|distribut|wholesal|retail|trad|servic|consult|design|install|transport|deliver|customer|client|consumer|business|shop|store|restaurant|online|countr|across|throughout|based|located)/i;
/** Sentences that carry no facts about the business. */
const EMPTY = /^(hi|hello|hey|yes|no|ok|okay|sure|thanks|thank you|good (morning|afternoon|evening)|as (i|we) said|see above|n\/?a)\b[\s!.,]*$/i;

function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=\p{Lu}|\d)/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 2 && !EMPTY.test(s) && !s.endsWith('?'));
}

/** "supply" → "supplies", "are" → "is": the verb after a subject in the third person. */
function thirdPerson(verb: string): string {
  const irregular: Record<string, string> = { are: 'is', have: 'has', do: 'does', were: 'was', go: 'goes', "'re": 'is' };
  const lower = verb.toLowerCase();
  if (irregular[lower]) return irregular[lower]!;
  if (/(ed|ing)$/.test(lower) || ['can', 'will', 'would', 'should', 'may', 'might', 'must', 'could', 'had', 'did', 'sold', 'made', 'built', 'began', 'grew'].includes(lower)) return verb;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  return `${verb}s`;
}

const ADVERBS = ['also', 'mainly', 'mostly', 'only', 'currently', 'now', 'primarily', 'just', 'already', 'still', 'principally', 'largely'];
const WE = new RegExp(`\\b([Ww]e)(?:'re|'ve|\\s+(?:(${ADVERBS.join('|')})\\s+)?([A-Za-z]+))`, 'g');

/** Verbs that may follow in a list after the first ("we import, roast and supply"). */
const LISTED_VERBS = new Set(
  'import export roast supply sell buy make manufacture produce distribute deliver ship provide offer develop build design install operate run trade source process pack package store rent lease repair maintain serve advise consult host lend transfer exchange manage market publish teach train grow brew bake cook cater clean transport own hold invest arrange broker insure issue accept create help work'.split(
    ' ',
  ),
);

/** A sentence of the account owner's in the third person: "We sell …" → "Acme Ltd sells …", "… and we ship" → "… and it ships". */
export function toThirdPerson(sentence: string, subject: string): string {
  let changed = false;
  const out = sentence.replace(WE, (m: string, we: string, adverb: string | undefined, verb: string | undefined) => {
    changed = true;
    const who = we === 'We' ? subject : 'it';
    if (m.endsWith("'re")) return `${who} is`;
    if (m.endsWith("'ve")) return `${who} has`;
    return `${who} ${adverb ? `${adverb} ` : ''}${thirdPerson(verb!)}`;
  });
  return (changed ? out.replace(/(,\s*|\b(?:and|or)\s+)([a-z]+)\b/g, (m, sep: string, w: string) => (LISTED_VERBS.has(w) ? `${sep}${thirdPerson(w)}` : m)) : out)
    .replace(/\bOur\b/g, 'Its')
    .replace(/\bour\b/g, 'its')
    .replace(/\bus\b/g, 'it');
}

/** "Roasted coffee beans" → "roasted coffee beans" inside a sentence; "EU", "iPhone" stay. */
function lowerFirst(s: string): string {
  return /^\p{Lu}\p{Ll}/u.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

function capped(parts: string[]): string {
  let text = '';
  for (const p of parts) {
    const s = /[.!]$/.test(p) ? p : `${p}.`;
    const next = text ? `${text} ${s}` : s;
    if (next.length > MAX_LENGTH) {
      if (!text) return `${s.slice(0, MAX_LENGTH - 3).replace(/\s+\S*$/, '')}...`;
      break;
    }
    text = next;
  }
  return text;
}

/** From the answers: the (at most two) sentences that say most, in the order given. */
function fromAnswers(answers: string[], subject: string): string {
  const all: { s: string; score: number; at: number }[] = [];
  const seen = new Set<string>();
  for (const a of answers) {
    for (const s of sentences(a)) {
      const key = normalizeText(s);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      const telling = (s.match(new RegExp(TELLING.source, 'gi')) ?? []).length;
      all.push({ s, score: telling + Math.min(s.length, 200) / 200, at: all.length });
    }
  }
  const chosen = [...all]
    .sort((a, b) => b.score - a.score)
    .slice(0, 2)
    .sort((a, b) => a.at - b.at);
  return capped(chosen.map((c) => toThirdPerson(c.s, subject).replace(/^\p{Ll}/u, (ch) => ch.toUpperCase())));
}

function countryName(code: string | null | undefined): string {
  const c = str(code).toUpperCase();
  if (!/^[A-Z]{2}$/.test(c)) return '';
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(c) ?? '';
  } catch {
    return '';
  }
}

function listOf(items: string[]): string {
  const unique = [...new Set(items.map((i) => i.replace(/[.;:,\s]+$/, '')).filter(Boolean))].slice(0, 3);
  return joined(unique);
}

function joined(unique: string[]): string {
  if (unique.length <= 1) return unique[0] ?? '';
  return `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
}

/** "Alpine Foods AG (Germany)" for a party of a document; "" without a name. */
function partyOf(p: unknown): string {
  const party = (p && typeof p === 'object' ? p : {}) as Record<string, unknown>;
  const name = str(party.name);
  if (!name) return '';
  const country = countryName(party.country_code as string | null);
  return country ? `${name} (${country})` : name;
}

function isCompany(name: string | null, party: unknown): boolean {
  const other = str((party as Record<string, unknown> | null)?.name);
  return !!name && !!other && compareCompanyNames(name, other).outcome !== 'mismatch';
}

/** A line of an invoice as goods or a service: without quantities and prices. */
function lineText(l: unknown): string {
  const d = str((l as Record<string, unknown> | null)?.description);
  return d.length > 80 ? `${d.slice(0, 77).replace(/\s+\S*$/, '')}...` : d;
}

/** From the documents: what a licence allows, what the invoices and contracts say it sells or buys. */
function fromDocuments(input: SummaryInput, subject: string): string {
  const sales: string[] = [];
  const buyers: string[] = [];
  const purchases: string[] = [];
  const sellers: string[] = [];
  const trade: string[] = [];
  const licences: string[] = [];
  for (const d of input.documents) {
    const f = d.fields;
    if (d.type === 'license') {
      const activity = str(f.activity);
      if (activity) licences.push(str(f.issuer) ? `${activity} (issued by ${str(f.issuer)})` : activity);
    } else if (d.type === 'invoice') {
      const lines = (Array.isArray(f.lines) ? f.lines : []).map(lineText).filter(Boolean);
      if (lines.length === 0) continue;
      if (isCompany(input.companyName, f.seller)) {
        sales.push(...lines);
        if (partyOf(f.buyer)) buyers.push(partyOf(f.buyer));
      } else if (isCompany(input.companyName, f.buyer)) {
        purchases.push(...lines);
        if (partyOf(f.seller)) sellers.push(partyOf(f.seller));
      } else trade.push(...lines);
    } else if (d.type === 'contract') {
      const goods = (Array.isArray(f.goods) ? f.goods : []).map(str).filter(Boolean);
      if (goods.length === 0) continue;
      const parties = Array.isArray(f.parties) ? (f.parties as Record<string, unknown>[]) : [];
      const own = parties.find((p) => isCompany(input.companyName, p));
      const other = parties.find((p) => p !== own && str(p.name));
      const role = str(own?.role).toLowerCase();
      if (own && /seller|supplier|vendor|provider|contractor|licensor/.test(role)) {
        sales.push(...goods);
        if (other && partyOf(other)) buyers.push(partyOf(other));
      } else if (own && /buyer|purchaser|customer|client|licensee/.test(role)) {
        purchases.push(...goods);
        if (other && partyOf(other)) sellers.push(partyOf(other));
      } else trade.push(...goods);
    }
  }
  const parts: string[] = [];
  const goods = (items: string[]) => listOf(items.map(lowerFirst));
  if (sales.length) parts.push(`${subject} sells ${goods(sales)}${buyers.length ? ` to customers such as ${listOf(buyers)}` : ''}, as its documents show`);
  if (licences.length) parts.push(`${subject} holds a licence for ${goods(licences)}`);
  if (parts.length < 2 && !sales.length && trade.length) parts.push(`Its documents show trade in ${goods(trade)}`);
  if (parts.length < 2 && purchases.length) parts.push(`${subject} buys ${goods(purchases)}${sellers.length ? ` from ${listOf(sellers)}` : ''}, as its documents show`);
  return capped(parts.slice(0, 2));
}

/** The business description summary of a case's main company; "" when nothing is known. */
export function businessSummary(input: SummaryInput): string {
  const subject = str(input.companyName) || 'The company';
  const answers = input.answers.map(str).filter(Boolean);
  const fromWords = answers.length ? fromAnswers(answers, subject) : '';
  return fromWords || fromDocuments(input, subject);
}
