// The opening clause of a contract: the parties it is made between, and the date it takes effect.
// A name counts as a party only where the clause makes it one: it carries a legal form ("Acme
// GmbH"), or it is described as an entity (", a Washington corporation", ", a company registered
// in…", ", having its registered office…"), or it is given a defined name ('("Brightmoor")', '(the
// "Seller")'). Capitalised words elsewhere in a sentence are never taken for a party.
import { findDates, type SlashOrder } from './dates.ts';
import { companiesInSentence } from './parties.ts';
import { normalizeCompanyName } from '../../lib/names.ts';

// "made between A and B", "by and between:" over a list, and an English deed's heading "PARTIES" over "(1) A … (2) B".
// A Spanish contract's "REUNIDOS" heads its parties as well ("De una parte, … Y de otra parte, …").
const BETWEEN = /(?:\b(?:between|zwischen|entre|tra|tussen|pomi[eę]dzy|mi[eę]dzy)\s*:?|(?<=^|\n)\s*(?:parties\s*:?(?=\s+(?:\(1\)|1\.)\s)|reunidos\b))\s+/giu;
/** The number of a party in a listed clause: "(1) A Ltd …; and (2) B B.V. …", "1. A LIMITED … 2. B LTD …". */
const PARTY_NUMBER = /(^|[\s;,])(?:\(\d{1,2}\)|\d{1,2}\.(?=\s+\p{Lu}))\s+/gu;
/** What follows a full stop that does not end the parties' clause: the next party ("(2) B …", "2. B …", "Y de otra parte, …"). */
const NEXT_PARTY = /^\s+(?:\(\d{1,2}\)|\d{1,2}\.)\s+\p{Lu}|^\s+(?:y|e|and|et|und)\s+(?:de\s+(?:la\s+)?otra|dall['’]altra|on\s+the\s+other|d['’]autre|andererseits)\b/iu;
/** A role's label in capitals with its colon before a party's name ("PRIMEIRA OUTORGANTE: TEJO … S.A.; SEGUNDA OUTORGANTE: …"): read as "and the", no word of a name. */
const ROLE_LABEL_BEFORE = /(^|;\s*(?:and\s+|e\s+|y\s+)?)\p{Lu}{3,}(?:\s+\p{Lu}{3,}){0,2}\s*:\s+(?=\p{Lu})/gu;
/** The words that join the parties: "A and B", "A und B", "A et B"… */
const JOINS = /\s+(?:and|und|et|y|e|en|a|i)\s+/giu;
/** How far into the text the opening clause may start, and how long it may run. */
const CLAUSE_START_CHARS = 3000;
const CLAUSE_MAX_CHARS = 900;
const MAX_NAME_WORDS = 8;
/** Words that may stand inside a name in lower case ("Bank of America", "Société de …"). */
const NAME_CONNECTORS = new Set(['of', 'de', 'du', 'des', 'la', 'le', 'von', 'van', 'der', 'den', 'di', 'del', 'da', 'do', 'dos', 'y', '&', '+']);
/** Roles and pronouns a clause names instead of a party ("between the Seller and the Buyer"). */
const NOT_NAMES =
  /^(?:the|this|that|seller|buyer|vendor|purchaser|supplier|customer|client|licensor|licensee|lessor|lessee|landlord|tenant|party|parties|company|contractor|employer|employee|provider|recipient|owner|owners|charterer|charterers|undersigned|ltd|inc)$/i;
/** The names of tax and register numbers, which stand before a number, never for a party. */
const ID_WORDS = /^(?:cif|nif|nie|vat|nip|krs|regon|iva|p\.?\s?iva|ein|siren|siret|kvk|rcs|ust-idnr)$/i;
/** What describes an entity right after its name. */
const ENTITY_AFTER =
  /^\s*,?\s*(?:\p{Lu}[\p{L}.]{0,5}\.,?\s+)?(?:(?:a|an|une?|eine?|una?)\s+(?:[\p{L}.'-]+\s+){0,5}?(?:corporation|company|limited liability company|partnership|limited partnership|llc|gesellschaft|soci[ée]t[ée]|sociedad|societ[àa]|vennootschap|sp[óo][łl]ka|bank|trust|association|foundation|entity|organi[sz]ation|firm|business)\b|(?:having|with)\s+its\s+(?:registered|principal|head)|(?:registered|incorporated|organi[sz]ed|existing)\s+(?:in|under|at)|(?:company|corporation)\s+(?:registered|incorporated|number|no))/iu;
/** A defined name right after the name: ("Brightmoor"), (the "Seller"), (hereinafter "X"). */
const DEFINED_AFTER = /^\s*,?\s*\(\s*(?:hereinafter|hereafter|the|referred to as|im folgenden|ci-apr[eè]s|en adelante|di seguito|hierna)?[^)]{0,40}?["“”'*«]/iu;
/** Abbreviations after which a full stop does not end the clause. */
// Titles and street words too: "Ing. Luca …", "Dott.ssa …", "ul. Przykładowa 15", "Avda. …".
const NO_SENTENCE_END = /(?:\b(?:inc|ltd|co|corp|llc|plc|no|nr|st|mr|mrs|ms|dr|sp|z\s?o\.o|s\.a|b\.v|n\.v|a\.g|e\.v|s\.l|s\.r\.l|u\.s|ing|dott|avv|geom|rag|sig|sra|dña|ul|al|pl|avda|c\/)|\b\p{L})$/iu;

/** The clauses after each "between" near the start, each up to the end of its sentence. */
function partyClauses(text: string): string[] {
  const out: string[] = [];
  for (const m of text.slice(0, CLAUSE_START_CHARS).matchAll(BETWEEN)) {
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + CLAUSE_MAX_CHARS).replace(/\s*\n\s*/g, ' ');
    const end = [...rest.matchAll(/\.(?=\s+[\p{Lu}"“(]|$)/gu)].find(
      (e) =>
        !NO_SENTENCE_END.test(rest.slice(Math.max(0, e.index - 8), e.index)) &&
        !NEXT_PARTY.test(rest.slice(e.index + 1)) &&
        // A party's own number: "1. WESTMERE … (the Customer). 2. LABSTREAM …".
        !/(?:^|[.;]\s+)\d{1,2}$/.test(rest.slice(0, e.index)),
    );
    // Parties listed one a sentence are joined as in "A …; and B …".
    const clause = (end ? rest.slice(0, end.index) : rest).replace(/\.(?=\s+(?:\(\d{1,2}\)|\d{1,2}\.)\s+\p{Lu})/gu, '; and');
    out.push(clause.replace(PARTY_NUMBER, '$1').replace(ROLE_LABEL_BEFORE, '$1 and the '));
  }
  return out;
}

/** The core of a name that ends in a legal form (non-empty), else null. */
function legalFormCore(words: string[]): string | null {
  const n = normalizeCompanyName(words.join(' '));
  return n.legalForm && n.core ? n.core : null;
}

const LEADING_ARTICLE = /^\s*(?:the|die|der|la|le|el|il|de)\s+/i;

/** The capitalised name that starts `s` (after a leading article) and the text after it, or null. */
function leadingName(s: string): { name: string; rest: string } | null {
  const body = s.replace(LEADING_ARTICLE, '');
  const out: string[] = [];
  const ends: number[] = [];
  for (const m of body.matchAll(/\S+/g)) {
    const raw = m[0];
    // A defined name or a remark in brackets follows the name.
    if (/^[("“'*«]/.test(raw)) break;
    const bare = raw.replace(/[,;:)"”'»]+$/, '');
    if (bare === '') break;
    if (!/^[\p{Lu}\d]/u.test(bare) && !(out.length > 0 && NAME_CONNECTORS.has(bare.toLowerCase()))) break;
    // A tax or register number ends the name: "CIF B-00112233 (en adelante …)" names no party.
    if (/\d{4}/.test(bare)) break;
    out.push(bare);
    ends.push(m.index + bare.length);
    if (bare !== raw || out.length >= MAX_NAME_WORDS) break;
  }
  // The legal form ends the name: "Nordic Freight GmbH of Hamburg" is Nordic Freight GmbH, of Hamburg.
  const formAt = out.findIndex((_, i) => i > 0 && legalFormCore(out.slice(0, i + 1)) !== null);
  if (formAt > 0) {
    const core = legalFormCore(out.slice(0, formAt + 1));
    let last = formAt;
    for (let i = formAt + 1; i < out.length; i++) if (legalFormCore(out.slice(0, i + 1)) === core) last = i;
    out.length = last + 1;
  }
  while (out.length > 0 && NAME_CONNECTORS.has(out[out.length - 1].toLowerCase())) out.pop();
  if (out.length === 0 || out.every((w) => NOT_NAMES.test(w.replace(/\.$/, '')) || ID_WORDS.test(w))) return null;
  return { name: out.join(' '), rest: body.slice(ends[out.length - 1]) };
}

/**
 * The parties of the opening clause ("made by and between A, a Delaware corporation, and B GmbH"):
 * names that start the clause or follow a joining word, each kept only when the clause makes it a
 * party; names with a legal form anywhere in the clause as well.
 */
export function partiesOfClause(text: string): string[] {
  return partyRolesOfClause(text).map((p) => p.name);
}

/** A party of the opening clause and the role the clause defines for it ('(the "Seller")' is the seller), if any. */
export interface ClauseParty {
  name: string;
  role: string | null;
}

/** The parties of the opening clause with the roles it gives them (see partiesOfClause). */
export function partyRolesOfClause(text: string): ClauseParty[] {
  // The first "between" that names two parties is the opening clause ("the difference between…" is not).
  let best: ClauseParty[] = [];
  for (const clause of partyClauses(text)) {
    const found = partiesIn(clause);
    if (found.length >= 2) return found;
    if (best.length === 0) best = found;
  }
  return best;
}

/** Defined names that are roles, in the languages contracts come in, and the role each is. */
const DEFINED_ROLES: [RegExp, string][] = [
  [/^(?:seller|vendor|verk[äa]ufer(?:in)?|vendeur|vendedor|venditore|verkoper|sprzedaj[aą]cy)$/i, 'seller'],
  [/^(?:buyer|purchaser|k[äa]ufer(?:in)?|acheteur|acqu[ée]reur|comprador|acquirente|koper|kupuj[aą]cy)$/i, 'buyer'],
  [/^(?:supplier|service provider|provider|contractor|lieferant|auftragnehmer|fournisseur|prestataire|proveedor|fornitore|leverancier|dostawca)$/i, 'supplier'],
  [/^(?:customer|client|auftraggeber|kunde|cliente|klant|klient|zamawiaj[aą]cy)$/i, 'customer'],
  [/^(?:licensor|licensee|lessor|lessee|landlord|tenant|employer|employee|consultant|agent|principal|distributor|lender|borrower|guarantor)$/i, ''],
];
/** A defined name in the words after a party: '(the "Seller")', 'hereinafter referred to as the "Buyer"', '(the Customer)', '(le « Vendeur »)'. */
const ARTICLE = String.raw`(?:(?:the|der|die|le|la|el|il|de)\s+)?`;
const DEFINED_NAMES = [
  new RegExp(String.raw`["“”„'«‹*]\s*${ARTICLE}(\p{L}[\p{L} ]{1,30}?)\s*["“”'»›*]`, 'giu'),
  new RegExp(String.raw`\(\s*${ARTICLE}(\p{L}+)\s*\)`, 'giu'),
  new RegExp(
    String.raw`\b(?:hereinafter|hereafter|referred to as|im folgenden|nachfolgend|ci-apr[eè]s|en adelante|di seguito|hierna)(?:\s+(?:referred to as|called|genannt|d[ée]nomm[ée]e?|denominad[oa]))?\s+${ARTICLE}(\p{L}+)`,
    'giu',
  ),
];

/** The role a defined name after a party gives it, or null (a short name like '("Brightmoor")' is no role). */
export function definedRole(after: string): string | null {
  const head = after.slice(0, 200);
  for (const re of DEFINED_NAMES) {
    for (const m of head.matchAll(re)) {
      const word = m[1].trim();
      const hit = DEFINED_ROLES.find(([r]) => r.test(word));
      if (hit) return hit[1] || word.toLowerCase();
    }
  }
  return null;
}

function partiesIn(clause: string): ClauseParty[] {
  const starts = [0, ...[...clause.matchAll(JOINS)].map((m) => m.index + m[0].length)];
  const out: ClauseParty[] = [];
  const seen = new Set<string>();
  const add = (name: string, role: string | null) => {
    const key = normalizeCompanyName(name).full;
    if (key !== '' && !seen.has(key)) seen.add(key), out.push({ name, role });
  };
  const accepted: { name: string; from: number; to: number }[] = [];
  for (const start of starts) {
    const found = leadingName(clause.slice(start));
    if (!found) continue;
    const legal = normalizeCompanyName(found.name).legalForm !== null;
    if (legal || ENTITY_AFTER.test(found.rest) || DEFINED_AFTER.test(found.rest)) accepted.push({ name: found.name, from: start, to: clause.length - found.rest.length });
  }
  // What the clause says of a party runs up to the next party.
  accepted.forEach((p, k) => add(p.name, definedRole(clause.slice(p.to, accepted[k + 1]?.from ?? clause.length))));
  // Names with a legal form elsewhere in the clause, unless they run over a party already found.
  // A defined name in quotes is no company of its own: '("Company A")' names a party found already.
  for (const name of companiesInSentence(clause.replace(/\(\s*(?:the\s+)?["“„«][^"“”»]{1,40}["”“»]\s*\)/gu, ' '))) {
    if (out.some((p) => name.includes(p.name) || p.name.includes(name))) continue;
    const at = clause.indexOf(name);
    add(name, at >= 0 ? definedRole(clause.slice(at + name.length, at + name.length + 160).split(JOINS)[0]) : null);
  }
  return out;
}

/** Right after a date: it is named the effective date ('("Effective Date")', '(the "Commencement Date")'). */
const NAMED_EFFECTIVE = /^[\s,]*\(\s*(?:the\s+|hereinafter\s+)?["“'*]?\s*(?:effective|commencement|start)\s+date/i;
/** Right before a date: the agreement takes effect then ("entered into as of", "effective as of"). */
const AS_OF =
  /\b(?:as\s+of|effective(?:\s+as\s+of|\s+from|\s+on)?|with\s+effect\s+from|commencing(?:\s+on)?|tritt\s+am|mit\s+wirkung\s+(?:zum|vom|ab)|prend\s+effet\s+(?:le|au)|entre\s+en\s+vigueur\s+le|[àa]\s+compter\s+du)\s+(?:(?:the|this)\s+)?$/i;

/** The date the opening clause makes effective, ISO; null when none is named so. */
export function effectiveDateOfClause(text: string, order: SlashOrder): string | null {
  const head = text.slice(0, CLAUSE_START_CHARS).replace(/\s*\n\s*/g, ' ');
  for (const d of findDates(head, order)) {
    const before = head.slice(Math.max(0, d.index - 40), d.index);
    const after = head.slice(d.index + d.length, d.index + d.length + 60);
    if (NAMED_EFFECTIVE.test(after) || AS_OF.test(before)) return d.iso;
  }
  return null;
}

/**
 * Right before a date: the agreement ends then ("shall continue until", "ends on", "endet am", "pour
 * une durée de deux ans, soit jusqu'au"). A date a payment or a notice runs to is not named so.
 */
const ENDS_ON =
  /(?:\b(?:continue(?:s)?\s+(?:in\s+force\s+)?until|remain(?:s)?\s+in\s+(?:full\s+)?force\s+until|ends?\s+on|expires?\s+on|terminates?\s+on|endet\s+am|prend\s+fin\s+le)|\bdur[ée]e\b[^.]{0,60}jusqu['’]\s*au)\s+(?:the\s+)?$/i;

/** The date a contract's clauses say it ends on, ISO; null when none is named so. */
export function expiryDateOfText(text: string, order: SlashOrder): string | null {
  const body = text.replace(/\s*\n\s*/g, ' ');
  for (const d of findDates(body, order)) if (ENDS_ON.test(body.slice(Math.max(0, d.index - 100), d.index))) return d.iso;
  return null;
}

/** A signature's place and date on a line of its own: "Köln, den 22.04.2026", "Fait à Lyon, le 16 février 2026". */
const PLACE_AND_DAY = /(?:^|\t)\s*(?:[Ff]ait\s+[àa]\s+)?\p{Lu}[\p{L}.' -]{1,40},\s*(?:den|le|am|el|il)\s+$/u;

/** A place and a comma alone before a date that ends its cell: "Brescia, 20 maggio 2026", "London, 5 May 2026". */
const PLACE_ALONE = /(?:^|\t)\s*\p{Lu}[\p{L}.' -]{1,40},\s*$/u;

/** A sentence saying where and on which day the contract was signed: "ondertekend te Utrecht op", "signed at Lusaka on", "unterzeichnet in Wien am". */
const SIGNED_AT =
  /\b(?:signed|executed|ondertekend|getekend|unterzeichnet|unterschrieben|assinado|firmado|sign[ée])\s+(?:at|in|te|zu|[àa]|em|en)\s+\p{Lu}[\p{L}' -]{1,40}?,?\s+(?:on|op|am|le|em|el)\s+(?:the\s+)?$/u;
/** Right after a date, where a language names the day first: "20.05.2026 tarihinde iki nüsha olarak imzalanmıştır". */
const SIGNED_AFTER = /^\s*tarihinde\b[^.]{0,60}?\bimzalan/iu;

/** The day a contract was signed by the place and date its signatures stand over, or a sentence saying so; ISO; null without one. */
export function signingPlaceDate(text: string, order: SlashOrder): string | null {
  for (const line of text.split('\n')) {
    if (!line.includes(',')) continue;
    for (const d of findDates(line, order)) {
      const before = line.slice(0, d.index);
      if (PLACE_AND_DAY.test(before)) return d.iso;
      if (PLACE_ALONE.test(before) && /^\s*\.?\s*(?:\t|$)/.test(line.slice(d.index + d.length))) return d.iso;
    }
  }
  const body = text.replace(/\s*\n\s*/g, ' ');
  for (const d of findDates(body, order)) {
    if (SIGNED_AT.test(body.slice(Math.max(0, d.index - 80), d.index)) || SIGNED_AFTER.test(body.slice(d.index + d.length, d.index + d.length + 90))) return d.iso;
  }
  return null;
}
