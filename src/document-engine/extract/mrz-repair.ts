// Undoes what OCR does to machine-readable zones (ICAO 9303): the filler '<' read as K, L, C or «,
// spaces, characters inserted or dropped in filler runs, and the look-alikes O/0, I/1, Z/2, S/5, G/6,
// B/8 read the wrong way. Each position of a zone has a character class (digits, letters, or both);
// a look-alike is put back to its class, and where both are allowed (document numbers, optional data)
// the check digit and the evidence of mrz-lookalikes.ts choose among the readings. Pure functions.

import { asDigits, resolveField } from './mrz-lookalikes.ts';
import { beforeLostLetter } from './mrz-names.ts';

export { asDigits, checkDigit, checkOk, resolveField, type SeenValue } from './mrz-lookalikes.ts';

export type Format = 'TD1' | 'TD2' | 'TD3';

export const LINE_LENGTH: Record<Format, number> = { TD1: 30, TD2: 36, TD3: 44 };

/** Characters OCR reads for the filler '<' in a run of fillers. */
export const FILLER_LIKE = /[<KLC]/;

const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B', '4': 'A' };

/** Upper case, «/‹ as filler, no spaces; anything else outside the MRZ alphabet becomes a filler. */
export function cleanLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/[«‹]/g, '<')
    .replace(/\s+/g, '')
    .replace(/[^A-Z0-9<]/g, '<');
}

/** A letter field (country codes, names): look-alike digits become letters. */
export function asLetters(s: string): string {
  return [...s].map((c) => TO_LETTER[c] ?? c).join('');
}

/** How many characters of a field come before its closing filler run. */
function fitTailLength(s: string): number {
  let end = s.length;
  while (end > 0 && FILLER_LIKE.test(s[end - 1])) end--;
  return end;
}

/** The filler run at the end of a field (read as K, L, C too), taken off; the field padded with '<'. */
export function fitTail(s: string, length: number): string {
  let end = s.length;
  while (end > 0 && FILLER_LIKE.test(s[end - 1])) end--;
  const body = s.slice(0, end);
  return (body + '<'.repeat(length)).slice(0, length);
}

const DIGITISH = '[0-9ODQUISZBGT]';
/**
 * Birth date, check, sex, expiry date, check: the same fifteen characters in TD1, TD2 and TD3. Every
 * place they may start is looked at (the matches overlap): a number whose zeros were read as O, before
 * a nationality of look-alike letters (UTO), reads as digits too and would otherwise hide the dates.
 */
const DATES = new RegExp(`(?=${DIGITISH}{7}[MFX<KLC]${DIGITISH}{7})`, 'g');

/** The same, with one character unreadable (read as a filler). */
const DATES_BLURRED = new RegExp(`(?=(${DIGITISH.slice(0, -1)}<]{7}[MFX<KLC]${DIGITISH.slice(0, -1)}<]{7}))`, 'g');

function datesAt(line: string, expected: number): number {
  let best = -1;
  const blurred = [...line.matchAll(DATES_BLURRED)].filter((m) => (m[1].slice(0, 7) + m[1].slice(8)).split('<').length - 1 === 1);
  for (const m of [...line.matchAll(DATES), ...blurred]) {
    if (best < 0 || Math.abs(m.index - expected) < Math.abs(best - expected)) best = m.index;
  }
  return best;
}

function fixDates(s: string): string {
  const sex = s[7] === 'M' || s[7] === 'F' ? s[7] : '<';
  return asDigits(s.slice(0, 7)) + sex + asDigits(s.slice(8, 15));
}

/**
 * Document number and its check digit from the characters before the nationality: a short number's
 * padding filler may be missing, or an extra character may have been read.
 */
function numberAndCheck(head: string): string {
  if (head.length === 10) return head;
  if (head.length === 9) return head.slice(0, 8) + '<' + head.slice(8);
  if (head.length === 11 || head.length === 12) {
    // A character read twice (the same glyph or its look-alike next to it) is taken out; of those
    // deletions, keep the one whose check digit passes with the fewest repairs.
    let best: { cut: string; cost: number } | null = null;
    const extra = head.length - 10;
    const twice = (k: number) => k > 0 && k < head.length && (head[k] === head[k - 1] || asDigits(head[k]) === asDigits(head[k - 1]) || head[k] === '<');
    for (let i = 0; i < head.length; i++) {
      if (!twice(i)) continue;
      for (let j = extra === 2 ? i + 1 : head.length; j <= head.length; j++) {
        if (extra === 2 && !twice(j)) continue;
        const cut = head.slice(0, i) + head.slice(i + 1, j) + (extra === 2 ? head.slice(j + 1) : head.slice(j));
        // A document number has no filler inside it, only after it.
        if (cut.length !== 10 || /<[^<]/.test(cut.slice(0, 9))) continue;
        const r = resolveField(cut.slice(0, 9), cut[9]);
        // A filler before the check digit pads a short number: it is less likely the extra character.
        const cost = r ? r.cost + (head[i] === '<' || (extra === 2 && head[j] === '<') ? 2 : 0) : 0;
        if (r && (!best || cost < best.cost)) best = { cut, cost };
      }
    }
    return best?.cut ?? head.slice(head.length - 10);
  }
  return (head + '<'.repeat(10)).slice(0, 10);
}

/** The second line of a TD2 or TD3 zone, at its exact length, with digits and letters in their places. */
export function repairDataLine(raw: string, format: 'TD2' | 'TD3'): string | null {
  const line = cleanLine(raw);
  const at = datesAt(line, 13);
  if (at < 10 || at > 16) return null;
  let head = line.slice(0, at);
  // Characters read between the nationality (letters) and the birth date are dropped.
  if (head.length > 13) {
    const m = /^(.{10,11}?)([A-Z<]{3})/.exec(head);
    if (m) head = m[1] + m[2];
  }
  const nationality = asLetters(head.slice(-3)).replace(/[^A-Z<]/g, '<');
  const num = numberAndCheck(head.slice(0, -3));
  const dates = fixDates(line.slice(at, at + 15));
  const rest = line.slice(at + 15);
  if (format === 'TD2') {
    const composite = asDigits(rest.slice(-1) || '<');
    return num + nationality + dates + fitTail(rest.slice(0, -1), 7) + composite;
  }
  const tail = rest.length >= 2 ? rest.slice(-2) : '<<';
  const personalCheck = tail[0] === '<' || (FILLER_LIKE.test(tail[0]) && !/\d/.test(tail[0])) ? '<' : asDigits(tail[0]);
  return num + nationality + dates + fitTail(rest.slice(0, -2), 14) + personalCheck + asDigits(tail[1]);
}

/** TD1 first line: code, state, number, check digit, optional data. */
export function repairTd1First(raw: string): string {
  const line = cleanLine(raw);
  const code = line[0] + (FILLER_LIKE.test(line[1]) ? '<' : line[1]);
  const state = asLetters(line.slice(2, 5));
  // A line too long may hold a character read twice in the number: the check digit finds it.
  const extra = Math.min(2, Math.max(0, fitTailLength(line.slice(15)) > 0 ? line.length - 30 : 0));
  return code + state + numberAndCheck(line.slice(5, 15 + extra)) + fitTail(line.slice(15 + extra), 15);
}

/** TD1 second line: dates, nationality, optional data, composite check digit. */
export function repairTd1Second(raw: string): string | null {
  const line = cleanLine(raw);
  const at = datesAt(line, 0);
  if (at < 0 || at > 2) return null;
  const rest = line.slice(at + 15);
  const nationality = asLetters(rest.slice(0, 3)).replace(/[^A-Z<]/g, '<');
  return fixDates(line.slice(at, at + 15)) + nationality + fitTail(rest.slice(3, -1), 11) + asDigits(rest.slice(-1) || '<');
}

/**
 * Whether a word occurs in the page's other text (a name read in the visual zone); with `near`, also
 * a word of at least four letters that OCR read there with one letter wrong, missing or added.
 */
type Seen = (word: string, near?: boolean) => boolean;

/** Whether two words differ by one letter changed, left out or added (OCR's usual slip). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return a === b;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return a.length - i - j <= 1 && b.length - i - j <= 1;
}

/**
 * The name field: separators read as K, L or C are put back. Letters K, L, C at the edge of a filler
 * run may be real (MICHAEL<<, ANNA<KARIN); they are kept unless the page's text shows the name without them.
 */
export function repairNames(field: string, seen: Seen): string {
  const s = asLetters(field).replace(/[^A-Z<]/g, '<');
  const parts: string[] = [];
  // Split into letters and runs that hold at least one '<' (with the K/L/C around it), or long K/L/C runs.
  // Fillers read as a pair of letters inside what reads as one word (ZIELAKOWACCIRENA): split where
  // the page's text shows the name before the pair, or (allowing OCR's one-letter slip, as the
  // visual zone is read less well) the name before it or the one after it.
  const split = s.replace(/[A-Z]{4,}/g, (w) => {
    if (seen(w)) return w;
    const m = /^([A-Z]{2,}?)(CC|KK|[KLC]{3,})([A-Z]{2,})$/.exec(w);
    if (!m) return w;
    const after = /^[A-Z]+?(?=CC|KK|[KLC]{3,}|$)/.exec(m[3])?.[0] ?? '';
    return seen(m[1]) || seen(m[1], true) || (after.length >= 4 && seen(after, true)) ? `${m[1]}<<${m[3]}` : w;
  });
  if (split !== s) return repairNames(split, seen);
  const re = /[KLC]*<[<KLC]*|[KLC]{4,}/g;
  let last = 0;
  for (const m of s.matchAll(re)) {
    parts.push(s.slice(last, m.index), m[0]);
    last = m.index + m[0].length;
  }
  parts.push(s.slice(last));
  const out: string[] = [];
  let separated = false;
  for (let i = 0; i < parts.length; i += 2) {
    const word = parts[i];
    const run = parts[i + 1];
    out.push(word);
    if (run === undefined) break;
    const next = parts[i + 2] ?? '';
    if (!run.includes('<') || !word) {
      out.push(next && word ? '<<' : '');
      separated ||= next !== '' && word !== '';
      continue;
    }
    const lead = /^[KLC]*/.exec(run)![0];
    const trail = /[KLC]*$/.exec(run)![0];
    // A filler read twice comes out as K beside it (ERIKSSONK<K, <KMARIA); other letters are kept
    // unless the page's text shows the name without them.
    const keepLead = lead !== '' && lead.length <= 2 && (seen(word + lead) || (!seen(word) && !(lead === 'K' && /<K/.test(run))));
    const keepTrail = trail !== '' && trail.length <= 2 && next !== '' && (seen(trail + next) || (!seen(next) && trail !== 'K'));
    if (keepLead) out[out.length - 1] = word + lead;
    if (keepTrail) parts[i + 2] = trail + next;
    const fillers = (run.match(/</g) ?? []).length;
    const likes = run.length - (keepLead ? lead.length : 0) - (keepTrail ? trail.length : 0);
    // Surname and given names are parted by two fillers; the first wide gap is that separator.
    const sep: string = fillers >= 2 || (!separated && likes >= 2) ? '<<' : '<';
    if (next) {
      out.push(sep);
      separated ||= sep === '<<';
    }
  }
  return out.join('').replace(/^<+/, '');
}

/** The first line of a TD2/TD3 zone or the third of a TD1: code and state (not for TD1 line 3), names. */
export function repairNameLine(raw: string, format: Format, seen: Seen, nationality: string | null, withCode: boolean): string {
  const line = cleanLine(raw);
  const length = LINE_LENGTH[format];
  let code = '';
  let rest = line;
  if (withCode) {
    // The issuing state usually equals the holder's nationality; a stray character may precede it.
    const natAt = nationality && /^[A-Z]{3}$/.test(nationality) ? line.slice(1, 6).indexOf(nationality) + 1 : 0;
    if (natAt >= 1 && natAt <= 3) {
      // "P<XCZE": a character read between the code and the state; "PPCZE": a two-letter code.
      const second = natAt === 3 ? (line[2] === '<' ? '<' : line[1]) : natAt === 2 ? line[1] : '<';
      code = line[0] + (FILLER_LIKE.test(second) || !/[A-Z]/.test(second) ? '<' : second) + nationality;
      rest = line.slice(natAt + 3);
    } else {
      code = line[0] + (FILLER_LIKE.test(line[1]) ? '<' : line[1]) + asLetters(line.slice(2, 5));
      rest = line.slice(5);
    }
  }
  const names = repairNames(beforeLostLetter(rest), seen);
  return (code + names + '<'.repeat(length)).slice(0, length);
}
