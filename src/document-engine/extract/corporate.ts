// biome-ignore-all format: tables and word lists read better packed than one item a line
// Company-record fields: register extracts, certificates of incorporation, articles and shareholder
// registers: name, number, legal form, dates, address, status, directors and shareholders.
import { normalizeCompanyName } from '../../lib/names.ts';
import { findDates, parseDate } from './dates.ts';
import { dateAfter, findLabelledIn, parsePhrase, valueAfter, type DocText } from './doc-text.ts';
import type { RegisterFields, ShareholderRegisterFields } from './fields.ts';
import { dateOverCaption } from './captions.ts';
import { findCompanyNumber } from './company-numbers.ts';
import { findRegNumber } from './identifiers.ts';
import { wrappedLabelValue } from './layout-pairs.ts';
import { cleanName, companiesInSentence, companyNames, hasLegalForm, looksLikeName } from './parties.ts';
import { NAMES_A_BODY } from './public-bodies.ts';
import { dateBeforeVerb, dateInSentence, placeAndDateLine, placeAndDateUnderTitle, sentences, SIGNED } from './official-prose.ts';
import { isLabelText, notALabel } from './label-words.ts';
import { labelledRegistrar, registrarOf } from './registrar.ts';
import { bareDateLabel, cjkClosingDate, inForceOnDate, numberAndDateLine, signatureBlockDate } from './register-dates.ts';
import { fold } from './text.ts';
import { CONSTITUTED_ON, INCORPORATED_ON, ISSUED_ON, LEGAL_FORM_LABELS, NAME_LABELS, OFFICE_LABELS, REGISTERED_CELL, SEAT_LABELS, STATUS_LABELS } from './register-labels.ts';

/**
 * The new name a certificate of change of name gives, not the old one it names first: "X having by
 * special resolution changed its name, is now incorporated under the name of Y", "… is now registered
 * under the name of Y", "changed its name to Y".
 */
const NEW_NAME = /\b(?:is now (?:incorporated|registered) under the name(?: of)?|changed its name to|is now called|name (?:was|has been) changed to)\s*:?\s*[«"“]?\s*(.{3,140})/i;

/** "the Articles of Incorporation and By-Laws of X were duly approved": the company whose constitution a certificate records. */
const CONSTITUTION_OF = /\b(?:[Aa]rticles of (?:[Ii]ncorporation|[Aa]ssociation|[Oo]rgani[sz]ation)|[Mm]emorandum)(?: and (?:[Bb]y-?[Ll]aws|[Aa]rticles of [Aa]ssociation))? of (\p{Lu}.{2,140}?) (?:were|was|are|is|have been|has been)\b/u;

/** "The name of the company is …", "… records show X, an Ohio limited liability company": the name a sentence gives. */
const NAME_SENTENCES = [
  /\bname of (?:the|this) (?:company|corporation|llp|limited liability partnership|partnership|association|society|entity) (?:is|shall be)\s*[:"“]?\s*(.{3,140})/i,
  /\brecords? (?:show|shows|reflect|reflects) (?:that )?(.{3,140}?),? (?:an?|the) [A-Z][\p{L} ]{0,40}(?:company|corporation|partnership|organi[sz]ation)/iu,
  // Articles in other languages: "La dénomination sociale de la société est : X", "Die Firma der Gesellschaft lautet: X",
  // "La denominación social de la sociedad es X", "La società è denominata X", "De naam van de vennootschap is X".
  /\bd[ée]nomination (?:sociale )?de la soci[ée]t[ée] est\s*:?\s*(.{3,140})/iu,
  /\bFirma der Gesellschaft lautet\s*:?\s*(.{3,140})/iu,
  /\bdenominaci[óo]n (?:social )?de la sociedad es\s*:?\s*(.{3,140})/iu,
  /\bsociet[àa] (?:[èe] )?denominata\s*:?\s*[«"“]?\s*(.{3,140})/iu,
  /\bnaam van de vennootschap is\s*:?\s*(.{3,140})/iu,
  // Notarial acts: "con la denominazione X", "adota a firma X", "la sociedad se denominará X".
  /\bcon la denominazione\s*:?\s*[«"“]?\s*(.{3,140})/iu,
  /\b(?:adota|adopta|tem|sob) a (?:firma|denomina[çc][ãa]o)\s*:?\s*[«"“]?\s*(.{3,140})/iu,
  /\bsociedad se denominar[áa]\s*:?\s*[«"“]?\s*(.{3,140})/iu,
];

/** Up to the legal form that closes a name ("EXAMPLE FUELS … PRIVATE LIMITED 2 The registered office" → the name), else up to a clause break. */
function nameFromSentence(rest: string): string | null {
  // A numbered clause after the name's full stop starts the next clause: "… is X Limited. 2. The company is …".
  const words = rest.replace(/\s+/g, ' ').split(/(?<=\.) (?:\d{1,3}[.)]|\(\d{1,3}\)) /)[0].trim().split(' ').slice(0, 14);
  for (let n = words.length; n > 0; n--) {
    const candidate = words.slice(0, n).join(' ').replace(/[,;:."”]+$/, '');
    if (hasLegalForm(candidate) && looksLikeName(candidate)) return candidate;
  }
  const plain = cleanName(rest.split(/[.;]\s|\s(?:is|was|and|under|with)\s/)[0] ?? '');
  return plain.split(/\s+/).length <= 8 && looksLikeName(plain) ? plain : null;
}

/** A kind of company, not a company's name: "Private company limited by shares", "a public limited company". */
const KIND_OF_COMPANY = /^(?:an?\s+|the\s+)?(?:(?:private|public|unlimited|exempted?)\s+)?(?:limited\s+)?(?:company|companies|corporation|partnership|liability company)(?:\s+limited)?(?:\s+by\s+(?:shares|guarantee))?$/i;

/** A title over the name: "ARTICLES OF ASSOCIATION / OF / ACME LTD", "CERTIFICATE OF INCORPORATION / OF / X, INC.". */
function nameUnderTitle(d: DocText): string | null {
  const at = d.lines.slice(0, 15).findIndex((l) => l.fold.trim() === 'of');
  const next = at >= 0 ? d.lines[at + 1] : undefined;
  const name = next ? cleanName(next.text) : null;
  return name && hasLegalForm(name) && looksLikeName(name) && !KIND_OF_COMPANY.test(name) ? name : null;
}

/** Legal forms written with a dot after each letter, as OCR may drop one: "S.PA." is "S.P.A.". */
const DOTTED_FORMS = new Set(['spa', 'srl', 'sas', 'sarl', 'bv', 'nv', 'sa', 'sl', 'llc', 'llp', 'plc']);

/** A legal form OCR read with zeros for its letters ("SP. Z 0.0." is "SP. Z O.O."), or with a dot of a dotted one lost ("S.PA."). */
export function repairLegalForm(name: string): string {
  const dotted = /(?<=\s)((?:\p{L}\.?\s?){1,3}\p{L}\.?)$/u.exec(name);
  if (dotted && dotted[1].includes('.')) {
    const letters = dotted[1].replace(/[.\s]/g, '');
    const canonical = `${[...letters].join('.')}.`;
    if (DOTTED_FORMS.has(letters.toLowerCase()) && dotted[1] !== canonical) return name.slice(0, dotted.index) + canonical;
  }
  return name.replace(/\b(sp\.?\s?z)\s?0\.?\s?0\.?(?=\s*$)/i, (_, head: string) => `${head} ${head === head.toUpperCase() ? 'O.O.' : 'o.o.'}`);
}

/**
 * A title over the company is no company ("CERTIFICATE CONFIRMING INCORPORATION OF COMPANY"), and
 * neither is the register that issued the document ("Registrar of Companies", "Companies and
 * Intellectual Property Commission", "Amtsgericht München", "Kamer van Koophandel").
 */
const TITLE_WORDS = /\b(?:certificate|certification|extract|register|registry|registrar|confirming|incorporation|atto costitutivo|acta constitutiva|escritura|constitui[cç][aã]o|estatutos?|statuto)\b/i;
/** A certificate's title before the name it is for: "Certificate of Formation for X", "Articles of Organization of X". */
const TITLE_BEFORE_NAME = /^(?:(?:certificate|articles) of )?(?:formation|organi[sz]ation|incorporation|amendment|registration|conversion|merger) (?:for|of) (?=\p{Lu})/iu;
/**
 * The word that ties a title on the line above to the name, left at the start of the name's line:
 * "BOLAGSORDNING" over "för X AB", "SATZUNG" over "der X GmbH", "ARTICLES OF ASSOCIATION" over "of X
 * Limited". In lower case only: a capital starts a name ("Der Gruene Punkt GmbH").
 */
const LINK_BEFORE_NAME = /^(?:for|för|für|fuer|of|af|der|des|voor|della|dello|del)\s+(?=\p{Lu})/u;

export function companyNameOf(d: DocText): string | null {
  // The end of the sentence before the name ("… effective on March 15, 2022. / X INC.") is not part of it, nor
  // a register's rubric number ("2/1. X Kft.": Hungary's cégkivonat numbers each entry of each rubric).
  const name = companyNameIn(d)?.replace(/^\d{1,4}(?:\/\d{1,4})?\.\s+(?=\p{Lu})/u, '').replace(TITLE_BEFORE_NAME, '').replace(LINK_BEFORE_NAME, '');
  return name && !TITLE_WORDS.test(name) && !NAMES_A_BODY.test(fold(name)) ? repairLegalForm(name) : null;
}

/** A company's name in quotation marks ("… CERTIFY "EXAMPLE LABS, INC." IS DULY INCORPORATED"): the marks bound it. */
function quotedCompany(flat: string): string | null {
  for (const m of flat.matchAll(/["“«]([^"“”«»]{3,100})["”»]/g)) {
    const name = m[1].trim().replace(/[,;]+$/, '');
    if (hasLegalForm(name) && looksLikeName(name) && !KIND_OF_COMPANY.test(name)) return name;
  }
  return null;
}

function companyNameIn(d: DocText): string | null {
  const flat = d.lines.map((l) => l.text).join(' ');
  const renamed = NEW_NAME.exec(flat.replace(/\s+/g, ' '));
  const newName = renamed ? nameFromSentence(renamed[1]) : null;
  if (newName && hasLegalForm(newName)) return newName;
  for (const re of NAME_SENTENCES) {
    const m = re.exec(flat);
    const name = m ? nameFromSentence(m[1]) : null;
    if (name) return name;
  }
  const titled = nameUnderTitle(d);
  if (titled) return titled;
  const labelled = labelledName(d);
  if (labelled) return labelled;
  const quoted = quotedCompany(flat);
  if (quoted) return quoted;
  const constituted = CONSTITUTION_OF.exec(flat.replace(/\s+/g, ' '));
  const ofArticles = constituted ? nameFromSentence(constituted[1]) : null;
  if (ofArticles && hasLegalForm(ofArticles)) return ofArticles;
  const certify = d.lines.findIndex((l) => /(certify that|certifies that|confirm that|confirms that|bescheinigt|certifie que|atteste que|hereby certify)/.test(l.fold));
  if (certify >= 0) {
    const inSentence = companiesInSentence(d.lines.slice(certify, certify + 3).map((l) => l.text).join(' '))[0];
    if (inSentence) return inSentence;
  }
  return companyNames(d.lines).find((c) => !KIND_OF_COMPANY.test(c.name.replace(/[.,]+$/, '')))?.name ?? null;
}

/**
 * A name in quotation marks after its legal form written out, as registers of the former Soviet Union print it
 * (in translation: Limited Liability Company "EXAMPLE SOFT", Limited Liability Partnership "EXAMPLE"): the name is
 * what the marks hold.
 */
const FORM_BEFORE_QUOTED = /^(?:(?:private|public|joint[- ]stock|non-profit|limited|liability|additional|closed|open)\s+)+(?:company|partnership|society|enterprise)\s+["“«]([^"“”«»]{3,100})["”»]\s*$/i;

/** A name after its label; a bare "Name" heads columns of officers and members as often as the company's, and counts only with a legal form. */
function labelledName(d: DocText): string | null {
  const parse = (t: string) => {
    const quoted = FORM_BEFORE_QUOTED.exec(t.trim())?.[1].trim();
    if (quoted && looksLikeName(quoted)) return quoted;
    // The rest of a label in lower case, its value in the next cell: "Firma, pod którą spółka działa	X".
    const tail = /^[\p{Ll}\s,]+\t(.+)$/u.exec(t);
    const c = cleanName(tail ? tail[1] : t);
    // Another label ("3 Type of Company" under an empty "Business Name") is no name.
    return looksLikeName(c) && !isLabelText(c) ? c : null;
  };
  const named = findLabelledIn(d, NAME_LABELS, parse, { maxStart: 1 });
  const bare = findLabelledIn(d, ['name'], (t) => {
    const c = parse(t);
    return c && (hasLegalForm(c) || FORM_BEFORE_QUOTED.test(t.trim())) ? c : null;
  }, { maxStart: 1 });
  const hit = named && (!bare || named.line <= bare.line) ? named : bare;
  return hit ? continuedName(d, hit.value, hit.line) : null;
}

/**
 * A name whose legal form runs onto the next line, alone in its cell ("BURSZTYN KODY SPÓŁKA Z
 * OGRANICZONĄ" over "ODPOWIEDZIALNOŚCIĄ"): the two read together, when only together they end in one.
 */
function continuedName(d: DocText, name: string, line: number): string {
  if (hasLegalForm(name)) return name;
  const next = d.lines[line + 1]?.text.trim() ?? '';
  if (next === '' || next.includes('\t') || next.split(/\s+/).length > 3 || !/^[\p{Lu}\s.,()&-]+$/u.test(next)) return name;
  const joined = `${name} ${next}`;
  return hasLegalForm(joined) && looksLikeName(joined) ? joined : name;
}

// A state's certified copy dates its founding document by its filing: "… a true and correct copy of the certificate of
// incorporation of X, filed in this office on the sixth day of April, A.D. 2023", "… Certificate of Formation for X … was filed in this office on …".
const INCORPORATED = /\b(incorporated|organi[sz]ed|formed|registered as|(?:is|was|has been) (?:duly )?registered under|has been registered (?:by|in|with)\b|se encuentra (?:registrada|inscrita)|constituted|(?:certificate of (?:formation|incorporation)|articles of organi[sz]ation|articles of incorporation)\b.{0,120}\b(?:was filed|filed in this office)|gegrundet|eingetragen|immatriculee?|constituee?|constituida|costituita|opgericht)\b/;

/** "is currently in FULL FORCE AND EFFECT", "is in good standing", "Status: Active". */
const STATUS = /\b(?:is|remains)\s+(?:currently\s+|presently\s+)?(?:in\s+)?(good standing|full force and effect|active|in existence|existing|dissolved|struck off|in liquidation|inactive|revoked|cancelled)\b/i;
/** A Spanish-speaking register's "QUE LA SOCIEDAD SE ENCUENTRA VIGENTE", "… se encuentra activa". */
const STATUS_ES = /\bse encuentra\s+(vigente|activa|activo|disuelta|en liquidaci[óo]n|cancelada|inactiva)\b/i;

/** The registered office a sentence gives: "The registered office … shall be 12 Harbour Lane, Dover, DE 19901, USA and the name …". */
const OFFICE_SENTENCE = /\bregistered office (?:of the [\p{L} ]{2,40}? )?(?:is|shall be)(?: (?:situated|located) (?:at|in))?\s+(.{8,160}?)(?:\s+and the name\b|\.\s|$)/iu;

/** "… is active on the records of this office as of November 3, 2026": a certificate of status is dated by the day the records are read. */
const RECORDS_AS_OF = /\b(?:records|files) of this office (?:show,? )?as of\b/;
/** The day an extract says the register is up to, in a sentence that may wrap its date ("… à jour au 2 novembre / 2026"). */
const UP_TO_DATE_AS_OF = /\b(?:a jour au|a jour le|vervaardigd op|stan na dzien)\b/;
/** Languages that put the verb last: "Die Gesellschaft wurde am 3. März 2015 … eingetragen", "… op 1 april 2020 opgericht". */
const INCORPORATED_LAST = /\b(eingetragen|gegrundet|errichtet|opgericht|ingeschreven)\b/;

export function extractRegister(d: DocText): RegisterFields {
  const company = companyNameOf(d);
  const directors = officersOf(d);
  return {
    company_name: company,
    registration_number: findCompanyNumber(d.lines),
    legal_form:
      valueAfter(d, [LEGAL_FORM_LABELS], (t) => notALabel(parsePhrase(t)), { lookahead: 0 }) ??
      // A label over its value, or a table's header cell over its column ("Teisinė forma	Buveinės adresas" over the row).
      valueAfter(d, [LEGAL_FORM_LABELS], (t) => (/:\s*$/.test(t) ? null : notALabel(parsePhrase(t))), { lookahead: 1, layoutOnly: true, maxStart: 1 }) ??
      (company ? normalizeCompanyName(company).legalForm : null),
    incorporation_date: dateAfter(d, [CONSTITUTED_ON, INCORPORATED_ON]) ??
      wrappedLabelValue(d, INCORPORATED_ON, (t) => parseDate(t, d.order)) ??
      valueAfter(d, [REGISTERED_CELL], (t) => findDates(t, d.order)[0]?.iso ?? null, { lookahead: 0, maxStart: 0 }) ??
      // A table's header cell over its value ("Identifikationsnummer	Rechtsnatur	Eintragung" over the row it heads).
      valueAfter(d, [REGISTERED_CELL], (t) => findDates(t, d.order)[0]?.iso ?? null, { lookahead: 1, layoutOnly: true, maxStart: 0 }) ??
      dateInSentence(d, INCORPORATED) ??
      dateBeforeVerb(d, INCORPORATED_LAST) ??
      dateOverCaption(d, ['date of incorporation', 'date de constitution']) ??
      // A certificate that the company "is (this day) incorporated" was given on the day it was: its date is the certificate's;
      // so was one that it "has this day been registered" (Malta) or "was registered by me" (Bermuda), and one whose
      // articles were "approved … on this date" (the Philippine SEC's).
      (/\b(?:is|was) (?:this day )?incorporated\b|\bincorporated on\b|\bhas this day been registered\b|\bwas registered by me\b|\b(?:approved|registered|incorporated)\b[^.]{0,80}\bon this date\b/.test(d.text.toLowerCase().replace(/\s+/g, ' ')) ? (dateInSentence(d, SIGNED) ?? findDates(d.text, d.order)[0]?.iso ?? null) : null),
    registered_address:
      // A register's business address before its seat, which names a town only ("Sitz: München").
      officeAddress(valueAfter(d, [OFFICE_LABELS, SEAT_LABELS], parsePhrase, { maxStart: 1 })) ??
      (OFFICE_SENTENCE.exec(sentences(d).join(' '))?.[1]?.replace(/[,;]+$/, '') ?? null) ??
      addressBlockAfter(d, company) ??
      valueAfter(d, [['address']], parsePhrase, { maxStart: 1 }),
    status:
      valueAfter(d, [STATUS_LABELS], parsePhrase, { lookahead: 0, maxStart: 1 }) ??
      // A label over its value ("Company status" over "Active"), where the page's layout shows it.
      valueAfter(d, [STATUS_LABELS], (t) => (/:\s*$/.test(t) ? null : notALabel(parsePhrase(t))), { lookahead: 1, layoutOnly: true, maxStart: 1 }) ??
      STATUS.exec(d.text.replace(/\s+/g, ' '))?.[1] ??
      STATUS_ES.exec(d.text.replace(/\s+/g, ' '))?.[1] ??
      null,
    issue_date:
      dateAfter(d, [ISSUED_ON], { lookahead: 0 }) ??
      wrappedLabelValue(d, ISSUED_ON, (t) => parseDate(t, d.order)) ??
      dateInSentence(d, SIGNED) ??
      dateInSentence(d, RECORDS_AS_OF) ??
      dateInSentence(d, UP_TO_DATE_AS_OF) ??
      inForceOnDate(d) ??
      bareDateLabel(d) ??
      placeAndDateLine(d) ??
      numberAndDateLine(d) ??
      signatureBlockDate(d) ??
      cjkClosingDate(d) ??
      // A certificate of amendment is dated by its amendment, printed over its caption.
      dateOverCaption(d, ['date of amendment', 'date de modification']) ??
      placeAndDateUnderTitle(d),
    jurisdiction: valueAfter(d, [['jurisdiction', 'country of incorporation', 'registered in', 'registergericht', 'registry']], parseJurisdiction, { lookahead: 0, maxStart: 1 }),
    issuing_authority: registrarOf(d, company),
    directors,
  };
}

/**
 * An address after its label, not the rest of a heading ("REGISTERED OFFICE INFORMATION") or of a
 * sentence that names the seat ("Der Sitz der Gesellschaft ist München"): an address starts with a
 * number or a capital.
 */
function officeAddress(v: string | null): string | null {
  return v && !/^(?:information|details|particulars|addresse?s?)$/i.test(v) && !/^\p{Ll}{2,}\s/u.test(v) ? v : null;
}

/** A heading over the officers, alone or with the names after a colon or in the next cell ("Director, Corporations Canada" signs, it lists no one). */
const OFFICER_HEADING = /^(?:directors?|officers|managing directors?|members|designated partners|geschaftsfuhrer|vorstand|dirigeants|gerants?|administradores|amministratori|bestuurders)\b(?:\s*\(s\))?(?:\s*\/\s*[\p{L} ]{3,40}(?:\(s\))?)?(?:\s*:\s*|\t\s*|\s*$)(.*)$/u;

/** "Huber, Anna, München, *12.04.1980": a German register lists an officer surname first, then the given names, the town and the birth date. */
const SURNAME_FIRST = /^([^,]{2,40}),\s*([^,]{2,40}),\s*[^,]{2,40},\s*\*\s*\d/;

/** The persons an officers' line names: one each between semicolons, or one written surname first. */
function inlineOfficers(rest: string): string[] {
  const surnameFirst = SURNAME_FIRST.exec(rest.trim());
  if (surnameFirst) return [`${surnameFirst[2].trim()} ${surnameFirst[1].trim()}`];
  return rest.split(/[;,]/).map((part) => part.trim().replace(/\s*\(.*\)$/, ''));
}

/**
 * The officers a register lists: after a "Directors:" label on its line, or under the heading, one a
 * line. Persons only: a line with a legal form (a corporate officer, the company itself) ends the list.
 */
function officersOf(d: DocText): string[] {
  const at = d.lines.findIndex((l) => OFFICER_HEADING.test(l.fold));
  if (at < 0) return [];
  const out: string[] = [];
  const rest = d.lines[at].text.slice(d.lines[at].text.length - (OFFICER_HEADING.exec(d.lines[at].fold)?.[1].length ?? 0));
  for (const name of inlineOfficers(rest)) if (looksLikeName(name) && !hasLegalForm(name)) out.push(name);
  for (let k = at + 1; k < Math.min(d.lines.length, at + 12) && out.length < 10; k++) {
    // A table's header row ("Name  Position Held") is no officer; of a row, the first cell is the name.
    if (out.length === 0 && isLabelText(d.lines[k].text.replace(/\b(?:position|held|role|appointed|appointment)\b/gi, ''))) continue;
    const t = d.lines[k].text.split('\t')[0].replace(/^[-•*\d.)\s]+/, '').replace(/\s*[,(].*$/, '');
    if (!looksLikeName(t) || hasLegalForm(t) || /:/.test(d.lines[k].text)) break;
    out.push(t);
  }
  return out;
}

/** A jurisdiction, not the rest of a heading or a longer label that starts with a label word ("Registry card extract"). */
function parseJurisdiction(t: string): string | null {
  const v = parsePhrase(t);
  // "Registry code: 16123456" is another label and its number.
  return v && !/\b(?:extract|certificate|card|profile|search|information|code|number|no)\b|[:\d]/i.test(v) ? v : null;
}

/** Articles: a register's fields, dated by the last date of their closing lines (adopted, amended, signed) when no label dates them. */
export function extractArticles(d: DocText): RegisterFields {
  // Articles are the company's own text: an authority only where a stamp or label names it, not a body the clauses mention.
  const fields = { ...extractRegister(d), issuing_authority: labelledRegistrar(d) };
  if (fields.issue_date) return fields;
  const adopted = dateInSentence(d, /\b(adopted|amended|approved|signed)\b/);
  if (adopted) return { ...fields, issue_date: adopted };
  const closing = d.lines.slice(-10).map((l) => l.text).join('\n');
  return { ...fields, issue_date: findDates(closing, d.order).at(-1)?.iso ?? null };
}

/**
 * The address block under "Mailing address as per record…" or "Registered office address:" with
 * nothing after the label: the lines below it, without the company's name, up to a note or a label.
 * A record may first list other parties by label ("ROC NAME: …", "ROC ADDRESS: …") and the company
 * by its own ("LLP NAME: X"): the company's address is then the unlabelled lines after its name.
 */
function addressBlockAfter(d: DocText, company: string | null): string | null {
  const at = d.lines.findIndex((l) => /\b(mailing address|registered office address|address of (?:the )?registered office|registered address)\b[^:]*:\s*$/.test(l.fold));
  if (at < 0) return null;
  const parts: string[] = [];
  let skipped = false;
  let named = false;
  for (let k = at + 1; k < Math.min(d.lines.length, at + 9); k++) {
    const t = d.lines[k].text.trim();
    if (/^[*•]/.test(t) || d.lines[k].page !== d.lines[at].page) break;
    const labelled = /^[^:]{2,40}:\s*(\S.*)$/.exec(t);
    if (labelled) {
      if (parts.length > 0) break;
      // Another party's line, or the company's own name under its label: the block is still to come.
      skipped = true;
      named ||= !!company && fold(labelled[1]) === fold(company);
      continue;
    }
    // The company's name over its address, perhaps with a legal form the name read elsewhere lacks.
    if (company && fold(t).includes(fold(company)) && !/\d/.test(t)) {
      named = true;
      continue;
    }
    // After other parties' labelled lines, only what follows the company's name is its address.
    if (skipped && !named) break;
    parts.push(t);
    if (/\b\d{4,6}\b/.test(t) && parts.length >= 1) break;
  }
  // "Lakeview,Hillside,,Riverton": the record's empty fields leave doubled commas.
  const block = parts
    .join(', ')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(', ');
  return block.length >= 8 && /\d/.test(block) ? block : null;
}

/** A share (stock) certificate's one holder: "THIS IS TO CERTIFY that X of <address> is the registered holder of 250 Ordinary shares". */
const CERTIFIED_HOLDER = /\bcertif(?:y|ies) that\s+(.{2,80}?)\s+(?:of\s+.{3,120}?\s+)?is the (?:registered )?(?:holder|owner) of\s+(\d[\d,.' ]*)\s/i;

export function extractShareholderRegister(d: DocText): ShareholderRegisterFields {
  const shareholders: ShareholderRegisterFields['shareholders'] = [];
  for (const l of d.lines) {
    const m = /^(?:\d+[.)]?\s+)?(.+?)\s+(\d[\d,.' ]*)\s+(?:[A-Za-z ]+\s+)?(\d{1,3}(?:[.,]\d+)?)\s?%/.exec(l.text);
    if (!m) continue;
    const name = cleanName(m[1].replace(/\s+(ordinary|preference|class \w+|shares?)$/i, ''));
    if (!looksLikeName(name)) continue;
    shareholders.push({ name, shares: Number(m[2].replace(/[,.' ]/g, '')) || null, percentage: Number(m[3].replace(',', '.')) });
  }
  const holder = shareholders.length === 0 ? CERTIFIED_HOLDER.exec(d.lines.map((l) => l.text).join(' ').replace(/\s+/g, ' ')) : null;
  const holderName = holder ? cleanName(holder[1]) : '';
  if (holder && looksLikeName(holderName)) shareholders.push({ name: holderName, shares: Number(holder[2].replace(/[,.' ]/g, '')) || null, percentage: null });
  return {
    company_name: companyNameOf(d),
    registration_number: findRegNumber(d.lines),
    date: dateAfter(d, [['as at', 'as of', 'date', 'stand', 'datum', 'au']], { lookahead: 0 }) ?? findDates(d.text, d.order)[0]?.iso ?? null,
    shareholders,
  };
}
