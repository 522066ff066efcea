// biome-ignore-all format: tables and word lists read better packed than one item a line
// A company's registration number on a register document (certificate of incorporation, good
// standing, register extract, articles): after the label each country prints ("Company Number",
// "Corporate Identity Number", "LLPIN", "RC", "UEN", "ACN", "HRB", "SIREN", "KvK-nummer",
// "registrikood"…), also when a sentence carries it over a line break ("…, Registration Number
// 4830216, was organized…"), else by a shape only a registration number has (an Indian CIN, a
// Nigerian RC number).
import { valueOverCaption } from './captions.ts';
import { parseRegNumber } from './identifiers.ts';
import { failsRegisterCheck, failsShapeCheck, findNationalNumber } from './register-checks.ts';
import { afterLabel, findLabelled, fold, labelRegex, type TextLine } from './text.ts';

/** Labels of company numbers, the most specific first (a document naming its CIN and its PAN means the CIN). */
const COMPANY_NUMBER_LABELS = [
  'corporate identity number', 'corporate identification number', 'cin', 'llp identification number', 'llpin',
  'company registration number', 'company registration no', 'company number', 'company no', 'registered number', 'registration number',
  'registration no', 'reg no', 'crn', 'incorporation number', 'incorporation no', 'certificate of incorporation number', 'corporation number',
  'business identification number', 'unique entity number', 'uen', 'entity number', 'entity no', 'entity id', 'file number', 'charter number',
  'rc number', 'rc no', 'acn', 'arbn', 'nzbn', 'cr no', 'brn', 'identification number', 'business registration number',
  'handelsregisternummer', 'registernummer', 'firmenbuchnummer', 'hrb nr', 'hrb', 'hra', 'numero d immatriculation', 'siren', 'rcs',
  'kvk nummer', 'kvk number', 'kvk', 'registrikood', 'krs', 'numero de registro', 'numero de matricula', 'numero rea', 'nipc', 'registry number', 'registry code', 'registration code',
  // Quebec's enterprise number (NEQ) before Belgium's "numéro d'entreprise", which its label starts with.
  'numero d entreprise du quebec (neq)', 'numero d entreprise du quebec', 'neq',
  'numero d entreprise', 'ondernemingsnummer', 'enterprise number', 'firmennummer', 'uid nummer', 'cci number', 'coc number', 'chamber of commerce number', 'cvr number', 'cvr nr', 'filing id', 'filing number',
  // A British LLP's number, a Pakistani CUIN, an Egyptian commercial register's, New York's DOS ID, a Florida document number.
  'limited liability partnership number', 'llp number', 'corporate unique identification number', 'corporate unique identification no', 'cuin',
  'commercial register number', 'commercial register no',
  // Hungary's company register number (cégjegyzékszám, "01-09-123456").
  'cegjegyzekszam', 'commercial registry number', 'dos id', 'document number', 'document#',
  // French-speaking registers' "N° RC : 512345" (Morocco, Tunisia, Algeria) and the OHADA states' RCCM
  // ("N° RCCM : CI-ABJ-2017-B-12345"): the abbreviation is part of the label, never of the number.
  'n° rccm', 'rccm', 'n° rc', 'rc n°',
  // A Colombian chamber of commerce's matrícula mercantil ("Matrícula No. 03412345").
  'matricula no', 'matricula mercantil',
  // An Omani or Bahraini "CR Number", Rwanda's "Company Code", Costa Rica's cédula jurídica ("con cédula jurídica número 3-101-812345").
  'cr number', 'company code', 'cedula juridica numero', 'cedula juridica no', 'cedula juridica',
  // Armenia's state registration number, Mongolia's register number, Montenegro's registarski broj, Nevada's business number,
  // Macau's matrícula ("Matrícula n.º 81234").
  'state registration number', 'register no', 'register number', 'registarski broj', 'business number', 'matricula n',
  // Chinese (simplified, traditional), Japanese, Korean.
  '统一社会信用代码', '統一社會信用代碼', '注册号', '註冊號', '会社法人等番号', '법인등록번호',
];
/** The labels as global patterns, to find one anywhere in a sentence (built once; matchAll works on a copy). */
const LABELS_ANYWHERE = COMPANY_NUMBER_LABELS.map((label) => new RegExp(labelRegex(label).source, 'gu'));

/** What a sentence puts between the label and the number: "of the company is", "is", "under". */
const LINK = /^(?:of\s+(?:the|this|said)\s+[\p{L}]+\s+)?(?:is|was|shall be|under|:)?\s*/iu;

/** What a French register prints after the SIREN: "812 345 676 R.C.S. Lyon" is the number 812 345 676 at the register of Lyon. */
const REGISTER_SUFFIX = /\s+R\.?\s?C\.?\s?S\b.*$/i;

/**
 * An OHADA register's number: its state (or "RC"), its court's town, perhaps the court's number, the
 * year, the kind (perhaps with its register's number) and the entry ("CI-ABJ-2019-B-54321", "RB/COT/17
 * B 12345", "CI-ABJ-03-2021-B13-04512", "RC/DLA/2022/B/1234").
 */
const RCCM_SHAPE = String.raw`[A-Z]{2}[-/][A-Z]{2,4}[-/](?:\d{2}[-/])?(?:\d{2}|\d{4})[-/\s]?[A-Z]\d{0,2}[-/\s]?\d{1,6}`;
const RCCM_NUMBER = new RegExp(`^(${RCCM_SHAPE})(?![\\dA-Za-z])`);

function parseAfter(text: string): string | null {
  const rest = afterLabel(text).replace(LINK, '');
  const rccm = RCCM_NUMBER.exec(rest);
  if (rccm) return rccm[1];
  const v = parseRegNumber(rest.replace(REGISTER_SUFFIX, ''));
  // A year ("Companies Act 2013") or a date is no registration number.
  if (!v || /^(19|20)\d{2}$/.test(v) || /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(v) || /^(19|20)\d{2}[./-]\d{1,2}[./-]\d{1,2}$/.test(v)) return null;
  // A number in the shape of a register that checks its numbers, failing that check, is a misread.
  return failsShapeCheck(v) ? null : v;
}

/**
 * Numbers with a shape only one register gives: an Indian corporate identity number
 * (U74999KA2019PTC123456), a Nigerian RC number ("RC 1234567"), a South African registration
 * number (2015/123456/07); and tax numbers that a register names its companies by, after their
 * label and only in a company's shape: a Spanish NIF (B12345674; a person's starts with a digit
 * or X, Y, Z), an Italian codice fiscale of 11 digits (a person's has 16 characters with letters);
 * a Swiss UID (CHE-123.456.788).
 */
const SHAPES: RegExp[] = [
  /\b([LU]\d{5}[A-Z]{2}\d{4}(?:PTC|PLC|OPC|NPL|GOI|SGC|FTC|GAP|GAT|ULL|ULT)\d{6})\b/,
  /\b(RC[\s:.-]*\d{5,8})\b/,
  /\b((?:19|20)\d{2}\/\d{6}\/\d{2})\b/,
  /\b(?:NIF|CIF|N\.I\.F\.|C\.I\.F\.)[\s:.]*([ABCDEFGHJNPQRSUVW]-?\d{7}-?[0-9A-J])\b/,
  /\bcodice fiscale\b[^0-9\n]{0,60}(\d{11})\b/i,
  // A Swiss enterprise identification number (UID).
  /\b(CHE-\d{3}\.\d{3}\.\d{3})\b/,
  // A Kenyan company number: its kind and seven or eight letters and digits (PVT-AB12CD3).
  /\b((?:PVT|CPR|PUB|CLG|LLP|BN)-[A-Z0-9]{6,8})\b/,
  // An OHADA register's number, in a sentence without its label ("… immatriculée … sous le numéro RC/DLA/2022/B/1234").
  new RegExp(`\\b(${RCCM_SHAPE})(?![\\dA-Za-z])`),
];

/** The 31 characters of a Chinese unified social credit code (no I, O, S, V, Z) and the weights of its check character (GB 32100). */
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const CREDIT_CODE = /(?<![0-9A-Z])([1-9A-HNY][1-9][0-9]{6}[0-9A-HJ-NP-RTUW-Y]{10})(?![0-9A-Z])/g;

/** Whether an 18-character code ends in the check character its first 17 give. */
export function validCreditCode(code: string): boolean {
  if (code.length !== 18) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CODE_CHARS.indexOf(code[i]);
    if (v < 0) return false;
    sum += v * CREDIT_CODE_WEIGHTS[i];
  }
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31] === code[17];
}

/**
 * A Chinese unified social credit code (统一社会信用代码) anywhere in a text, whose check character
 * is right: the code is the registration number of every Chinese company, and OCR misreads its
 * label's characters more often than the code's check lets a misread code through.
 */
export function findCreditCode(text: string): string | null {
  for (const m of text.matchAll(CREDIT_CODE)) if (validCreditCode(m[1])) return m[1];
  return null;
}

/** A tax office's label that ends in a register's ("identification number"). */
const TAX_IDENTIFICATION = /\btax(?:payer)?\s+identification\s+number\b/;

export function findCompanyNumber(lines: TextLine[]): string | null {
  // A national register's own label, and a number in its shape with a right check digit.
  const national = findNationalNumber(lines, parseAfter);
  if (national) return national;
  const found = findLabelled(lines, COMPANY_NUMBER_LABELS, parseAfter, { lookahead: 1 });
  // A taxpayer's identification number is the tax office's, not the register's ("Taxpayer identification number: 02612345").
  const labelled = found && found.label === 'identification number' && TAX_IDENTIFICATION.test(fold(lines[found.line].text)) ? null : found;
  // A register's own label whose number fails that register's check: a misread, not the number.
  if (labelled && failsRegisterCheck(labelled.label, labelled.value)) return null;
  // A number printed over its caption ("1187654-3" over "Corporation number / Numéro de société"): the number all of its cell.
  const captioned = labelled ? null : valueOverCaption(lines, COMPANY_NUMBER_LABELS, (cell) => {
    const v = parseRegNumber(cell);
    return v && /\d{4}/.test(v) && v.replace(/\s/g, '') === cell.replace(/\s/g, '') && !failsShapeCheck(v) ? v : null;
  });
  if (captioned) return captioned;
  // An Austrian company register number ends in its check letter: "FN 123456 a".
  const checkLetter = labelled && /^FN\s?\d{1,6}$/i.test(labelled.value) ? new RegExp(`${labelled.value.replace(/\s/g, '\\s?')}\\s?([a-z])\\b`, 'i').exec(lines[labelled.line].text) : null;
  if (labelled && checkLetter) return `${labelled.value} ${checkLetter[1].toLowerCase()}`;
  // A German court register's number is read with its kind: "HRB 12345".
  if (labelled) return /^hr[ab]$/.test(labelled.label) && /^\d/.test(labelled.value) ? `${labelled.label.toUpperCase()} ${labelled.value}` : labelled.value;
  // A label and its number on two lines of one sentence.
  const flat = lines.map((l) => l.text).join(' ').replace(/\s+/g, ' ');
  const folded = fold(flat);
  for (const re of LABELS_ANYWHERE) {
    for (const m of folded.matchAll(re)) {
      if (TAX_IDENTIFICATION.test(folded.slice(Math.max(0, (m.index ?? 0) - 12), (m.index ?? 0) + m[0].length))) continue;
      const v = parseAfter(flat.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 60));
      if (v) return v;
    }
  }
  if (/\p{Script=Han}/u.test(flat)) {
    const code = findCreditCode(flat);
    if (code) return code;
  }
  for (const shape of SHAPES) {
    const m = shape.exec(flat);
    if (m && !failsShapeCheck(m[1])) return m[1];
  }
  return null;
}
