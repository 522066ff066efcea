// Scores the plain text an OCR engine read from one real document against the values a person read
// (`<name>.expected.json`): for identity documents, what the machine-readable zone lines hold; for
// invoices and contracts, whether each expected value appears in the text as printed. Pure: text in,
// score out, so every engine is measured the same way.

import { editDistance } from '../../src/lib/edit-distance.ts';

export interface Expected {
  file: string;
  document_type: string;
  fields: Record<string, string | number | string[]>;
}

export interface Check {
  field: string;
  want: string;
  /** Found exactly (case and spacing aside). */
  exact: boolean;
  /** Found with a small edit distance (OCR slips), spaces ignored. */
  near: boolean;
}

export interface TextScore {
  kind: 'identity' | 'invoice' | 'contract';
  checks: Check[];
  /** Identity documents: the lines taken for the machine-readable zone. */
  mrzLines?: string[];
  /** Character accuracy of the machine-readable zone, where the true lines are known. */
  mrzCharAccuracy?: number;
}

/** The ICAO 9303 specimen (Anna Maria Eriksson, Utopia): its printed zone is public. */
export const KNOWN_MRZ: Record<string, string[]> = {
  'pe-pass-uto': ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
};

/** Edit distance (src/lib/edit-distance.ts). */
export const levenshtein = editDistance;

/** Smallest edit distance between `needle` and any substring of `hay` (Sellers' algorithm). */
export function substringDistance(needle: string, hay: string): number {
  if (needle.length === 0) return 0;
  let prev = new Array<number>(hay.length + 1).fill(0);
  for (let i = 1; i <= needle.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hay.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (needle[i - 1] === hay[j - 1] ? 0 : 1));
    prev = cur;
  }
  return Math.min(...prev);
}

/** Uppercase, spaces out, the guillemets and brackets OCR gives for the filler turned back into '<'. */
function mrzForm(line: string): string {
  return line
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/[«‹〈(\[{]/g, '<');
}

/** Lines that look like a machine-readable zone: long runs of A-Z, 0-9 and '<' with fillers. */
export function mrzLines(text: string): string[] {
  return text
    .split('\n')
    .map(mrzForm)
    .filter((l) => l.length >= 20 && (l.match(/</g)?.length ?? 0) >= 2 && (l.match(/[A-Z0-9<]/g)?.length ?? 0) / l.length >= 0.85);
}

function yymmdd(iso: string): string {
  return iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
}

function foldAccents(s: string): string {
  return s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

function check(field: string, wants: string[], text: string, nearTolerance: (w: string) => number): Check {
  const hay = foldAccents(text.toLowerCase().replace(/\s+/g, ' '));
  const squashed = hay.replace(/\s+/g, '');
  let exact = false;
  let near = false;
  for (const w of wants) {
    const want = foldAccents(w.toLowerCase().replace(/\s+/g, ' '));
    if (hay.includes(want)) exact = near = true;
    else if (!near && substringDistance(want.replace(/\s+/g, ''), squashed) <= nearTolerance(want)) near = true;
  }
  return { field, want: wants[0], exact, near };
}

const MONTHS: string[][] = [
  // English, French, German, Spanish, Italian, Dutch, Portuguese
  ['january', 'janvier', 'januar', 'enero', 'gennaio', 'januari', 'janeiro'],
  ['february', 'février', 'februar', 'febrero', 'febbraio', 'februari', 'fevereiro'],
  ['march', 'mars', 'märz', 'marzo', 'marzo', 'maart', 'março'],
  ['april', 'avril', 'april', 'abril', 'aprile', 'april', 'abril'],
  ['may', 'mai', 'mai', 'mayo', 'maggio', 'mei', 'maio'],
  ['june', 'juin', 'juni', 'junio', 'giugno', 'juni', 'junho'],
  ['july', 'juillet', 'juli', 'julio', 'luglio', 'juli', 'julho'],
  ['august', 'août', 'august', 'agosto', 'agosto', 'augustus', 'agosto'],
  ['september', 'septembre', 'september', 'septiembre', 'settembre', 'september', 'setembro'],
  ['october', 'octobre', 'oktober', 'octubre', 'ottobre', 'oktober', 'outubro'],
  ['november', 'novembre', 'november', 'noviembre', 'novembre', 'november', 'novembro'],
  ['december', 'décembre', 'dezember', 'diciembre', 'dicembre', 'december', 'dezembro'],
];

/** The ways a date is commonly printed on an invoice. */
export function dateForms(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  const mi = Number(m);
  const di = Number(d);
  const forms = new Set<string>([
    iso,
    `${d}/${m}/${y}`,
    `${m}/${d}/${y}`,
    `${di}/${mi}/${y}`,
    `${mi}/${di}/${y}`,
    `${d}.${m}.${y}`,
    `${di}.${mi}.${y}`,
    `${d}-${m}-${y}`,
    `${m}-${d}-${y}`,
    `${d}/${m}/${y.slice(2)}`,
    `${m}/${d}/${y.slice(2)}`,
  ]);
  for (const name of MONTHS[mi - 1]) {
    for (const n of [name, name.slice(0, 3)]) {
      forms.add(`${n} ${di}, ${y}`);
      forms.add(`${n} ${d}, ${y}`);
      forms.add(`${di} ${n} ${y}`);
      forms.add(`${d} ${n} ${y}`);
      forms.add(`${di}. ${n} ${y}`);
      forms.add(`${di} de ${n} de ${y}`);
      forms.add(`${d}-${n}-${y}`);
    }
  }
  return [...forms];
}

function group(intPart: string, sep: string, indian = false): string {
  if (!indian) return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  if (intPart.length <= 3) return intPart;
  const head = intPart.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, sep);
  return `${head}${sep}${intPart.slice(-3)}`;
}

/** The ways an amount is commonly printed (grouping and decimal marks of the languages at hand). */
export function amountForms(value: number): string[] {
  const [i, f] = value.toFixed(2).split('.');
  const forms = new Set<string>();
  for (const [g, dec] of [
    [',', '.'],
    ['.', ','],
    [' ', ','],
    ["'", '.'],
    ['', '.'],
    ['', ','],
  ]) {
    forms.add(`${group(i, g)}${dec}${f}`);
    forms.add(`${group(i, g, true)}${dec}${f}`);
    if (f === '00') forms.add(group(i, g));
  }
  return [...forms];
}

function amountFound(value: number, text: string): Check {
  const hay = text.replace(/[ \t]+/g, ' ');
  const squashed = text.replace(/\s+/g, '');
  const forms = amountForms(value);
  const bounded = (form: string, h: string) => new RegExp(`(^|[^\\d.,])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d]|[.,]\\d)`).test(h);
  const exact = forms.some((f) => bounded(f, hay));
  // Near: the digits and decimal mark right, spaces inside the number or a mark misread.
  const near =
    exact ||
    forms.some((f) => bounded(f.replace(/\s+/g, ''), squashed)) ||
    forms.some((f) => bounded(f.replace(/[.,' ]/g, '').replace(/(\d\d)$/, '.$1'), squashed.replace(/(\d)[.,'](?=\d{3}\b)/g, '$1')));
  return { field: 'total', want: forms[0], exact, near };
}

export function scoreText(name: string, expected: Expected, text: string): TextScore {
  const f = expected.fields;
  if (expected.document_type === 'proof_of_identity') {
    const lines = mrzLines(text);
    const zone = lines.join('\n');
    const checks: Check[] = [];
    const add = (field: string, want: string, tolerance: number) => {
      const dist = lines.length === 0 ? Infinity : Math.min(...lines.map((l) => substringDistance(want, l)));
      checks.push({ field, want, exact: dist === 0, near: dist <= tolerance });
    };
    add('document_number', String(f.document_number).toUpperCase(), 1);
    add('birth_date', yymmdd(String(f.birth_date)), 1);
    add('expiry_date', yymmdd(String(f.expiry_date)), 1);
    add('surname', foldAccents(String(f.surname)).toUpperCase(), 1);
    const score: TextScore = { kind: 'identity', checks, mrzLines: zone ? lines : [] };
    const truth = KNOWN_MRZ[name];
    if (truth) {
      // Each true line against the closest line read; a missing line counts as all wrong.
      const accuracy = truth.map((t) => Math.max(0, 1 - Math.min(t.length, ...lines.map((l) => levenshtein(t, l))) / t.length));
      score.mrzCharAccuracy = accuracy.reduce((a, b) => a + b, 0) / accuracy.length;
    }
    return score;
  }
  const checks: Check[] = [];
  const tolerance = (w: string) => (w.replace(/\s+/g, '').length >= 8 ? Math.floor(w.replace(/\s+/g, '').length * 0.15) : w.length >= 4 ? 1 : 0);
  for (const [field, value] of Object.entries(f)) {
    if (field === 'currency') continue;
    if (field === 'total' && typeof value === 'number') checks.push(amountFound(value, text));
    else if (/date/.test(field)) checks.push(check(field, dateForms(String(value)), text, () => 0));
    else if (Array.isArray(value) && field === 'parties') for (const v of value) checks.push(check(field, [v], text, tolerance));
    else checks.push(check(field, Array.isArray(value) ? value : [String(value)], text, tolerance));
  }
  return { kind: expected.document_type === 'contract' ? 'contract' : 'invoice', checks };
}
