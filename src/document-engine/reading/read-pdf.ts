// Reads a PDF: the raw pass first (bombs, oversized images, structure), then pdfjs for the text
// layer page by page, OCR for pages without usable text (and for pictures under a thin text layer,
// merged with it), the embedded e-invoice, and forensics.
import type { PDFDocumentProxy } from '../pdfjs.ts';
import type { ReadDocument, ReadPage } from '../document-model.ts';
import { eInvoiceFromAttachments, type Attachment } from './einvoice.ts';
import { embeddedFiles, pdfForensics, type EmbeddedFile } from './forensics.ts';
import { MAX_EMBEDDED_FILE_BYTES, MAX_STREAM_BYTES, MAX_TOTAL_INFLATED_BYTES, OCR_DPI } from './limits.ts';
import { recognize } from './ocr.ts';
import { needsStandardFontData } from './pdf-font-data.ts';
import { PdfFile, type PdfPage } from './pdf-objects.ts';
import { openPdf, readPageText, renderPage, renderPixels } from './pdf-pages.ts';
import { imageCoverage, pageMayHoldImages, scanImageOfPage } from './pdf-scan-image.ts';
import { assembleLines } from './lines.ts';
import { mergePlaced, mergeTexts } from './merge-readings.ts';
import { PdfString, nameOf, pdfTextString } from './pdf-syntax.ts';
import { capitalise, firstPages, megapixels, pageList, plural, problem, was } from './problems.ts';
import type { ReadContext } from './read-context.ts';
import { xfaFormLines } from './xfa-data.ts';

/** Fewer visible characters than this on a page means it is a scan (or a picture of text). */
const MIN_TEXT_CHARS = 16;
/** Above this share of unmappable characters the text layer is noise and OCR reads better. */
const MAX_GARBLED_SHARE = 0.3;
/** Fewer visible characters than this over a picture that covers the page is a header or footer, not the content. */
const THIN_TEXT_CHARS = 200;
/** Share of the page pictures must cover for a thin text layer to be read by OCR as well. */
const PICTURE_PAGE_COVERAGE = 0.5;

function rawPass(bytes: Buffer): PdfFile | null {
  try {
    return new PdfFile(bytes, { maxStreamBytes: MAX_STREAM_BYTES, maxTotalInflatedBytes: MAX_TOTAL_INFLATED_BYTES });
  } catch {
    // pdfjs has the last word on damaged files; forensics just get less.
    return null;
  }
}

function oversizedImages(file: PdfFile, maxPixels: number): number[] {
  const sizes: number[] = [];
  for (const [, dict] of file.dicts()) {
    if (nameOf(dict.get('Subtype')) !== 'Image') continue;
    const w = file.resolve(dict.get('Width'));
    const h = file.resolve(dict.get('Height'));
    if (typeof w === 'number' && typeof h === 'number' && w * h > maxPixels) sizes.push(w * h);
  }
  return sizes;
}

async function attachmentsOf(file: PdfFile | null, embedded: EmbeddedFile[], pdf: PDFDocumentProxy): Promise<Attachment[]> {
  if (file && !file.encrypted) {
    return embedded.map((f) => {
      let data: Buffer | null = null;
      try {
        data = file.streamData(f.stream, MAX_EMBEDDED_FILE_BYTES);
      } catch {
        data = null;
      }
      return { name: f.name, data };
    });
  }
  // Encrypted with an empty password: only pdfjs can decrypt the attachments.
  const found = ((await pdf.getAttachments().catch(() => null)) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
  return Object.values(found).map((a) => ({
    name: a.filename,
    data: a.content.length <= MAX_EMBEDDED_FILE_BYTES ? Buffer.from(a.content) : null,
  }));
}

const INFO_STRINGS = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'CreationDate', 'ModDate'];

/**
 * The Info dictionary's strings as pdfjs's getMetadata() gives them, read from the raw pass (which
 * has already parsed the objects) rather than asked of pdfjs. Not for encrypted files: their
 * strings are encrypted too.
 */
export function rawInfo(file: PdfFile): Record<string, unknown> {
  const info: Record<string, unknown> = {};
  const dict = file.dict(file.trailer.get('Info'));
  for (const key of INFO_STRINGS) {
    const value = file.resolve(dict?.get(key));
    if (value instanceof PdfString) info[key] = pdfTextString(value.bytes);
  }
  return info;
}

/** The catalog's XMP packet, read directly: pdfjs drops packets its strict parser dislikes. */
function rawXmp(file: PdfFile | null): string | null {
  if (!file || file.encrypted) return null;
  try {
    const data = file.streamData(file.objectOf(file.dict(file.trailer.get('Root'))?.get('Metadata')), MAX_EMBEDDED_FILE_BYTES);
    return data ? data.toString('utf8').replace(/^\uFEFF/, '') : null;
  } catch {
    return null;
  }
}

interface PageResult {
  page: ReadPage;
  outsideChars: number;
  failed?: boolean;
  /** A page that needed OCR while OCR is turned off. */
  noText?: boolean;
  /** A page that needed OCR beyond the reading's pixel budget. */
  overBudget?: boolean;
}

/** One page: its text layer, or OCR of its scan when the layer is empty, unreadable or thin over a picture. */
async function readPage(pdf: PDFDocumentProxy, n: number, file: PdfFile | null, raw: PdfPage | undefined, ctx: ReadContext): Promise<PageResult> {
  let layer;
  try {
    layer = await ctx.timeAsync('text', () => readPageText(pdf, n));
  } catch {
    return { page: { number: n, text: '', method: 'none' }, outsideChars: 0, failed: true };
  }
  const { outsideChars } = layer;
  const garbled = layer.garbledShare > MAX_GARBLED_SHARE;
  const fromLayer: ReadPage = { number: n, text: layer.text, method: layer.chars > 0 ? 'text_layer' : 'none', ...(layer.placed.length > 0 ? { words: layer.placed } : {}) };
  // A short text layer on a page with no picture is all there is to read (a cover, a blank back).
  const scanLikely = () => layer.chars === 0 || garbled || !raw || !file || pageMayHoldImages(file, raw.dict, raw.resources);
  // A thin text layer over a picture that fills the page (a browser's header on a printed photo, a scan
  // app's footer) is not the page's content: the picture is read by OCR too.
  const thinOverPicture = () =>
    layer.chars < THIN_TEXT_CHARS &&
    !!raw &&
    !!file &&
    !file.encrypted &&
    pageMayHoldImages(file, raw.dict, raw.resources) &&
    ctx.time('scan', () => imageCoverage(file, raw.dict, raw.resources)) >= PICTURE_PAGE_COVERAGE;
  if (!garbled && (layer.chars >= MIN_TEXT_CHARS ? !ctx.ocr || !thinOverPicture() : !scanLikely())) return { page: { ...fromLayer, method: 'text_layer' }, outsideChars };
  if (!ctx.ocr) return { page: fromLayer, outsideChars, noText: true };
  try {
    // The budget of decoded pixels, checked before decoding: the page as rendered for OCR must fit
    // in what is left, and its scan is taken as it is only when that fits too.
    const left = ctx.pixelsLeft;
    if ((await ctx.timeAsync('render', () => renderPixels(pdf, n, OCR_DPI))) > left) return { page: fromLayer, outsideChars, overBudget: true };
    const scan =
      raw && file
        ? await ctx.timeAsync('render', () => scanImageOfPage(file, raw.dict, raw.resources, layer.rotation, Math.min(ctx.maxImagePixels, left), layer.chars > 0 && !garbled).catch(() => null))
        : null;
    const image = scan ?? (await ctx.timeAsync('render', () => renderPage(pdf, n, OCR_DPI)));
    ctx.decodedPixels += image.width * image.height;
    const ocr = await ctx.timeAsync('ocr', () => recognize(image, ctx.hasTime, ctx.secondEngineBudget, ctx.arabicAllowed, ctx.europeanAllowed));
    if (ocr.text.replace(/\s/g, '').length < layer.chars) return { page: fromLayer, outsideChars };
    const read = { number: n, method: 'ocr' as const, ocrConfidence: ocr.confidence, rotation: ocr.rotation, ocrEngines: ocr.engines };
    if (layer.chars === 0 || garbled) return { page: { ...read, text: ocr.text, words: ocr.placed }, outsideChars };
    // Both readings: the text layer where it has text, OCR elsewhere, placed together when OCR kept the page upright.
    if (ocr.rotation !== 0) return { page: { ...read, text: mergeTexts(layer.text, ocr.text), words: ocr.placed }, outsideChars };
    const words = mergePlaced(layer.placed, ocr.placed, 72 / (image.dpi ?? OCR_DPI));
    return { page: { ...read, text: assembleLines(words), words }, outsideChars };
  } catch {
    return { page: fromLayer, outsideChars, failed: layer.chars === 0 };
  }
}

export async function readPdf(bytes: Buffer, doc: ReadDocument, ctx: ReadContext): Promise<void> {
  const file = ctx.time('scan', () => rawPass(bytes));
  if (file?.bomb) {
    doc.problems.push(
      problem('decompression_bomb', `A compressed stream of the PDF expands beyond ${Math.round(file.bomb.limitBytes / 1048576)} MB, so the file was not read (it looks like a decompression bomb).`),
    );
    return;
  }
  if (file) {
    const big = oversizedImages(file, ctx.maxImagePixels);
    if (big.length > 0) {
      doc.problems.push(
        problem(
          'image_too_large',
          `The PDF holds ${plural(big.length, 'image')} larger than the limit of ${megapixels(ctx.maxImagePixels)} (the largest is ${megapixels(Math.max(...big))}); ${big.length === 1 ? 'it was' : 'they were'} skipped.`,
        ),
      );
    }
  }

  let opened;
  try {
    opened = await ctx.timeAsync('open', () =>
      openPdf(
        bytes,
        ctx.maxImagePixels,
        ctx.time('scan', () => needsStandardFontData(file)),
      ),
    );
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    if (name === 'PasswordException') {
      doc.encrypted = true;
      doc.problems.push(problem('file_encrypted', 'The PDF is protected by a password, so its content could not be read.'));
    } else {
      doc.problems.push(problem('file_unreadable', 'The file could not be opened as a PDF: it is damaged or not a PDF.'));
    }
    return;
  }
  const { pdf } = opened;
  try {
    doc.pageCount = pdf.numPages;
    // The raw pass already holds the Info dictionary and the XMP packet: pdfjs is asked for them only
    // when it cannot read them (an encrypted or damaged file, a packet in an encoding it does not inflate).
    const readable = file !== null && !file.encrypted;
    const xmp = ctx.time('metadata', () => rawXmp(file));
    const askPdfjs = !readable || (xmp === null && file.dict(file.trailer.get('Root'))?.has('Metadata') === true);
    const metadata = askPdfjs ? await ctx.timeAsync('metadata', () => pdf.getMetadata().catch(() => null)) : null;
    const info = (metadata?.info as Record<string, unknown> | undefined) ?? (readable ? ctx.time('metadata', () => rawInfo(file)) : {});
    // An Encrypt dictionary on a file that opened without a password means its user password is empty.
    if (info.EncryptFilterName != null || file?.encrypted) {
      doc.encrypted = true;
      doc.problems.push(problem('file_encrypted_no_password', 'The PDF is encrypted with an empty password: it could be read, but it may restrict copying or printing.'));
    }
    const toRead = Math.min(pdf.numPages, ctx.maxPages);
    if (pdf.numPages > toRead) {
      doc.problems.push(problem('page_limit_reached', `The PDF has ${plural(pdf.numPages, 'page')}; only ${firstPages(toRead)} read.`));
    }
    const failed: number[] = [];
    const skipped: number[] = [];
    const noText: number[] = [];
    const overBudget: number[] = [];
    let outsideChars = 0;
    // The raw pass's view of the pages, for the scan fast path; only when it agrees with pdfjs.
    const listed = file ? ctx.time('scan', () => file.pages(toRead)) : null;
    const rawPages = listed && (listed.length === toRead || listed.length === pdf.numPages) ? listed : null;
    for (let n = 1; n <= toRead; n++) {
      if (!ctx.hasTime()) {
        for (let k = n; k <= toRead; k++) skipped.push(k);
        break;
      }
      const result = await ctx.page(() => readPage(pdf, n, file, rawPages?.[n - 1], ctx));
      doc.pages.push(result.page);
      outsideChars += result.outsideChars;
      if (result.failed) failed.push(n);
      if (result.noText) noText.push(n);
      if (result.overBudget) overBudget.push(n);
    }
    if (ctx.ocr) doc.decodedPixels = ctx.decodedPixels;
    if (overBudget.length > 0) {
      const spent = ctx.decodedPixels > 0 ? ` after the ${megapixels(ctx.decodedPixels)} decoded for the pages before` : '';
      const them = overBudget.length === 1 ? { need: 'needs', it: 'it was' } : { need: 'need', it: 'they were' };
      doc.problems.push(
        problem(
          'read_budget_reached',
          `${capitalise(pageList(overBudget))} of the PDF ${them.need} OCR, which would decode more pixels than ${ctx.budgetName()} allows${spent}, so ${them.it} not read.`,
        ),
      );
    }
    if (failed.length > 0 && failed.length === toRead) {
      doc.problems.push(problem('file_unreadable', `None of the ${plural(toRead, 'page')} of the PDF could be read.`));
    } else {
      doc.readable = true;
      if (failed.length > 0) doc.problems.push(problem('page_unreadable', `${capitalise(pageList(failed))} of the PDF could not be read.`));
    }
    if (skipped.length > 0) doc.problems.push(problem('read_incomplete', `${capitalise(pageList(skipped))} of the PDF ${was(skipped.length)} not read: the time limit was nearly reached.`));
    if (noText.length > 0)
      doc.problems.push(
        problem(
          'no_text_layer',
          `${capitalise(pageList(noText))} of the PDF ${noText.length === 1 ? 'has' : 'have'} no text layer and OCR is turned off, so ${noText.length === 1 ? 'its' : 'their'} text was not read.`,
        ),
      );

    // A filled XFA form whose values the page content does not draw: they are read from its data.
    const formLines = file && doc.pages[0] ? ctx.time('scan', () => xfaFormLines(file)) : [];
    const missing = formLines.filter((l) => !doc.pages[0].text.includes(l.slice(l.indexOf(': ') + 2)));
    if (missing.length > 0) doc.pages[0] = { ...doc.pages[0], text: `${doc.pages[0].text}\n${missing.join('\n')}` };

    const embedded = file ? ctx.time('einvoice', () => embeddedFiles(file)) : [];
    const attachments = await ctx.timeAsync('einvoice', () => attachmentsOf(file, embedded, pdf));
    doc.einvoice = attachments.length > 0 ? ctx.time('einvoice', () => eInvoiceFromAttachments(attachments)) : null;
    doc.forensics = ctx.time('forensics', () =>
      pdfForensics({ file, info, xmp: xmp ?? metadata?.metadata?.getRaw() ?? null, outsideChars, embedded, attachmentNames: attachments.map((a) => a.name) }),
    );
  } finally {
    await ctx.cleanup('close', () => opened.close().catch(() => {}));
  }
}
