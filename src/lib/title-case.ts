// A text written in capitals, in title case: each word's first letter upper case, the rest lower
// ("NATIONAL GRID" → "National Grid"). Whether a text needs it (mixed case stays as printed) is the
// caller's choice; how words start and which little words stay lower case is the style's.

/** How a title-cased text starts its words and which words it keeps in lower case. */
export interface TitleCaseStyle {
  /** A pattern for what stands just before a word's first letter; the default: the start or white space. */
  readonly wordStart?: string;
  /** Little words kept in lower case ("of", "and"), as a global pattern over the title-cased text. */
  readonly lowerWords?: RegExp;
  /** The language whose rules lower and raise letters (Turkish: "İ" ↔ "i", "I" ↔ "ı"); none by default. */
  readonly locale?: string;
}

const DEFAULT_START = String.raw`^|\s`;
const starts = new Map<string, RegExp>();

/** `s` in title case, by `style`. */
export function titleCase(s: string, style: TitleCaseStyle = {}): string {
  const { locale, lowerWords } = style;
  const source = style.wordStart ?? DEFAULT_START;
  let start = starts.get(source);
  if (!start) {
    start = new RegExp(`(${source})(\\p{L})`, 'gu');
    starts.set(source, start);
  }
  const lower = locale ? s.toLocaleLowerCase(locale) : s.toLowerCase();
  const raised = lower.replace(start, (_, before: string, c: string) => before + (locale ? c.toLocaleUpperCase(locale) : c.toUpperCase()));
  return lowerWords ? raised.replace(lowerWords, (w) => w.toLowerCase()) : raised;
}
