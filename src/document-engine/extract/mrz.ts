// Machine-readable zones of passports (TD3, 2×44), ID cards (TD1, 3×30) and TD2 documents (2×36),
// per ICAO 9303: fields, and every check digit verified with the 7-3-1 weighting. Zones read by OCR
// are repaired first (mrz-repair.ts); a failed check on a repaired reading is doubtful, not proof.
import { asPrinted, fillerLike, namesShown, readNameField, td1NameRows, visualWords, votedNames } from './mrz-names.ts';
import { zoneRows } from './mrz-rows.ts';
import { asLetters, checkDigit, checkOk, cleanLine, oneEditApart, repairDataLine, repairNameLine, repairTd1First, repairTd1Second, resolveField, type Format, type SeenValue } from './mrz-repair.ts';
import { printedWords } from './mrz-lookalikes.ts';

export { checkDigit } from './mrz-repair.ts';

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
  /** The zone was read exactly as written (no OCR repair): a failed check is then a fact, not a doubt. */
  exact: boolean;
  /** The name field was damaged and the visual zone does not confirm the names read from it. */
  names_doubtful?: boolean;
  /**
   * Readings of the number pass its check digit alike (the zone's and the one the visual zone prints)
   * and nothing tells them apart: the number could not be checked, and neither reading is taken.
   */
  number_doubtful?: boolean;
  /** The name field is full to its last character: ICAO 9303 cuts the names that do not fit, the last one first. */
  names_full?: boolean;
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

const FILLER = /[<«‹]/;

/** Lines that may be MRZ lines: capitals, digits and fillers only, about the length of one. */
function candidateLines(lines: string[]): number[] {
  const out: number[] = [];
  lines.forEach((raw, i) => {
    const compact = raw.replace(/\s+/g, '');
    if (compact.length < 26 || compact.length > 60) return;
    const odd = (compact.match(/[^A-Z0-9<«‹]/g) ?? []).length;
    if (odd > 3) return;
    // A card's first line (TD1) may hold no filler: its number and optional data fill it (the Emirates ID's "ILARE…").
    if (!/[<«‹]/.test(compact) && !/[KLC]{6}/.test(compact) && !/^[IAC][A-Z][A-Z]{3}[A-Z0-9]{25}$/.test(compact)) return;
    out.push(i);
  });
  return out;
}

/** Names still holding what OCR makes of fillers (runs of K, L, C; CC or KK), or no surname. */
function nameJunk(f: MrzFacts): number {
  return [f.surname, f.given_names].filter((n) => /[KLC]{3}|CC|KK/.test(n)).length + (f.surname ? 0 : 1);
}

interface Reading {
  facts: MrzFacts;
  score: number;
  /** The name field as OCR read it, before any repair. */
  field: string;
}

/** The name field of a zone's line as read: after the code and state (TD2, TD3), or the whole third line (TD1). */
function rawNameField(raw: string, format: Format, state: string): string {
  const line = asLetters(cleanLine(raw));
  if (format === 'TD1') return line;
  const at = /^[A-Z]{3}$/.test(state) ? line.slice(1, 7).indexOf(state) : -1;
  return at >= 0 ? line.slice(at + 4) : line.slice(5);
}

function readWindow(raw: string[], format: Format, seen: (w: string) => boolean, today: string, seenValue?: SeenValue): Reading | null {
  let lines: string[];
  if (format === 'TD1') {
    const l1 = repairTd1First(raw[0]);
    const l2 = repairTd1Second(raw[1]);
    if (!l2) return null;
    lines = [l1, l2, repairNameLine(raw[2], 'TD1', seen, null, false)];
  } else {
    const l2 = repairDataLine(raw[1], format);
    if (!l2) return null;
    lines = [repairNameLine(raw[0], format, seen, l2.slice(10, 13), true), l2];
  }
  // Exact: read as written, nothing changed and no character unreadable.
  const exact = lines.every((l, i) => l === cleanLine(raw[i])) && raw.every((l) => /^[A-Z0-9<\s]*$/.test(l));
  const facts =
    format === 'TD1' ? parseTd1(lines[0], lines[1], lines[2], today, seenValue) : format === 'TD2' ? parseTd2(lines[0], lines[1], today, seenValue) : parseTd3(lines[0], lines[1], today, seenValue);
  facts.exact = exact && facts.exact;
  const passed = facts.checks.filter((c) => c.ok).length;
  // Names still holding runs of filler look-alikes, or a state that is not letters, read worse.
  const junk = nameJunk(facts) + (/^[A-Z]{3}$/.test(facts.issuing_state) ? 0 : 1);
  const field = rawNameField(format === 'TD1' ? raw[2] : raw[0], format, facts.issuing_state);
  return { facts, score: passed * 10 - facts.checks.length * 2 + (facts.exact ? 1 : 0) - junk, field };
}

/**
 * Finds the machine-readable zone in a text (it may hold several readings of it: the page's and the
 * zone's own); returns the reading whose check digits pass best, or null when there is no zone.
 */
export function findMrz(text: string, today: string): MrzFacts | null {
  // No filler character at all, no zone (most documents): the lines need not be looked at.
  if (!FILLER.test(text)) return null;
  const lines = text.split(/\n/).flatMap(zoneRows);
  const picked = candidateLines(lines);
  if (picked.length < 2) return loneSecondLine(lines, picked, today);
  const zone = new Set(picked);
  const other = lines
    .filter((_, i) => !zone.has(i))
    .join('\n')
    .toUpperCase();
  const words = new Set(other.split(/[^A-Z]+/));
  const long = [...words].filter((w) => w.length >= 4);
  const seen = (w: string, near = false) => words.has(w) || (near && w.length >= 4 && long.some((x) => oneEditApart(x, w)));
  const seenValue = printedWords(other);
  let best: Reading | null = null;
  const all: Reading[] = [];
  const consider = (r: Reading | null) => {
    if (r) all.push(r);
    // On a tie the later reading wins: the zone's own reading comes after the page's.
    if (r && (!best || r.score >= best.score)) best = r;
  };
  for (let k = 0; k + 1 < picked.length; k++) {
    const [i, j] = [picked[k], picked[k + 1]];
    if (j - i > 2) continue;
    const a = cleanLine(lines[i]);
    const b = cleanLine(lines[j]);
    const third = k + 2 < picked.length && picked[k + 2] - j <= 2 ? lines[picked[k + 2]] : null;
    const c = third === null ? null : cleanLine(third);
    if (third !== null && c && /^[IAC]/.test(a) && [a, b, c].every((l) => l.length >= 26 && l.length <= 36)) consider(readWindow([lines[i], lines[j], third], 'TD1', seen, today, seenValue));
    if (!/^[PVAIC]/.test(a)) continue;
    if (b.length >= 39) consider(readWindow([lines[i], lines[j]], 'TD3', seen, today, seenValue));
    if (b.length >= 32 && b.length <= 41) consider(readWindow([lines[i], lines[j]], 'TD2', seen, today, seenValue));
  }
  const chosen = (best as Reading | null)?.facts;
  if (!chosen) return loneSecondLine(lines, picked, today);
  // The names from whichever reading of the same zone (same dates) wrote them most cleanly.
  const same = all.filter((r) => r.facts.format === chosen.format && r.facts.birth_date === chosen.birth_date && r.facts.expiry_date === chosen.expiry_date);
  // A reading that wrote every filler as a filler comes first.
  const cleanest = same.find((r) => writtenCleanly(r.facts, [r.field]))?.facts ?? same.reduce((a, r) => (nameJunk(r.facts) <= nameJunk(a) ? r.facts : a), chosen);
  // Other readings of the zone's name line (a line the page read twice; a card's name row, whatever its dates) are readings of the names too.
  const nameLines = chosen.format === 'TD1' ? [] : picked.map((i) => asLetters(cleanLine(lines[i])));
  const fields = [...same.map((r) => r.field), ...nameLines.flatMap((l) => nameLineStates(l, chosen).map((s) => rawNameField(l, chosen.format, s))), ...td1NameRows(chosen.format, picked, lines)];
  // The words of the page outside the zone: the visual zone the names are checked against.
  const visual = visualWords(lines.filter((_, i) => !zone.has(i)).join('\n'));
  const names = asPrinted(checkedNames(cleanest, same, fields, visual), same, fields, visual);
  if (doubtfulNames(names) && !names.shown) return { ...chosen, surname: '', given_names: '', names_doubtful: names.doubtful };
  if (!names.doubtful) return { ...chosen, surname: names.surname, given_names: names.given_names, names_doubtful: false };
  // Doubtful names: each part kept where the visual zone shows it, every reading of the zone (two or
  // more) reads it the same, or a reading bounds it as printed (after a one-letter code and its filler,
  // or a state that is the holder's nationality too, up to a '<<'); a guess at the rest is worse than none.
  const head = `${chosen.document_code.padEnd(2, '<')}${chosen.issuing_state}`;
  const stateSure = chosen.issuing_state === chosen.nationality || head[1] === '<';
  const asRead = !stateSure
    ? []
    : chosen.format === 'TD1'
      ? same.map((r) => r.field)
      : picked
          .map((i) => asLetters(cleanLine(lines[i])))
          .filter((l) => l.startsWith(head))
          .map((l) => l.slice(5));
  const surname = names.surname.replace(/ /g, '<');
  const bounded = { surname: `${surname}<<`, given_names: `${surname}<<${names.given_names.replace(/ /g, '<')}<<` };
  const keep = (key: 'surname' | 'given_names') => {
    const part = names[key];
    const agreed = same.length >= 2 && same.every((r) => r.facts[key] === part);
    const printed = asRead.some((f) => f.startsWith(bounded[key]));
    return part !== '' && (agreed || printed || namesShown({ surname: part, given_names: '' }, visual)) ? part : '';
  };
  return { ...chosen, surname: keep('surname'), given_names: keep('given_names'), names_doubtful: true };
}

/**
 * The states a first line of the zone's document may begin with: its code's letter, then the state
 * or the holder's nationality near the start (either may be misread), and hardly a digit.
 */
function nameLineStates(line: string, zone: MrzFacts): string[] {
  if (line[0] !== zone.document_code[0] || (line.match(/\d/g) ?? []).length >= 4) return [];
  return [zone.issuing_state, zone.nationality].filter((s) => /^[A-Z]{3}$/.test(s) && line.slice(1, 7).includes(s));
}

/**
 * The names checked against the visual zone (mrz-names.ts): kept when the page shows them; else the
 * reading of the field the page confirms best; else kept, and doubtful when the field is visibly
 * damaged (its readings disagree, or hold runs of fillers read as letters).
 */
function checkedNames(names: Pick<MrzFacts, 'surname' | 'given_names'>, same: Reading[], fields: string[], visual: Set<string>) {
  const kept = { surname: names.surname, given_names: names.given_names };
  const readings = fields.map((f) => readNameField(f, visual)).filter((r) => r !== null);
  // Names the page shows only one slip away (VESTMAN for VESTWAN) give way to another reading of the
  // same field that the page shows letter for letter.
  const exact = readings.find((r) => r.confirmed && shownExactly(r, visual));
  if (exact && !shownExactly(kept, visual) && namesShown(kept, visual)) return { surname: exact.surname, given_names: exact.given_names, shown: true, doubtful: false };
  const voted = !shownExactly(kept, visual) ? votedNames(kept, [...same.map((r) => r.facts), ...readings], visual) : null;
  if (voted) return { ...voted, shown: true, doubtful: false };
  if (namesShown(kept, visual)) return { ...kept, shown: true, doubtful: false };
  const damaged =
    nameJunk({ ...same[0].facts, ...kept }) > 0 ||
    fields.some((f) => f.split('<').some((w) => w !== '' && fillerLike(w))) ||
    same.some((r) => r.facts.surname !== kept.surname || r.facts.given_names !== kept.given_names);
  const confirmed = readings.filter((r) => r.confirmed).sort((a, b) => b.score - a.score)[0];
  // A field that had to be read again to be confirmed was misread: damaged.
  const reread = !!confirmed && (confirmed.surname !== kept.surname || confirmed.given_names !== kept.given_names);
  if (confirmed)
    return { surname: confirmed.surname, given_names: confirmed.given_names, shown: true, doubtful: (damaged || reread) && !namesShown(confirmed, visual) && !writtenCleanly(confirmed, fields) };
  return { ...kept, shown: false, doubtful: damaged && !writtenCleanly(kept, fields) };
}

/**
 * Names one reading of the field writes with every filler read as a filler (the names, then only '<'
 * to the field's end): that reading is undamaged, whatever other readings made of the fillers.
 */
function writtenCleanly(names: { surname: string; given_names: string }, fields: string[]): boolean {
  const written = `${names.surname}<<${names.given_names}`.replace(/ /g, '<');
  return names.surname !== '' && fields.some((f) => f.startsWith(written) && /^<{4,}$/.test(f.slice(written.length)));
}

/** Every word of the names is a word of the visual zone as it stands. */
function shownExactly(names: { surname: string; given_names: string }, visual: Set<string>): boolean {
  const words = `${names.surname} ${names.given_names}`.split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((w) => visual.has(w));
}

/**
 * A passport zone whose first line was not read (glare, a photo at a slant): its second line alone,
 * read as written with every check digit passing, composite included, gives the number, birth,
 * sex and expiry. The names and the issuing state stay empty (the visual zone's are used).
 */
function loneSecondLine(lines: string[], picked: number[], today: string): MrzFacts | null {
  for (const i of picked) {
    const l2 = cleanLine(lines[i]);
    if (l2.length !== 44 || !/^[A-Z0-9<]{9}\d[A-Z<]{3}\d{7}[MFX<]\d{7}/.test(l2)) continue;
    const f = parseTd3('P<'.padEnd(44, '<'), l2, today);
    if (f.valid && f.exact) return { ...f, issuing_state: '', surname: '', given_names: '' };
  }
  return null;
}

/**
 * A name field with no given names whose surname still holds a pair of letters OCR makes of the
 * separator `<<` (MUSTERKKPROBE, ZIELAKOWACCIRENA) cannot be split with confidence: better no name
 * than a wrong one (the visual zone's labelled surname, if any, is used instead).
 */
export function doubtfulNames(f: Pick<MrzFacts, 'surname' | 'given_names'>): boolean {
  return f.given_names === '' && /[KLC][KLCS]|S[KLC]/.test(f.surname.replace(/\s+/g, ''));
}

function kindOf(code: string): MrzFacts['document_kind'] {
  if (code.startsWith('P')) return 'passport';
  if (/^[IAC]/.test(code)) return 'id_card';
  return 'other';
}

function finish(f: Omit<MrzFacts, 'valid' | 'exact'>, exact: boolean): MrzFacts {
  return { ...f, valid: f.checks.every((c) => c.ok), exact };
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

/** How many characters each format gives the names. */
const NAME_WIDTH: Record<MrzFacts['format'], number> = { TD1: 30, TD2: 31, TD3: 39 };

function facts(l1: string, layout: Layout, today: string, exact: boolean): MrzFacts {
  const n = names(layout.nameField);
  return finish(
    {
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
      ...(/[A-Z]$/.test(layout.nameField) && layout.nameField.length === NAME_WIDTH[layout.format] ? { names_full: true } : {}),
    },
    exact,
  );
}

/**
 * An alphanumeric field of a line decided by its check digit (look-alikes O/0, I/1… swapped when
 * only that passes). Returns the line with the field as decided, whether anything was swapped, and
 * whether the field could not be checked (readings that pass the check alike and nothing tells apart).
 */
function settle(line: string, from: number, to: number, check: number, seen?: SeenValue): { line: string; swapped: boolean; doubtful?: boolean } {
  const field = line.slice(from, to);
  if (/^<*$/.test(field)) return { line, swapped: false };
  const r = resolveField(field, line[check], seen);
  if (r?.doubtful) return { line, swapped: false, doubtful: true };
  if (!r || !r.repaired) return { line, swapped: false };
  const digit = String(checkDigit(r.value));
  const out = line.slice(0, from) + r.value + line.slice(to, check) + digit + line.slice(check + 1);
  return { line: out, swapped: out !== line };
}

/** TD3 (passports) and TD2 share the second line's layout up to the expiry date. */
const td2Composite = (l: string) => checkOk(l.slice(0, 10) + l.slice(13, 20) + l.slice(21, 35), l[35]);
const td3Composite = (l: string) => checkOk(l.slice(0, 10) + l.slice(13, 20) + l.slice(21, 43), l[43]);

function td2OrTd3(format: 'TD2' | 'TD3', l1: string, raw2: string, nameField: string, today: string, seen?: SeenValue): MrzFacts {
  const num = settle(raw2, 0, 9, 9, seen);
  let personal = format === 'TD3' ? settle(num.line, 28, 42, 42) : { line: num.line, swapped: false };
  // Look-alikes are swapped only when the whole zone then agrees: a wrong check digit is not "repaired".
  // (Or, for the number alone, when the visual zone prints the number as swapped: the composite may
  // fail on junk read elsewhere in the line.)
  const printed = (line: string) => !!seen?.(line.slice(0, 9).replace(/</g, '')) && !personal.swapped;
  if ((num.swapped || personal.swapped) && !(format === 'TD3' ? td3Composite : td2Composite)(personal.line) && !printed(personal.line)) personal = { line: raw2, swapped: false };
  const swapped = personal.line !== raw2;
  const l2 = personal.line;
  // A number the check cannot settle is no number: the visual zone's, if any, stands in.
  const number = num.doubtful ? '' : l2.slice(0, 9);
  const checks: MrzCheck[] = [
    { field: 'document_number', ok: !num.doubtful && checkOk(number, l2[9]) },
    { field: 'birth_date', ok: checkOk(l2.slice(13, 19), l2[19]) },
    { field: 'expiry_date', ok: checkOk(l2.slice(21, 27), l2[27]) },
  ];
  if (format === 'TD3') {
    checks.push({ field: 'personal_number', ok: checkOk(l2.slice(28, 42), l2[42]) });
    checks.push({ field: 'composite', ok: td3Composite(l2) });
  } else {
    checks.push({ field: 'composite', ok: td2Composite(l2) });
  }
  const exact = !swapped;
  return doubtfulNumber(num.doubtful, facts(l1, { format, nameField, number, nationality: l2.slice(10, 13), birth: l2.slice(13, 19), sex: l2[20], expiry: l2.slice(21, 27), checks }, today, exact));
}

export function parseTd3(l1: string, l2: string, today: string, seen?: SeenValue): MrzFacts {
  return td2OrTd3('TD3', l1, l2, l1.slice(5, 44), today, seen);
}

export function parseTd1(raw1: string, l2: string, l3: string, today: string, seen?: SeenValue): MrzFacts {
  let num: { line: string; swapped: boolean; doubtful?: boolean } = settle(raw1, 5, 14, 14, seen);
  const composite = (l: string) => checkOk(l.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29), l2[29]);
  if (num.swapped && !composite(num.line) && !seen?.(num.line.slice(5, 14).replace(/</g, ''))) num = { line: raw1, swapped: false };
  const l1 = num.line;
  const number = num.doubtful ? '' : l1.slice(5, 14);
  const checks: MrzCheck[] = [
    { field: 'document_number', ok: !num.doubtful && checkOk(number, l1[14]) },
    { field: 'birth_date', ok: checkOk(l2.slice(0, 6), l2[6]) },
    { field: 'expiry_date', ok: checkOk(l2.slice(8, 14), l2[14]) },
    { field: 'composite', ok: checkOk(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29), l2[29]) },
  ];
  return doubtfulNumber(
    num.doubtful,
    facts(l1, { format: 'TD1', nameField: l3, number, nationality: l2.slice(15, 18), birth: l2.slice(0, 6), sex: l2[7], expiry: l2.slice(8, 14), checks }, today, !num.swapped),
  );
}

const doubtfulNumber = (doubtful: boolean | undefined, f: MrzFacts): MrzFacts => (doubtful ? { ...f, number_doubtful: true } : f);

export function parseTd2(l1: string, l2: string, today: string, seen?: SeenValue): MrzFacts {
  return td2OrTd3('TD2', l1, l2, l1.slice(5, 36), today, seen);
}

/** Builds a valid TD3 zone; the corpus generator and tests use it to write passports. */
export function buildTd3(f: {
  type?: string;
  state: string;
  surname: string;
  given: string;
  number: string;
  nationality: string;
  birth: string;
  sex: string;
  expiry: string;
  personal?: string;
}): [string, string] {
  const up = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '<');
  const l1 = `${(f.type ?? 'P').padEnd(2, '<')}${f.state}${up(f.surname)}<<${up(f.given)}`.padEnd(44, '<').slice(0, 44);
  const num = up(f.number).padEnd(9, '<').slice(0, 9);
  const personal = up(f.personal ?? '')
    .padEnd(14, '<')
    .slice(0, 14);
  const ymd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
  const personalCheck = /^<*$/.test(personal) ? '<' : String(checkDigit(personal));
  const body = `${num}${checkDigit(num)}${f.nationality}${ymd(f.birth)}${checkDigit(ymd(f.birth))}${f.sex}${ymd(f.expiry)}${checkDigit(ymd(f.expiry))}${personal}${personalCheck}`;
  const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [l1, body + composite];
}
