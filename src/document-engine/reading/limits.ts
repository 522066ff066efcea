// Limits of reading, in one place. The caller passes maxPages, timeoutMs and maxImagePixels; the
// rest are fixed because no honest document comes near them.

export const DEFAULT_TIMEOUT_MS = 60_000;
/** 50 megapixels: an A4 page scanned at 600 dpi is 35. */
export const DEFAULT_MAX_IMAGE_PIXELS = 50_000_000;
/** Largest size one compressed PDF stream may inflate to. */
export const MAX_STREAM_BYTES = 128 * 1024 * 1024;
/** Largest size all inflated streams of one PDF may reach together. */
export const MAX_TOTAL_INFLATED_BYTES = 512 * 1024 * 1024;
/** Largest embedded file (e-invoice XML) read from a PDF. */
export const MAX_EMBEDDED_FILE_BYTES = 20 * 1024 * 1024;
/** Resolution PDF pages without text are rendered at for OCR. */
export const OCR_DPI = 200;
/** Largest rendered or decoded page handed to OCR; bigger ones are scaled down. */
export const MAX_OCR_PIXELS = 12_000_000;
/** Pages whose content stream is scanned for hidden text and white boxes. */
export const FORENSIC_PAGES = 3;
/** Share of the time limit after which no new page is started, so a partial result still comes back. */
export const SOFT_DEADLINE_SHARE = 0.8;
/** A reading that decoded at least this many pixels ends its thread afterwards, returning its memory. */
export const LARGE_READ_PIXELS = 200_000_000;
/** Memory limit of each reading thread's JavaScript heap. */
export const WORKER_HEAP_MB = 512;
