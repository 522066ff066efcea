// pdfjs for what it does best: opening the document (passwords, broken cross-reference tables),
// the text layer of each page in reading order, and rendering pages without text for OCR.
import { PDFWorker, getDocument, type PDFDocumentProxy, type PDFPageProxy } from '../pdfjs.ts';
import type { GrayImage } from './gray-image.ts';
import { assembleLines, type PlacedText } from './lines.ts';
import { MAX_OCR_PIXELS } from './limits.ts';
import { CachedBinaryDataFactory, CMAP_URL, STANDARD_FONT_DATA_URL } from './pdf-font-data.ts';

type DocumentInitParameters = Extract<Parameters<typeof getDocument>[0], { data?: unknown }>;

export interface OpenedPdf {
  pdf: PDFDocumentProxy;
  close(): Promise<void>;
}

/**
 * pdfjs's "worker" (on Node, a message handler in this same thread), set up once per thread rather
 * than once per document; each document still gets its own handler on it, and its own clean-up.
 */
let sharedWorker: InstanceType<typeof PDFWorker> | null = null;

function pdfWorker(): InstanceType<typeof PDFWorker> {
  if (!sharedWorker || sharedWorker.destroyed) sharedWorker = new PDFWorker({ verbosity: 0 });
  return sharedWorker;
}

/**
 * Opens a PDF; rejects with pdfjs's PasswordException, InvalidPDFException and the like.
 * `standardFonts: false` leaves out the standard-font files (see needsStandardFontData).
 */
export async function openPdf(bytes: Buffer, maxImagePixels: number, standardFonts = true): Promise<OpenedPdf> {
  const params: DocumentInitParameters & { isEvalSupported: boolean } = {
    // pdfjs transfers (detaches) the buffer it is given; the caller's Buffer must stay usable.
    data: new Uint8Array(bytes),
    verbosity: 0,
    disableFontFace: true,
    isEvalSupported: false,
    useSystemFonts: false,
    cMapUrl: CMAP_URL,
    cMapPacked: true,
    standardFontDataUrl: standardFonts ? STANDARD_FONT_DATA_URL : undefined,
    BinaryDataFactory: CachedBinaryDataFactory,
    // Images above the limit are skipped rather than decoded.
    maxImageSize: maxImagePixels,
    enableXfa: false,
    worker: pdfWorker(),
  };
  const task = getDocument(params);
  try {
    const pdf = await task.promise;
    return { pdf, close: () => task.destroy() };
  } catch (error) {
    await task.destroy().catch(() => {});
    throw error;
  }
}

export interface PageText {
  text: string;
  /** Non-space characters in the text layer. */
  chars: number;
  /** Characters placed outside the visible page box. */
  outsideChars: number;
  /** Share of characters that map to nothing readable (no ToUnicode, private use area). */
  garbledShare: number;
  /** The page's /Rotate, in clockwise degrees. */
  rotation: number;
  /** The text items of the page's main direction, placed upright (points, y downwards). */
  placed: PlacedText[];
}

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
}

/** White space as JavaScript's `\s` and trim() have it. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** A character that maps to nothing readable: a control code, the private use area, the replacement character. */
function isGarbled(c: number): boolean {
  return c <= 0x08 || (c >= 0x0e && c <= 0x1f) || (c >= 0xe000 && c <= 0xf8ff) || c === 0xfffd;
}

/** An item's characters other than white space, and how many of its characters are garbled; one pass, no copies. */
function charCounts(s: string): { visible: number; garbled: number } {
  let visible = 0;
  let garbled = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!isSpace(c)) visible++;
    if (isGarbled(c)) garbled++;
  }
  return { visible, garbled };
}

export async function readPageText(pdf: PDFDocumentProxy, pageNumber: number): Promise<PageText> {
  const page = await pdf.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const kept: { item: { str: string; width: number }; m: Matrix; turn: number; n: number }[] = [];
    const charsByTurn = [0, 0, 0, 0];
    let chars = 0;
    let outsideChars = 0;
    let garbled = 0;
    const margin = 2;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const counts = charCounts(item.str);
      if (counts.visible === 0) continue;
      const n = counts.visible;
      chars += n;
      garbled += counts.garbled;
      const m = multiply(viewport.transform as Matrix, item.transform as Matrix);
      if (m[4] < -margin || m[5] < -margin || m[4] > viewport.width + margin || m[5] > viewport.height + margin) {
        outsideChars += n;
        continue;
      }
      // Which way the text runs as shown: 0 right, 1 down, 2 left, 3 up (quarter turns).
      const turn = (Math.round(Math.atan2(m[1], m[0]) / (Math.PI / 2)) + 4) % 4;
      charsByTurn[turn] += n;
      kept.push({ item, m, turn, n });
    }
    // Lines follow the page's main text direction (a sideways-scanned page fixed with /Rotate still
    // reads in its own order); text running another way (a margin note, a stamp) comes last.
    const main = charsByTurn.indexOf(Math.max(...charsByTurn));
    const placed: PlacedText[] = [];
    const sideways: string[] = [];
    for (const { item, m, turn } of kept) {
      if (turn !== main) {
        sideways.push(item.str.trim());
        continue;
      }
      const [x, y] = main === 0 ? [m[4], m[5]] : main === 1 ? [m[5], -m[4]] : main === 2 ? [-m[4], -m[5]] : [-m[5], m[4]];
      // Upright coordinates grow downwards; pdfjs's viewport already turns y so.
      placed.push({ text: item.str, x, y, width: item.width, height: Math.hypot(m[2], m[3]) || 1 });
    }
    let text = assembleLines(placed);
    if (sideways.length > 0) text += (text ? '\n' : '') + sideways.join('\n');
    return { text, chars, outsideChars, garbledShare: chars === 0 ? 0 : garbled / chars, rotation: page.rotate, placed };
  } finally {
    page.cleanup();
  }
}

/** The scale a page is rendered at for `dpi`: less for a huge page, so it stays within MAX_OCR_PIXELS. */
function renderScale(page: PDFPageProxy, dpi: number): number {
  const base = page.getViewport({ scale: 1 });
  const scale = dpi / 72;
  const pixels = base.width * base.height * scale * scale;
  return pixels > MAX_OCR_PIXELS ? scale * Math.sqrt(MAX_OCR_PIXELS / pixels) : scale;
}

/** How many pixels renderPage would decode for this page at `dpi`, without rendering it. */
export async function renderPixels(pdf: PDFDocumentProxy, pageNumber: number, dpi: number): Promise<number> {
  const page: PDFPageProxy = await pdf.getPage(pageNumber);
  const viewport = page.getViewport({ scale: renderScale(page, dpi) });
  return Math.max(1, Math.floor(viewport.width)) * Math.max(1, Math.floor(viewport.height));
}

/** Renders a page on white at `dpi` (less if the page is huge) as grayscale pixels. */
export async function renderPage(pdf: PDFDocumentProxy, pageNumber: number, dpi: number): Promise<GrayImage> {
  const page: PDFPageProxy = await pdf.getPage(pageNumber);
  try {
    const scale = renderScale(page, dpi);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    // pdfjs-dist brings its own @napi-rs/canvas and polyfills Path2D and ImageData from it; a canvas
    // from another copy of the library (the app's) mixes two native libraries and crashes.
    // Its canvas and context are @napi-rs/canvas's, which implement what pdf.js draws with (the DOM's canvas types, as render() asks).
    const factory = pdf.canvasFactory as { create(w: number, h: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } };
    const { canvas, context: ctx } = factory.create(width, height);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    await page.render({
      canvas,
      canvasContext: ctx,
      viewport,
      background: '#ffffff',
    }).promise;
    const rgba = ctx.getImageData(0, 0, width, height).data;
    const gray = new Uint8Array(width * height);
    for (let i = 0, j = 0; j < gray.length; i += 4, j++) gray[j] = (rgba[i] * 77 + rgba[i + 1] * 150 + rgba[i + 2] * 29) >> 8;
    return { data: gray, width, height, dpi: Math.round(scale * 72) };
  } finally {
    page.cleanup();
  }
}
