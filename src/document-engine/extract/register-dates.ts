// The day a register document was printed or given, where no sentence and no long label says so:
// a bare "Date:" (or "Date/Time:", "Date and Time of Search:") at the start of a cell, the date of
// the signature block (a cell of its own beside or under the registrar who signs), and a CJK
// certificate's closing date over its seal, and the date after the document's own number at its top.
import { findDates } from './dates.ts';
import type { DocText } from './doc-text.ts';

/** A Japanese, Chinese or Korean certificate's date on a line of its own among its last lines, over the registry's seal ("令和8年11月4日"). */
export function cjkClosingDate(d: DocText): string | null {
  for (const l of d.lines.slice(-4).reverse()) {
    const found = findDates(l.text, d.order);
    if (found.length === 1 && /[年년]/.test(found[0].raw) && l.text.replace(found[0].raw, '').trim() === '') return found[0].iso;
  }
  return null;
}

/** A time of day and its zone after a printed date ("10:42 AM Pacific Time", "AEST 09:12:44 AM"): they leave the date alone in its cell. */
const TIME_OF_DAY = /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?)?|\b(?:Pacific|Eastern|Central|Mountain|Atlantic)(?:\s+(?:Standard|Daylight))?\s+Time\b|\b[A-Z]{2}[DS]?T\b|\bUTC\b|\bGMT\b/g;

/** The date a cell holds with nothing else but a time of day; null when it holds more. */
function dateAlone(d: DocText, t: string): string | null {
  const found = findDates(t, d.order)[0];
  if (!found || !t.trim().startsWith(found.raw)) return null;
  const rest = t.trim().slice(found.raw.length).replace(TIME_OF_DAY, '');
  return rest.replace(/[\s,.]/g, '') === '' ? found.iso : null;
}

/** "Date:", "Date/Time:", "Date and Time of Search:" starting a cell: the moment a register printed the page. */
const DATE_LABEL = /^\s*date(?:\s*\/\s*time|\s+and\s+time)?(?:\s+of\s+(?:search|print(?:ing)?))?\s*:?\s*(.*)$/i;

/** "Date: 02 Nov 2026" at the start of a line or cell: the date the register printed the document, when the date (and its time of day) is all the cell holds. */
export function bareDateLabel(d: DocText): string | null {
  for (const l of d.lines) {
    const cells = l.text.split('\t');
    for (let c = 0; c < cells.length; c++) {
      const m = DATE_LABEL.exec(cells[c]);
      if (!m) continue;
      // The date in the label's cell, or alone in the next cell.
      const iso = m[1].trim() !== '' ? dateAlone(d, m[1]) : c + 1 < cells.length ? dateAlone(d, cells[c + 1]) : null;
      if (iso) return iso;
    }
  }
  return null;
}

/** A cell or line that is only the title of who signs: "(Registrar of Corporate Affairs)", "for Registrar of Companies", "Secretary of State". */
const SIGNATORY = /^\(?(?:for\s+)?(?:the\s+)?(?:(?:deputy|assistant|acting)\s+)?(?:registrar|secretary of state)\b[\p{L} ,.&-]*\)?$/iu;
/** A place before the date in its cell: "Nicosia, 02/11/2026". */
const PLACE = /^[\p{Lu}][\p{L} .'-]{1,30},\s*$/u;

/**
 * The date of a certificate's signature block: a cell among the last lines that holds a date alone,
 * or a place and a date, beside the signatory's cell ("Nicosia, 02/11/2026 | for Registrar of
 * Companies") or right under or over it ("(Registrar of Corporate Affairs)" over "12th day of June,
 * 2023"). Without the signatory, a date alone may be any date the page lists.
 */
export function signatureBlockDate(d: DocText): string | null {
  const from = Math.max(0, d.lines.length - 5);
  for (let k = d.lines.length - 1; k >= from; k--) {
    const cells = d.lines[k].text.split('\t');
    const near = [d.lines[k - 1]?.text ?? '', d.lines[k + 1]?.text ?? ''];
    for (let c = 0; c < cells.length; c++) {
      const found = findDates(cells[c], d.order);
      if (found.length !== 1) continue;
      const cell = cells[c].trim();
      const at = cell.indexOf(found[0].raw);
      const before = cell.slice(0, at);
      const after = cell.slice(at + found[0].raw.length).trim();
      if (!(before === '' || PLACE.test(before)) || !/^[.,]?$/.test(after)) continue;
      const others = cells.filter((_, j) => j !== c);
      if ([...others, ...near].some((t) => SIGNATORY.test(t.trim()))) return found[0].iso;
    }
  }
  return null;
}

/** Hungary's cégkivonat gives the day its data are the state of, the date before "napján hatályos" ("a 2026. november 4. napján hatályos állapot szerint"). */
const IN_FORCE_ON_DAY = /\bnapjan\s+hatalyos\b/;

/** The day a Hungarian extract states the register as in force on: the last date before the words that say so, on their line. */
export function inForceOnDate(d: DocText): string | null {
  for (const l of d.lines) {
    const at = l.fold.search(IN_FORCE_ON_DAY);
    if (at < 0) continue;
    const last = findDates(l.text.slice(0, at), d.order).at(-1);
    if (last) return last.iso;
  }
  return null;
}

/**
 * The date after a document's own number near its top: "Nr. MD-2026-04567 din 05.11.2026", "Reference number:
 * 0805-50/123456 of 04.11.2026", "No. 20261104153012 / 04.11.2026" — the day the register gave it.
 */
const NUMBER_OF_DATE = /^\s*(?:no|nr|n[°º]|ref(?:erence)?(?:\s+(?:no|number))?|reg(?:istration)?\s+no|broj)\.?\s*:?\s*[\p{L}\d][\p{L}\d\-/.]*\s+(?:of|din|from|dated|du|vom|od|\/)\s+$/iu;

export function numberAndDateLine(d: DocText): string | null {
  for (const l of d.lines.slice(0, 10)) {
    const found = findDates(l.text, d.order);
    if (found.length !== 1) continue;
    const at = l.text.indexOf(found[0].raw);
    if (NUMBER_OF_DATE.test(l.text.slice(0, at)) && /^[\s.,]*$/.test(l.text.slice(at + found[0].raw.length))) return found[0].iso;
  }
  return null;
}
