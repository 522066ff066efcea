// Rows of a page's text as rows of a machine-readable zone: OCR puts the words printed beside a zone
// on its row, and joins the two lines of a zone photographed at a slant into one row. Pure functions.

const FILLER = /[<«‹]/;
/** A word that cannot be part of a zone: lower-case letters, or marks outside the zone's alphabet (a word holding a filler stays). */
const NOT_ZONE_WORD = /[a-z]|[^A-Za-z0-9<«‹]/;
/** The first characters of a TD2 or TD3 data line: number, check digit, nationality, birth date and check, sex. */
const DATA_LINE_START = /[A-Z0-9<]{9}\d[A-Z<]{3}\d{7}[MFX<]\d{7}/g;

/**
 * A line of the page as rows of a zone: words printed beside the zone on the same row ("Machine
 * Readable Zone (MRZ)", a caption) taken off its ends; and a zone whose two lines OCR joined into one
 * row (a photo at a slant) cut before its data line again. Other lines are left as they are.
 */
export function zoneRows(line: string): string[] {
  const words = line.trim().split(/\s+/);
  const zoneLike = (w: string) => FILLER.test(w) || !NOT_ZONE_WORD.test(w);
  let [from, to] = [0, words.length];
  while (from < to && !zoneLike(words[from])) from++;
  while (to > from && !zoneLike(words[to - 1])) to--;
  const core = words.slice(from, to).join(' ');
  const compact = core.replace(/\s+/g, '');
  // Only where what is left looks like a zone: long, with fillers, and most of the row.
  if ((from === 0 && to === words.length) || compact.length < 26 || !FILLER.test(compact) || compact.length < 0.5 * line.replace(/\s+/g, '').length) return splitJoined(line);
  return splitJoined(core);
}

/** Two zone lines read as one row: cut where the data line starts, when it starts after a first line's worth of characters. */
function splitJoined(line: string): string[] {
  const compact = line.replace(/\s+/g, '');
  if (compact.length <= 60 || /[^A-Z0-9<«‹]/.test(compact)) return [line];
  for (const m of compact.matchAll(DATA_LINE_START)) {
    if (m.index >= 26 && compact.length - m.index >= 32 && /^[PVIAC]/.test(compact)) return [compact.slice(0, m.index), compact.slice(m.index)];
  }
  return [line];
}

/**
 * Whether a text holds a line a machine-readable zone leaves even where OCR garbled it past reading:
 * twenty or more capitals, digits and fillers and nothing else, three fillers or more among them,
 * letters or digits for at least eight ("10CHE50002068<8<<<<<<", "P<GERUNITEOCKINGDOH<TMENTY<SIX"). A sign of
 * an identity document, not a zone to read fields from.
 */
export function zoneLikeLine(text: string): boolean {
  return text.split('\n').some((l) => {
    const c = l.replace(/\s+/g, '');
    return c.length >= 20 && /^[A-Z0-9<«‹]+$/.test(c) && (c.match(/[<«‹]/g) ?? []).length >= 3 && (c.match(/[A-Z0-9]/g) ?? []).length >= 8;
  });
}
