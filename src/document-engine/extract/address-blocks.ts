// Address blocks on a page, as an envelope window or a letterhead prints them: a name over the lines of
// an address, found by their street line at the top or by their town line at the foot.
import type { DocText } from './doc-text.ts';
import { isLabelText } from './label-words.ts';
import { blockUnder, cellAbove, cellsAfter, endsBlock, isLonePostcode, isStreetLine, isTownLine, type PlacedCell, placedRows } from './layout-pairs.ts';

export interface AddressBlock {
  /** The name standing above the address, when one does. */
  name: string | null;
  /** The address lines joined with ", ". */
  address: string;
  page: number;
  /** The address's first cell. */
  cell: PlacedCell;
}

/** Titles before a person's name on an envelope window. */
const TITLE = /^(?:mr|mrs|ms|miss|mx|dr|herrn?|frau|m|mme|mlle|monsieur|madame|mademoiselle|sr|sra|de heer|mevrouw|mevr|dhr|pan|pani|sig|sig\.ra|signora?|don|doña)\.?\s+/i;

/**
 * The last line of a block where the country writes no postcode, or writes it in the post box: a town or
 * territory alone, in letters ("NAIROBI", "CAUSEWAY BAY, HONG KONG"), under a street line and a name.
 */
const TOWN_ALONE = /^\p{Lu}[\p{L}'.-]+(?:[ ,]+\p{L}[\p{L}'.-]+){0,3}$/u;

/**
 * A street line written in a way no street pattern knows, above a town line: letters and a house number,
 * no amount, no label ("Havlíčkova 1187/12", "ΑΓΙΑΣ ΣΟΦΙΑΣ 112", "Bağdat Cad. No: 214 D: 6", "2207 W ELM ST APT 4").
 */
function streetLike(text: string): boolean {
  const t = text.trim();
  // A sign no street holds ("ATIAZ ZO®PIAT 112": OCR's reading of Greek letters as Latin ones) is noise, not a street.
  return t.length <= 60 && /\d/.test(t) && /\p{L}{3,}/u.test(t) && !isLabelText(t) && !isTownLine(t) && !/:\s*$/.test(t) && !/\d[.,]\d{2}(?!\d)/u.test(t) && /^[\p{L}\p{M}\d\s.,/'’:#()&-]+$/u.test(t);
}

/** A street's name written without its number, its kind first: "BD ABDELMOUMEN", "Rue des Lilas", "Calle Mayor". Never a person. */
const STREET_NAME = /^(?:bd|boulevard|blvd|av|avenue|avenida|avda|rue|calle|carrera|cra|jr|jiron|ul|ulica|rua|via|viale|street|road)\b/i;

function nameAbove(d: DocText, cell: PlacedCell, looksLikeName: (s: string) => boolean): string | null {
  const above = cellAbove(d, cell);
  const name = above?.text.replace(TITLE, '').trim();
  return above && name && !isLabelText(above.text) && !STREET_NAME.test(name) && looksLikeName(name) ? name : null;
}

/** The block a town line ends: one or two street-like lines above it, and a name above them; null when there is no name. */
function footBlock(d: DocText, town: PlacedCell, looksLikeName: (s: string) => boolean, used: Set<PlacedCell>): { name: string; lines: PlacedCell[] } | null {
  if (!isTownLine(town.text)) return null;
  const street = cellAbove(d, town);
  if (!street || used.has(street) || !streetLike(street.text)) return null;
  const upper = cellAbove(d, street);
  const first = upper && !used.has(upper) && streetLike(upper.text) ? upper : street;
  const name = nameAbove(d, first, looksLikeName);
  return name ? { name, lines: first === street ? [street, town] : [first, street, town] } : null;
}

const joined = (lines: PlacedCell[]) => lines.map((l) => l.text.replace(/[,;]+$/, '').trim()).join(', ');

/**
 * Address blocks of the pages: a street line followed in its column by the lines of its town and
 * postcode (and a country), kept whole; with the name right above the street line when it is one
 * (an envelope window: "MS PAULA GRANT / 42 HARBOUR ROAD / EXAMPLEVILLE VIC 3999"). Then the blocks a
 * street line does not start but a town line ends, under a name. In page order.
 */
export function addressBlocks(d: DocText, looksLikeName: (s: string) => boolean): AddressBlock[] {
  const out: AddressBlock[] = [];
  const used = new Set<PlacedCell>();
  for (const row of placedRows(d)) {
    for (const cell of row) {
      if (!isStreetLine(cell.text) || (isTownLine(cell.text) && !/,/.test(cell.text))) {
        // A street and its town on one line ("1 Example Street, London EC1A 1AA") is a block of its own;
        // a postcode and town ("34728 Kadıköy/İstanbul") under a street line no pattern knows ends that street's block.
        if (!(isStreetLine(cell.text) && isTownLine(cell.text)) || footBlock(d, cell, looksLikeName, used)) continue;
      }
      const lines = [cell];
      // A street whose town and postcode follow its comma ("41 Example Avenue, Haifa 3457118") is a block alone.
      if (!isTownLine(cell.text) && !(/,/.test(cell.text) && endsBlock(cell.text))) {
        for (const next of blockUnder(d, cell, 4)) {
          // A postcode alone closes the block under a line of its town ("Durban / 4051", "Co. Cork / P31 X2Y7").
          const postcode = lines.length >= 2 && isLonePostcode(next.text) && /^\p{L}[\p{L}.' -]+$/u.test(lines[lines.length - 1].text.trim());
          if (!postcode && (isLabelText(next.text) || /^\s*[$€£]?\s*[\d.,]+\s*$/.test(next.text))) break;
          lines.push(next);
          if (endsBlock(next.text) || postcode) break;
          if (lines.length > 3) break;
        }
        const last = lines[lines.length - 1].text;
        const closed = lines.some((l) => endsBlock(l.text)) || isLonePostcode(last);
        // No postcode: a town alone closes a block only under a name ("GRACE WANJIRU MWANGI / P.O. Box … / NAIROBI").
        // A cell beside the town may be its postcode, split off by OCR ("TORONTO ON" | "M5H 2M5"): then the town is not alone.
        const beside = cellsAfter(d, lines[lines.length - 1])[0];
        const townAlone =
          lines.length >= 2 && TOWN_ALONE.test(last.trim()) && !isLabelText(last) && (!beside || beside.x0 - lines[lines.length - 1].x1 > 10 * beside.h) && nameAbove(d, cell, looksLikeName) !== null;
        if (!closed && !townAlone) continue;
      }
      for (const l of lines) used.add(l);
      out.push({ name: nameAbove(d, cell, looksLikeName), address: joined(lines), page: cell.page, cell });
    }
  }
  for (const row of placedRows(d)) {
    for (const town of row) {
      if (used.has(town) || (isStreetLine(town.text) && !/^\d/.test(town.text.trim()))) continue;
      const block = footBlock(d, town, looksLikeName, used);
      if (!block) continue;
      for (const l of block.lines) used.add(l);
      out.push({ name: block.name, address: joined(block.lines), page: block.lines[0].page, cell: block.lines[0] });
    }
  }
  return out.sort((a, b) => a.page - b.page || a.cell.row - b.cell.row || a.cell.x0 - b.cell.x0);
}
