// Identity-document fields, from the machine-readable zone when there is one (with its check digits),
// else from the labelled visual zone.
import { settleLicenceNumber } from './licence-numbers.ts';
import { dateAfter, parseReference, valueAfter, type DocText } from './doc-text.ts';
import type { IdentityFields } from './fields.ts';
import { findDates, parseDate, slashOrder } from './dates.ts';
import { fold } from './text.ts';
import { issueFromPrintedValidity, issueFromValidity } from './issue-dates.ts';
import { isLabelLine } from './label-lines.ts';
import { unlabelledLicenceName } from './licence-name.ts';
import { greekOrCyrillicIssuer, latinOfPair } from './script-names.ts';
import { numberBesideTitle } from './title-number.ts';
import { surnameOnTwoLines } from './surname-lines.ts';
import { looseDates, vizBirth, vizDate } from './viz-dates.ts';
import type { MrzFacts } from './mrz.ts';
import { zoneRows } from './mrz-rows.ts';
import {
  BIRTH_LABELS,
  BIRTH_OVER,
  EXPIRY_LABELS,
  EXPIRY_OVER,
  GIVEN_IF_SURNAME,
  GIVEN_LABELS,
  ISSUE_LABELS,
  ISSUE_OVER,
  NOT_IN_NAME,
  NUMBER_LABELS,
  NUMBER_OVER,
  SURNAME_LABELS,
} from './identity-labels.ts';
import { givenUnderNameLabel, namesUnderJointLabel } from './name-labels.ts';

export { issueFromPrintedValidity, issueFromValidity } from './issue-dates.ts';

/** What an identity document without a machine-readable zone says it is, by its title words. */
function documentKind(text: string): IdentityFields['document_kind'] {
  if (
    /\b(driving ?licen[cs]e|carta de conducao|carteira nacional de habilitacao|driver ?s ?licen[cs]e|drivers ?licen[cs]e|driver ?licen[cs]e|fuhrerschein|permis de conduire|permiso de conduccion|permiso de conducir|patente di guida|rijbewijs|prawo jazdy)\b/.test(
      text,
    )
  )
    return 'driving_licence';
  if (/\b(passport|passeport|pasaporte|passaporto|paspoort|paszport|reisepass)\b/.test(text)) return 'passport';
  if (
    /\b(identity card|permanent resident|residence permit|aufenthaltstitel|titre de sejour|permesso di soggiorno|aadhaar|cartao de cidadao|bilhete de identidade|carteira de identidade|identiteitsbewijs|identitatskarte|carte nationale d identite|carte d identite|personalausweis|documento nacional de identidad|documento de identidad|carta d identita|identiteitskaart|dowod osobisty|cedula de identidad|cedula de ciudadania|tarjeta de identidad)\b/.test(
      text,
    )
  )
    return 'id_card';
  return 'other';
}

/**
 * The numbered fields of a driving licence: the EU model ("1. SURNAME", "2. GIVEN NAMES", "3. date of
 * birth", "4a. issue", "4b. expiry", "5. licence number") and the US one (AAMVA: "1 SURNAME" or "LN",
 * "2" or "FN", "3 DOB", "4a ISS", "4b EXP", "4d DLN"). A number at the start of a line followed by
 * its value; the US codes may stand between the number and the value.
 */
/** The US codes that may follow a field's number ("4d DLN", "4a ISS"), "ISS" and "DOB" also as OCR reads them ("lss", "D08"). */
const US_CODE = String.raw`(?:LN|FN|D[O0][B8]|[I1l]SS|EXP|DLN|DL|LIC\s*#?)`;
/**
 * The field's name in a second language after a slash, as Canadian cards print their codes
 * ("DOB/DDN", "ISS/DÉL", "EXP/EXP"), or a bilingual label after the number ("4d NUMBER/NUMÉRO").
 */
const OTHER_LANGUAGE = String.raw`(?:\s*\/\s*[A-Za-zÀ-ÿ]+\.?)`;
const LABEL_PAIR = String.raw`(?:[A-Za-zÀ-ÿ]+\.?${OTHER_LANGUAGE}\s+)`;
/**
 * A numbered field: its number and a dot, a bracket or a space, or its US code straight after it, as a
 * reading that lost the spaces gives it ("3DOB01/06/1990"); then the value.
 */
const NUMBERED_FIELD = new RegExp(
  String.raw`^\s*(1|2|3|4a|4b|4d|5|LN|FN|DOB|ISS|EXP|DLN|DL|LIC)(?:[.):]|(?=\s)|(?=\/)|(?=${US_CODE})|(?<=[a-z])\s*#)${OTHER_LANGUAGE}?\s*(?:${US_CODE}(?![a-z])${OTHER_LANGUAGE}?[\s:.#]*|${LABEL_PAIR})?(.+)$`,
  'i',
);

/**
 * Where a line holds several fields: at a tab, and before a "4a", "4b" or "4d" field or a US code
 * standing after a space (a card prints two columns on one row: "3 DOB … 4a ISS …").
 */
const CELL_BREAK = new RegExp(String.raw`\t|\s+(?=(?:4[abd])?${US_CODE}(?![a-z])|4[abd][.):\s])`, 'i');
const unspaced = (t: string) => t.replace(/\s+/g, '');
/** Fields 1 and 2 written straight before their value by a reading that lost the space ("1SMITH"). */
const JOINED_NAME = /^\s*([12])(\p{Lu}{2}[\p{Lu}' .-]*)$/u;

type LicenceFields = Partial<Record<'surname' | 'given' | 'birth' | 'issue' | 'expiry' | 'number', string>>;

export function numberedLicenceFields(d: DocText): LicenceFields {
  const { out, coded } = readNumbered(d);
  // One numbered line alone may be a list item; a licence carries several of them. Two dates under
  // the US codes (EXP, ISS, DOB) are no list: a licence whose other fields OCR lost.
  return Object.keys(out).length >= 3 || coded >= 2 ? out : {};
}

/**
 * Whether a text reads as a US licence by its field codes where its title was lost: two or more of
 * DOB, ISS and EXP each followed by a date.
 */
export function usLicenceCodes(d: DocText): boolean {
  return readNumbered(d).coded >= 2;
}

/** A date under its US licence code, with or without the field's number: "EXP: 09/14/2031", "4b EXP …". */
const DATE_CODE = /^\s*(?:4[ab][.):]?\s*|3[.):]?\s*)?(?:D[O0][B8]|[I1l]SS|EXP)(?![a-z])/i;

function readNumbered(d: DocText): { out: LicenceFields; coded: number } {
  const out: LicenceFields = {};
  const dateIn = (t: string) => parseDate(t, d.order);
  let euNumber: string | null = null;
  let plain4d: string | null = null;
  const coded = new Set<string>();
  for (const line of d.lines) {
    for (const cell of line.text.split(CELL_BREAK)) {
      const m = NUMBERED_FIELD.exec(cell) ?? JOINED_NAME.exec(cell);
      if (!m) continue;
      const code = m[1].toLowerCase();
      const rest = m[2].trim();
      const take = (key: keyof typeof out, v: string | null) => {
        const had = out[key];
        // The page read twice (two OCR engines): of two readings that differ only by spaces, the spaced one.
        if (v && (had === undefined || (unspaced(had) === unspaced(v) && v.length > had.length))) out[key] = v;
        if (v && (key === 'birth' || key === 'issue' || key === 'expiry') && DATE_CODE.test(cell)) coded.add(key);
      };
      if (code === '1' || code === 'ln') take('surname', word(rest));
      else if (code === '2' || code === 'fn') take('given', word(rest));
      else if (code === '3' || code === 'dob') take('birth', dateIn(rest));
      else if (code === '4a' || code === 'iss') take('issue', dateIn(rest));
      else if (code === '4b' || code === 'exp') take('expiry', dateIn(rest));
      else if (code === '4d' && /^\s*4d\.\s*\d/i.test(cell)) plain4d = documentNumber(rest);
      else if (code === '4d' || code === 'dln' || code === 'lic') take('number', documentNumber(rest.replace(/^[\s#:.]+/, '')));
      // "DL" alone opens other words too ("DL CLASS"): a number only with a digit in it.
      else if (code === 'dl') take('number', /\d/.test(rest) ? parseReference(rest) : null);
      else if (code === '5') euNumber ??= parseReference(rest);
    }
  }
  // Field 5 is the licence number on an EU licence, the document discriminator on a US one (whose number is 4d).
  // An EU licence's "4d." is an administrative or personal number (Poland's PESEL, Ireland's driver
  // number) printed as the model numbers its fields, with a dot and no code: the licence's number is
  // its field 5, and 4d only where no field 5 is read.
  if (euNumber && out.number === undefined && (plain4d !== null || !/\b(4d|dln)\b/i.test(d.text))) out.number = euNumber;
  if (plain4d && out.number === undefined && !euNumber) out.number = plain4d;
  return { out, coded: coded.size };
}

/**
 * A value standing alone on the line under a label that ends its line ("… Surname" over "SMITH"):
 * the layout of cards whose labels print above their fields, with other print before the label.
 */
export function valueUnderLabel<T = string>(d: DocText, labels: readonly string[], parse: (t: string) => T | null = word as (t: string) => T | null): T | null {
  for (let i = 0; i + 1 < d.lines.length; i++) {
    // Labels in columns over values in the same columns ("4a DATA EMISSÃO  4b VALIDADE" over two
    // dates): each label's own value. Else the label ending the line, over the line's first value.
    const labelCells = d.lines[i].text.split('\t');
    const valueCells = d.lines[i + 1].text.split('\t');
    const aligned = labelCells.length > 1 && labelCells.length === valueCells.length;
    for (let c = aligned ? 0 : labelCells.length - 1; c < labelCells.length; c++) {
      const folded = aligned ? fold(labelCells[c]) : d.lines[i].fold;
      if (!isLabelLine(folded, labels)) continue;
      const cell = valueCells[aligned ? c : 0];
      if (labels.some((l) => fold(cell).trim() === l)) continue;
      const v = parse(cell);
      if (v !== null) return v;
    }
  }
  return null;
}

/**
 * A birth date from the zone's two-digit year, in the century the visual zone prints it with: the zone
 * writes "110101" for 1 January 1911 and 2011 alike, and a holder born in 1911 is not born after the
 * passport's issue. The zone's century guess stands unless the page prints the same day and month
 * with a four-digit year in the other century.
 */
export function birthCentury(text: string, zoneBirth: string): string {
  const other = `${Number(zoneBirth.slice(0, 4)) >= 2000 ? Number(zoneBirth.slice(0, 4)) - 100 : Number(zoneBirth.slice(0, 4)) + 100}${zoneBirth.slice(4)}`;
  const f = fold(text);
  const [y, m, d] = [other.slice(0, 4), other.slice(5, 7), other.slice(8, 10)];
  const printed = new RegExp(String.raw`\b0?${Number(d)}[ .\/-]0?${Number(m)}[ .\/-]${y}\b|\b${y}[ .\/-]0?${Number(m)}[ .\/-]0?${Number(d)}\b`);
  return printed.test(f) || looseDates(text).includes(other) ? other : zoneBirth;
}

/**
 * India's Aadhaar card, whose front prints no name label: the holder is the line right above the
 * birth line ("DOB: …" or "Year of Birth: …"), the number a line of twelve digits in groups of four.
 */
export function aadhaarFields(d: DocText): { name: string | null; number: string | null } {
  if (!/\baadhaar\b/.test(fold(d.text))) return { name: null, number: null };
  let name: string | null = null;
  let number: string | null = null;
  for (let i = 0; i < d.lines.length; i++) {
    const text = d.lines[i].text.trim();
    const digits = /^(\d{4}) ?(\d{4}) ?(\d{4})$/.exec(text);
    if (digits && /\s/.test(text) && number === null) number = digits.slice(1).join(' ');
    if (name === null && i > 0 && /\b(year of birth|dob|date of birth)\b/.test(d.lines[i].fold)) {
      const above = d.lines[i - 1].text.trim();
      if (/^\p{Lu}[\p{L}.'-]+(?: \p{Lu}[\p{L}.'-]+){1,3}$/u.test(above)) name = above;
    }
  }
  return { name, number };
}

/**
 * A number printed in groups of digits parted by single spaces, whole: an Aadhaar number ("1234 5678
 * 9012"), a US licence number ("27 640 913", "123 456 789"). Seven digits at least, nothing after.
 * Or the whole value in groups, nine to fifteen digits, its first group maybe a region code of
 * letters and digits: Nigeria's NIN ("1234 567 8901"), an Indian licence number ("MH12 20190012345").
 */
function digitGroups(t: string): string | null {
  const m = /^(?:\d{4} \d{4} \d{4}|\d{1,3}(?: \d{3}){2,3})(?!\s*\d)/.exec(t.trim());
  if (m && m[0].replace(/\D/g, '').length >= 7) return m[0];
  const whole = /^(?:[A-Z]{1,3}\d{1,3}|\d{2,5})(?: \d{2,11}){1,3}$/.exec(t.trim());
  const digits = whole?.[0].replace(/\D/g, '').length ?? 0;
  return whole && digits >= 9 && digits <= 15 ? whole[0] : null;
}

/** A document number: a number printed in groups of four (an Aadhaar number, "1234 5678 9012") whole, else the first token. */
export function documentNumber(t: string): string | null {
  return digitGroups(t) ?? parseReference(t);
}

/** The page's text without its machine-readable zone (long lines of capitals, digits and fillers). */
export function outsideZone(text: string): string {
  return text
    .split('\n')
    .filter(
      (l) =>
        !zoneRows(l).some((row) => {
          const compact = row.replace(/\s+/g, '');
          return compact.length >= 26 && /[<«‹]/.test(compact) && (compact.match(/[^A-Z0-9<«‹]/g) ?? []).length <= 3;
        }),
    )
    .join('\n');
}

/** Whether the visual zone prints a value of the zone: a date in any of its forms, or a number (spaces aside). */
export function printedOutside(outside: string, value: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return looseDates(outside).includes(value) || findDates(outside).some((f) => f.iso === value);
  return (
    value.length >= 5 &&
    outside
      .toUpperCase()
      .replace(/[^A-Z0-9\n]+/g, '')
      .includes(value)
  );
}

/**
 * An identity document prints no amount: a "$" or "€" on it is OCR's reading of a letter ("S8512345"
 * read "$8512345"), no sign of the order its dates are written in.
 */
function withoutMoneyOrder(d: DocText): DocText {
  const order = slashOrder(d.text.replace(/[$€£₹]/g, ' '));
  if (order === d.order) return d;
  return {
    lines: d.lines,
    text: d.text,
    style: d.style,
    order,
    get layout() {
      return d.layout;
    },
  };
}

/** A name: letters, apostrophes, hyphens and spaces, and initials with their dot ("MAREK T."); no label's words. */
const word = (t: string) => (/^\p{L}[\p{L}' .-]{1,59}$/u.test(t.trim()) && !/\.\p{L}{2}/u.test(t) && !NOT_IN_NAME.test(fold(t)) ? t.trim() : null);
/**
 * A document's number under its label: five characters or more, a digit among them ("8" of a next
 * field's number is none); none where a mark OCR makes of a letter or digit ends it unspaced
 * ("S8512345|" for "S8512345I"): the number is cut short.
 */
const numberIn = (t: string) => {
  if (/^[A-Za-z0-9][A-Za-z0-9\-\/._]*[|!\][]/.test(t.trim())) return null;
  const n = documentNumber(t);
  return n && /\d/.test(n) && n.replace(/[^\p{L}\p{N}]/gu, '').length >= 5 ? n : null;
};
/**
 * The zone's name, or the visual zone's where the zone's field is full and the printed name goes on
 * where the zone's stops ("CATALINA ANDRE" of "CATALINA ANDREA"): the zone cut it to fit.
 */
function fullerName(mrz: MrzFacts, zone: string, printed: string | null): string | null {
  const letters = (s: string) => fold(s).replace(/[^a-z]/g, '');
  if (mrz.names_full && zone && printed && letters(printed).length > letters(zone).length && letters(printed).startsWith(letters(zone))) return printed;
  return zone || printed;
}

/** Given names, which some countries part with commas ("ELODIE, CLAIRE"). */
const givenWords = (t: string) => word(t.replace(/\s*,\s*/g, ' '));

/** The names under labels of their own, where no one label stands over both. */
function labelledNames(d: DocText, visual: { surname: string | null; given: string | null }): void {
  if (!visual.surname) visual.surname = valueUnderLabel(d, [...SURNAME_LABELS.filter((l) => l !== 'name nom'), 'last name', 'family name']);
  if (!visual.given) visual.given = valueUnderLabel(d, GIVEN_LABELS, givenWords);
  // "Nombre", "Nome", "Names": the given names where the family name is labelled apart; "Name" too
  // where it is one of its line's languages ("Ime / Name").
  if (!visual.given && visual.surname)
    visual.given = valueAfter(d, [GIVEN_IF_SURNAME], givenWords, { maxStart: 1 }) ?? valueUnderLabel(d, GIVEN_IF_SURNAME, givenWords) ?? givenUnderNameLabel(d, SURNAME_LABELS, givenWords);
  if (visual.surname) visual.surname = surnameOnTwoLines(d, visual.surname);
  // "Name" alone labels the whole name on many cards ("NAME  OKAFOR CHIDI"): the family name only on
  // a card that labels the given names apart.
  if (!visual.surname && visual.given) visual.surname = valueAfter(d, [['name']], word, { maxStart: 1 });
}

export function extractIdentity(read: DocText, mrz: MrzFacts | null): IdentityFields {
  const d = withoutMoneyOrder(read);
  // A labelled date as documents write it, else as passports print it ("04 MAI/MAY 12").
  const labelledDate = (labels: string[], fourDigits = false) => dateAfter(d, [labels]) ?? valueAfter(d, [labels], (t) => vizDate(t, fourDigits));
  const issue = labelledDate(ISSUE_LABELS);
  const visual = {
    surname: valueAfter(d, [SURNAME_LABELS], word, { maxStart: 1 }),
    given: valueAfter(d, [GIVEN_LABELS], givenWords, { maxStart: 1 }),
    number: valueAfter(d, [NUMBER_LABELS], numberIn),
    nationality: valueAfter(
      d,
      [['nationality', 'nationalite', 'staatsangehorigkeit', 'nacionalidad']],
      (t) => (NOT_IN_NAME.test(fold(t)) ? null : (/^([A-Z]{3}|[\p{L} ]{3,30})/u.exec(t.trim())?.[1] ?? null)),
      { maxStart: 1 },
    ),
    birth: labelledDate(BIRTH_LABELS, true),
    expiry: labelledDate(EXPIRY_LABELS),
  };
  const dateIn = (t: string) => parseDate(t, d.order) ?? vizDate(t);
  visual.birth ??= valueUnderLabel(d, BIRTH_OVER, (t) => parseDate(t, d.order) ?? vizDate(t, true));
  visual.expiry ??= valueUnderLabel(d, EXPIRY_OVER, dateIn);
  const issueBelow = issue ?? valueUnderLabel(d, ISSUE_OVER, dateIn);
  const aadhaar = aadhaarFields(d);
  if (aadhaar.name && !visual.surname && !visual.given) {
    const words = aadhaar.name.split(' ');
    visual.surname = words[words.length - 1];
    visual.given = words.slice(0, -1).join(' ');
  }
  visual.number ??= aadhaar.number;
  // One label over the family name and the given names, each on its line ("Surname and given name(s)").
  const joint = namesUnderJointLabel(d);
  if (joint) [visual.surname, visual.given] = [joint.surname, joint.given];
  const kind = documentKind(fold(d.text).replace(/[^\p{L}\p{N}]+/gu, ' '));
  if (!joint) labelledNames(d, visual);
  // A licence's numbered fields, trusted only on a document that says it is a driving licence, or
  // shows the US codes with their dates (its title lost to a photo).
  const numbered = kind === 'driving_licence' || usLicenceCodes(d) ? numberedLicenceFields(d) : {};
  if (!joint) {
    visual.surname ??= numbered.surname ?? null;
    visual.given ??= numbered.given ?? null;
  }
  // A North American licence that prints the name bare, straight above the address.
  const bare = !mrz && !visual.surname && !visual.given && (kind === 'driving_licence' || usLicenceCodes(d)) ? unlabelledLicenceName(d) : null;
  if (bare) [visual.surname, visual.given] = [bare.surname, bare.given];
  // A Greek or Cyrillic document: only the Latin half of each name printed twice ("Όνομα/Name" labels
  // the given names where the surname has its own label).
  if (greekOrCyrillicIssuer(d)) {
    visual.surname = latinOfPair(d, [...SURNAME_LABELS, 'last name', 'family name'], word);
    visual.given = latinOfPair(d, [...GIVEN_LABELS, ...GIVEN_IF_SURNAME, ...(visual.surname ? ['name'] : [])], givenWords);
  }
  visual.number ??= numbered.number ?? null;
  // A number under a label that ends its line, or one of a label's languages parted by slashes
  // ("N.º DOCUMENTO / DOCUMENT No" over "123456789"): a value with a digit, five characters or more.
  visual.number ??= valueUnderLabel(d, NUMBER_OVER, numberIn);
  // An identity card's or permit's number printed without a label beside its title.
  if (kind === 'id_card') visual.number ??= numberBesideTitle(d);
  // A British licence number read a look-alike off its shape, put back where its surname confirms it.
  if (visual.number && kind === 'driving_licence') visual.number = settleLicenceNumber(visual.number, visual.surname);
  visual.birth ??= numbered.birth ?? null;
  visual.expiry ??= numbered.expiry ?? null;
  const issued = issueBelow ?? numbered.issue ?? null;
  // A birth year of two digits, where the document's own dates tell its century.
  const bornBefore = issued ?? visual.expiry;
  visual.birth ??= valueAfter(d, [BIRTH_LABELS], (t) => vizBirth(t, bornBefore)) ?? valueUnderLabel(d, BIRTH_OVER, (t) => vizBirth(t, bornBefore));
  if (mrz) {
    // The zone's value where its check digit confirms it; where the check fails, the value printed
    // under its label in the visual zone, when there is one, is the better reading.
    const confirmed = (field: string) => mrz.checks.some((c) => c.field === field && c.ok);
    const outside = outsideZone(d.text);
    const pick = (field: string, zone: string | null, label: string | null): string | null => {
      if (confirmed(field)) return zone || label;
      if (label !== null) return label;
      // A zone value whose check fails, with no label to stand in: kept when the zone was read exactly
      // as printed (the failure is the document's) or the visual zone prints it too; else a guess.
      return zone && (mrz.exact || printedOutside(outside, zone)) ? zone : null;
    };
    return {
      document_kind: mrz.document_kind,
      surname: mrz.given_names ? mrz.surname || visual.surname : fullerName(mrz, mrz.surname, visual.surname),
      given_names: fullerName(mrz, mrz.given_names, visual.given),
      // Readings of the number that pass its check alike, the printed one among them: none is taken.
      document_number: mrz.number_doubtful ? null : pick('document_number', mrz.document_number || null, visual.number),
      nationality: mrz.nationality || visual.nationality,
      issuing_state: mrz.issuing_state || null,
      birth_date: pick('birth_date', mrz.birth_date ? birthCentury(d.text, mrz.birth_date) : null, visual.birth),
      sex: mrz.sex,
      issue_date:
        issued ??
        (mrz.expiry_date && confirmed('expiry_date') ? issueFromValidity(d.text, mrz.expiry_date, mrz.birth_date) : null) ??
        issueFromPrintedValidity(outside, mrz.birth_date ? birthCentury(d.text, mrz.birth_date) : null),
      expiry_date: pick('expiry_date', mrz.expiry_date, visual.expiry),
      mrz: { format: mrz.format, valid: mrz.valid, failed_checks: mrz.checks.filter((c) => !c.ok).map((c) => c.field), exact: mrz.exact, ...(mrz.names_doubtful ? { names_doubtful: true } : {}) },
    };
  }
  return {
    document_kind: kind,
    surname: visual.surname,
    given_names: visual.given,
    document_number: visual.number,
    nationality: visual.nationality,
    issuing_state: null,
    birth_date: visual.birth,
    sex: null,
    issue_date: issued,
    expiry_date: visual.expiry,
    mrz: null,
  };
}
