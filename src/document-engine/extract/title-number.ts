// The number an identity card or residence permit prints without a label, top right beside its title
// (Spain's TIE "E03917246", Germany's residence permit "Y01AB2C34"). Pure.
import type { DocText } from './doc-text.ts';

/**
 * The last word of the card's first line when it has a document number's shape: a letter, then
 * letters and digits, eight to ten in all, four digits or more. A number read all in digits (a leading
 * I read as 1) or one run into the title is no such word and is left.
 */
export function numberBesideTitle(d: DocText): string | null {
  const words = d.lines[0]?.text.trim().split(/\s+/) ?? [];
  const last = words[words.length - 1] ?? '';
  return words.length >= 2 && /^[A-Z][A-Z0-9]{7,9}$/.test(last) && (last.match(/\d/g) ?? []).length >= 4 ? last : null;
}
