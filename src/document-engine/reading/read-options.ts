// What a reading is asked to do, and the document it returns when nothing could be read. Kept
// apart from the readers so the entry point (index.ts) loads no PDF, image or OCR library.
import type { ReadDocument } from '../document-model.ts';
import type { AcceptedMediaType } from './sniff.ts';

export interface ReadOptions {
  /** Pages read at most; the rest is reported with page_limit_reached. */
  maxPages: number;
  /** Hard limit for the whole reading (default 60 s); the reading thread is stopped past it. */
  timeoutMs?: number;
  /** OCR for images and pages without text (default true). */
  ocr?: boolean;
  /** Largest image accepted, in pixels (default 50 million). */
  maxImagePixels?: number;
  /**
   * What these bytes were already found to be (sniffed once, at upload); reading then trusts it
   * instead of telling the type from the bytes again.
   */
  sniffed?: AcceptedMediaType;
  /** Budget of the whole reading in megapixels decoded (pages × pixels per page); pages beyond it are not decoded (read_budget_reached). Default: no budget. */
  maxMegapixels?: number;
  /** Why the budget is what it is, for the finding: the document's own limit, or what its conversation or API client has left. */
  budgetOf?: 'document' | 'conversation' | 'client';
}

export function emptyDocument(mediaType: string): ReadDocument {
  return { mediaType, pageCount: null, pages: [], language: null, readable: false, encrypted: false, problems: [], einvoice: null, forensics: null, timings: {} };
}

export function baseMediaType(mediaType: string): string {
  return mediaType.split(';')[0].trim().toLowerCase();
}
