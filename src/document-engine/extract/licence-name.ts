// The holder's name on a North American driving licence that prints it with no field number and no
// label. The AAMVA DL/ID card design standard numbers the front's fields (1 family name, 2 given
// names, 8 address), but many states and provinces print the name and the address bare: the name
// on one or two lines of capitals straight above the street line, the city, state and ZIP code
// under it. Read only where that address block stands (a street line, and a US state or Canadian
// province code with its postal code on it or on one of the two lines after), and only from lines
// that are capitals and nothing else, no heading, label or state name. Pure.
import { CA_PROVINCES, US_STATES } from '../../lib/postal-address.ts';
import type { DocText } from './doc-text.ts';

export interface LicenceName {
  surname: string;
  given: string;
}

const REGIONS = new Set([...Object.keys(US_STATES), ...Object.keys(CA_PROVINCES)]);
const squeeze = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, '');
const REGION_NAMES = new Set([...Object.values(US_STATES), ...Object.values(CA_PROVINCES)].map(squeeze));

/** A street's kind, or a post-office box or a flat, as an address line writes it. */
const STREET_WORD =
  /\b(street|st|avenue|ave|road|rd|drive|dr|lane|ln|boulevard|blvd|way|court|ct|place|pl|highway|hwy|circle|cir|terrace|ter|parkway|pkwy|trail|trl|square|sq|crescent|cres|route|rte|box|apt|unit|suite|ste)\b/i;
/** A house number opening the line (field 8's number before it on a numbered card): "412 MAPLE …", "8 908 PECAN …". */
const HOUSE_NUMBER = /^(?:8\s+)?\d{1,6}[A-Z]?\s+\p{L}/u;
/** A state or province code and its postal code: "IL 61604", "WV 25301-1234", "ON M5V 1J2" (its last half as OCR may misread it), the space OCR may lose ("WV25301"). */
const REGION_POSTCODE = /\b([A-Z]{2})[\s,.]*(?:\d{5}(?:-?\d{1,4})?\b|[A-Z]\d[A-Z] ?\S{3})/g;

/** Words of a licence's headings, labels and codes, never of a name. */
const NOT_NAME = new Set(
  (
    'DRIVER DRIVERS LICENSE LICENCE COMMERCIAL CLASS USA CANADA STATE IDENTIFICATION ID CARD REAL ENHANCED DONOR ORGAN VETERAN ' +
    'NOT FOR FEDERAL PURPOSES LIMITED LIMITS APPLY TERM TEMPORARY PERMIT LEARNER LEARNERS INSTRUCTION PROVISIONAL CDL NONE SEX HGT WGT ' +
    'EYES HAIR END ENDORSEMENTS RSTR RESTR RESTRICTIONS DOB EXP ISS DL DLN LIC NO NUMBER NAME NOM ADDRESS ADRESSE UNDER AGE UNTIL ' +
    'VOID DUPLICATE OPERATOR CHAUFFEUR MOTORCYCLE PERMIS CONDUIRE VALID HEIGHT WEIGHT BIRTH DATE ISSUED EXPIRES'
  ).split(' '),
);
/** Words that belong with the family name after them ("JOSE DE LA CRUZ") or before them ("SMITH JR"). */
const PARTICLES = new Set(['DE', 'DA', 'DEL', 'DELLA', 'DI', 'DU', 'LA', 'LE', 'VAN', 'VON', 'DER', 'DEN', 'ST', 'SAINT', 'MC', 'MAC', 'BIN', 'AL', 'EL']);
const SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV']);

/** A line of capitals only: one to five words of letters, apostrophes, hyphens and initials, a comma allowed after a word. */
function nameLine(text: string): string | null {
  const t = text.split('\t')[0].trim();
  if (!/^[A-Z][A-Z'.-]*,?(?:\s+[A-Z][A-Z'.-]*,?){0,4}$/.test(t)) return null;
  const words = t.split(/[\s,]+/).filter(Boolean);
  if (!words.some((w) => w.replace(/\W/g, '').length >= 2)) return null;
  if (words.some((w) => NOT_NAME.has(w.replace(/[^A-Z]/g, '')) || REGION_NAMES.has(squeeze(w)))) return null;
  if (REGION_NAMES.has(squeeze(t))) return null;
  return t;
}

function addressStarts(d: DocText, i: number): boolean {
  const street = d.lines[i].text.split('\t')[0].trim();
  if (!HOUSE_NUMBER.test(street) && !STREET_WORD.test(street)) return false;
  // The state or province and its postal code: on the street line or one of the two after it.
  for (let k = i; k <= i + 2 && k < d.lines.length; k++) {
    for (const m of d.lines[k].text.matchAll(REGION_POSTCODE)) if (REGIONS.has(m[1])) return true;
  }
  return false;
}

/**
 * One line holding the whole name: "FAMILY, GIVEN" with its comma; else given names first, the family
 * name last, as older cards print it ("FIRST MIDDLE LAST"), and only where the split is certain: one
 * given name (and a middle initial) before one family name, with its particles ("DE LA VEGA") or
 * suffix ("JR"). "JUAN GARCIA LOPEZ" may be two given names or two family names: left empty.
 */
function oneLine(t: string): LicenceName | null {
  const comma = /^([^,]+),\s*([^,]+)$/.exec(t);
  if (comma) return { surname: comma[1].trim(), given: comma[2].trim() };
  if (t.includes(',')) return null;
  const words = t.split(/\s+/);
  let start = words.length - 1;
  if (SUFFIXES.has(words[start].replace(/\./g, '')) && start > 1) start--;
  while (start > 1 && PARTICLES.has(words[start - 1])) start--;
  const given = words.slice(0, start);
  const initial = (w: string) => /^[A-Z]\.?$/.test(w);
  if (given.length === 0 || given.length > 2 || (given.length === 2 && !initial(given[1])) || initial(given[0])) return null;
  return { surname: words.slice(start).join(' '), given: given.join(' ') };
}

/**
 * The name printed without number or label straight above a licence's address block: one line
 * ("CHRIS SMITH", "SMITH, CHRIS") or two, the family name on the first (as the standard orders the
 * fields) and the given names on the second. Null where the lines above the address are not all
 * capitals, where more than two such lines stand there, or where no address block stands at all.
 */
export function unlabelledLicenceName(d: DocText): LicenceName | null {
  for (let i = 1; i < d.lines.length; i++) {
    if (!addressStarts(d, i)) continue;
    const last = nameLine(d.lines[i - 1].text);
    if (!last) return null;
    const first = i >= 2 ? nameLine(d.lines[i - 2].text) : null;
    if (!first) return oneLine(last.replace(/,$/, ''));
    // Three lines of capitals above the address: which two are the name is not certain.
    if (i >= 3 && nameLine(d.lines[i - 3].text)) return null;
    if (/,./.test(first) || last.includes(',')) return null;
    return { surname: first.replace(/,$/, ''), given: last };
  }
  return null;
}
