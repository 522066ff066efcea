// Timing helpers for the verification benchmark: the pdfjs-only baseline (raw text of every page,
// nothing else), the same with pdfjs set up as the reader sets it up (for the breakdown only),
// percentiles, and a runner that keeps a fixed number of documents in flight.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from '../../src/document-engine/pdfjs.ts';
import { InflateNowStream } from '../../src/document-engine/reading/inflate.ts';
import { MAX_STREAM_BYTES, MAX_TOTAL_INFLATED_BYTES } from '../../src/document-engine/reading/limits.ts';
import { plainCloneInThisThread } from '../../src/document-engine/reading/plain-clone.ts';
import { needsStandardFontData } from '../../src/document-engine/reading/pdf-font-data.ts';
import { PdfFile } from '../../src/document-engine/reading/pdf-objects.ts';
import { openPdf } from '../../src/document-engine/reading/pdf-pages.ts';

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** The font and CMap data the reader gives pdfjs so every PDF's text maps to Unicode. */
const FONT_DATA = { cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep, cMapPacked: true, standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep };

/** Extracts the text of every page, as the baseline does; returns the number of characters. */
async function textChars(pdf: { numPages: number; getPage(n: number): Promise<{ getTextContent(): Promise<{ items: object[] }>; cleanup(): void }> }): Promise<number> {
  let chars = 0;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) chars += (item as { str: string }).str.length;
    page.cleanup();
  }
  return chars;
}

/**
 * Raw text of every page with pdfjs alone, on this thread: the floor a PDF's verification is compared with.
 * `withFontData` gives pdfjs the CMaps and standard-font files the reader uses, for the breakdown.
 */
export async function pdfjsRawText(bytes: Buffer, withFontData = false): Promise<number> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0, disableFontFace: true, useSystemFonts: false, ...(withFontData ? FONT_DATA : {}) });
  try {
    return await textChars(await task.promise);
  } finally {
    await task.destroy();
  }
}

/** Whether the reader would give pdfjs the standard-font files for this PDF (decided by its raw pass, not timed here). */
export function readerWantsFontData(bytes: Buffer): boolean {
  let file: PdfFile | null = null;
  try {
    file = new PdfFile(bytes, { maxStreamBytes: MAX_STREAM_BYTES, maxTotalInflatedBytes: MAX_TOTAL_INFLATED_BYTES });
  } catch {
    file = null;
  }
  return needsStandardFontData(file);
}

/**
 * Raw text of every page with pdfjs set up as a reading thread sets it up: its open parameters and
 * font data (`standardFonts`, from readerWantsFontData), its one pdfjs handler per thread, Flate
 * streams inflated in the thread and pdfjs's messages copied as plain data (the DecompressionStream and
 * structuredClone of this thread are swapped for the reader's for the call). Nothing of the reader's
 * own work: no raw pass, no line assembly, no forensics.
 */
export async function pdfjsAsReader(bytes: Buffer, standardFonts: boolean): Promise<number> {
  const platform = globalThis.DecompressionStream;
  globalThis.DecompressionStream = InflateNowStream as unknown as typeof DecompressionStream;
  const platformClone = plainCloneInThisThread();
  try {
    const { pdf, close } = await openPdf(bytes, 50_000_000, standardFonts);
    try {
      return await textChars(pdf);
    } finally {
      await close();
    }
  } finally {
    globalThis.DecompressionStream = platform;
    platformClone();
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

/** Runs every task with at most `inFlight` at once; returns the wall time in ms. */
export async function throughput(tasks: (() => Promise<unknown>)[], inFlight: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, tasks.length) }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }),
  );
  return performance.now() - started;
}

export const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
