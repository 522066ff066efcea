// Reads an image file (PNG, JPEG, TIFF with its pages, WEBP) by OCR, after checking its size from
// the header alone: a 30000×30000 claim or a compressed bomb is refused before any decoding.
import type { ReadDocument } from '../document-model.ts';
import { ImageTooLargeError, decodeImagePage, imageHeader, pngDataInflatesBeyond } from './image.ts';
import { MAX_STREAM_BYTES } from './limits.ts';
import { recognize } from './ocr.ts';
import { capitalise, firstPages, megapixels, pageList, plural, problem, was } from './problems.ts';
import type { ReadContext } from './read-context.ts';

export async function readImage(bytes: Buffer, doc: ReadDocument, ctx: ReadContext): Promise<void> {
  let header;
  try {
    header = await ctx.timeAsync('open', () => imageHeader(bytes));
  } catch {
    doc.problems.push(problem('file_unreadable', 'The file could not be decoded as an image: it is damaged or not an image.'));
    return;
  }
  doc.pageCount = header.pages;
  const pixels = header.width * header.height;
  if (pixels > ctx.maxImagePixels) {
    if (header.format === 'png' && (await ctx.timeAsync('open', () => pngDataInflatesBeyond(bytes, MAX_STREAM_BYTES)))) {
      doc.problems.push(
        problem(
          'decompression_bomb',
          `The image data expands beyond ${Math.round(MAX_STREAM_BYTES / 1048576)} MB (it claims ${header.width}×${header.height} pixels), so it was not decoded (it looks like a decompression bomb).`,
        ),
      );
    } else {
      doc.problems.push(
        problem('image_too_large', `The image is ${header.width}×${header.height} pixels (${megapixels(pixels)}), more than the limit of ${megapixels(ctx.maxImagePixels)}, so it was not read.`),
      );
    }
    return;
  }
  // The reading's budget (pages × pixels), checked from the header before anything is decoded: a
  // 1,000-page TIFF of large pages costs its budget's worth of pages, never more.
  const byPages = Math.min(header.pages, ctx.maxPages);
  const toRead = Math.min(byPages, Math.floor(ctx.maxPixels / Math.max(1, pixels)));
  if (header.pages > byPages && toRead === byPages) doc.problems.push(problem('page_limit_reached', `The image has ${plural(header.pages, 'page')}; only ${firstPages(toRead)} read.`));
  if (toRead < byPages) doc.problems.push(problem('read_budget_reached', budgetSentence(header.pages, toRead, pixels, ctx)));
  doc.decodedPixels = ctx.ocr ? toRead * pixels : 0;
  if (toRead === 0) return;
  const failed: number[] = [];
  const skipped: number[] = [];
  const tooLarge: number[] = [];
  for (let i = 0; i < toRead; i++) {
    const number = i + 1;
    if (!ctx.hasTime()) {
      for (let k = number; k <= toRead; k++) skipped.push(k);
      break;
    }
    if (!ctx.ocr) {
      doc.pages.push({ number, text: '', method: 'none' });
      continue;
    }
    try {
      const ocr = await ctx.page(async () => {
        const image = await ctx.timeAsync('decode', () => decodeImagePage(bytes, i, ctx.maxImagePixels));
        return ctx.timeAsync('ocr', () => recognize(image, ctx.hasTime, ctx.secondEngineBudget, ctx.arabicAllowed, ctx.europeanAllowed));
      });
      doc.pages.push({ number, text: ocr.text, method: 'ocr', ocrConfidence: ocr.confidence, rotation: ocr.rotation, ocrEngines: ocr.engines, words: ocr.placed });
    } catch (error) {
      (error instanceof ImageTooLargeError ? tooLarge : failed).push(number);
      doc.pages.push({ number, text: '', method: 'none' });
    }
  }
  if (tooLarge.length > 0)
    doc.problems.push(
      problem(
        'image_too_large',
        `${capitalise(pageList(tooLarge))} of the image ${tooLarge.length === 1 ? 'is' : 'are'} larger than the limit of ${megapixels(ctx.maxImagePixels)} and ${tooLarge.length === 1 ? 'was' : 'were'} not read.`,
      ),
    );
  const unread = failed.length + tooLarge.length;
  if (unread === toRead) {
    if (failed.length > 0) doc.problems.push(problem('file_unreadable', 'The image could not be decoded: it is damaged.'));
    return;
  }
  doc.readable = true;
  if (failed.length > 0) doc.problems.push(problem('page_unreadable', `${capitalise(pageList(failed))} of the image could not be decoded.`));
  if (skipped.length > 0) doc.problems.push(problem('read_incomplete', `${capitalise(pageList(skipped))} of the image ${was(skipped.length)} not read: the time limit was nearly reached.`));
  if (!ctx.ocr) doc.problems.push(problem('no_text_layer', 'The file is an image and OCR is turned off, so its text was not read.'));
}

/** The finding's sentence for the analyst: what the file would cost, what budget applied, what was read. */
function budgetSentence(pages: number, toRead: number, pixels: number, ctx: ReadContext): string {
  const cost = `The image has ${plural(pages, 'page')} of ${megapixels(pixels)} each (${megapixels(pages * pixels)} in all), more than ${ctx.budgetName()}`;
  return toRead === 0 ? `${cost}, so it was not read.` : `${cost}, so only ${firstPages(toRead)} read.`;
}
