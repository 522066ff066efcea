// Light text on dark fills (a table's header row printed white on a blue band, a dark "Total" box)
// made dark on light, in place, so that one OCR pass reads the whole page: tesseract's own
// threshold turns such a band into a black bar and its words are lost, and its inverted-line
// retries double the time of every page.
//
// The page is cut into small cells; cells clearly darker than the paper are joined into regions.
// A region is a fill only when it is nearly rectangular, of one even tone, and holds several
// separate light marks of letter size (its text); photos, thick strokes, rules and solid boxes
// are left alone. Each fill's tone becomes the paper's and its text the ink's.
import { inkStats, type GrayImage, type InkStats } from './gray-image.ts';
import { inkBoxes } from './ink-components.ts';

/** Pages whose paper is darker than this (photos of cards, dark pages) are left alone. */
const MIN_PAPER = 160;
/** A fill is at least this much darker than the paper. */
const MIN_FILL_CONTRAST = 60;
/** Its text is at least this much lighter than the fill. */
const MIN_TEXT_CONTRAST = 60;
/** Share of a fill's pixels within FILL_TOLERANCE of its tone: an even fill, not a picture. */
const MIN_EVEN_SHARE = 0.5;
const FILL_TOLERANCE = 24;
/** Share of a region's bounding box it covers (holes closed): a band or a box, not a shape. */
const MIN_RECTANGULARITY = 0.85;
/** Separate light marks (letters) a fill holds at least. */
const MIN_LETTERS = 3;

export interface FillRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Tone of the fill and of its text, 0–255. */
  fill: number;
  text: number;
  /** Side of the cells of `cells`, and which cells of the rectangle (row by row) belong to the fill. */
  cell: number;
  cells: Uint8Array;
}

/** Cell side in pixels: about 600 cells across the long side of the page. */
function cellSize(img: GrayImage): number {
  return Math.max(3, Math.round(Math.max(img.width, img.height) / 600));
}

/** The dark fills holding light text. */
export function findDarkFills(img: GrayImage, stats: InkStats = inkStats(img)): FillRegion[] {
  if (stats.paper < MIN_PAPER || img.width < 32 || img.height < 32) return [];
  const darkBelow = stats.paper - Math.max(MIN_FILL_CONTRAST, 0.35 * (stats.paper - stats.ink));
  const c = cellSize(img);
  const gw = Math.ceil(img.width / c);
  const gh = Math.ceil(img.height / c);
  const dark = cellMeansBelow(img, c, gw, gh, darkBelow);
  const label = new Int32Array(gw * gh).fill(-1);
  const stack = new Int32Array(gw * gh);
  const out: FillRegion[] = [];
  // Smallest fill worth looking at: two lines of small print high, a short word wide.
  const minCellsHigh = Math.max(3, Math.ceil(12 / c));
  const minCellsWide = Math.max(6, Math.ceil(40 / c));
  let next = 0;
  for (let start = 0; start < dark.length; start++) {
    if (!dark[start] || label[start] >= 0) continue;
    const id = next++;
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    let count = 0;
    let gx0 = gw;
    let gy0 = gh;
    let gx1 = 0;
    let gy1 = 0;
    while (top > 0) {
      const k = stack[--top];
      count++;
      const x = k % gw;
      const y = (k - x) / gw;
      if (x < gx0) gx0 = x;
      if (x > gx1) gx1 = x;
      if (y < gy0) gy0 = y;
      if (y > gy1) gy1 = y;
      if (x > 0 && dark[k - 1] && label[k - 1] < 0) (label[k - 1] = id), (stack[top++] = k - 1);
      if (x < gw - 1 && dark[k + 1] && label[k + 1] < 0) (label[k + 1] = id), (stack[top++] = k + 1);
      if (y > 0 && dark[k - gw] && label[k - gw] < 0) (label[k - gw] = id), (stack[top++] = k - gw);
      if (y < gh - 1 && dark[k + gw] && label[k + gw] < 0) (label[k + gw] = id), (stack[top++] = k + gw);
    }
    const bw = gx1 - gx0 + 1;
    const bh = gy1 - gy0 + 1;
    if (bh < minCellsHigh || bw < minCellsWide || count < bw * bh * 0.4) continue;
    const cells = closedCells(label, id, gw, gx0, gy0, bw, bh);
    if (cells.reduce((n, v) => n + v, 0) < bw * bh * MIN_RECTANGULARITY) continue;
    const rect = { x: gx0 * c, y: gy0 * c, width: Math.min(img.width, (gx1 + 1) * c) - gx0 * c, height: Math.min(img.height, (gy1 + 1) * c) - gy0 * c };
    const tones = fillWithText(img, rect, darkBelow);
    if (tones) out.push({ ...rect, ...tones, cell: c, cells });
  }
  return out;
}

/** For each cell, whether its mean is below `below`. */
function cellMeansBelow(img: GrayImage, c: number, gw: number, gh: number, below: number): Uint8Array {
  const sums = new Float64Array(gw * gh);
  const { data, width, height } = img;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const cellRow = Math.floor(y / c) * gw;
    for (let x = 0; x < width; x++) sums[cellRow + Math.floor(x / c)] += data[row + x];
  }
  const out = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    const ch = Math.min(c, height - gy * c);
    for (let gx = 0; gx < gw; gx++) {
      const cw = Math.min(c, width - gx * c);
      if (sums[gy * gw + gx] / (cw * ch) < below) out[gy * gw + gx] = 1;
    }
  }
  return out;
}

/** The cells of the bounding box in the region with its holes closed (those not reachable from the box's edge). */
function closedCells(label: Int32Array, id: number, gw: number, gx0: number, gy0: number, bw: number, bh: number): Uint8Array {
  const outside = new Uint8Array(bw * bh);
  const stack: number[] = [];
  const isRegion = (i: number) => label[(gy0 + Math.floor(i / bw)) * gw + gx0 + (i % bw)] === id;
  for (let i = 0; i < bw * bh; i++) {
    const x = i % bw;
    const y = (i - x) / bw;
    if ((x === 0 || y === 0 || x === bw - 1 || y === bh - 1) && !isRegion(i)) (outside[i] = 1), stack.push(i);
  }
  while (stack.length > 0) {
    const i = stack.pop() as number;
    const x = i % bw;
    const near = [x > 0 ? i - 1 : -1, x < bw - 1 ? i + 1 : -1, i - bw, i + bw];
    for (const j of near) {
      if (j < 0 || j >= bw * bh || outside[j] || isRegion(j)) continue;
      outside[j] = 1;
      stack.push(j);
    }
  }
  for (let i = 0; i < outside.length; i++) outside[i] ^= 1;
  return outside;
}

/** The rectangle as a fill with light text, or null: an even tone, and several letter-sized light marks inside. */
function fillWithText(img: GrayImage, rect: { x: number; y: number; width: number; height: number }, darkBelow: number): { fill: number; text: number } | null {
  const h = new Uint32Array(256);
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    const row = y * img.width;
    for (let x = rect.x; x < rect.x + rect.width; x++) h[img.data[row + x]]++;
  }
  const total = rect.width * rect.height;
  // The fill's tone: the most common dark level (smoothed over a few levels).
  let fill = 0;
  let best = -1;
  for (let v = 0; v < darkBelow; v++) {
    let n = 0;
    for (let d = Math.max(0, v - 4); d <= Math.min(255, v + 4); d++) n += h[d];
    if (n > best) (best = n), (fill = v);
  }
  let even = 0;
  for (let v = Math.max(0, fill - FILL_TOLERANCE); v <= Math.min(255, fill + FILL_TOLERANCE); v++) even += h[v];
  if (even < total * MIN_EVEN_SHARE) return null;
  // The text's tone: a high percentile of the region.
  let acc = 0;
  let text = 255;
  for (let v = 255; v >= 0; v--) {
    acc += h[v];
    if (acc >= total * 0.02) {
      text = v;
      break;
    }
  }
  if (text - fill < MIN_TEXT_CONTRAST) return null;
  const lightFrom = (fill + text) / 2;
  let light = 0;
  for (let v = Math.ceil(lightFrom); v < 256; v++) light += h[v];
  if (light < total * 0.02 || light > total * 0.5) return null;
  // Letters: light marks clear of the edge, shorter than the fill, together not a single blob.
  const marks = inkBoxes(img.data, img.width, (v) => v >= lightFrom, rect, 6).filter(
    (b) => b.x0 > rect.x && b.y0 > rect.y && b.x1 < rect.x + rect.width && b.y1 < rect.y + rect.height && b.y1 - b.y0 >= 4 && b.y1 - b.y0 < rect.height * 0.85,
  );
  if (marks.length < MIN_LETTERS) return null;
  const heights = marks.map((b) => b.y1 - b.y0).sort((a, b) => a - b);
  const letter = heights[Math.floor(heights.length / 2)];
  if (rect.width * rect.height < 20 * letter * letter) return null;
  return { fill, text };
}

/**
 * The page with every dark fill's light text turned dark on light (the fill's tone becomes the
 * paper's, its text's tone the ink's); the same image when there is none.
 */
export function invertDarkFills(img: GrayImage, stats: InkStats = inkStats(img)): { image: GrayImage; fills: number } {
  const fills = findDarkFills(img, stats);
  if (fills.length === 0) return { image: img, fills: 0 };
  const data = new Uint8Array(img.data);
  const paper = stats.paper;
  const ink = Math.min(stats.ink, 40);
  for (const f of fills) {
    const span = f.text - f.fill;
    const lut = new Uint8Array(256);
    for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(ink + ((paper - ink) * (f.text - v)) / span)));
    const across = Math.ceil(f.width / f.cell);
    for (let y = f.y; y < f.y + f.height; y++) {
      const row = y * img.width;
      const cellRow = Math.floor((y - f.y) / f.cell) * across;
      for (let x = f.x; x < f.x + f.width; x++) if (f.cells[cellRow + Math.floor((x - f.x) / f.cell)]) data[row + x] = lut[data[row + x]];
    }
  }
  return { image: { ...img, data }, fills: fills.length };
}
