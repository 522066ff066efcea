// The shape of a British driving licence number, known to the letter (DVLA): the first five letters
// of the surname (9 fills a shorter one), six digits of the birth date, two initials (9 fills), a
// digit and two check letters. A number OCR read one or two look-alikes off that shape is put back
// when the surname printed on the card confirms it; one that cannot be put back is left unread.

const DVLA = /^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}$/;
/** Each position's class: a letter (or the 9 that fills), a digit. */
const SHAPE = 'LLLLLDDDDDDLLDLL';
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
/** Digits that may stand for more than one letter (0 for O, D or Q; 1 for I or L): put back only where the surname confirms them. */
const AMBIGUOUS = new Set(['0', '1']);
const AS_DIGIT: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };
/** At most this many look-alikes are put back: more is another number, not a misread one. */
const MAX_SWAPS = 2;

/**
 * A licence number as the card prints it: unchanged unless it is a British number read one or two
 * look-alikes off its shape; then put back when the surname's first letters agree, else null.
 */
export function settleLicenceNumber(number: string, surname: string | null): string | null {
  const n = number.replace(/\s+/g, '').toUpperCase();
  if (n.length !== SHAPE.length || !/^[A-Z0-9]+$/.test(n) || DVLA.test(n)) return number;
  let swaps = 0;
  let out = '';
  for (let i = 0; i < n.length; i++) {
    const ch = n[i];
    const letter = SHAPE[i] === 'L';
    const fits = letter ? /[A-Z]/.test(ch) || (ch === '9' && (i < 5 || i === 11 || i === 12)) : /\d/.test(ch);
    if (fits) {
      out += ch;
      continue;
    }
    const swapped = letter ? AS_LETTER[ch] : AS_DIGIT[ch];
    // Not a look-alike: a number of another shape, left as it is.
    if (!swapped) return number;
    // An initial or a check letter read as 0 or 1: which letter it was cannot be told.
    if (letter && i >= 5 && AMBIGUOUS.has(ch)) return null;
    out += swapped;
    swaps++;
  }
  if (swaps > MAX_SWAPS || !DVLA.test(out)) return number;
  const prefix = surname
    ?.toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 5)
    .padEnd(5, '9');
  return prefix && out.startsWith(prefix) ? out : null;
}
