// Values printed over their captions, as certificates lay out their boxes: "1187654-3" over
// "Corporation number / Numéro de société", "2024-05-17" over "Date of Amendment (YYYY-MM-DD)"
// (Corporations Canada's certificates of incorporation and amendment). The caption is a label and
// nothing else (perhaps in a second language after a slash, or with the value's format in
// brackets); the value is a cell of the line above that is all of its cell.
import { findDates } from './dates.ts';
import type { DocText } from './doc-text.ts';
import type { TextLine } from './text.ts';

/** The first value `parse` accepts in a cell right over a caption of `labels` (folded), from the caption's last cell back. */
export function valueOverCaption<T>(lines: readonly TextLine[], labels: readonly string[], parse: (cell: string) => T | null): T | null {
  for (let i = 1; i < lines.length; i++) {
    const caption = lines[i].fold
      .split('/')[0]
      .replace(/\([^)]*\)/g, '')
      .replace(/[\s:]+$/, '')
      .trim();
    if (!labels.includes(caption)) continue;
    for (const cell of lines[i - 1].text.split('\t').reverse()) {
      const v = parse(cell.trim());
      if (v !== null) return v;
    }
  }
  return null;
}

/** A date printed over its caption, the date all of its cell ("2024-05-17" over "Date of Amendment (YYYY-MM-DD)"). */
export function dateOverCaption(d: DocText, labels: readonly string[]): string | null {
  return valueOverCaption(d.lines, labels, (cell) => {
    const found = findDates(cell, d.order);
    return found.length === 1 && found[0].raw.length >= cell.replace(/[.,\s]+$/, '').length - 1 ? found[0].iso : null;
  });
}
