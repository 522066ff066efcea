// Tesseract with Arabic data (@tesseract.js-data/ara) for pages in Arabic script, which the English
// data reads as Latin noise. Its worker is created in a reading thread only when a page first needs
// it (the data is 1.7 MB gzipped, a worker with it and the English data about 80 MB more memory) and kept, like the English one.
// Which pages: those English tesseract reads with low confidence that are not identity pages and not
// Chinese or Japanese, at most ARABIC_PAGES of a document (read-context.ts); the reading is kept only
// when it is clearly more confident and mostly Arabic letters (chooseArabic). OCR_ARABIC=false turns it off.
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';

const require = createRequire(import.meta.url);
const dataFile = (lang: string) => path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int', `${lang}.traineddata.gz`);
/** A folder of links to the Arabic and English data made for this process (removed on close), or null. */
let langDir: string | null = null;

/**
 * The worker's languages and the one folder it reads them from (tesseract.js reads every language
 * from one folder): Arabic and English (Latin words, codes and digits an Arabic page mixes in read
 * far better: measured on an Egyptian invoice, mean confidence 87 against 81, every amount right) from
 * a folder of links to node_modules; Arabic alone from its package when no link can be made.
 */
function languages(): { langs: string; langPath: string } {
  try {
    langDir ??= mkdtempSync(path.join(tmpdir(), 'dossier-tessdata-'));
    for (const lang of ['ara', 'eng']) {
      const link = path.join(langDir, `${lang}.traineddata.gz`);
      if (!existsSync(link)) symlinkSync(dataFile(lang), link);
    }
    return { langs: 'ara+eng', langPath: langDir };
  } catch {
    return { langs: 'ara', langPath: path.dirname(dataFile('ara')) };
  }
}
const CORE_PATH = path.dirname(require.resolve('tesseract.js-core/package.json'));

let enabled = false;
let workerPromise: Promise<TesseractWorker> | null = null;

/** Whether pages may be read with Arabic data in this reading thread (OCR_ARABIC), sent with every document. */
export function configureArabic(on: boolean): void {
  enabled = on;
}

export function arabicEnabled(): boolean {
  return enabled;
}

/** The Arabic worker, created on first use (never given a network path: the data is read from node_modules). */
export function arabicWorker(): Promise<TesseractWorker> {
  const { langs, langPath } = languages();
  workerPromise ??= createWorker(langs, OEM.LSTM_ONLY, { langPath, corePath: CORE_PATH, gzip: true, cacheMethod: 'none' }, { debug_file: '/dev/null' } as Record<string, string>).catch(
    (error: unknown) => {
      workerPromise = null;
      throw error;
    },
  );
  return workerPromise;
}

export async function closeArabicOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (pending) await (await pending.catch(() => null))?.terminate();
  if (langDir) rmSync(langDir, { recursive: true, force: true });
  langDir = null;
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
