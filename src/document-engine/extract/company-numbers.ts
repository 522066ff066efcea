// biome-ignore-all format: tables and word lists read better packed than one item a line
// A company's registration number on a register document (certificate of incorporation, good
// standing, register extract, articles): after the label each country prints ("Company Number",
// "Corporate Identity Number", "LLPIN", "RC", "UEN", "ACN", "HRB", "SIREN", "KvK-nummer",
// "registrikood"…), also when a sentence carries it over a line break ("…, Registration Number
// 2157659, was organized…"), else by a shape only a registration number has (an Indian CIN, a
// Nigerian RC number).
import { parseRegNumber } from './identifiers.ts';
import { afterLabel, findLabelled, fold, labelRegex, type TextLine } from './text.ts';

/** Labels of company numbers, the most specific first (a document naming its CIN and its PAN means the CIN). */
const COMPANY_NUMBER_LABELS = [
  'corporate identity number', 'corporate identification number', 'cin', 'llp identification number', 'llpin',
  'company registration number', 'company registration no', 'company number', 'company no', 'registered number', 'registration number',
  'registration no', 'reg no', 'crn', 'incorporation number', 'incorporation no', 'certificate of incorporation number', 'corporation number',
  'business identification number', 'unique entity number', 'uen', 'entity number', 'entity id', 'file number', 'charter number',
  'rc number', 'rc no', 'acn', 'arbn', 'nzbn', 'cr no', 'brn', 'identification number', 'business registration number',
  'handelsregisternummer', 'registernummer', 'firmenbuchnummer', 'hrb nr', 'hrb', 'hra', 'numero d immatriculation', 'siren', 'rcs',
  'kvk nummer', 'kvk number', 'kvk', 'registrikood', 'krs', 'numero de registro', 'numero de matricula', 'numero rea', 'nipc', 'registry number', 'registration code',
];
/** The labels as global patterns, to find one anywhere in a sentence (built once; matchAll works on a copy). */
const LABELS_ANYWHERE = COMPANY_NUMBER_LABELS.map((label) => new RegExp(labelRegex(label).source, 'gu'));

/** What a sentence puts between the label and the number: "of the company is", "is", "under". */
const LINK = /^(?:of\s+(?:the|this|said)\s+[\p{L}]+\s+)?(?:is|was|shall be|under|:)?\s*/iu;

function parseAfter(text: string): string | null {
  const v = parseRegNumber(afterLabel(text).replace(LINK, ''));
  // A year ("Companies Act 2013") or a date is no registration number.
  if (!v || /^(19|20)\d{2}$/.test(v) || /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(v)) return null;
  return v;
}

/**
 * Numbers with a shape only one register gives: an Indian corporate identity number
 * (U35202AS2023PTC025055), a Nigerian RC number ("RC 1234567"), a South African registration
 * number (2015/123456/07).
 */
const SHAPES: RegExp[] = [
  /\b([LU]\d{5}[A-Z]{2}\d{4}(?:PTC|PLC|OPC|NPL|GOI|SGC|FTC|GAP|GAT|ULL|ULT)\d{6})\b/,
  /\b(RC[\s:.-]*\d{5,8})\b/,
  /\b((?:19|20)\d{2}\/\d{6}\/\d{2})\b/,
];

export function findCompanyNumber(lines: TextLine[]): string | null {
  const labelled = findLabelled(lines, COMPANY_NUMBER_LABELS, parseAfter, { lookahead: 1 });
  // A German court register's number is read with its kind: "HRB 12345".
  if (labelled) return /^hr[ab]$/.test(labelled.label) && /^\d/.test(labelled.value) ? `${labelled.label.toUpperCase()} ${labelled.value}` : labelled.value;
  // A label and its number on two lines of one sentence.
  const flat = lines.map((l) => l.text).join(' ').replace(/\s+/g, ' ');
  const folded = fold(flat);
  for (const re of LABELS_ANYWHERE) {
    for (const m of folded.matchAll(re)) {
      const v = parseAfter(flat.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 60));
      if (v) return v;
    }
  }
  for (const shape of SHAPES) {
    const m = shape.exec(flat);
    if (m) return m[1];
  }
  return null;
}

