// Text recognition of one page image with tesseract.js and its offline English data. One
// tesseract worker per reading thread, created on first use and kept: creating one costs about
// half a second. Never give tesseract.js a network path: without `langPath` it reaches for a CDN.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { binarise, inkStats, needsCleaning, rotate, smoothingSigma, toPgm, type GrayImage, type QuarterTurn } from './gray-image.ts';
import { guessOrientation, type OrientationGuess } from './orientation.ts';
import { assembleLines, type PlacedText } from './lines.ts';
import { newLines } from './merge-readings.ts';
import { findMrzZone, mayHoldMrz, zoneConfirmed } from './mrz-zone.ts';
import { arabicCandidate, arabicEnabled, arabicWorker, chooseArabic, readingOrder } from './arabic-ocr.ts';
import { chooseEuropean, europeanEnabled, europeanWorker, pageLanguage, tidyGreek } from './european-ocr.ts';
import { readWithSecondEngine, type SecondEngineResult } from './paddle-ocr.ts';
import { prepareForOcr } from './preprocess.ts';
import { startTesseract, type TesseractReader } from './tesseract-worker.ts';

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** Below this mean word confidence a reading is doubtful; another orientation is tried. */
export const LOW_CONFIDENCE = 60;

export interface OcrResult {
  text: string;
  /** The engines that read the page, the one whose reading was kept first (ReadPage.ocrEngines). */
  engines: ('tesseract' | 'paddle')[];
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

let workerPromise: Promise<TesseractReader> | null = null;

function startEnglish(): Promise<TesseractReader> {
  return startTesseract('eng', LANG_PATH).catch((error: unknown) => {
    workerPromise = null;
    throw error;
  });
}

/** This thread's English worker; a new one when the last failed to load or its thread ended. */
async function tesseract(): Promise<TesseractReader> {
  workerPromise ??= startEnglish();
  const worker = await workerPromise;
  if (!worker.dead) return worker;
  workerPromise = startEnglish();
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
/**
 * A word as English tesseract misreads the letters of Central European languages, put back: a cent
 * sign inside a word is a č ("Mati¢na" is "Matična", "ograni¢enom" "ograničenom"), and the legal
 * form of a Croatian, Serbian or Slovenian company read with zeros ("d.0.0.", "d.o.0.") is "d.o.o.".
 */
export function settleOcrWord(text: string): string {
  const word = text.replace(/(?<=\p{L})¢(?=\p{L})/gu, 'č');
  const form = /^([dD])\.[oO0]\.[oO0]\.?([,;]?)$/.exec(word);
  if (!form || !/0/.test(word)) return word;
  return `${form[1]}.${form[1] === 'd' ? 'o.o.' : 'O.O.'}${form[2]}`;
}

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
      out.push({ text: settleOcrWord(word.text), x: word.bbox.x0, y: y - skew * word.bbox.x0, width: word.bbox.x1 - word.bbox.x0, height, confidence });
    }
  }
  return out;
}

async function recognizeOnce(img: GrayImage, turn: QuarterTurn, withWorker: () => Promise<TesseractReader> = tesseract): Promise<Omit<OcrResult, 'cleaned' | 'engines'>> {
  const worker = await withWorker();
  const turned = rotate(img, turn);
  const { data } = await worker.recognize(
    toPgm(turned),
    // tesseract's own resolution guess warns on every PGM; tell it. Inverted-text retries double the time
    // of a page: light text on dark fills is turned dark on light before (dark-fills.ts).
    { user_defined_dpi: String(Math.round(img.dpi ?? 300)), tessedit_do_invert: '0' } as Record<string, string>,
    { text: false, blocks: true },
  );
  const words = placedWords(data.blocks);
  return { text: assembleLines(words), confidence: Math.round(data.confidence ?? 0), rotation: turn, words: words.length, placed: words };
}

/** How a page's reading may use the second engine: its time budget and the hard deadline of the document. */
export interface SecondEngineBudget {
  /** Epoch ms by which the second engine must have finished the page. */
  until: number;
  /** Epoch ms of the document's hard deadline (a held engine slot is given back by then at the latest). */
  hardDeadline: number;
}

/**
 * How much more confident (mean line against mean word confidence, 0–100) the second engine must be
 * for its reading to replace tesseract's: its lines come without tesseract's word boxes and, in Latin
 * script, sometimes without the spaces between words, so a small gain is not worth the layout lost.
 */
export const SECOND_ENGINE_MARGIN = 15;
/** Lines that look like a machine-readable zone: 28 or more characters of A–Z, 0–9 and fillers. */
const ZONE_LINE = /^[A-Z0-9<]{28,46}$/;

/**
 * Reads the text of a page image. The page is turned upright first when its layout says so; when
 * the result is doubtful, the opposite orientation (and then the other axis) is tried while
 * `hasTime()` allows, and the most confident reading is kept. An identity page or a page read with
 * low confidence is read again by the second engine when it is turned on and time allows: its
 * reading replaces tesseract's when it is clearly more confident, and its zone lines are added to
 * the text otherwise (the zone reader keeps the lines whose check digits pass).
 */
export async function recognize(
  page: GrayImage,
  hasTime: () => boolean = () => true,
  secondBudget: () => SecondEngineBudget | null = () => null,
  arabicAllowed: () => boolean = () => false,
  europeanAllowed: () => boolean = () => false,
): Promise<OcrResult> {
  // Light text on dark fills turned dark on light, small print enlarged; words placed back on the page.
  const prepared = await prepareForOcr(page);
  const { image, cleaned } = await clean(prepared.image);
  const guess = guessOrientation(image);
  const tried = new Set<QuarterTurn>();
  let best = await recognizeOnce(image, guess.turn);
  let source = image;
  // Cleaning is a guess made from the page's ink: on a photo or a coloured card with a printed
  // background it can wipe out the letters. A doubtful cleaned reading is compared with the page as it was.
  if (cleaned && best.confidence < LOW_CONFIDENCE && best.words > 0 && hasTime()) {
    const plain = await recognizeOnce(prepared.image, guess.turn);
    if (plain.confidence > best.confidence + 5) {
      best = plain;
      source = prepared.image;
    }
  }
  tried.add(guess.turn);
  const candidates: QuarterTurn[] = [((guess.turn + 180) % 360) as QuarterTurn];
  candidates.push(...([0, 90, 180, 270] as QuarterTurn[]).filter((t) => t !== guess.turn && t !== candidates[0]));
  for (const turn of candidates) {
    // A confident reading needs no second opinion; a page with no words at all has nothing to turn.
    if (best.confidence >= LOW_CONFIDENCE || best.words === 0) break;
    if (tried.size >= 3 || !hasTime()) break;
    tried.add(turn);
    const attempt = await recognizeOnce(source, turn);
    if (acceptTurn(guess, best.confidence, attempt)) best = attempt;
  }
  best = await inItsLanguage(best, source, hasTime, europeanAllowed);
  const identity = mayHoldMrz(best.text);
  // An identity page (or a doubtful one): its machine-readable zone read on its own, its lines added to
  // the text. Where the zone reads upright, the page is upright.
  if ((identity || best.confidence < LOW_CONFIDENCE) && hasTime()) {
    const zone = await findMrzZone(page, [best.rotation, 0], readBand);
    if (zone && zone.turn !== best.rotation) best = await recognizeOnce(source, zone.turn);
    if (zone) best = { ...best, text: `${best.text}\n${zone.lines.join('\n')}` };
  }
  const readCleaned = source !== prepared.image;
  const tesseractResult: OcrResult = { ...best, engines: ['tesseract'], placed: prepared.toPage(best.placed, best.rotation), cleaned: readCleaned };
  if (!(identity || best.confidence < LOW_CONFIDENCE) || !hasTime()) return tesseractResult;
  // A confident page whose zone tesseract read with every check digit passing needs no second opinion.
  if (best.confidence >= LOW_CONFIDENCE && zoneConfirmed(best.text)) return tesseractResult;
  const { chosen, secondText } = await secondEngineReading(tesseractResult, prepared, guess.turn, identity, secondBudget);
  // A doubtful page that is not an identity page nor Chinese or Japanese may be Arabic print: read
  // again with Arabic data (arabic-ocr.ts), 2 pages a document at most. Chinese or Japanese as the
  // second engine read it, whichever reading was kept: tesseract's lines added to its reading (Latin
  // noise, digits) would dilute its script below the share that tells.
  const cjk = secondText !== null && inScriptTesseractLacks(secondText);
  const candidate = arabicCandidate({ englishConfidence: best.confidence, identity, cjk, zone: mayHoldMrz(chosen.text) });
  if (!candidate || !arabicEnabled() || !hasTime() || !arabicAllowed()) return chosen;
  const arabic = await readArabic(source, best.rotation, guess.turn, hasTime);
  if (!arabic || !chooseArabic(best, arabic)) return chosen;
  return { ...arabic, text: readingOrder(arabic.text), engines: ['tesseract'], placed: prepared.toPage(arabic.placed, arabic.rotation), cleaned: readCleaned };
}

/**
 * The second engine's reading of a doubtful or identity page, chosen against tesseract's
 * (chooseReading), tesseract's without it; and the second engine's own text (null when it did not read).
 */
async function secondEngineReading(
  tesseractResult: OcrResult,
  prepared: Awaited<ReturnType<typeof prepareForOcr>>,
  layoutTurn: QuarterTurn,
  identity: boolean,
  secondBudget: () => SecondEngineBudget | null,
): Promise<{ chosen: OcrResult; secondText: string | null }> {
  const second = secondBudget();
  if (!second) return { chosen: tesseractResult, secondText: null };
  const timeoutMs = second.until - Date.now();
  const readAt = (turn: QuarterTurn) =>
    readWithSecondEngine(rotate(prepared.image, turn), { timeoutMs: second.until - Date.now(), waitMs: Math.min(timeoutMs / 2, 10_000), holdUntil: second.hardDeadline });
  let other = await readAt(tesseractResult.rotation);
  let otherTurn = tesseractResult.rotation;
  // Tesseract's turn is evidence only where it read words: on a page in a script it cannot read, its
  // confidence at every turn is noise. A doubtful second reading is tried at the layout's turn too.
  if (other && other.confidence < CONFIDENT_LINE && layoutTurn !== tesseractResult.rotation && second.until - Date.now() > 1000) {
    const atGuess = await readAt(layoutTurn);
    if (atGuess && atGuess.confidence > other.confidence + 5) {
      other = atGuess;
      otherTurn = layoutTurn;
    }
  }
  if (!other) return { chosen: tesseractResult, secondText: null };
  return { chosen: chooseReading(tesseractResult, other, otherTurn, prepared.toPage, tesseractResult.cleaned, identity), secondText: other.text };
}

type Reading = Awaited<ReturnType<typeof recognizeOnce>>;

/**
 * The page read again with its own language's data (european-ocr.ts) when English tesseract's words
 * show another European language, at English tesseract's turn; kept when it measures better
 * (chooseEuropean), English tesseract's reading otherwise.
 */
async function inItsLanguage(best: Reading, image: GrayImage, hasTime: () => boolean, allowed: () => boolean): Promise<Reading> {
  const lang = pageLanguage({ text: best.text, confidence: best.confidence, cjk: false, identity: mayHoldMrz(best.text) });
  if (!lang || !europeanEnabled(lang) || !hasTime() || !allowed()) return best;
  const reading = await recognizeOnce(image, best.rotation, () => europeanWorker(lang)).catch(() => null);
  if (!reading || !chooseEuropean(lang, best, reading)) return best;
  if (lang !== 'el') return reading;
  return { ...reading, text: tidyGreek(reading.text), placed: reading.placed.map((w) => ({ ...w, text: tidyGreek(w.text) })) };
}

/**
 * The page read with Arabic data at tesseract's turn and, when that is doubtful and the layout says
 * otherwise, at the layout's turn (English tesseract's turn is noise on a script it cannot read).
 */
async function readArabic(image: GrayImage, turn: QuarterTurn, layoutTurn: QuarterTurn, hasTime: () => boolean) {
  let best = await recognizeOnce(image, turn, arabicWorker).catch(() => null);
  if (best && best.confidence < LOW_CONFIDENCE && layoutTurn !== turn && hasTime()) {
    const atLayout = await recognizeOnce(image, layoutTurn, arabicWorker).catch(() => null);
    if (atLayout && atLayout.confidence > best.confidence + 5) best = atLayout;
  }
  return best;
}

/**
 * Whether a reading at another turn replaces the best so far: it must be clearly more confident and,
 * when the layout was sure which axis the lines run along, a turn across that axis must also be
 * confident in itself (photos of cards read at low confidence either way, and a quarter turn of
 * noise is not evidence).
 */
export function acceptTurn(guess: OrientationGuess, bestConfidence: number, attempt: { confidence: number; rotation: QuarterTurn }): boolean {
  if (attempt.confidence <= bestConfidence + 5) return false;
  const acrossAxis = attempt.rotation % 180 !== guess.turn % 180;
  return !(acrossAxis && guess.axisSure) || attempt.confidence >= LOW_CONFIDENCE;
}

/**
 * Whether a reading is mostly in a script that tesseract's data here (English) cannot read: Chinese or
 * Japanese characters, which the second engine's model reads. Tesseract's reading of such a page is
 * Latin noise, whatever confidence it claims.
 */
export function inScriptTesseractLacks(text: string): boolean {
  const letters = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  return letters >= 20 && cjk >= 0.3 * letters;
}

/** A line of the second engine read at least this confidently may add to tesseract's reading. */
export const CONFIDENT_LINE = 80;

/**
 * Tesseract's reading or the second engine's, by measured confidence: the second engine's when it
 * reads clearly more confidently (its lines placed by their boxes); tesseract's otherwise. Either way
 * the other engine's lines that say something the kept reading does not follow it: the second
 * engine's zone lines and (on an identity page) its confident lines, or tesseract's lines (which keep the spaces between words
 * that the second engine's Latin lines may lack, and so the labels a classifier or a field looks for).
 */
export function chooseReading(
  tess: OcrResult,
  other: SecondEngineResult,
  otherTurn: QuarterTurn,
  toPage: (words: PlacedText[], turn: QuarterTurn) => PlacedText[],
  cleaned: boolean,
  identity = false,
): OcrResult {
  const lines = other.lines.filter((l) => l.text.trim() !== '');
  const unreadableToTesseract = inScriptTesseractLacks(other.text);
  if (lines.length > 0 && (other.confidence >= tess.confidence + SECOND_ENGINE_MARGIN || unreadableToTesseract)) {
    const placed: PlacedText[] = lines.map((l) => {
      const xs = l.box.map(([x]) => x);
      const ys = l.box.map(([, y]) => y);
      const top = ys.length ? Math.min(...ys) : 0;
      const bottom = ys.length ? Math.max(...ys) : 0;
      const left = xs.length ? Math.min(...xs) : 0;
      return { text: l.text, x: left, y: bottom, width: (xs.length ? Math.max(...xs) : 0) - left, height: Math.max(1, (bottom - top) * 0.7), confidence: l.confidence };
    });
    const text = assembleLines(placed);
    return {
      text: [text, ...newLines(text, tess.text.split('\n'))].join('\n'),
      // The page stays as doubtful as tesseract found it (a check that needs text to be absent is only as
      // sure as the less sure engine: both turn a script they lack into confident-looking noise), except
      // in a script only the second engine reads.
      confidence: unreadableToTesseract ? other.confidence : Math.min(other.confidence, tess.confidence),
      rotation: otherTurn,
      words: placed.length,
      cleaned,
      placed: toPage(placed, otherTurn),
      engines: ['paddle', 'tesseract'],
    };
  }
  const zone = lines.map((l) => l.text.replace(/\s+/g, '')).filter((t) => ZONE_LINE.test(t) && t.includes('<'));
  // On an identity page the labelled fields are few and each counts; elsewhere (an invoice, a bill)
  // tesseract's kept reading is not mixed with a second wording of the same lines.
  const confident = identity
    ? newLines(
        tess.text,
        lines.filter((l) => l.confidence >= CONFIDENT_LINE && !ZONE_LINE.test(l.text.replace(/\s+/g, ''))).map((l) => l.text),
      )
    : [];
  return { ...tess, engines: ['tesseract', 'paddle'], text: [tess.text, ...zone, ...confident].join('\n') };
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
