// biome-ignore-all format: tables and word lists read better packed than one item a line
// National company numbers after their own register's label, each taken only in its register's
// shape and, where the register gives it one, with a right check digit: a number that fails its
// check is a misread or another number, and is left out rather than read wrong. Sweden's and
// Norway's organisation numbers, Finland's business ID (Y-tunnus), the Czech IČO, Brazil's CNPJ,
// Romania's CUI, Argentina's CUIT, Japan's corporate number (法人番号), Turkey's MERSİS number,
// Saudi Arabia's commercial registration, Greece's GEMI number, Belgium's enterprise number, the
// registers of Serbia, Slovenia, Croatia, Latvia and Lithuania, Vietnam's enterprise code, Chile's
// RUT, Iceland's kennitala, Tunisia's RNE identifier, Ukraine's EDRPOU code, Moldova's IDNO, North Macedonia's
// EMBS, Bulgaria's UIC, Kazakhstan's BIN, Taiwan's unified business number; and
// numbers whose shape alone names their register (a Swiss UID, an Indian GSTIN), checked wherever
// they are read.
import { findLabelled, type TextLine } from './text.ts';

const digitsOf = (s: string) => s.replace(/[\s.\-/]/g, '');
const weighted = (digits: string, weights: readonly number[]) => weights.reduce((sum, w, i) => sum + Number(digits[i]) * w, 0);

/** Luhn over all digits (a Swedish organisation number: 10 digits, the last the check). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let v = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) v = v * 2 > 9 ? v * 2 - 9 : v * 2;
    sum += v;
  }
  return sum % 10 === 0;
}

/** Norwegian organisation number: 9 digits, weights 3 2 7 6 5 4 3 2, mod 11. */
export function norwegianOrgValid(d: string): boolean {
  if (!/^\d{9}$/.test(d)) return false;
  const r = 11 - (weighted(d, [3, 2, 7, 6, 5, 4, 3, 2]) % 11);
  return r !== 10 && (r === 11 ? 0 : r) === Number(d[8]);
}

/** Finnish business ID: 7 digits, a hyphen and a check digit (weights 7 9 10 5 8 4 2, mod 11). */
export function finnishBusinessIdValid(s: string): boolean {
  const m = /^(\d{7})-?(\d)$/.exec(s.replace(/\s/g, ''));
  if (!m) return false;
  const r = weighted(m[1], [7, 9, 10, 5, 8, 4, 2]) % 11;
  return r !== 1 && (r === 0 ? 0 : 11 - r) === Number(m[2]);
}

/** Czech IČO: 8 digits, weights 8…2 over the first seven, check (11 − r) mod 10. */
export function czechIcoValid(d: string): boolean {
  if (!/^\d{8}$/.test(d)) return false;
  return (11 - (weighted(d, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 10 === Number(d[7]);
}

/** Brazilian CNPJ: 14 digits, two mod-11 check digits. */
export function cnpjValid(d: string): boolean {
  if (!/^\d{14}$/.test(d) || /^(\d)\1+$/.test(d)) return false;
  const check = (n: number) => {
    const weights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2].slice(13 - n);
    const r = weighted(d, weights) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(12) === Number(d[12]) && check(13) === Number(d[13]);
}

/** Romanian CUI: 2 to 10 digits, the last a check over the others with the key 753217532. */
export function romanianCuiValid(d: string): boolean {
  if (!/^\d{2,10}$/.test(d)) return false;
  const body = d.slice(0, -1).padStart(9, '0');
  return (((weighted(body, [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10) === Number(d.at(-1));
}

/** Argentine CUIT: 11 digits, weights 5 4 3 2 7 6 5 4 3 2, mod 11. */
export function cuitValid(d: string): boolean {
  if (!/^\d{11}$/.test(d)) return false;
  const r = 11 - (weighted(d, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11);
  return r !== 10 && (r === 11 ? 0 : r) === Number(d[10]);
}

/** Japanese corporate number: 13 digits, the first a check over the twelve after it. */
export function japaneseCorporateNumberValid(d: string): boolean {
  if (!/^\d{13}$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(d[12 - i]) * (i % 2 === 0 ? 1 : 2);
  return 9 - (sum % 9) === Number(d[0]);
}

/** Serbian matični broj of a company: 8 digits, weights 8…2 over the first seven, check (11 − r), 0 for 10 and 11. */
export function serbianRegistrationNumberValid(d: string): boolean {
  if (!/^\d{8}$/.test(d)) return false;
  const r = 11 - (weighted(d, [8, 7, 6, 5, 4, 3, 2]) % 11);
  return (r > 9 ? 0 : r) === Number(d[7]);
}

/** Lithuanian company code: 9 digits, the last a check (weights 1…8, else 3…10, mod 11; 10 gives 0). */
export function lithuanianCompanyCodeValid(d: string): boolean {
  if (!/^\d{9}$/.test(d)) return false;
  let r = weighted(d, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
  if (r === 10) r = (weighted(d, [3, 4, 5, 6, 7, 8, 9, 1]) % 11) % 10;
  return r === Number(d[8]);
}

/** Vietnamese enterprise code (the tax code): 10 digits, the last 10 − (weights 31 29 23 19 17 13 7 5 3, mod 11). */
export function vietnameseEnterpriseCodeValid(d: string): boolean {
  if (!/^\d{10}$/.test(d)) return false;
  const r = 10 - (weighted(d, [31, 29, 23, 19, 17, 13, 7, 5, 3]) % 11);
  return r >= 0 && r <= 9 && r === Number(d[9]);
}

/** Chilean RUT (rol único tributario): 7 or 8 digits and a check, 11 − (weights 2…7 from the right, mod 11); 10 is K, 11 is 0. */
export function chileanRutValid(printed: string): boolean {
  const m = /^(\d{1,2}\.?\d{3}\.?\d{3})-?([\dkK])$/.exec(printed.replace(/\s/g, ''));
  if (!m) return false;
  const body = m[1].replace(/\./g, '');
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const r = 11 - (sum % 11);
  return (r === 11 ? '0' : r === 10 ? 'K' : String(r)) === m[2].toUpperCase();
}

/** Icelandic kennitala (a company's starts its day with 4 to 7): 10 digits, the ninth 11 − (weights 3 2 7 6 5 4 3 2, mod 11), the tenth the century. */
export function icelandicKennitalaValid(d: string): boolean {
  if (!/^\d{8}\d[09]$/.test(d)) return false;
  const r = 11 - (weighted(d, [3, 2, 7, 6, 5, 4, 3, 2]) % 11);
  return r !== 10 && (r === 11 ? 0 : r) === Number(d[8]);
}

/** Belgian enterprise number (KBO/BCE): 10 digits, the first 0 or 1, the last two 97 − (the first eight mod 97). */
export function belgianEnterpriseNumberValid(d: string): boolean {
  if (!/^[01]\d{9}$/.test(d)) return false;
  return 97 - (Number(d.slice(0, 8)) % 97) === Number(d.slice(8));
}

/** Swiss enterprise identification number (UID, CHE-123.456.789): 9 digits, weights 5 4 3 2 7 6 5 4, mod 11. */
export function swissUidValid(d: string): boolean {
  if (!/^\d{9}$/.test(d)) return false;
  const r = 11 - (weighted(d, [5, 4, 3, 2, 7, 6, 5, 4]) % 11);
  return r !== 10 && (r === 11 ? 0 : r) === Number(d[8]);
}

/** Ukraine's EDRPOU code (8 digits): weights 1–7 (7, 1–6 for codes from 30000000 to 60000000), modulo 11, weights raised by 2 on a remainder of 10. */
export function ukrainianEdrpouValid(d: string): boolean {
  if (!/^\d{8}$/.test(d)) return false;
  const n = Number(d);
  const base = n < 30000000 || n > 60000000 ? [1, 2, 3, 4, 5, 6, 7] : [7, 1, 2, 3, 4, 5, 6];
  let r = weighted(d, base) % 11;
  if (r === 10) r = weighted(d, base.map((w) => w + 2)) % 11 % 10;
  return r === Number(d[7]);
}

/** Moldova's IDNO (13 digits): weights 7, 3, 1 over the first 12, modulo 10. */
export function moldovanIdnoValid(d: string): boolean {
  return /^\d{13}$/.test(d) && weighted(d, [7, 3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1]) % 10 === Number(d[12]);
}

/** North Macedonia's EMBS (7 digits): weights 7 to 2, 11 less the remainder modulo 11 (0 for 10 or 11). */
export function macedonianEmbsValid(d: string): boolean {
  if (!/^\d{7}$/.test(d)) return false;
  const c = 11 - (weighted(d, [7, 6, 5, 4, 3, 2]) % 11);
  return (c >= 10 ? 0 : c) === Number(d[6]);
}

/** Bulgaria's UIC (EIK, 9 digits): weights 1–8 modulo 11, else 3–10, a remainder of 10 giving 0. */
export function bulgarianUicValid(d: string): boolean {
  if (!/^\d{9}$/.test(d)) return false;
  let r = weighted(d, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
  if (r === 10) r = weighted(d, [3, 4, 5, 6, 7, 8, 9, 10]) % 11 % 10;
  return r === Number(d[8]);
}

/** Kazakhstan's BIN (12 digits): weights 1–11 modulo 11, else 3–11, 1, 2; a second remainder of 10 is no number. */
export function kazakhBinValid(d: string): boolean {
  if (!/^\d{12}$/.test(d)) return false;
  let r = weighted(d, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) % 11;
  if (r === 10) r = weighted(d, [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2]) % 11;
  return r !== 10 && r === Number(d[11]);
}

/** Taiwan's unified business number (統一編號, 8 digits): the digit sums of the digits times 1, 2, 1, 2, 1, 2, 4, 1 add up to a multiple of 5 (of 10 before 2023), either way when the seventh is 7. */
export function taiwaneseUbnValid(d: string): boolean {
  if (!/^\d{8}$/.test(d)) return false;
  const sums = [1, 2, 1, 2, 1, 2, 4, 1].map((w, i) => { const p = Number(d[i]) * w; return Math.floor(p / 10) + (p % 10); });
  const total = sums.reduce((a, b) => a + b, 0);
  return total % 5 === 0 || (d[6] === '7' && (total + 1) % 5 === 0);
}

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Indian GSTIN: state code, the holder's PAN, an entity digit, Z, and a check character (weights 1 2 alternating, base 36). */
export function gstinValid(s: string): boolean {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const p = BASE36.indexOf(s[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36] === s[14];
}

/**
 * Whether a number has the shape of a register that checks its numbers (a Swiss UID, an Indian
 * GSTIN) and fails that check: a misread, left out rather than read wrong, whatever label it is under.
 */
export function failsShapeCheck(value: string): boolean {
  const v = value.toUpperCase().replace(/\s/g, '');
  const uid = /^CHE-?(\d{3})\.?(\d{3})\.?(\d{3})(?:MWST|TVA|IVA)?$/.exec(v);
  if (uid) return !swissUidValid(uid.slice(1).join(''));
  if (/^\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]{3}$/.test(v)) return !gstinValid(v);
  return false;
}

interface NationalNumber {
  labels: string[];
  /** The number as printed, when its digits have the register's shape and check. */
  accept: (printed: string, digits: string) => boolean;
  /**
   * Whether a number printed under one of the labels has this register's shape: one that has it and
   * fails the check is left out, whatever other label would take it (other registers share the label
   * with other shapes: "Enterprise Number" is South Africa's too).
   */
  shaped?: (printed: string, digits: string) => boolean;
}

/** Each register's labels (folded) and the numbers it gives; the first register whose label and number agree wins. */
const NATIONAL: NationalNumber[] = [
  // Sweden (10 digits, Luhn) and Norway (9 digits, mod 11) both print "Org.nr".
  { labels: ['organisationsnummer', 'organisationsnr', 'org nr', 'orgnr'], accept: (_, d) => (d.length === 10 && luhnValid(d)) || norwegianOrgValid(d) },
  { labels: ['organisasjonsnummer', 'organisasjonsnr'], accept: (_, d) => norwegianOrgValid(d) },
  { labels: ['y tunnus', 'ytunnus', 'business id'], accept: (p) => finnishBusinessIdValid(p) },
  { labels: ['identifikacni cislo', 'ico'], accept: (_, d) => czechIcoValid(d) },
  { labels: ['cnpj', 'numero de inscricao'], accept: (_, d) => cnpjValid(d) },
  { labels: ['cod unic de inregistrare', 'cod fiscal'], accept: (p, d) => romanianCuiValid(d.replace(/^RO/i, '')) && !/[A-Z]{3}/i.test(p) },
  { labels: ['cuit'], accept: (_, d) => cuitValid(d) },
  { labels: ['法人番号'], accept: (_, d) => japaneseCorporateNumberValid(d) },
  { labels: ['mersis no', 'mersis numarasi'], accept: (_, d) => /^\d{16}$/.test(d) },
  { labels: ['cr number', 'cr no', 'commercial registration number', 'commercial registration no'], accept: (_, d) => /^\d{10}$/.test(d) },
  { labels: ['αριθμος γ ε μη', 'αριθμος γεμη', 'αρ γ ε μη', 'gemi number', 'g e mi'], accept: (_, d) => /^\d{9,12}$/.test(d) },
  // Belgium's enterprise number in Dutch, French and English; a Swiss UID under its German label.
  { labels: ['ondernemingsnummer', 'numero d entreprise'], accept: (_, d) => belgianEnterpriseNumberValid(d.padStart(10, '0')), shaped: (_, d) => /^[01]?\d{9}$/.test(d) },
  // Serbia's matični broj (8 digits, checked), Slovenia's matična številka (10 digits), Croatia's MBS (its court register's
  // subject number, 8 or 9 digits; Bosnia's, printed 65-01-0123-21), Latvia's registration number (11, a company's from 4 or 5), Lithuania's company code
  // (9, checked), Vietnam's enterprise code (10, checked).
  { labels: ['maticni broj'], accept: (_, d) => serbianRegistrationNumberValid(d), shaped: (_, d) => /^\d{8}$/.test(d) },
  { labels: ['maticna stevilka'], accept: (_, d) => /^\d{10}$/.test(d) },
  { labels: ['mbs', 'maticni broj subjekta'], accept: (p, d) => /^0?\d{8}$/.test(d) || /^\d{2}-\d{2}-\d{4}-\d{2}$/.test(p.trim()) },
  { labels: ['registracijas numurs', 'registracijas nr', 'vienotais registracijas numurs'], accept: (_, d) => /^[45]\d{10}$/.test(d) },
  { labels: ['juridinio asmens kodas', 'imones kodas', 'kodas'], accept: (_, d) => lithuanianCompanyCodeValid(d), shaped: (_, d) => /^\d{9}$/.test(d) },
  { labels: ['enterprise code', 'ma so doanh nghiep'], accept: (_, d) => vietnameseEnterpriseCodeValid(d), shaped: (_, d) => /^\d{10}$/.test(d) },
  // Tunisia's RNE identifier (7 digits and a letter; Cameroon's "identifiant unique" is a tax number of another shape),
  // Chile's RUT (its check may be K), Iceland's kennitala (a company's from 41 to 71, as its day plus 40).
  { labels: ['identifiant unique'], accept: (p) => /^\d{7}\s?[A-Z]$/.test(p.trim()) },
  { labels: ['rut', 'rol unico tributario'], accept: (p) => chileanRutValid(p), shaped: (p) => /^\d{1,2}\.?\d{3}\.?\d{3}-[\dkK]$/.test(p.trim()) },
  { labels: ['kennitala'], accept: (_, d) => icelandicKennitalaValid(d) && /^[4-7]/.test(d), shaped: (_, d) => /^\d{10}$/.test(d) },
  { labels: ['identifikationsnummer', 'uid nummer', 'uid'], accept: (p) => /^CHE/i.test(p) && !failsShapeCheck(p), shaped: (p) => /^CHE/i.test(p) },
  // Registers of the former Soviet Union and the Balkans, by their own labels: Ukraine's EDRPOU code, Moldova's IDNO, North
  // Macedonia's EMBS, Bulgaria's UIC, Kazakhstan's BIN (checked), Georgia's identification code (9 digits), Albania's and
  // Kosovo's NUIS (a letter, 8 digits, a letter), Kosovo's unique identification number (9 digits); Taiwan's unified business number (checked).
  { labels: ['identification code of the legal entity', 'edrpou'], accept: (_, d) => ukrainianEdrpouValid(d), shaped: (_, d) => /^\d{8}$/.test(d) },
  { labels: ['idno', 'numarul de identificare de stat'], accept: (_, d) => moldovanIdnoValid(d), shaped: (_, d) => /^\d{13}$/.test(d) },
  { labels: ['embs'], accept: (_, d) => macedonianEmbsValid(d), shaped: (_, d) => /^\d{7}$/.test(d) },
  { labels: ['uic', 'eik', 'unified identification code'], accept: (_, d) => bulgarianUicValid(d) || (d.length === 13 && bulgarianUicValid(d.slice(0, 9))), shaped: (_, d) => /^\d{9}$/.test(d) },
  { labels: ['business identification number', 'bin'], accept: (_, d) => kazakhBinValid(d), shaped: (_, d) => /^\d{12}$/.test(d) },
  { labels: ['identification code'], accept: (_, d) => /^\d{9}$/.test(d) },
  { labels: ['nuis', 'numri unik i identifikimit'], accept: (p) => /^[A-Z]\d{8}[A-Z]$/.test(p.trim()) },
  { labels: ['unique identification number'], accept: (_, d) => /^\d{9}$/.test(d) },
  { labels: ['unified business no', 'unified business number', 'ubn'], accept: (_, d) => taiwaneseUbnValid(d), shaped: (_, d) => /^\d{8}$/.test(d) },
];

/** Whether `label` is a register's own label whose number must pass that register's check, and `value` does not. */
export function failsRegisterCheck(label: string, value: string): boolean {
  const register = NATIONAL.find((r) => r.labels.includes(label));
  const digits = digitsOf(value).replace(/^RO/i, '');
  return !!register?.shaped?.(value, digits) && !register.accept(value, digits);
}

/** The run of digits (and the separators between them) a value starts with: "12.345.678/0001-95 MATRIZ" is the number and the kind of office; a Chilean RUT's check may be K. */
const DIGIT_RUN = /^(?:RO\s?|CHE-?)?\d(?:[\d.\-/]|\s(?=\d))*(?:\d|-K(?![\p{L}\d]))/iu;

/**
 * A national company number after its register's label, when it has that register's shape and
 * check; `parse` cuts the number from what follows the label, else the run of digits it starts with.
 */
export function findNationalNumber(lines: TextLine[], parse: (text: string) => string | null): string | null {
  let best: { value: string; line: number } | null = null;
  for (const register of NATIONAL) {
    const hit = findLabelled(lines, register.labels, (t) => {
      const v = parse(t) ?? DIGIT_RUN.exec(t.replace(/^[\s:]+/, ''))?.[0] ?? null;
      return v && register.accept(v, digitsOf(v).replace(/^RO/i, '')) ? v : null;
    }, { lookahead: 1 });
    if (hit && (!best || hit.line < best.line)) best = { value: hit.value, line: hit.line };
  }
  return best?.value ?? null;
}
