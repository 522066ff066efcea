// An invoice number printed with its series: "Seria CLJ nr. 00482" (Romania: the series letters, then
// the number), or on the line under the title after "nr" or "č." with letters before it
// ("FAKTURA VAT" over "nr FV 2026/11/0148" in Poland). The series is part of the number.
import type { DocText } from './doc-text.ts';
import { parseReference } from './doc-text.ts';

/** "Seria CLJ nr. 00482", "Seria: AB Nr: 1234". */
const SERIES = /\bseria\s*:?\s+([A-Z]{1,6})\s+(?:nr|num[aă]r(?:ul)?)\.?\s*:?\s*(\d[\w/.-]*)/iu;
/** A line that starts with the number's mark: "nr FV 2026/11/0148", "No. INV-2026-01", "č. 2026-0417". */
const MARKED = /^(?:nr|no|n°|č)\.?\s*:?\s*((?:[A-Z]{1,4}\s)?[A-Za-z0-9][\w/.-]*)(?=\s*(?:\t|$))/iu;

/** The number written with its series near the top of the page, or null; `isTitle` tells the title's own cell ("FAKTURA VAT"). */
export function seriesNumber(d: DocText, isTitle: (cell: string) => boolean): string | null {
  for (let i = 0; i < Math.min(d.lines.length, 15); i++) {
    const series = SERIES.exec(d.lines[i].text);
    if (series) return `${series[1].toUpperCase()} ${series[2]}`;
    const prev = d.lines[i - 1]?.text.split('\t');
    if (!prev?.some((c) => isTitle(c))) continue;
    for (const cell of d.lines[i].text.split('\t')) {
      const m = MARKED.exec(cell.trim());
      const v = m ? m[1].replace(/\s+/g, ' ') : null;
      // Some digits in it: "nr FV" alone is no number.
      if (v && /\d/.test(v) && (parseReference(v.replace(' ', '')) ?? null) !== null) return v;
    }
  }
  return null;
}
