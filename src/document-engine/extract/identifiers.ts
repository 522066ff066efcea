// biome-ignore-all format: tables and word lists read better packed than one item a line
// Identifiers with a known shape: IBANs (checked with ISO 13616 mod 97), EU VAT numbers, company
// registration numbers after their labels, and ISO 6346-style free references.
import { findLabelled, type TextLine } from './text.ts';

const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18,
  EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, HR: 21, HU: 28, IE: 22, IL: 23,
  IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27,
  MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SE: 24, SI: 19, SK: 24,
  SM: 27, TN: 24, TR: 26, UA: 29, VG: 24, XK: 20,
};

export function ibanIsValid(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  const len = IBAN_LENGTHS[s.slice(0, 2)];
  if (!len || s.length !== len || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rem = (rem * 10 + Number(d)) % 97;
  }
  return rem === 1;
}

const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', B: '8', G: '6' };

/** What OCR does to IBANs: letters read for digits where the format has digits, "]" for "J", "|" for "I". */
function ibanVariants(candidate: string): string[] {
  const checkDigits = candidate.slice(2, 4).replace(/[A-Z]/g, (c) => DIGIT_LOOKALIKES[c] ?? c);
  const fixed = candidate.slice(0, 2) + checkDigits + candidate.slice(4);
  return [...new Set([candidate, fixed, fixed.slice(0, 4) + fixed.slice(4).replace(/O/g, '0')])];
}

/** Every valid IBAN in a text, compact and upper case. Common OCR confusions are tolerated. */
export function findIbans(text: string): string[] {
  const out: string[] = [];
  const upper = text.toUpperCase().replace(/\]/g, 'J').replace(/\|/g, 'I');
  // Tried from every word start (a look-ahead, so one candidate never swallows the next): "TOBIAS KRAMER IBAN DE89 …"
  // read from "TO" would take the IBAN's first groups into a candidate of its own.
  // Printed in groups of four, an IBAN of 21 characters (Switzerland, Liechtenstein, Croatia, Latvia) ends with a group of one.
  for (const m of upper.matchAll(/\b(?=([A-Z]{2}[ \t]?[0-9OIZSBDQLG]{2}(?:[ \t]?[A-Z0-9]{2,4}){3,8}(?:[ \t]?[A-Z0-9](?![A-Z0-9]))?))/g)) {
    const compact = m[1].replace(/\s+/g, '');
    // Only the country's own length is tried: with every length some garbage would pass mod 97 by chance.
    const len = IBAN_LENGTHS[compact.slice(0, 2)];
    if (!len || compact.length < len) continue;
    const valid = ibanVariants(compact.slice(0, len)).find(ibanIsValid);
    if (valid) out.push(valid);
  }
  return [...new Set(out)];
}

/** EU and UK VAT identification numbers by country shape. */
const VAT_SHAPES: Record<string, RegExp> = {
  AT: /^U\d{8}$/, BE: /^[01]\d{9}$/, BG: /^\d{9,10}$/, CY: /^\d{8}[A-Z]$/, CZ: /^\d{8,10}$/, DE: /^\d{9}$/, DK: /^\d{8}$/,
  EE: /^\d{9}$/, EL: /^\d{9}$/, ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/, FI: /^\d{8}$/, FR: /^[A-Z0-9]{2}\d{9}$/, GB: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  HR: /^\d{11}$/, HU: /^\d{8}$/, IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/, IT: /^\d{11}$/, LT: /^(\d{9}|\d{12})$/, LU: /^\d{8}$/,
  LV: /^\d{11}$/, MT: /^\d{8}$/, NL: /^\d{9}B\d{2}$/, PL: /^\d{10}$/, PT: /^\d{9}$/, RO: /^\d{2,10}$/, SE: /^\d{12}$/,
  SI: /^\d{8}$/, SK: /^\d{10}$/, CH: /^E\d{9}(MWST|TVA|IVA)?$/, NO: /^\d{9}(MVA)?$/, XI: /^\d{9}$/,
};

export function normalizeVatId(raw: string): string | null {
  const s = raw.toUpperCase().replace(/[\s.\-]/g, '').replace(/^CHE/, 'CHE');
  const m = /^([A-Z]{2})([A-Z0-9+*]+)$/.exec(s.startsWith('CHE') ? `CH${s.slice(3)}` : s);
  if (!m) return null;
  const shape = VAT_SHAPES[m[1]];
  return shape && shape.test(m[2]) ? `${m[1]}${m[2]}` : null;
}

/** VAT ids written anywhere in a text (they carry their country prefix, so no label is needed). */
export function findVatIds(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toUpperCase().matchAll(/\b((?:AT\s?U|CHE[-\s]?|[A-Z]{2}\s?)[0-9A-Z][0-9A-Z .\-]{6,16}[0-9A-Z])\b/g)) {
    if ((m[1].match(/\d/g) ?? []).length < 6) continue;
    const tokens = m[1].split(/\s+/);
    // The longest run of tokens that makes a valid id ("DE 123 456 789", "TVA FR11999999998" → FR11999999998).
    found: for (let s = 0; s < tokens.length; s++) {
      for (let n = tokens.length; n > s; n--) {
        const id = normalizeVatId(tokens.slice(s, n).join(''));
        if (id) {
          out.push(id);
          break found;
        }
      }
    }
  }
  out.push(...domesticVatIds(text));
  return [...new Set(out)];
}

/**
 * VAT numbers printed without their country prefix on a domestic invoice, after the label only that
 * country uses, kept only when their check digit holds: Italy's "P.IVA 01234567897", Poland's "NIP 781-123-45-63".
 */
const DOMESTIC_VAT: { label: RegExp; country: string; digits: number; valid: (d: number[]) => boolean }[] = [
  { label: /(?:\bp\.?\s?iva|\bpartita\s+iva)\s*[:.]?\s*$/i, country: 'IT', digits: 11, valid: italianCheck },
  { label: /\bnip\s*[:.]?\s*$/i, country: 'PL', digits: 10, valid: polishCheck },
];

function domesticVatIds(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?<![\dA-Z])(\d[\d -]{8,14}\d)(?![\d])/g)) {
    const before = text.slice(Math.max(0, m.index - 20), m.index);
    const digits = m[1].replace(/\D/g, '');
    for (const v of DOMESTIC_VAT) {
      if (digits.length === v.digits && v.label.test(before) && v.valid([...digits].map(Number))) out.push(`${v.country}${digits}`);
    }
  }
  return out;
}

function italianCheck(d: number[]): boolean {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += i % 2 === 0 ? d[i] : d[i] * 2 > 9 ? d[i] * 2 - 9 : d[i] * 2;
  return (10 - (sum % 10)) % 10 === d[10];
}

function polishCheck(d: number[]): boolean {
  const sum = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((a, w, i) => a + w * d[i], 0) % 11;
  return sum !== 10 && sum === d[9];
}

export const VAT_LABELS = ['vat registration number', 'vat reg no', 'vat number', 'vat id', 'vat no', 'ust idnr', 'ust id nr', 'ust id', 'ustid', 'umsatzsteuer id', 'n tva', 'tva intracommunautaire', 'tva', 'nif', 'cif', 'p iva', 'partita iva', 'btw', 'mwst nr'];

export const REG_LABELS = [
  'company registration number',
  'registration number',
  'registered number',
  'company number',
  'company no',
  'registration no',
  'reg no',
  'crn',
  'handelsregisternummer',
  'handelsregister',
  'registernummer',
  'firmenbuchnummer',
  'hrb nr',
  'hrb',
  'hra',
  'numero d immatriculation',
  'rcs',
  'siren',
  'kvk',
  'krs',
  'numero de registro',
  'registry number',
  'registration code',
  'entity number',
  'business registration number',
];

/** Compact form of a registration number for comparison: letters and digits only, upper case. */
export function normalizeRegNumber(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Whether two registration numbers are the same: equal compact forms, or equal but for leading zeros or a court prefix. */
export function sameRegNumber(a: string, b: string): boolean {
  const x = normalizeRegNumber(a);
  const y = normalizeRegNumber(b);
  if (!x || !y) return false;
  if (x === y) return true;
  const digits = (s: string) => s.replace(/^[A-Z]+/, '').replace(/^0+/, '');
  return digits(x) !== '' && digits(x) === digits(y) && /\d/.test(x) && /\d/.test(y);
}

/** The value after a registration-number label: the first run of tokens holding digits. */
export function parseRegNumber(text: string): string | null {
  // It ends before another field on its line: "KvK 12345678 BTW NL001234567B01".
  const m = /^((?:[A-Z]{1,4}[\s-]?)?\d[\dA-Z\s.\-\/]{2,20}?)(?=\s{2,}|\t|\s+[a-z(]|[,;)]|$|\s+[A-Z][a-z]|\s+(?:BTW|VAT|USt|TVA|IVA|NIP|UID|GST|TIN)\b)/.exec(text.trim());
  if (!m) return null;
  const v = m[1].trim().replace(/[.\-\/\s]+$/, '');
  return /\d{3,}/.test(v.replace(/\s/g, '')) ? v : null;
}

export function findRegNumber(lines: TextLine[], opts: { from?: number; to?: number } = {}): string | null {
  return findLabelled(lines, REG_LABELS, parseRegNumber, { lookahead: 1, ...opts })?.value ?? null;
}

/** Whether a registration number occurs in a text, ignoring spaces and punctuation inside it. */
export function textHasRegNumber(text: string, reg: string): boolean {
  const want = normalizeRegNumber(reg);
  if (want.length < 4) return false;
  const compact = text.toUpperCase().replace(/[^A-Z0-9\n]/g, '');
  if (compact.includes(want)) return true;
  const trimmed = want.replace(/^0+/, '');
  return trimmed.length >= 4 && new RegExp(`(?<![0-9])0*${trimmed}(?![0-9])`).test(text.toUpperCase().replace(/[\s.\-\/]/g, ''));
}
