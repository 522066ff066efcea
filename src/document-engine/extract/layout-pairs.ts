// Labels paired with their values by where they stand on the page, before any word is trusted: the
// value right of its label in the same cell, the cell beside it, or the first cell under it in the
// label's column (a bill's "BILLING PERIOD" over "Jun 11, 2024 to Jul 12, 2024", a boxed form's
// "INSURED" over the insured's name and address, in one of two columns). Where the page has word
// boxes (text layer or OCR) cells carry their positions; plain text falls back to its tab-separated
// cells, one line a row. Label words are never a value (label-words.ts), and an address is read as
// its whole block of lines.
import type { DocText } from './doc-text.ts';
import { cellsOf } from './layout.ts';
import { isLabelText } from './label-words.ts';
import { afterLabel, fold, labelsIn, matchLabel, type TextLine } from './text.ts';

/** A cell of a page: its text and where it stands (points, or column and line numbers for plain text). */
export interface PlacedCell {
  text: string;
  page: number;
  /** Index of its row on the page. */
  row: number;
  x0: number;
  x1: number;
  y: number;
  /** Its font height (1 for plain text). */
  h: number;
  /** Read by OCR, whose heights are a line box's (capitals without descenders come out near half the font size). */
  ocr?: boolean;
}

/**
 * How many font heights apart two lines of one block may stand: a blank line ends the block. OCR's
 * heights of a line without descenders are about half the font size, so its lines of a block stand
 * near three heights apart.
 */
const blockGap = (c: PlacedCell) => (c.h === 1 ? 1 : c.ocr ? 3.6 : 2.2) * c.h;

/** How many font heights below a label its value may stand (a header on a band, a gap in a box). */
const MAX_DROP = 4.5;
/** How far right of its label (in font heights) a value beside it may start. */
const MAX_GAP = 15;
/** How many rows under a label are looked at for its value. */
const MAX_ROWS = 4;

const cache = new WeakMap<DocText, PlacedCell[][]>();
const textWords = new WeakMap<DocText, Set<string>>();
const cellLines = new WeakMap<PlacedCell, TextLine>();

/** The words of the document's folded text, once per document: a label of several words may be split over lines. */
function wordsOfText(d: DocText): Set<string> {
  let words = textWords.get(d);
  if (!words) {
    words = new Set(fold(d.text).split(/[^\p{L}\p{N}]+/u));
    textWords.set(d, words);
  }
  return words;
}

/** A cell as a line of text, once per cell: every label asked for is tried on every cell. */
function lineOfCell(cell: PlacedCell): TextLine {
  let line = cellLines.get(cell);
  if (!line) {
    line = { text: cell.text, fold: fold(cell.text), page: cell.page };
    cellLines.set(cell, line);
  }
  return line;
}

/** The rows of cells of each page, in reading order; a page without word boxes gets its text's cells. */
export function placedRows(d: DocText): PlacedCell[][] {
  const hit = cache.get(d);
  if (hit) return hit;
  const rows: PlacedCell[][] = [];
  // Arabic stored in visual order comes as one box a letter: its page is read from its lines instead.
  const boxed = (d.layout ?? []).filter((p) => !p.rows.some((r) => /[\uFB50-\uFDFF\uFE70-\uFEFF]/.test(r.text)));
  const withBoxes = new Set(boxed.map((p) => p.page));
  for (const p of boxed) {
    p.rows.forEach((r, k) => {
      const ocr = r.words.some((w) => typeof w.confidence === 'number');
      rows.push(cellsOf(r).map((c) => ({ text: c.text, page: p.page, row: k, x0: c.x0, x1: c.x1, y: r.y, h: r.height, ocr })));
    });
  }
  let row = 0;
  let page = -1;
  for (const l of d.lines) {
    if (withBoxes.has(l.page)) continue;
    if (l.page !== page) [page, row] = [l.page, 0];
    const cells = l.text.split('\t');
    rows.push(cells.map((t, i) => ({ text: t.trim(), page: l.page, row, x0: i * 1000, x1: i * 1000 + 999, y: row, h: 1 })).filter((c) => c.text !== ''));
    row++;
  }
  const out = rows.filter((r) => r.length > 0);
  cache.set(d, out);
  return out;
}

/** Whether two cells share a column: they overlap across, or start at the same place. */
function sameColumn(a: PlacedCell, b: PlacedCell): boolean {
  const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  return overlap > 0 || Math.abs(a.x0 - b.x0) <= 1.5 * Math.max(a.h, b.h);
}

/** Rows after row `at` on the same page, within MAX_ROWS rows and MAX_DROP font heights. */
function rowsBelow(rows: PlacedCell[][], at: number): PlacedCell[][] {
  const first = rows[at][0];
  const out: PlacedCell[][] = [];
  for (let k = at + 1; k < rows.length && out.length < MAX_ROWS; k++) {
    const c = rows[k][0];
    if (c.page !== first.page || c.y - first.y > MAX_DROP * first.h * (first.h === 1 ? MAX_ROWS : 1)) break;
    out.push(rows[k]);
  }
  return out;
}

export interface PairedValue<T> {
  value: T;
  /** Where the value was found: right of the label in its cell, in the next cell, or under it. */
  where: 'right' | 'beside' | 'below';
  label: string;
  cell: PlacedCell;
}

/**
 * The first value `parse` accepts for one of `labels` (earlier labels first): right of the label in
 * its cell, then the next cell of its row, then the first cell under it in its column that is not
 * itself a label. Cells made only of label words are never given to `parse`.
 */
export function pairedValue<T>(d: DocText, labels: readonly string[], parse: (text: string) => T | null, opts: { below?: boolean } = {}): PairedValue<T> | null {
  const inLines = labelsIn(d.lines, labels);
  // A label of several words may stand over two lines of a header, where no line holds it whole.
  const words = wordsOfText(d);
  const present = labels.filter((l) => inLines.includes(l) || (l.includes(' ') && l.split(' ').every((w) => words.has(w))));
  if (present.length === 0) return null;
  const rows = placedRows(d);
  for (const label of present) {
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      for (let c = 0; c < row.length; c++) {
        const stacked = stackedLabel(rows, r, row[c], label);
        if (stacked) {
          // A heading in two lines ("BALANCE" over "LAST STATEMENT"): the value stands under its second line.
          const v = valueUnder(rows, stacked.row, stacked.cell, parse);
          if (v) return { ...v, label };
          continue;
        }
        const cell = row[c];
        const wrapped = wrappedValue(rows, r, cell, label, parse);
        if (wrapped) return { ...wrapped, label };
        const hit = matchLabel(lineOfCell(cell), [label]);
        // The label starts its cell (a few characters of noise allowed): "Bill Date: …", not "… by bill date".
        if (!hit || hit.start > 3) continue;
        const rest = afterLabel(cell.text.slice(hit.end));
        const right = rest && !isLabelText(rest) ? parse(rest) : null;
        if (right !== null) return { value: right, where: 'right', label, cell };
        if (rest !== '' && !isLabelText(rest)) continue;
        // The next cell of the row, unless it is the next label ("INSURER A:") or stands in another column far off.
        const next = row[c + 1];
        const near = next && !isLabelText(next.text) && !/:\s*$/.test(next.text) && next.x0 - cell.x1 <= MAX_GAP * cell.h;
        const beside = near ? parse(next.text) : null;
        if (beside !== null) return { value: beside, where: 'beside', label, cell: next };
        if (opts.below === false) continue;
        const v = valueUnder(rows, r, cell, parse);
        if (v) return { ...v, label };
      }
    }
  }
  return null;
}

/** The first cell under `cell` in its column, within a few rows, that is no label and that `parse` accepts. */
function valueUnder<T>(rows: PlacedCell[][], r: number, cell: PlacedCell, parse: (text: string) => T | null): Omit<PairedValue<T>, 'label'> | null {
  for (const below of rowsBelow(rows, r)) {
    for (const under of below.filter((b) => sameColumn(cell, b) && !isLabelText(b.text) && !/:\s*$/.test(b.text))) {
      const v = parse(under.text);
      if (v !== null) return { value: v, where: 'below', cell: under };
    }
  }
  return null;
}

/**
 * A label printed over two lines of a header row: the cell and the label-only cell right under it
 * read together are the label ("BALANCE" + "LAST STATEMENT"), and neither is alone.
 */
function stackedLabel(rows: PlacedCell[][], r: number, cell: PlacedCell, label: string): { row: number; cell: PlacedCell } | null {
  if (!isLabelText(cell.text) || cell.h === 1) return null;
  const next = rows[r + 1];
  if (!next || next[0].page !== cell.page || next[0].y - cell.y > 2 * cell.h) return null;
  const under = next.find((b) => sameColumn(cell, b) && isLabelText(b.text));
  if (!under) return null;
  const text = `${cell.text} ${under.text}`;
  const hit = matchLabel({ text, fold: fold(text), page: cell.page }, [label]);
  return hit && hit.start <= 3 && hit.end > cell.text.length ? { row: r + 1, cell: under } : null;
}

/** The value of a label wrapped over two lines of a form's cell (see wrappedValue), for the labels in order. */
export function wrappedLabelValue<T>(d: DocText, labels: readonly string[], parse: (text: string) => T | null): T | null {
  const words = wordsOfText(d);
  const rows = placedRows(d);
  for (const label of labels.filter((l) => l.includes(' ') && l.split(' ').every((w) => words.has(w)))) {
    for (let r = 0; r < rows.length; r++) {
      for (const cell of rows[r]) {
        const v = wrappedValue(rows, r, cell, label, parse);
        if (v) return v.value;
      }
    }
  }
  return null;
}

/**
 * A label wrapped over two lines of its cell in a form's left column ("Date of" over "Issue"), its
 * value beside it in the next column, level with either line or between them: the value right of the
 * label's column, on the rows the label spans. `cell` ends with the label's first words (after
 * another language's words and a "/" on a bilingual form); the cell under it holds the rest.
 */
function wrappedValue<T>(rows: PlacedCell[][], r: number, cell: PlacedCell, label: string, parse: (text: string) => T | null): Omit<PairedValue<T>, 'label'> | null {
  if (cell.h === 1) return null;
  const words = label.split(' ');
  if (words.length < 2) return null;
  const folded = fold(cell.text).replace(/[\s:]+$/, '');
  const k = words.findIndex((_, n) => n > 0 && ownEnd(folded, words.slice(0, n).join(' ')));
  if (k < 0) return null;
  const rest = words.slice(k).join(' ');
  for (let b = r + 1; b < rows.length && rows[b][0].page === cell.page && rows[b][0].y - cell.y <= 2.5 * cell.h; b++) {
    const under = rows[b].find((u) => Math.abs(u.x0 - cell.x0) <= 2 * cell.h && fold(u.text).replace(/[\s:]+$/, '') === rest);
    if (!under) continue;
    for (let v = r; v <= b; v++) {
      for (const beside of rows[v].filter((x) => x.x0 >= Math.max(cell.x1, under.x1) && x.x0 - Math.max(cell.x1, under.x1) <= MAX_GAP * cell.h)) {
        const value = isLabelText(beside.text) ? null : parse(beside.text);
        if (value !== null) return { value, where: 'beside', cell: beside };
      }
    }
    return null;
  }
  return null;
}

/** Whether `text` ends with `start` (a label's first words), standing alone or after a bilingual form's "/". */
function ownEnd(text: string, start: string): boolean {
  if (!text.endsWith(start)) return false;
  const before = text.slice(0, text.length - start.length);
  return before.trim().length <= 3 || /\/\s*$/.test(before);
}

/** The cells right of `cell` in its row, left to right. */
export function cellsAfter(d: DocText, cell: PlacedCell): PlacedCell[] {
  const row = placedRows(d).find((r) => r.includes(cell));
  return row ? row.slice(row.indexOf(cell) + 1) : [];
}

/** The cells under `cell` in its column, as long as they follow one another (a block of lines). */
export function blockUnder(d: DocText, cell: PlacedCell, max = 4): PlacedCell[] {
  const rows = placedRows(d);
  const at = rows.findIndex((r) => r.includes(cell));
  if (at < 0) return [];
  const out: PlacedCell[] = [];
  let last = cell;
  for (let k = at + 1; k < rows.length && out.length < max; k++) {
    const c = rows[k][0];
    if (c.page !== cell.page) break;
    // A gap of more than two lines ends the block.
    if (c.y - last.y > Math.max(blockGap(last), blockGap(c))) break;
    const under = rows[k].find((b) => sameColumn(cell, b) && Math.abs(b.x0 - cell.x0) <= 2 * Math.max(b.h, cell.h) && /[\p{L}\d]/u.test(b.text));
    if (!under) continue;
    out.push(under);
    last = under;
  }
  return out;
}

/** The cell right above `cell` in its column (within two lines), if any. */
export function cellAbove(d: DocText, cell: PlacedCell): PlacedCell | null {
  const rows = placedRows(d);
  const at = rows.findIndex((r) => r.includes(cell));
  for (let k = at - 1; k >= 0 && k >= at - 3; k--) {
    const c = rows[k][0];
    // The taller of the two rows sets the gap: a row that merged two lines side by side stands where the higher one does.
    if (c.page !== cell.page || cell.y - c.y > Math.max(blockGap(cell), blockGap(c))) break;
    // A speck OCR read as "\\" or "|" is nothing: the line above it is looked at.
    const above = rows[k].find((b) => Math.abs(b.x0 - cell.x0) <= 2 * Math.max(b.h, cell.h) && /[\p{L}\d]/u.test(b.text));
    if (above) return above;
  }
  return null;
}

/**
 * Streets, post boxes and numbered premises: the first line of an address. The number first ("14 Orchard
 * Lane"), or after the street's name where Europe writes it so: a compound ending in a street word
 * ("Birkenweg 14", "Dorpsstraat 45"), a street word after it ("Petőfi Sándor utca 18.", "Váci út 72.") or a street word first
 * ("Calle del Olmo 23", "Av Constitución 1450", "Via Garibaldi 18", "ul. Polna 8").
 */
const STREET_LINE =
  /^(?:\d+[a-z]?(?:[-/]\d+)?,?\s+\p{L}{2,}|(?:p\.?\s?o\.?\s*box|po box|postfach|boite postale|apartado|casella postale|flat|unit|apt|suite|floor|level)\b|(?:blk|block)\s+\d+[a-z]?\s+\p{L}|\p{L}{3,}(?:straße|strasse|str\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee|straat|laan|plein|gracht|dijk|kade|singel|steeg|gatan|gata|vägen|vej|gade|veien|vei|gate|katu|tie|kuja)\s+\d+[a-z]?\b|\p{L}{3,}(?:\s+\p{L}{2,}){0,2}\s+(?:utca|út|útja|tér|körút|köz|fasor)\s+\d+[a-z]?\b|(?:calle|c\/|avenida|avda\.?|av\.?|paseo|plaza|camino|carretera|carrer|rua|travessa|via|viale|corso|piazza|largo|vicolo|ul\.|ulica|al\.|aleja|plac|rue|avenue|boulevard|bd|chemin|impasse|quai)\s+[\p{L}\d][^\d\n]{0,40}?\s\d+[a-z]?\b)/iu;
/** A town line with its postcode: "Austin, TX 78741", "EXAMPLEVILLE VIC 3999", "London EC1A 1BB", "10115 Berlin", "60-480 Poznań", "3000-389 Coimbra", "722 15 Västerås", "Guadalajara, Jal. C.P. 44160". */
const POSTCODE_LINE =
  /(?:\b[A-Z]{2,3}\.?,?\s+\d{4,5}(?:-\d{4})?\b|\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b|(?:^|\s)\d{4,5}\s+\p{Lu}|(?:^|\s)\d{2}-\d{3}\s+\p{Lu}|(?:^|\s)\d{4}-\d{3}\s+\p{Lu}|(?:^|\s)\d{3}\s\d{2}\s+\p{Lu}|\b\d{3}\s?\d{3}\b\s*$|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\bC\.\s?P\.?\s*\d{5}\b)/u;

export function isStreetLine(text: string): boolean {
  return STREET_LINE.test(text.trim()) && !isLabelText(text);
}

/** Words of a street, which a town line does not hold ("2318 Maple Ridge Dr" is no "10115 Berlin"). */
const STREET_WORD =
  /\b(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|way|blvd|boulevard|court|ct|place|pl|circle|cir|highway|hwy|parkway|pkwy|terrace|close|crescent|strasse|straße|str|weg|allee|platz|gasse|rue|chemin|calle|avenida|via|viale|piazza|straat|laan|ul|ulica|utca|av|avda|rua)\b\.?/iu;

/**
 * A postcode alone on the last line of an address, under its town: "4051" (South Africa), "P31 X2Y7"
 * (an Irish Eircode), "560123".
 */
export function isLonePostcode(text: string): boolean {
  return /^(?:\d{4,6}|(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s?[0-9AC-FHKNPRTV-Y]{4})$/.test(text.trim());
}

export function isTownLine(text: string): boolean {
  // A flat's or a unit's line is the address's first, whatever number it holds ("UNIT 1204 TOWER B, VERDE RESIDENCES").
  if (/^(?:flat|unit|apt|apartment|suite|floor|level|blk|block)\b/i.test(text.trim())) return false;
  // "1 Example Street, London EC1A 1AA": the town is after the street's comma.
  const town = /,/.test(text) && STREET_WORD.test(text.slice(0, text.indexOf(','))) ? text.slice(text.indexOf(',') + 1) : text;
  return POSTCODE_LINE.test(town.trim()) && !STREET_WORD.test(town) && !/^\s*[$€£]/.test(text) && (town.match(/\p{L}/gu) ?? []).length >= 2;
}

/**
 * A town with its postcode of four to seven digits after it, as the last part of a line: "Auckland 1024",
 * "MANDALUYONG CITY 1552", "BANGKOK 10110", "Haifa 3457118".
 */
const TOWN_THEN_POSTCODE = /^(?!(?:suite|unit|apt|apartment|flat|floor|level|room|box|building|bldg|block|blk)\b)\p{L}[\p{L} .'-]{2,}\s\d{4,7}$/iu;

/**
 * The last line of an address: a town line, a town followed by its postcode (New Zealand, the Philippines,
 * Thailand, Israel), or a town and its Irish Eircode after a comma ("Dublin 9, D09 K418").
 */
export function endsBlock(text: string): boolean {
  const parts = text.split(',').map((p) => p.trim());
  const last = parts.at(-1) ?? '';
  return isTownLine(text) || TOWN_THEN_POSTCODE.test(last) || (parts.length >= 2 && /\p{L}{3,}/u.test(parts[0]) && isLonePostcode(last) && !/^\d+$/.test(last));
}

/**
 * Address lines under a labelled address ("ADDRESS1 …", "ADDRESS2 …", "Address line 2 …") or a plain
 * address label over its lines: the whole block, joined with ", ".
 */
export function labelledAddress(d: DocText, labels: readonly string[]): string | null {
  const first = pairedValue(d, labels, (t) => (isLabelText(t) || t.length < 3 ? null : t.trim()));
  if (!first) return null;
  // A street and its town on the label's own line is the whole address ("Birkenweg 14, 04109 Leipzig").
  if (/,/.test(first.value) && endsBlock(first.value)) return first.value;
  const parts = [first.value];
  for (const next of blockUnder(d, first.cell, 4)) {
    // Beside its label, the address's lines have no label of their own on their left: a line that has is the next field.
    if (first.where !== 'below' && labelOnLeft(d, next)) break;
    // A continuation line: "ADDRESS2 …", "Line 2 …", "City …", or a plain line of the block.
    const t = next.text.replace(ADDRESS_PART, '').trim();
    if (t === '' || isLabelText(t) || /^[\d\s.,$€£-]+$/.test(t)) break;
    // The next field's label ("Phone: …", "Account No …") ends the address.
    if (/^[\p{L} ]{2,25}:/u.test(t) && !isTownLine(t)) break;
    parts.push(t);
    if (endsBlock(t)) break;
  }
  return parts.join(', ');
}

/** The label of an address's next line: "ADDRESS2", "Line 2", "City", "Postcode". */
const ADDRESS_PART = /^(?:address\s*(?:line)?\s*\d|line\s*\d|city|town|state|county|district|postcode|post code|zip(?: code)?|country)\b\s*:?\s*/i;

/** Whether another field's label ("Zählernummer:", "Account No"), not an address line's ("ADDRESS2"), stands left of `cell` in its row. */
function labelOnLeft(d: DocText, cell: PlacedCell): boolean {
  const row = placedRows(d).find((r) => r.includes(cell));
  const left = row?.filter((c) => c.x1 <= cell.x0).at(-1);
  return !!left && (isLabelText(left.text) || /:\s*$/.test(left.text)) && !ADDRESS_PART.test(left.text);
}
