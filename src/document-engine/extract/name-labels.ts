// Names under labels that do not say "surname" or "given names" apart. Some cards print the whole
// name under one label naming both, family name first: Hungary's "Családi és utónév / Surname and
// given name(s)" and Québec's "1 2 Nom, prénom / Name" over the family name on one line and the
// given names on the next. Others print "Name" under the surname's own label for the given names
// alone ("Prezime / Surname" then "Ime / Name", Croatia; Greece's "Επώνυμο/Surname" then
// "Όνομα/Name"). Pure.
import type { DocText } from './doc-text.ts';
import { labelInParts } from './label-lines.ts';

/** Labels of the family name and the given names together, family name first. */
const JOINT = /(?:^|[\s/])(?:surname and given names?|surname and forenames?|nom prenoms?|nom et prenoms?|csaladi es utonev)$/;

/** Words of a label: a line holding one is no name. */
const LABEL_WORD = /\b(?:name|names|surname|given|nom|prenoms?|date|birth|sex|sexe|nationality|nationalite|address|adresse|no|number|class|classe)\b/;

/** A name line: capitals, apostrophes, hyphens and spaces, one to four words. */
const nameLine = (t: string) => /^\p{Lu}[\p{Lu}'-]*(?: \p{Lu}[\p{Lu}'-]*){0,3}$/u.test(t);

/** The folded label with its field numbers ("1 2 Nom, prénom") and the plural's mark left out. */
const bare = (folded: string) =>
  folded
    .replace(/\(s\)/g, '')
    .replace(/^\s*(?:\d{1,2}[a-d]?[.)]?\s+)+/, '')
    .replace(/\s*\/\s*/g, '/')
    .replace(/[^\p{L}\p{N}/]+/gu, ' ')
    .trim();

/**
 * The family name and the given names under a label naming both: the family name on the line under
 * it, the given names on the line after, both of capitals and neither a label. Both null where the
 * label stands but its two lines are not read so (the label's "given name(s)" is then no label of a
 * value of its own); null where no such label stands.
 */
export function namesUnderJointLabel(d: DocText): { surname: string | null; given: string | null } | null {
  for (let i = 0; i < d.lines.length; i++) {
    const parts = bare(d.lines[i].fold).split('/');
    if (!parts.some((p) => JOINT.test(p.trim()))) continue;
    const [first, second] = [d.lines[i + 1], d.lines[i + 2]].map((l) => (l ? l.text.split('\t')[0].trim() : ''));
    if (!nameLine(first) || !nameLine(second) || LABEL_WORD.test(d.lines[i + 1].fold) || LABEL_WORD.test(d.lines[i + 2].fold)) return { surname: null, given: null };
    return { surname: first, given: second };
  }
  return null;
}

/**
 * The given names under a "Name" label that is one of a line's languages parted by slashes ("Ime /
 * Name"), where the family name has its own label above it: the value on the line under it. "Father's
 * name" or "Mother's name" is no such label.
 */
export function givenUnderNameLabel(d: DocText, surnameLabels: readonly string[], parse: (t: string) => string | null): string | null {
  let surnameSeen = false;
  for (let i = 0; i + 1 < d.lines.length; i++) {
    const folded = d.lines[i].fold;
    if (labelInParts(folded, surnameLabels)) surnameSeen = true;
    else if (surnameSeen && labelInParts(folded, ['name'])) {
      const value = d.lines[i + 1].text.split('\t')[0].trim();
      return LABEL_WORD.test(d.lines[i + 1].fold) ? null : parse(value);
    }
  }
  return null;
}
