// One page read twice: a thin text layer (a browser's header on a printed photo, a scan app's
// footer) and OCR of the whole page. The text layer is exact where it has text; OCR reads the
// rest, the picture. Words are merged by where they stand, so lines keep their order on the page.
import type { PlacedText } from './lines.ts';

/** The box of a word from its baseline and height (ascenders above, descenders below). */
function box(w: PlacedText): { x0: number; y0: number; x1: number; y1: number } {
  return { x0: w.x, y0: w.y - 0.8 * w.height, x1: w.x + w.width, y1: w.y + 0.2 * w.height };
}

function overlapShare(a: PlacedText, b: PlacedText): number {
  const p = box(a);
  const q = box(b);
  const w = Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0);
  const h = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0);
  const area = (p.x1 - p.x0) * (p.y1 - p.y0);
  return w > 0 && h > 0 && area > 0 ? (w * h) / area : 0;
}

/**
 * The text layer's items and the OCR words that do not lie on them, in the text layer's units
 * (`scale` turns OCR pixels into them).
 */
export function mergePlaced(layer: PlacedText[], ocr: PlacedText[], scale: number): PlacedText[] {
  const scaled = ocr.map((w) => ({ ...w, x: w.x * scale, y: w.y * scale, width: w.width * scale, height: w.height * scale }));
  const kept = scaled.filter((w) => !layer.some((l) => overlapShare(w, l) >= 0.5));
  return [...layer, ...kept];
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1);

/** The lines of `other` that say something `first` does not (fewer than 60 % of their words in it). */
export function newLines(first: string, other: readonly string[]): string[] {
  const seen = new Set(words(first));
  return other.filter((line) => {
    const w = words(line);
    return w.length > 0 && w.filter((x) => seen.has(x)).length < 0.6 * w.length;
  });
}

/**
 * The merge when positions cannot be compared (OCR turned the page): the lines of the text layer
 * that OCR did not read as well, then the OCR text.
 */
export function mergeTexts(layerText: string, ocrText: string): string {
  return [...newLines(ocrText, layerText.split('\n')), ocrText].filter((t) => t.trim() !== '').join('\n');
}
