// Which way up a page is, from the shape of its text alone, so OCR runs once on an upright page
// instead of four times (a sideways page takes tesseract several seconds to misread). tesseract's
// own orientation detection needs legacy data that the English LSTM package does not carry.
import { histogram, type GrayImage, type QuarterTurn } from './gray-image.ts';

interface Binary {
  ink: Uint8Array;
  width: number;
  height: number;
}

/** A small black-and-white copy (ink = 1) for layout statistics. */
function layoutBits(img: GrayImage, maxSide = 1400): Binary {
  const f = Math.max(1, Math.ceil(Math.max(img.width, img.height) / maxSide));
  const width = Math.floor(img.width / f);
  const height = Math.floor(img.height / f);
  const small = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let min = 255;
      // The darkest pixel of each cell keeps thin strokes that an average would wash out.
      for (let dy = 0; dy < f; dy++) {
        const row = (y * f + dy) * img.width + x * f;
        for (let dx = 0; dx < f; dx++) if (img.data[row + dx] < min) min = img.data[row + dx];
      }
      small[y * width + x] = min;
    }
  }
  const threshold = otsu(histogram(small), small.length);
  const ink = new Uint8Array(small.length);
  let count = 0;
  for (let i = 0; i < small.length; i++) if (small[i] <= threshold) (ink[i] = 1), count++;
  // White text on a dark page: look at the text, not the background.
  if (count > small.length / 2) for (let i = 0; i < ink.length; i++) ink[i] ^= 1;
  return { ink, width, height };
}

function otsu(h: Uint32Array, total: number): number {
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * h[v];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 127;
  for (let v = 0; v < 256; v++) {
    wB += h[v];
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += v * h[v];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) (best = between), (threshold = v);
  }
  return threshold;
}

function transpose(b: Binary): Binary {
  const ink = new Uint8Array(b.ink.length);
  for (let y = 0; y < b.height; y++) for (let x = 0; x < b.width; x++) ink[x * b.height + y] = b.ink[y * b.width + x];
  return { ink, width: b.height, height: b.width };
}

/** Runs of inked rows: text lines when the text is horizontal. */
function textBands(b: Binary): { rows: number[]; bands: [number, number][] } {
  const rows = new Array<number>(b.height).fill(0);
  for (let y = 0; y < b.height; y++) {
    let n = 0;
    const row = y * b.width;
    for (let x = 0; x < b.width; x++) n += b.ink[row + x];
    rows[y] = n;
  }
  const inked = rows.filter((n) => n > 0);
  const mean = inked.reduce((a, n) => a + n, 0) / Math.max(1, inked.length);
  const blank = Math.max(1, mean * 0.08);
  const bands: [number, number][] = [];
  let start = -1;
  for (let y = 0; y <= b.height; y++) {
    const on = y < b.height && rows[y] > blank;
    if (on && start < 0) start = y;
    if (!on && start >= 0) {
      if (y - start >= 3) bands.push([start, y]);
      start = -1;
    }
  }
  return { rows, bands };
}

interface Glyph {
  cx: number;
  cy: number;
  area: number;
  w: number;
  h: number;
}

/** Connected ink components (8-connected) of character size. */
function characterGlyphs(b: Binary): Glyph[] {
  const { ink, width, height } = b;
  const seen = new Uint8Array(ink.length);
  const stack: number[] = [];
  const blobs: Glyph[] = [];
  const maxSide = Math.max(width, height) / 8;
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let area = 0;
    let sx = 0;
    let sy = 0;
    let x0 = width;
    let x1 = 0;
    let y0 = height;
    let y1 = 0;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      area++;
      sx += x;
      sy += y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (ink[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (w <= maxSide && h <= maxSide && area >= 3) blobs.push({ cx: sx / area, cy: sy / area, area, w, h });
  }
  if (blobs.length === 0) return [];
  const areas = blobs.map((bl) => bl.area).sort((a, c) => a - c);
  const median = areas[Math.floor(areas.length / 2)];
  // Dots, specks and rules are not characters.
  return blobs.filter((bl) => bl.area >= median * 0.3 && bl.area <= median * 8);
}

/**
 * On a small or blurred page the letters of a word touch and each word is one blob; its nearest
 * neighbour is then the word on the next line, not the next letter, and the docstrum below reads the
 * lines as running down the page. Blobs twice as long one way as the other (the median of them) are
 * words, and the way they are long is the way the text runs; null when the blobs are letters.
 */
function axisOfWords(blobs: { w: number; h: number }[]): 'horizontal' | 'vertical' | null {
  if (blobs.length < 20) return null;
  const median = (xs: number[]) => xs.sort((a, c) => a - c)[Math.floor(xs.length / 2)];
  const w = median(blobs.map((b) => b.w));
  const h = median(blobs.map((b) => b.h));
  return w >= 2 * h ? 'horizontal' : h >= 2 * w ? 'vertical' : null;
}

/**
 * Which way the text runs, from each character's nearest neighbour (the "docstrum" idea): letters of
 * a word sit closer side by side than lines sit above each other.
 */
function textAxis(b: Binary): { horizontal: number; vertical: number } {
  const blobs = characterGlyphs(b);
  const words = axisOfWords(blobs);
  if (words) return words === 'horizontal' ? { horizontal: blobs.length, vertical: 0 } : { horizontal: 0, vertical: blobs.length };
  const cell = 24;
  const cols = Math.ceil(b.width / cell) + 1;
  const grid = new Map<number, Glyph[]>();
  for (const bl of blobs) {
    const key = Math.floor(bl.cy / cell) * cols + Math.floor(bl.cx / cell);
    const list = grid.get(key);
    if (list) list.push(bl);
    else grid.set(key, [bl]);
  }
  let horizontal = 0;
  let vertical = 0;
  for (const bl of blobs) {
    const gx = Math.floor(bl.cx / cell);
    const gy = Math.floor(bl.cy / cell);
    let best: Glyph | null = null;
    let bestD = Infinity;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        for (const other of grid.get((gy + dy) * cols + gx + dx) ?? []) {
          if (other === bl) continue;
          const d = (other.cx - bl.cx) ** 2 + (other.cy - bl.cy) ** 2;
          if (d < bestD) (bestD = d), (best = other);
        }
      }
    }
    if (!best) continue;
    if (Math.abs(best.cx - bl.cx) >= Math.abs(best.cy - bl.cy)) horizontal++;
    else vertical++;
  }
  return { horizontal, vertical };
}

/** Above 1: more ink over the x-height band than under it, as upright Latin script has. */
function ascenderRatio(b: Binary): number {
  const { rows, bands } = textBands(b);
  let above = 0;
  let below = 0;
  for (const [s, e] of bands) {
    if (e - s < 5) continue;
    let max = 0;
    for (let y = s; y < e; y++) max = Math.max(max, rows[y]);
    let coreTop = s;
    let coreBottom = e - 1;
    while (coreTop < e && rows[coreTop] < max * 0.45) coreTop++;
    while (coreBottom > s && rows[coreBottom] < max * 0.45) coreBottom--;
    for (let y = s; y < coreTop; y++) above += rows[y];
    for (let y = coreBottom + 1; y < e; y++) below += rows[y];
  }
  return (above + 1) / (below + 1);
}

export interface OrientationGuess {
  /** Clockwise turn that makes the page upright. */
  turn: QuarterTurn;
  /** False when the layout gave no clear answer; OCR confidence decides then. */
  sure: boolean;
  /**
   * Whether the lines clearly run along one axis (across or down the image), even when which way up
   * is unclear: a reading across the other axis must then be confident to overrule it.
   */
  axisSure: boolean;
}

export function guessOrientation(img: GrayImage): OrientationGuess {
  const b = layoutBits(img);
  const { horizontal, vertical } = textAxis(b);
  const sideways = vertical > horizontal * 1.5 && vertical >= 10;
  const axisSure = sideways || (horizontal > vertical * 1.5 && horizontal >= 10);
  const t = sideways ? transpose(b) : b;
  // Transposing equals a quarter turn plus a mirror; the mirror does not change above/below.
  const ratio = ascenderRatio(t);
  const upright = ratio >= 1;
  const sure = axisSure && (ratio > 1.4 || ratio < 1 / 1.4);
  // Transposed and upright means the text tops face left: the page needs a clockwise turn.
  if (sideways) return { turn: upright ? 90 : 270, sure, axisSure };
  return { turn: upright ? 0 : 180, sure, axisSure };
}
