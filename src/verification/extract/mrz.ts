// Machine-readable zones of passports (TD3, 2×44), ID cards (TD1, 3×30) and TD2 documents (2×36),
// per ICAO 9303: fields, and every check digit verified with the 7-3-1 weighting.

export interface MrzCheck {
  field: string;
  ok: boolean;
}

export interface MrzFacts {
  format: 'TD1' | 'TD2' | 'TD3';
  document_kind: 'passport' | 'id_card' | 'other';
  document_code: string;
  issuing_state: string;
  surname: string;
  given_names: string;
  document_number: string;
  nationality: string;
  birth_date: string | null;
  sex: string | null;
  expiry_date: string | null;
  checks: MrzCheck[];
  valid: boolean;
}

function charValue(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  if (c >= 'A' && c <= 'Z') return c.charCodeAt(0) - 55;
  return 0; // '<'
}

export function checkDigit(s: string): number {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += charValue(s[i]) * weights[i % 3];
  return sum % 10;
}

function checkOk(field: string, digit: string): boolean {
  // An all-filler optional field may carry '<' as its check digit.
  if (digit === '<') return /^<*$/.test(field);
  return /^\d$/.test(digit) && checkDigit(field) === Number(digit);
}

/** YYMMDD → ISO; birth dates are taken in the past century when they would otherwise be in the future. */
function mrzDate(s: string, kind: 'birth' | 'expiry', today: string): string | null {
  if (!/^\d{6}$/.test(s)) return null;
  const yy = Number(s.slice(0, 2));
  const mm = Number(s.slice(2, 4));
  const dd = Number(s.slice(4, 6));
  const thisYY = Number(today.slice(2, 4));
  let year = 2000 + yy;
  if (kind === 'birth' && yy > thisYY) year = 1900 + yy;
  if (kind === 'expiry' && yy > thisYY + 50) year = 1900 + yy;
  if (mm < 1 || mm > 12 || dd < 1 || dd > new Date(Date.UTC(year, mm, 0)).getUTCDate()) return null;
  return `${year}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

function names(field: string): { surname: string; given: string } {
  const [surname, given = ''] = field.split('<<');
  const clean = (s: string) => s.replace(/<+/g, ' ').trim();
  return { surname: clean(surname), given: clean(given) };
}

/** Fixes what OCR does to MRZ lines: spaces, «, lower case, K or other stray characters read for '<'. */
function cleanLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/[«‹]/g, '<')
    .replace(/\s+/g, '')
    .replace(/[^A-Z0-9<]/g, '<');
}

/** Finds MRZ lines in a text; returns null when there is no complete zone. */
const FILLER = /[<«‹]/;

export function findMrz(text: string, today: string): MrzFacts | null {
  // No filler character at all, no zone (most documents): the lines need not be looked at.
  if (!FILLER.test(text)) return null;
  // An MRZ line is filler and capitals only: prose turned into '<' by cleaning must not pass for one.
  const candidates = text
    .split(/\n/)
    .filter((raw) => {
      if (!FILLER.test(raw)) return false;
      const compact = raw.replace(/\s+/g, '');
      const fillers = (compact.match(/[<«‹]/g) ?? []).length;
      const odd = (compact.match(/[^A-Z0-9<«‹]/g) ?? []).length;
      return compact.length >= 28 && fillers >= 2 && odd <= 3 && /[<«‹]{2}/.test(compact);
    })
    .map(cleanLine);
  for (let i = 0; i < candidates.length; i++) {
    const a = candidates[i];
    const b = candidates[i + 1];
    const c = candidates[i + 2];
    if (b && a.length >= 43 && b.length >= 43 && /^[PVAIC]/.test(a)) return parseTd3(a.slice(0, 44).padEnd(44, '<'), b.slice(0, 44).padEnd(44, '<'), today);
    if (b && c && a.length >= 29 && a.length <= 31 && /^[IACP]/.test(a)) return parseTd1(a.padEnd(30, '<').slice(0, 30), b.padEnd(30, '<').slice(0, 30), c.padEnd(30, '<').slice(0, 30), today);
    if (b && a.length >= 35 && a.length <= 37 && /^[IACPV]/.test(a)) return parseTd2(a.padEnd(36, '<').slice(0, 36), b.padEnd(36, '<').slice(0, 36), today);
  }
  return null;
}

function kindOf(code: string): MrzFacts['document_kind'] {
  if (code.startsWith('P')) return 'passport';
  if (/^[IAC]/.test(code)) return 'id_card';
  return 'other';
}

function finish(f: Omit<MrzFacts, 'valid'>): MrzFacts {
  return { ...f, valid: f.checks.every((c) => c.ok) };
}

/** Where a format keeps each field (already cut out of its lines), and its check digits. */
interface Layout {
  format: MrzFacts['format'];
  nameField: string;
  number: string;
  nationality: string;
  birth: string;
  sex: string | undefined;
  expiry: string;
  checks: MrzCheck[];
}

function facts(l1: string, layout: Layout, today: string): MrzFacts {
  const n = names(layout.nameField);
  return finish({
    format: layout.format,
    document_kind: kindOf(l1.slice(0, 2)),
    document_code: l1.slice(0, 2).replace(/</g, ''),
    issuing_state: l1.slice(2, 5).replace(/</g, ''),
    surname: n.surname,
    given_names: n.given,
    document_number: layout.number.replace(/</g, ''),
    nationality: layout.nationality.replace(/</g, ''),
    birth_date: mrzDate(layout.birth, 'birth', today),
    sex: layout.sex && /[MF]/.test(layout.sex) ? layout.sex : null,
    expiry_date: mrzDate(layout.expiry, 'expiry', today),
    checks: layout.checks,
  });
}

/** TD3 (passports) and TD2 share the second line's layout up to the expiry date. */
function td2OrTd3(format: 'TD2' | 'TD3', l1: string, l2: string, nameField: string, extraChecks: MrzCheck[], today: string): MrzFacts {
  const number = l2.slice(0, 9);
  const checks: MrzCheck[] = [
    { field: 'document_number', ok: checkOk(number, l2[9]) },
    { field: 'birth_date', ok: checkOk(l2.slice(13, 19), l2[19]) },
    { field: 'expiry_date', ok: checkOk(l2.slice(21, 27), l2[27]) },
    ...extraChecks,
  ];
  return facts(l1, { format, nameField, number, nationality: l2.slice(10, 13), birth: l2.slice(13, 19), sex: l2[20], expiry: l2.slice(21, 27), checks }, today);
}

export function parseTd3(l1: string, l2: string, today: string): MrzFacts {
  return td2OrTd3(
    'TD3',
    l1,
    l2,
    l1.slice(5, 44),
    [
      { field: 'personal_number', ok: checkOk(l2.slice(28, 42), l2[42]) },
      { field: 'composite', ok: checkOk(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43), l2[43]) },
    ],
    today,
  );
}

export function parseTd1(l1: string, l2: string, l3: string, today: string): MrzFacts {
  const number = l1.slice(5, 14);
  const checks: MrzCheck[] = [
    { field: 'document_number', ok: checkOk(number, l1[14]) },
    { field: 'birth_date', ok: checkOk(l2.slice(0, 6), l2[6]) },
    { field: 'expiry_date', ok: checkOk(l2.slice(8, 14), l2[14]) },
    { field: 'composite', ok: checkOk(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29), l2[29]) },
  ];
  return facts(l1, { format: 'TD1', nameField: l3, number, nationality: l2.slice(15, 18), birth: l2.slice(0, 6), sex: l2[7], expiry: l2.slice(8, 14), checks }, today);
}

export function parseTd2(l1: string, l2: string, today: string): MrzFacts {
  return td2OrTd3('TD2', l1, l2, l1.slice(5, 36), [{ field: 'composite', ok: checkOk(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 35), l2[35]) }], today);
}

/** Builds a valid TD3 zone; the corpus generator and tests use it to write passports. */
export function buildTd3(f: { type?: string; state: string; surname: string; given: string; number: string; nationality: string; birth: string; sex: string; expiry: string; personal?: string }): [string, string] {
  const up = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '<');
  const l1 = `${(f.type ?? 'P').padEnd(2, '<')}${f.state}${up(f.surname)}<<${up(f.given)}`.padEnd(44, '<').slice(0, 44);
  const num = up(f.number).padEnd(9, '<').slice(0, 9);
  const personal = up(f.personal ?? '').padEnd(14, '<').slice(0, 14);
  const ymd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
  const personalCheck = /^<*$/.test(personal) ? '<' : String(checkDigit(personal));
  const body = `${num}${checkDigit(num)}${f.nationality}${ymd(f.birth)}${checkDigit(ymd(f.birth))}${f.sex}${ymd(f.expiry)}${checkDigit(ymd(f.expiry))}${personal}${personalCheck}`;
  const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [l1, body + composite];
}
