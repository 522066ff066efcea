// Family names printed on two lines: Spanish-language cards print the two surnames (apellidos) one
// under the other, under a plural label ("APELLIDOS / SURNAMES"). Pure.
import type { DocText } from './doc-text.ts';

/** The plural labels of family names. */
const PLURAL = /(^|[\s/])(apellidos|surnames)($|[\s/(])/;
/** Words of the labels that may follow the surnames: a line holding one is no surname. */
const LABEL_WORD = /\b(nombre|nombres|name|names|nom|given|fecha|date|sexo|sex|nacionalidad|nationality|num|no)\b/;

/**
 * The family names where the surname read (`first`) stands right under a plural label and a second
 * line of capitals follows it before any other label: both lines, in order ("ROMERO NAVARRO"). Else
 * the surname as read.
 */
export function surnameOnTwoLines(d: DocText, first: string): string {
  for (let i = 0; i + 2 < d.lines.length; i++) {
    if (!PLURAL.test(d.lines[i].fold) || d.lines[i + 1].text.trim() !== first) continue;
    const next = d.lines[i + 2];
    if (/^\p{Lu}[\p{Lu}'-]+(?: \p{Lu}[\p{Lu}'-]+)?$/u.test(next.text.trim()) && !LABEL_WORD.test(next.fold)) return `${first} ${next.text.trim()}`;
  }
  return first;
}
