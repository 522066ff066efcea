// biome-ignore-all format: word lists read better packed
// The authority that issued a register document: the registrar, register court, chamber or state
// office that certifies a company's incorporation or standing, or extracts its register entry.
import { titleCase } from '../../lib/title-case.ts';
import { valueAfter, type DocText } from './doc-text.ts';
import { authorityOf } from './official-prose.ts';
import { REGISTER_BODY } from './public-bodies.ts';

/** A register body's name, ending where its word ends. */
const BODY = `${REGISTER_BODY}(?![\\p{L}])`;
/** Up to three capitalised words before a body ("New Zealand Companies Office", "Delaware Secretary of State"). */
const BEFORE = String.raw`(?:(?:\p{Lu}[\p{L}.]*|and)\s+){0,3}?`;
/**
 * Where the body sits: "for England and Wales", "of the State of Ohio", a register court's town
 * ("Amtsgericht München", "Trgovački sud u Zagrebu", "Tribunal de Commerce d'Abidjan", "… de Douala-Bonanjo").
 */
const AFTER = String.raw`(?:(?:\s+(?:for|of|in|at|de|di|u|v|ve)\s+|\s+[dD]['’])(?:the\s+)?(?:State\s+of\s+)?[A-Z][\p{L}]+(?:(?:\s+(?:and\s+)?|-)[A-Z][\p{L}]+){0,4}|\s+[A-Z][\p{L}]+(?=\s*(?:$|[,.;:()]|HR[AB]\b)))?`;
const NAMED = new RegExp(`(${BEFORE}${BODY}${AFTER})`, 'u');
/** Words a capitalised run may start with that belong to the sentence, not to the body's name. */
const SENTENCE_WORDS = /^(?:(?:The|This|That|I|We|Certificate|Certified|Extract|Extrait|Auszug|Uittreksel|Handelsregister|Issued|By|With|Under|From|To|Of|And|In|At|Given)\s+)+/;
/** A signatory's rank before the body's name ("Asst. Registrar of Companies" signs for the Registrar of Companies). */
const RANK = /^(?:(?:Assistant|Asst\.?|Deputy|Dy\.?|Joint|Additional|Addl\.?|Acting|Senior|Chief)\s+)+/;

/** Labels a register document puts before its issuing body. */
const LABELS = [
  ['issuing authority', 'issued by', 'registration authority', 'registering authority', 'register court', 'registry', 'registrar', 'registergericht', 'registerbehorde', 'registre', 'registro', 'autorite d immatriculation', 'nyilvantarto birosag', 'sodisce'],
];

/** A body named in `t`, in its own words and case; null when `t` names none. */
export function registerBodyIn(t: string): string | null {
  const m = NAMED.exec(bodyCase(t));
  if (!m) return null;
  const v = m[1].replace(SENTENCE_WORDS, '').replace(RANK, '').replace(/^Amtsgerichts\b/, 'Amtsgericht').replace(/^(M[ěe]stsk|Krajsk)ým soudem\b/, '$1ý soud').replace(/[\s,.;:]+$/, '').trim();
  return v.length >= 4 && v.length <= 90 ? v : null;
}

/** Only a value that names a register body: a label's value may be a person who signs for it. */
function labelledBody(t: string): string | null {
  return registerBodyIn(t.split(/\s{2,}|\t/)[0]);
}

/**
 * The issuing authority of a certificate of incorporation or good standing or a register extract:
 * the body a label names, else the first register body the text names (its letterhead, or the
 * sentence that certifies), else a public body named as issuing it. Never the company itself.
 */
export function registrarOf(d: DocText, company: string | null): string | null {
  const found = labelledRegistrar(d) ?? firstNamedBody(d) ?? authorityOf(d);
  if (!found) return null;
  return company && found.toLowerCase().includes(company.toLowerCase()) ? null : found;
}

/** The register body a label names ("Registergericht: Amtsgericht München"); null without one. */
export function labelledRegistrar(d: DocText): string | null {
  return valueAfter(d, LABELS, labelledBody, { lookahead: 1, maxStart: 1 });
}

/**
 * The first register body a line names, with the place the next line gives it ("Secretary of State /
 * for the State of Ohio"); a later mention of the same body that also names its place completes it.
 */
function firstNamedBody(d: DocText): string | null {
  const named = d.lines.map((l, k) => {
    const next = d.lines[k + 1]?.text.trim() ?? '';
    return registerBodyIn(/^(?:for|of|in)\s/i.test(next) ? `${l.text} ${next}` : l.text);
  });
  const first = named.find((v) => v !== null);
  if (!first) return null;
  return named.find((v) => v?.startsWith(first) && v.length > first.length) ?? first;
}

/** A body's name starts a word after a space, a bracket, a hyphen or an elided article ("D'Abidjan"), and keeps its little words lower case. */
const BODY_CASE = { wordStart: String.raw`^|[\s(-]|(?<=\b[DdLl])['’]`, lowerWords: /(?<=\s)(Of|And|The|For|In|At|De|Du|Des|Di|Delle|Van|Ja|Al|U|V)(?=\s)/g };

/** "SECRETARY OF STATE OF THE STATE OF DELAWARE" → "Secretary of State of the State of Delaware": an upper-case line in a body's own case. */
function bodyCase(t: string): string {
  if (/\p{Ll}/u.test(t)) return t;
  // Turkish capitals (İ, Ş, Ğ) lower and upper by Turkish rules: "İSTANBUL TİCARET ODASI" → "İstanbul Ticaret Odası".
  return titleCase(t, /[İŞĞ]/.test(t) ? { ...BODY_CASE, locale: 'tr' } : BODY_CASE);
}
