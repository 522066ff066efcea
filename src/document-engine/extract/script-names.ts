// Names on identity documents of countries whose own script is not Latin but reads like it to OCR
// (Greek, Cyrillic): the visual zone prints each name twice, in the country's script and then in
// Latin letters, on one line parted by a slash ("ΠΑΠΑΔΟΠΟΥΛΟΥ/PAPADOPOULOU") or on two lines
// ("ШЕВЧЕНКО" over "SHEVCHENKO"). OCR reads Greek and Cyrillic capitals as Latin look-alikes
// (ШЕВЧЕНКО as "WEBYEHKO"), so only the second, Latin, half of such a pair is a name. Pure.
import type { DocText } from './doc-text.ts';
import { isLabelLine } from './label-lines.ts';
import { fold } from './text.ts';

/** Countries whose documents print names in Greek or Cyrillic first, as their title names them in English. */
const GREEK_OR_CYRILLIC = /\b(hellenic republic|greece|ukraine|russian federation|belarus|bulgaria|serbia|north macedonia|kazakhstan|kyrgyz republic|mongolia)\b/;

export function greekOrCyrillicIssuer(d: DocText): boolean {
  return GREEK_OR_CYRILLIC.test(fold(d.text));
}

/**
 * The Latin half of the name printed under one of `labels`: after a slash on the value's line, or the
 * line under a value of one word-line. Null where the value is not printed twice (a single line may
 * be the country's script read as Latin letters).
 */
export function latinOfPair(d: DocText, labels: readonly string[], name: (t: string) => string | null): string | null {
  for (let i = 0; i + 1 < d.lines.length; i++) {
    if (!isLabelLine(d.lines[i].fold, labels)) continue;
    const value = d.lines[i + 1].text.trim();
    const slash = /^[^/\t]+\/\s*([^/\t]+)$/.exec(value);
    if (slash) {
      const latin = name(slash[1]);
      if (latin) return latin;
      continue;
    }
    const next = d.lines[i + 2]?.text.trim();
    if (next && name(value) && name(next) && !next.includes('/')) return name(next);
  }
  return null;
}
