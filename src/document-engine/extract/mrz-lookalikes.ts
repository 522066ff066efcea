// Check digits of machine-readable zones (ICAO 9303, 7-3-1 weighting) and the choice among look-alike
// readings of an alphanumeric field (O/0, I/1, Z/2, S/5, G/6, B/8). A check digit has ten values: of
// the many readings a field's look-alikes allow, about one in ten passes by chance, and some swaps
// never change it (G/6 differ by 10; two O/0 swaps weighted 7 and 3 by 240). The check therefore only
// narrows the readings; the choice among those that pass rests on evidence: letters and digits in a
// document number's usual order (a repair never makes the number less regular than it was read), the
// number printed in the visual zone as a whole word, and otherwise no choice at all. Pure functions.

const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '7', Z: '2', S: '5', G: '6', B: '8' };
/** Look-alike pairs where either reading is plausible in an alphanumeric field. */
const TWINS: Record<string, string> = { O: '0', '0': 'O', D: '0', Q: '0', I: '1', '1': 'I', Z: '2', '2': 'Z', S: '5', '5': 'S', G: '6', '6': 'G', B: '8', '8': 'B' };

/** A digit field: look-alike letters become digits; a filler stays (it fails the check). */
export function asDigits(s: string): string {
  return [...s].map((c) => TO_DIGIT[c] ?? c).join('');
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

export function checkOk(field: string, digit: string): boolean {
  // An all-filler optional field may carry '<' as its check digit.
  if (digit === '<') return /^<*$/.test(field);
  return /^\d$/.test(digit) && checkDigit(field) === Number(digit);
}

/** Letters and digits mixed back and forth (O between digits, a digit amid letters) are unlikely. */
function switches(s: string): number {
  let n = 0;
  for (let i = 1; i < s.length; i++) if (/[A-Z]/.test(s[i]) !== /[A-Z]/.test(s[i - 1]) && s[i] !== '<' && s[i - 1] !== '<') n++;
  return n;
}

/** Letters then digits (AB1234567) is how document numbers are written; each further switch costs. */
export function shapeCost(s: string): number {
  const t = s.replace(/<+$/, '');
  const lead = /^[A-Z]*/.exec(t)![0].length;
  // A letter prefix is short (one to three letters); a longer one is more likely zeros read as O.
  return Math.max(0, switches(t) - (lead > 0 ? 1 : 0)) + (lead < t.length ? Math.max(0, lead - 3) * 0.3 : 0);
}

/** Whether a reading is printed elsewhere on the page as a word of its own (the visual zone's number). */
export type SeenValue = (value: string) => boolean;

/**
 * Whether a value is printed on the page as a word of its own: a word of a line, or two or three
 * adjacent words joined (a number printed in groups), not part of a longer word (a misread number
 * that holds the value, CA123458BC for CA12345, is no evidence for it).
 */
export function printedWords(text: string): SeenValue {
  const words = new Set<string>();
  for (const line of text.split('\n')) {
    const w = line.split(/[^A-Z0-9]+/).filter(Boolean);
    for (let i = 0; i < w.length; i++) for (let n = 1; n <= 3 && i + n <= w.length; n++) words.add(w.slice(i, i + n).join(''));
  }
  return (v: string) => v.length >= 5 && words.has(v);
}

interface Reading {
  value: string;
  /** How irregular the order of letters and digits is (shapeCost). */
  shape: number;
  /** How unlikely the swaps are: a digit read as a letter weighs more than the other way round. */
  weight: number;
  printed: boolean;
}

/** Readings of a field with one to three look-alikes swapped, and as a few letters then digits only. */
function variants(field: string): { value: string; weight: number }[] {
  const spots = [...field]
    .map((c, i) => (TWINS[c] ? i : -1))
    .filter((i) => i >= 0)
    .slice(0, 10);
  const out: { value: string; weight: number }[] = [];
  for (let mask = 1; mask < 1 << spots.length; mask++) {
    const chars = [...field];
    let swaps = 0;
    let weight = 0;
    spots.forEach((pos, k) => {
      if (!(mask & (1 << k))) return;
      // OCR reads a digit of OCR-B as a letter (0 as O) more often than the other way round.
      // (At the head of a number, where letter prefixes are common, either way is as likely.)
      weight += /\d/.test(chars[pos]) && pos > 1 ? 3 : 1;
      chars[pos] = TWINS[chars[pos]];
      swaps++;
    });
    if (swaps <= 3) out.push({ value: chars.join(''), weight });
  }
  // Many look-alikes: the field as a few letters then digits only (ROOOO4I72 → R00004172).
  for (let prefix = 0; prefix <= 3; prefix++) {
    const value = field.slice(0, prefix) + asDigits(field.slice(prefix));
    if (value !== field && !out.some((v) => v.value === value)) out.push({ value, weight: [...value].filter((c, i) => c !== field[i]).length });
  }
  return out;
}

export type Resolution = { value: string; repaired: boolean; cost: number; doubtful?: false } | { value: string; repaired: false; cost: number; doubtful: true };

/** Of readings equally regular, the one printed on the page, or the one whose swaps are clearly likeliest. */
function pickAmong(tier: Reading[]): Reading | null {
  if (tier.length === 1) return tier[0];
  const printed = tier.filter((r) => r.printed);
  if (printed.length === 1) return printed[0];
  if (printed.length > 1) return null;
  const [a, b] = [...tier].sort((x, y) => x.weight - y.weight);
  return b.weight - a.weight >= 2 ? a : null;
}

/**
 * An alphanumeric field and its check digit, read as evidence allows:
 * - the reading as it stands passes: it stands, unless putting back look-alikes read amid digits (G
 *   for 6, O for 0, Z and S for 2 and 5 together) makes it a few letters, digits and at most two
 *   letters more and passes too, and one such reading is the likeliest (none being: `doubtful`); or,
 *   when the page prints as a word of its own a reading that passes as well and nothing tells the
 *   two apart, the field could not be checked (`doubtful`);
 * - it fails: the reading that passes, no less regular than the field as read, of the most regular
 *   ones the one printed on the page or with clearly the likeliest swaps; null when none passes or
 *   nothing tells them apart (a check digit met by chance is no proof).
 * `repaired` tells whether a swap was made.
 */
export function resolveField(field: string, digit: string, seen: SeenValue = () => false): Resolution | null {
  const d = asDigits(digit);
  const asRead = shapeCost(field);
  const printed = (v: string) => seen(v.replace(/</g, ''));
  const passing: Reading[] = variants(field)
    .filter((v) => checkOk(v.value, d))
    .map((v) => ({ ...v, shape: shapeCost(v.value), printed: printed(v.value) }));
  if (checkOk(field, d)) {
    // Only look-alikes put back to make the number a few letters, digits and at most two letters
    // more: a number that mixes other letters in (Y01AB2C34) is read as printed, whatever twin
    // passes too.
    const better = passing.filter((r) => r.shape < asRead && /^[A-Z]{0,3}\d+[A-Z]{0,2}<*$/.test(r.value));
    if (better.length > 0) {
      const pick = pickAmong(better);
      return pick ? { value: pick.value, repaired: true, cost: 1 } : { value: field, repaired: false, cost: 0, doubtful: true };
    }
    // The page prints, as a word of its own, another reading that passes: two readings disagree.
    if (!printed(field) && passing.some((r) => r.printed)) return { value: field, repaired: false, cost: 0, doubtful: true };
    return { value: field, repaired: d !== digit, cost: 0 };
  }
  const allowed = passing.filter((r) => r.shape <= asRead + 0.01);
  if (allowed.length === 0) return null;
  const least = Math.min(...allowed.map((r) => r.shape));
  const pick = pickAmong(allowed.filter((r) => r.shape < least + 0.5));
  return pick ? { value: pick.value, repaired: true, cost: pick.shape * 10 + pick.weight - (pick.printed ? 5 : 0) + 1 } : null;
}
