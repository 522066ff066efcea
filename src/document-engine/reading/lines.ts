// Puts positioned pieces of text (pdfjs text items, OCR words) back into lines: by baseline, then
// left to right, so a label and its value on the same row ("Total:   1,234.50 EUR") stay together.
import type { PageWord } from '../document-model.ts';

/** A positioned piece of text: the model's word box (any unit shared by all items of the page). */
export type PlacedText = PageWord;

// Gaps are measured in font heights: closer than this joins without a space (a word split in two
// items), wider than WIDE_GAP becomes a tab (columns, right-aligned amounts).
const JOIN_GAP = 0.12;
const WIDE_GAP = 2;
const SAME_LINE = 0.5;

export function assembleLines(items: PlacedText[]): string {
  return groupLines(items).map(joinLine).join('\n');
}

/** The items grouped into lines, top to bottom, each line's items as found (not yet sorted by x). */
export function groupLines<T extends PlacedText>(items: T[]): T[][] {
  const usable = items.filter((i) => i.text.trim() !== '' && Number.isFinite(i.x) && Number.isFinite(i.y));
  if (usable.length === 0) return [];
  const sorted = [...usable].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: T[][] = [];
  let current: T[] = [];
  let lineY = 0;
  let lineH = 0;
  for (const item of sorted) {
    const h = Math.max(1e-6, Math.min(item.height || lineH, lineH || item.height) || 1);
    if (current.length > 0 && Math.abs(item.y - lineY) <= SAME_LINE * h) {
      current.push(item);
      continue;
    }
    if (current.length > 0) lines.push(current);
    current = [item];
    lineY = item.y;
    lineH = item.height;
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

function joinLine(items: PlacedText[]): string {
  const row = [...items].sort((a, b) => a.x - b.x);
  let out = '';
  let prev: PlacedText | null = null;
  /** prev's text with its spaces collapsed, as it was when prev was added. */
  let prevText = '';
  for (const item of row) {
    const text = item.text.replace(/\s+/g, ' ');
    if (prev === null) {
      out = text.trimStart();
      prev = item;
      prevText = text;
      continue;
    }
    const h = Math.max(prev.height, item.height, 1e-6);
    const prevEnd = prev.x + Math.abs(prev.width);
    // The same text drawn twice at (almost) the same place: fake bold or a shadow.
    if (text === prevText && Math.abs(item.x - prev.x) < 0.3 * h) continue;
    const gap = item.x - prevEnd;
    if (gap > WIDE_GAP * h) out = out.trimEnd() + '\t' + text.trimStart();
    else if (gap < JOIN_GAP * h || out.endsWith(' ') || text.startsWith(' ')) out += out.endsWith(' ') ? text.trimStart() : text;
    else out += ' ' + text;
    if (item.x + Math.abs(item.width) >= prevEnd) {
      prev = item;
      prevText = text;
    }
  }
  return out.trimEnd();
}
