// Small print enlarged before OCR. tesseract finds and cuts letters on the page as given and reads
// capitals some 25–35 pixels high best; a letter-size page scanned or saved 1200 pixels wide has
// capitals of 8, which come back at half the usual confidence. The letters' size is measured from
// the page's ink (the upper quarter of the heights of its letter-sized pieces: capitals and ascenders),
// and only pages whose letters are that small are enlarged, cut to their inked part, within the
// pixel limit of OCR.
import sharp from 'sharp';
import { inkStats, type GrayImage, type InkStats } from './gray-image.ts';
import { inkBoxes } from './ink-components.ts';
import { MAX_OCR_PIXELS } from './limits.ts';

/** Capital height below which a page is enlarged, and the height it is brought towards (pixels). */
export const SMALL_LETTERS = 10;
export const TARGET_LETTERS = 26;
/** Letter-sized pieces a page needs for its print size to be judged. */
const MIN_LETTERS = 50;
/** Enlargements smaller than this are not worth the time. */
const MIN_GAIN = 1.3;
/** Paper noise (as in inkStats) above which the pieces of ink are not measured. */
const MAX_NOISE = 8;

export interface Enlargement {
  /** The part of the page kept (page pixels) and the factor it is enlarged by. */
  left: number;
  top: number;
  width: number;
  height: number;
  scale: number;
}

/** Pieces of ink of letter size: a few pixels to a tenth of the page high, not rules. */
function letterBoxes(img: GrayImage, stats: InkStats) {
  const threshold = (stats.paper + stats.ink) / 2;
  return inkBoxes(img.data, img.width, (v) => v < threshold, { x: 0, y: 0, width: img.width, height: img.height }, 4).filter((b) => {
    const h = b.y1 - b.y0;
    return h >= 4 && h < img.height / 10 && b.x1 - b.x0 <= 3 * h;
  });
}

/** Capital height of the page's print in pixels, or null when it has too little text to tell. */
export function letterHeight(img: GrayImage, stats: InkStats = inkStats(img)): number | null {
  const heights = letterBoxes(img, stats)
    .map((b) => b.y1 - b.y0)
    .sort((a, b) => a - b);
  if (heights.length < MIN_LETTERS) return null;
  return heights[Math.floor(heights.length * 0.75)];
}

/** How to enlarge the page's small print, or null when its print is large enough (or there is none). */
export function smallPrintEnlargement(img: GrayImage, stats: InkStats = inkStats(img)): Enlargement | null {
  // Not measured: a page too big to be enlarged much, and a noisy scan (its specks are not letters).
  if (stats.paper - stats.ink < 60 || stats.noise >= MAX_NOISE || img.width * img.height * MIN_GAIN * MIN_GAIN > MAX_OCR_PIXELS) return null;
  const boxes = letterBoxes(img, stats);
  if (boxes.length < MIN_LETTERS) return null;
  const heights = boxes.map((b) => b.y1 - b.y0).sort((a, b) => a - b);
  const letter = heights[Math.floor(heights.length * 0.75)];
  if (letter >= SMALL_LETTERS) return null;
  // The inked part of the page, with a margin of a few lines.
  const margin = 3 * letter;
  let x0 = img.width;
  let y0 = img.height;
  let x1 = 0;
  let y1 = 0;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x0);
    y0 = Math.min(y0, b.y0);
    x1 = Math.max(x1, b.x1);
    y1 = Math.max(y1, b.y1);
  }
  const left = Math.max(0, x0 - margin);
  const top = Math.max(0, y0 - margin);
  const width = Math.min(img.width, x1 + margin) - left;
  const height = Math.min(img.height, y1 + margin) - top;
  const scale = Math.min(TARGET_LETTERS / letter, Math.sqrt(MAX_OCR_PIXELS / (width * height)));
  if (scale < MIN_GAIN) return null;
  return { left, top, width, height, scale };
}

/** The kept part of the page, enlarged. */
export async function enlarge(img: GrayImage, e: Enlargement): Promise<GrayImage> {
  const width = Math.round(e.width * e.scale);
  const height = Math.round(e.height * e.scale);
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .extract({ left: e.left, top: e.top, width: e.width, height: e.height })
    .resize({ width, height, fit: 'fill', kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height, dpi: Math.round((img.dpi ?? 300) * e.scale) };
}
