// The page image made easier for tesseract before recognition: light text on dark fills turned dark
// on light (dark-fills.ts), small print cut to its inked part and enlarged (small-print.ts). Words
// read on the prepared image are placed back in the page's own pixels.
import { inkStats, type GrayImage, type QuarterTurn } from './gray-image.ts';
import { invertDarkFills } from './dark-fills.ts';
import type { PlacedText } from './lines.ts';
import { enlarge, smallPrintEnlargement, type Enlargement } from './small-print.ts';

export interface PreparedPage {
  image: GrayImage;
  /** Dark fills whose text was turned dark on light. */
  fills: number;
  /** The enlargement of small print, when there was one. */
  enlarged: Enlargement | null;
  /** Words placed on the prepared image turned by `turn`, placed on the page turned the same way. */
  toPage: (words: PlacedText[], turn: QuarterTurn) => PlacedText[];
}

export async function prepareForOcr(page: GrayImage): Promise<PreparedPage> {
  const stats = inkStats(page);
  const { image: filled, fills } = invertDarkFills(page, stats);
  const enlarged = smallPrintEnlargement(filled, stats);
  if (!enlarged) return { image: filled, fills, enlarged: null, toPage: (words) => words };
  return { image: await enlarge(filled, enlarged), fills, enlarged, toPage: (words, turn) => placeBack(words, enlarged, page, turn) };
}

/** Words on the enlarged part, turned by `turn`, moved to the whole page turned the same way. */
export function placeBack(words: PlacedText[], e: Enlargement, page: Pick<GrayImage, 'width' | 'height'>, turn: QuarterTurn): PlacedText[] {
  // Where the kept part's top-left corner lands once the page is turned.
  const right = page.width - (e.left + e.width);
  const bottom = page.height - (e.top + e.height);
  const [dx, dy] = turn === 0 ? [e.left, e.top] : turn === 90 ? [bottom, e.left] : turn === 180 ? [right, bottom] : [e.top, right];
  return words.map((w) => ({ ...w, x: w.x / e.scale + dx, y: w.y / e.scale + dy, width: w.width / e.scale, height: w.height / e.scale }));
}
