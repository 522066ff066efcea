// Timing helpers for the verification benchmark: the pdfjs-only baseline (raw text of every page,
// nothing else), percentiles, and a runner that keeps a fixed number of documents in flight.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from '../../src/verification/pdfjs.ts';

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** The font and CMap data the reader gives pdfjs so every PDF's text maps to Unicode. */
const FONT_DATA = { cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep, cMapPacked: true, standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep };

/**
 * Raw text of every page with pdfjs alone, on this thread: the floor a PDF's verification is compared with.
 * `withFontData` gives pdfjs the CMaps and standard-font files the reader uses, for the breakdown.
 */
export async function pdfjsRawText(bytes: Buffer, withFontData = false): Promise<number> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0, disableFontFace: true, useSystemFonts: false, ...(withFontData ? FONT_DATA : {}) });
  try {
    const pdf = await task.promise;
    let chars = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) if ('str' in item) chars += item.str.length;
      page.cleanup();
    }
    return chars;
  } finally {
    await task.destroy();
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
