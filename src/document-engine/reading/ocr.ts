// Text recognition of one page image with tesseract.js and its offline English data. One
// tesseract worker per reading thread, created on first use and kept: creating one costs about
// half a second. Never give tesseract.js a network path: without `langPath` it reaches for a CDN.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import sharp from 'sharp';
import { binarise, inkStats, needsCleaning, rotate, smoothingSigma, toPgm, type GrayImage, type QuarterTurn } from './gray-image.ts';
import { guessOrientation } from './orientation.ts';
import { assembleLines, type PlacedText } from './lines.ts';
import { findMrzZone, mayHoldMrz } from './mrz-zone.ts';
import { prepareForOcr } from './preprocess.ts';

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const CORE_PATH = path.dirname(require.resolve('tesseract.js-core/package.json'));

/** Below this mean word confidence a reading is doubtful; another orientation is tried. */
export const LOW_CONFIDENCE = 60;

export interface OcrResult {
  text: string;
  /** Mean word confidence, 0–100. */
  confidence: number;
  /** Clockwise degrees the image was turned before recognition. */
  rotation: QuarterTurn;
  words: number;
  /** Whether the page was denoised and thresholded before OCR (faint or noisy scans). */
  cleaned: boolean;
  /** The words with their boxes, in pixels of the upright image. */
  placed: PlacedText[];
}

let workerPromise: Promise<TesseractWorker> | null = null;

function tesseract(): Promise<TesseractWorker> {
  workerPromise ??= createWorker(
    'eng',
    OEM.LSTM_ONLY,
    {
      langPath: LANG_PATH,
      corePath: CORE_PATH,
      gzip: true,
      // The data is read from node_modules; never written to a cache folder in the working directory.
      cacheMethod: 'none',
      // tesseract's diagnostics ("Image too small to scale!!") would go to the process's stderr.
    },
    { debug_file: '/dev/null' } as Record<string, string>,
  ).catch((error: unknown) => {
    workerPromise = null;
    throw error;
  });
  return workerPromise;
}

export async function closeOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (pending) await (await pending.catch(() => null))?.terminate();
}

interface TessWord {
  text: string;
  confidence?: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface TessLine {
  words: TessWord[];
  bbox: { x0: number; y0: number; x1: number; y1: number };
  baseline?: { x0: number; y0: number; x1: number; y1: number; has_baseline?: boolean };
}
interface TessBlock {
  paragraphs: { lines: TessLine[] }[];
}

/** The page's skew, from the baselines of its longer lines (tesseract reads slightly skewed lines well). */
function skewOf(lines: TessLine[]): number {
  const slopes = lines
    .map((l) => l.baseline)
    .filter((b): b is NonNullable<TessLine['baseline']> => !!b && b.has_baseline !== false && b.x1 - b.x0 > 150)
    .map((b) => (b.y1 - b.y0) / (b.x1 - b.x0))
    .sort((a, b) => a - b);
  return slopes.length === 0 ? 0 : slopes[Math.floor(slopes.length / 2)];
}

/**
 * Words placed on their line's baseline, with the page's skew taken out, so a label and a value
 * far apart on one row (which tesseract may put in separate blocks) come back on one line.
 */
function placedWords(blocks: TessBlock[] | null | undefined): PlacedText[] {
  const lines = (blocks ?? []).flatMap((b) => (b.paragraphs ?? []).flatMap((p) => p.lines ?? []));
  const skew = skewOf(lines);
  const out: PlacedText[] = [];
  for (const line of lines) {
    const height = Math.max(1, (line.bbox.y1 - line.bbox.y0) * 0.7);
    const b = line.baseline;
    for (const word of line.words ?? []) {
      let y = line.bbox.y1;
      if (b && b.has_baseline !== false && b.x1 !== b.x0) y = b.y0 + ((b.y1 - b.y0) * (word.bbox.x0 - b.x0)) / (b.x1 - b.x0);
      const confidence = typeof word.confidence === 'number' ? Math.round(word.confidence) : undefined;
      out.push({ text: word.text, x: word.bbox.x0, y: y - skew * word.bbox.x0, width: word.bbox.x1 - word.bbox.x0, height, confidence });
    }
  }
  return out;
}

async function recognizeOnce(img: GrayImage, turn: QuarterTurn): Promise<Omit<OcrResult, 'cleaned'>> {
  const worker = await tesseract();
  const turned = rotate(img, turn);
  const { data } = await worker.recognize(
    toPgm(turned),
    // tesseract's own resolution guess warns on every PGM; tell it. Inverted-text retries double the time
    // of a page: light text on dark fills is turned dark on light before (dark-fills.ts).
    { user_defined_dpi: String(Math.round(img.dpi ?? 300)), tessedit_do_invert: '0' } as Record<string, string>,
    { text: false, blocks: true },
  );
  const words = placedWords(data.blocks as unknown as TessBlock[]);
  return { text: assembleLines(words), confidence: Math.round(data.confidence ?? 0), rotation: turn, words: words.length, placed: words };
}

/**
 * Reads the text of a page image. The page is turned upright first when its layout says so; when
 * the result is doubtful, the opposite orientation (and then the other axis) is tried while
 * `hasTime()` allows, and the most confident reading is kept.
 */
export async function recognize(page: GrayImage, hasTime: () => boolean = () => true): Promise<OcrResult> {
  // Light text on dark fills turned dark on light, small print enlarged; words placed back on the page.
  const prepared = await prepareForOcr(page);
  const { image, cleaned } = await clean(prepared.image);
  const guess = guessOrientation(image);
  const tried = new Set<QuarterTurn>();
  let best = await recognizeOnce(image, guess.turn);
  tried.add(guess.turn);
  const candidates: QuarterTurn[] = [((guess.turn + 180) % 360) as QuarterTurn];
  candidates.push(...([0, 90, 180, 270] as QuarterTurn[]).filter((t) => t !== guess.turn && t !== candidates[0]));
  for (const turn of candidates) {
    // A confident reading needs no second opinion; a page with no words at all has nothing to turn.
    if (best.confidence >= LOW_CONFIDENCE || best.words === 0) break;
    if (tried.size >= 3 || !hasTime()) break;
    tried.add(turn);
    const attempt = await recognizeOnce(image, turn);
    if (attempt.confidence > best.confidence + 5) best = attempt;
  }
  // An identity page (or a doubtful one): its machine-readable zone read on its own, its lines added to
  // the text. Where the zone reads upright, the page is upright.
  if ((mayHoldMrz(best.text) || best.confidence < LOW_CONFIDENCE) && hasTime()) {
    const zone = await findMrzZone(page, [best.rotation, 0], readBand);
    if (zone && zone.turn !== best.rotation) best = await recognizeOnce(image, zone.turn);
    if (zone) best = { ...best, text: `${best.text}\n${zone.lines.join('\n')}` };
  }
  return { ...best, placed: prepared.toPage(best.placed, best.rotation), cleaned };
}

async function readBand(png: Buffer, params: Record<string, string>): Promise<string> {
  const { data } = await (await tesseract()).recognize(png, params, { text: true });
  return data.text ?? '';
}

async function clean(page: GrayImage): Promise<{ image: GrayImage; cleaned: boolean }> {
  const stats = inkStats(page);
  if (!needsCleaning(stats)) return { image: page, cleaned: false };
  const sigma = smoothingSigma(stats);
  const blurred = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { image: binarise(page, new Uint8Array(blurred.buffer, blurred.byteOffset, blurred.length), stats, sigma), cleaned: true };
}
