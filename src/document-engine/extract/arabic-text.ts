// Arabic as documents carry it: text layers that store Arabic in presentation forms, in the order
// the letters stand on the page (right to left read left to right), with elongation strokes and
// Arabic-Indic digits; and dates of the Hijri (Umm al-Qura) calendar, as Saudi documents print them.

/** Arabic presentation forms: a text layer holding them stores the line in visual order. */
const PRESENTATION = /[\uFB50-\uFDFF\uFE70-\uFEFF]/;
const ARABIC_LETTER = /[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** Arabic-Indic and Persian digits as ASCII digits, one character for one. */
export function asciiDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (c) => String((c.charCodeAt(0) - 0x0660) % (0x06f0 - 0x0660)));
}

/**
 * A line of Arabic in reading order: a line of presentation forms is turned round (its words, and the
 * letters of each Arabic word; numbers and Latin words keep theirs), the elongation strokes dropped and
 * the forms read as the letters they draw; digits become ASCII. Other lines only get ASCII digits.
 */
export function arabicLine(raw: string): string {
  if (!PRESENTATION.test(raw)) return /[\u0660-\u0669\u06F0-\u06F9]/.test(raw) ? asciiDigits(raw) : raw;
  return raw
    .split('\t')
    .map((cell) =>
      cell
        // An elongated word is split by strokes and spaces in visual order: "ﺦـ ـﻳﺭﺎﺗ" is one word.
        .replace(/\u0640(?:\s*\u0640)*\s*/g, '')
        .split(' ')
        .map((w) => (ARABIC_LETTER.test(w) && !/[0-9\u0660-\u0669]/.test(w) ? [...w].reverse().join('') : w))
        .reverse()
        .join(' ')
        .normalize('NFKC'),
    )
    .map(asciiDigits)
    .join('\t');
}

const UMM_AL_QURA = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });

function hijriOf(ms: number): [number, number, number] {
  const parts = UMM_AL_QURA.formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return [get('year'), get('month'), get('day')];
}

/** The Gregorian date (ISO) of a Hijri date of the Umm al-Qura calendar, or null when there is none. */
export function hijriToIso(y: number, m: number, d: number): string | null {
  if (y < 1300 || y > 1600 || m < 1 || m > 12 || d < 1 || d > 30) return null;
  // A Hijri year is about 354.37 days; 1 Muharram 1300 was 1882-11-12.
  const guess = Date.UTC(1882, 10, 12) + ((y - 1300) * 354.367 + (m - 1) * 29.53 + (d - 1)) * 86_400_000;
  for (let k = 0; k <= 6; k++) {
    for (const s of k === 0 ? [0] : [k, -k]) {
      const ms = guess + s * 86_400_000;
      const [hy, hm, hd] = hijriOf(ms);
      if (hy === y && hm === m && hd === d) return new Date(ms).toISOString().slice(0, 10);
    }
  }
  return null;
}
