// Tesseract with Arabic data (@tesseract.js-data/ara) for pages in Arabic script, which the English
// data reads as Latin noise. Its worker is created in a reading thread only when a page first needs
// it (the data is 1.7 MB gzipped; a worker with it and the English data, measured: about 60 MB more
// memory once loaded, about 115 MB once it has read a full A4 page) and
// kept, like the English one. Which pages (arabicCandidate): those English tesseract reads with low
// confidence that are not identity pages and not Chinese or Japanese, at most ARABIC_PAGES of a
// document (read-context.ts); the reading is kept only when it is clearly more confident and mostly
// Arabic letters (chooseArabic). OCR_ARABIC=false turns it off. Whatever fails here (the data, the
// worker, its thread) leaves the page as English tesseract read it: never a failed document.
import { startTesseractWithData, type TesseractReader } from './tesseract-worker.ts';

/**
 * The languages of the worker: Arabic, and English for the Latin words, codes and digits an Arabic
 * page mixes in (measured on an Egyptian invoice: mean confidence 87 against 81 with Arabic alone,
 * every amount right).
 */
const LANGS = ['ara', 'eng'] as const;

let enabled = false;
let workerPromise: Promise<TesseractReader> | null = null;
/** Set when this thread could not start the worker or its thread ended: its pages stay as English tesseract read them. */
let unavailable = false;

/** Whether pages may be read with Arabic data in this reading thread (OCR_ARABIC), sent with every document. */
export function configureArabic(on: boolean): void {
  enabled = on;
}

export function arabicEnabled(): boolean {
  return enabled && !unavailable;
}

/** English tesseract's mean word confidence under which a page may be Arabic print (ocr.ts's LOW_CONFIDENCE). */
export const ARABIC_BELOW = 60;

/**
 * Whether a page is read again with Arabic data: English tesseract doubted it, and it is neither an
 * identity page (nor a photo of one whose zone only the second engine read) nor a page the second
 * engine read as Chinese or Japanese (Arabic print reads to it as confident Latin noise, so its
 * confidence alone says nothing).
 */
export function arabicCandidate(page: { englishConfidence: number; identity: boolean; cjk: boolean; zone: boolean }): boolean {
  return page.englishConfidence < ARABIC_BELOW && !page.identity && !page.cjk && !page.zone;
}

/** The worker with Arabic and English data, started on first use (startTesseractWithData). */
export async function arabicWorker(): Promise<TesseractReader> {
  if (unavailable) throw new Error('tesseract with Arabic data is not available in this thread');
  workerPromise ??= startArabic().catch((error: unknown) => {
    unavailable = true;
    workerPromise = null;
    throw error;
  });
  const worker = await workerPromise;
  if (!worker.dead) return worker;
  unavailable = true;
  workerPromise = null;
  throw new Error("tesseract's Arabic worker ended");
}

function startArabic(): Promise<TesseractReader> {
  return startTesseractWithData(LANGS);
}

export async function closeArabicOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  unavailable = false;
  if (pending) await (await pending.catch(() => null))?.terminate();
}

/** How much more confident (mean word confidence, 0–100) the Arabic reading must be to replace the English one. */
export const ARABIC_MARGIN = 15;

/** Share of a reading's letters that are Arabic script (0 when it has fewer than 20 letters). */
export function arabicShare(text: string): number {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 20) return 0;
  return (text.match(/\p{Script=Arabic}/gu)?.length ?? 0) / letters;
}

/**
 * Whether the Arabic reading replaces English tesseract's: clearly more confident (ARABIC_MARGIN) and
 * mostly Arabic letters. English print read by the Arabic data comes back as Arabic letters at low
 * confidence, or as Latin letters (the English data within it) no more confident than before.
 */
export function chooseArabic(english: { confidence: number }, arabic: { confidence: number; text: string }): boolean {
  return arabic.confidence >= english.confidence + ARABIC_MARGIN && arabicShare(arabic.text) >= 0.5;
}

const ARABIC_WORD = /\p{Script=Arabic}/u;

/**
 * Tesseract's reading in reading order: tesseract gives the words of a line left to right, an Arabic
 * line is read right to left ("الفاتورة: رقم" is "رقم الفاتورة:"), as the text layers' Arabic is put
 * (extract/arabic-text.ts). A line mostly in Arabic letters has its cells (between tabs) turned round,
 * and in each cell mostly in Arabic letters the words, a run of words without Arabic letters ("10:29 PM", "INV-7 / 2") keeping its own order. The
 * direction marks tesseract puts round Latin words are dropped.
 */
export function readingOrder(text: string): string {
  return text
    .replace(/[\u200E\u200F]/g, '')
    .split('\n')
    .map((line) => {
      const cells = line.split('\t').map(cellInReadingOrder);
      // A line mostly in Arabic is read from its rightmost cell: a label before the value left of it.
      return (mostlyArabic(line) ? cells.reverse() : cells).join('\t');
    })
    .join('\n');
}

function mostlyArabic(s: string): boolean {
  const arabic = s.match(/\p{Script=Arabic}/gu)?.length ?? 0;
  return arabic > 0 && arabic > (s.match(/\p{Script=Latin}/gu)?.length ?? 0);
}

function cellInReadingOrder(cell: string): string {
  if (!mostlyArabic(cell)) return cell;
  const runs: string[][] = [];
  for (const word of cell.split(' ').filter((w) => w !== '')) {
    const last = runs.at(-1);
    if (!ARABIC_WORD.test(word) && last && !ARABIC_WORD.test(last[0])) last.push(word);
    else runs.push([word]);
  }
  return runs
    .reverse()
    .map((run) => run.join(' '))
    .join(' ');
}
