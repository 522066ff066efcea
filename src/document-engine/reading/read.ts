// Reading in the current thread: from file bytes to a ReadDocument. The worker threads of the
// reading pool call this; everything else calls readDocument() (index.ts), which isolates it.
import { sniffMediaType } from './sniff.ts';
import { fullText, type ReadDocument } from '../document-model.ts';
import { detectLanguage } from './language.ts';
import { DEFAULT_MAX_IMAGE_PIXELS } from './limits.ts';
import { LOW_CONFIDENCE } from './ocr.ts';
import { zoneConfirmed } from './mrz-zone.ts';
import { capitalise, pageList, problem, sortProblems } from './problems.ts';
import { ReadContext } from './read-context.ts';
import { readImage } from './read-image.ts';
import { readPdf } from './read-pdf.ts';
import { baseMediaType, emptyDocument, type ReadOptions } from './read-options.ts';

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const PDF = { accepted: 'application/pdf' as const, detected: 'application/pdf' };

/** A file that starts with the PDF header is a PDF (so sniffMediaType says too), without asking it. */
function startsWithPdfHeader(bytes: Buffer): boolean {
  return bytes.length >= PDF_HEADER.length && bytes.subarray(0, PDF_HEADER.length).equals(PDF_HEADER);
}

/**
 * Reads here, with no isolation. Past `deadlines.soft` (epoch ms) no new page is started, nor one
 * that would not finish before `deadlines.hard`; nothing here interrupts a page once started.
 * With `cleanup`, the clean-up that need not precede the answer (closing pdfjs's document) is added
 * to it for the caller to run, rather than done before returning.
 */
export async function readHere(bytes: Buffer, mediaType: string, opts: ReadOptions, deadlines = { soft: Infinity, hard: Infinity }, cleanup?: (() => Promise<void>)[]): Promise<ReadDocument> {
  const started = performance.now();
  const doc = emptyDocument(baseMediaType(mediaType));
  const ctx = new ReadContext(
    {
      maxPages: opts.maxPages,
      ocr: opts.ocr !== false,
      maxImagePixels: opts.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS,
      maxPixels: opts.maxMegapixels === undefined ? undefined : opts.maxMegapixels * 1e6,
      budgetOf: opts.budgetOf,
      softDeadline: deadlines.soft,
      deadline: deadlines.hard,
    },
    doc.timings,
  );
  if (cleanup) ctx.deferredCleanup = cleanup;
  try {
    if (bytes.length === 0) {
      doc.problems.push(problem('file_unreadable', 'The file is empty (0 bytes).'));
      return doc;
    }
    // What the bytes are decides how they are read; the declared type only names the file.
    const { accepted, detected } = opts.sniffed ? { accepted: opts.sniffed, detected: opts.sniffed } : startsWithPdfHeader(bytes) ? PDF : await ctx.timeAsync('sniff', () => sniffMediaType(bytes));
    if (!accepted) {
      doc.problems.push(problem('file_unreadable', `The content of the file is not a PDF, PNG, JPEG, TIFF or WEBP document (it looks like ${detected ?? 'unknown data'}).`));
      return doc;
    }
    doc.mediaType = accepted;
    if (accepted === 'application/pdf') await readPdf(bytes, doc, ctx);
    else await readImage(bytes, doc, ctx);

    // A page whose machine-readable zone passes its check digits is confirmed, not doubtful.
    const doubtful = doc.pages.filter((p) => p.method === 'ocr' && (p.ocrConfidence ?? 0) < LOW_CONFIDENCE && p.text.trim() !== '' && !zoneConfirmed(p.text));
    if (doubtful.length > 0) {
      const lowest = Math.min(...doubtful.map((p) => p.ocrConfidence ?? 0));
      doc.problems.push(
        problem(
          'ocr_low_confidence',
          `${capitalise(pageList(doubtful.map((p) => p.number)))} ${doubtful.length === 1 ? 'was' : 'were'} recognised with low confidence (${lowest}% at worst); the text may contain errors.`,
        ),
      );
    }
    doc.language = ctx.time('language', () => detectLanguage(fullText(doc)));
    return doc;
  } finally {
    doc.problems = sortProblems(doc.problems);
    doc.timings.total = Math.round((performance.now() - started) * 10) / 10;
  }
}
