// Words and phrases that point to each document type (each type's plug-in lists its own), in the languages clients send most (English,
// German, French, Spanish, Italian, Dutch, Portuguese, Polish), written as they are printed: they are
// folded (lower case, no accents) before matching. Weights: 5 names the type outright, 3 is typical of
// it, 1 is a hint shared with other types. A phrase starting with "*" matches the end of a word
// (German and Dutch compounds: "*vertrag" is in "Lizenzvertrag"). The optional third number is what
// the phrase adds when it stands in the document's title (by default twice its weight from 4 up):
// a title line "… Agreement" makes a contract even when the body speaks of a licence.
import { DOCUMENT_TYPES, type DocType } from '../types/index.ts';
import type { Keywords } from '../types/plugin.ts';

export type { Keywords };

/** Title points of a phrase without an explicit third number. */
export const TITLE_BONUS = 2;

/** The cues of each type, from its plug-in (types/<type>.ts). */
export const KEYWORDS: Partial<Record<DocType, Keywords>> = Object.fromEntries(DOCUMENT_TYPES.filter((t) => t.keywords.length > 0).map((t) => [t.type, t.keywords]));
