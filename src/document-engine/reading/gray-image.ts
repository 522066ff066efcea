// Pixel work on 8-bit grayscale pages before OCR: cleaning faint or noisy scans, quarter turns.

export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
  /** Resolution the page was rendered or scanned at, when known. */
  dpi?: number;
}

export type QuarterTurn = 0 | 90 | 180 | 270;

/** Binary PGM: the quickest format for tesseract's image reader. */
export function toPgm(img: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${img.width} ${img.height}\n255\n`, 'latin1');
  return Buffer.concat([header, img.data]);
}

export function histogram(data: Uint8Array, step = 1): Uint32Array {
  const h = new Uint32Array(256);
  for (let i = 0; i < data.length; i += step) h[data[i]]++;
  return h;
}

function percentile(h: Uint32Array, total: number, p: number): number {
  const target = total * p;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += h[v];
    if (acc >= target) return v;
  }
  return 255;
}

export interface InkStats {
  /** Paper level: the median, since paper covers most of a page. */
  paper: number;
  /** Ink level: a low percentile. */
  ink: number;
  /** Spread of the paper (robust standard deviation): scanner noise. */
  noise: number;
}

export function inkStats(img: GrayImage): InkStats {
  const step = Math.max(1, Math.floor(img.data.length / 400_000));
  const h = histogram(img.data, step);
  const total = Math.ceil(img.data.length / step);
  const paper = percentile(h, total, 0.5);
  const ink = percentile(h, total, 0.003);
  const dev = new Uint32Array(256);
  for (let v = 0; v < 256; v++) dev[Math.abs(v - paper)] += h[v];
  const noise = percentile(dev, total, 0.5) * 1.4826;
  return { paper, ink, noise };
}

/** Pages with clear ink on clean paper go to tesseract as they are. */
export function needsCleaning({ paper, ink, noise }: InkStats): boolean {
  return paper - ink < 110 || noise >= 8;
}

/**
 * Black and white from a faint or noisy page, for tesseract: its own Otsu threshold sits on the
 * paper when ink is scarce and faint, and then every speck of noise becomes a letter (tens of
 * seconds of garbage). `smoothed` is the page blurred with `sigma`; the threshold goes between
 * paper and ink, clear of the noise the blur leaves.
 */
export function binarise(img: GrayImage, smoothed: Uint8Array, stats: InkStats, sigma: number): GrayImage {
  const leftNoise = stats.noise / (2.5 * sigma);
  const threshold = stats.paper - Math.max(4 * leftNoise, (stats.paper - stats.ink) * 0.4);
  const out = new Uint8Array(smoothed.length);
  for (let i = 0; i < out.length; i++) out[i] = smoothed[i] <= threshold ? 0 : 255;
  return { ...img, data: out };
}

/** Blur radius that brings the paper's noise down to a few levels without merging letters. */
export function smoothingSigma(stats: InkStats): number {
  return Math.min(2.5, Math.max(1, stats.noise / 8));
}

/** Turns the image clockwise by a quarter-turn multiple. */
export function rotate(img: GrayImage, turn: QuarterTurn): GrayImage {
  if (turn === 0) return img;
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(data.length);
  if (turn === 180) {
    for (let i = 0, n = data.length; i < n; i++) out[n - 1 - i] = data[i];
    return { ...img, data: out };
  }
  // 90: (x, y) -> (h - 1 - y, x) in a w'=h, h'=w image; 270: (x, y) -> (y, w - 1 - x).
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const v = data[row + x];
      if (turn === 90) out[x * h + (h - 1 - y)] = v;
      else out[(w - 1 - x) * h + y] = v;
    }
  }
  return { ...img, data: out, width: h, height: w };
}
