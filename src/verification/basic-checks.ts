// First checks run on every uploaded document: can it be opened, is it encrypted, does it carry text,
// and does the client's company name appear in it. Only PDFs are opened; images wait for OCR.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { getDocument, type PDFDocumentProxy } from './pdfjs.ts';
import { findCompanyName, type NameMatch } from './names.ts';

export type Severity = 'info' | 'warning' | 'critical';
export interface CheckFinding {
  code: string;
  severity: Severity;
  text: string;
}
export interface CheckInput {
  bytes: Buffer;
  mediaType: string;
  fileName: string;
  companyFullName: string;
  maxPages: number;
}
export interface CheckOutput {
  findings: CheckFinding[];
  readable: boolean;
  encrypted: boolean;
  pageCount: number | null;
  textLength: number;
  rejected: boolean;
  extracted: Record<string, unknown>;
}
export interface CheckOptions {
  /** Upper bound for the whole check; the promise rejects with CheckTimeoutError after it. */
  timeoutMs?: number;
}

export class CheckTimeoutError extends Error {
  constructor(
    readonly fileName: string,
    readonly timeoutMs: number,
  ) {
    super(`The basic checks of "${fileName}" did not finish within ${timeoutMs} ms`);
    this.name = 'CheckTimeoutError';
  }
}

export const DEFAULT_CHECK_TIMEOUT_MS = 20_000;

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/tiff', 'image/webp']);

// Findings are listed in this order whatever order the checks ran in, so reports and tests are stable.
const CODE_ORDER = [
  'file_unreadable',
  'file_encrypted',
  'file_encrypted_no_password',
  'text_not_read',
  'page_limit_reached',
  'no_text_layer',
  'company_name_absent',
  'company_name_without_legal_form',
];

// The legacy build's typings re-export pdfjs-dist but not this parameter type.
type DocumentInitParameters = Extract<Parameters<typeof getDocument>[0], { data?: unknown }>;

// Metadata comes from the uploader; keep what we store small.
const MAX_META_LENGTH = 500;

// Without these, pdfjs cannot map text in PDFs that use non-embedded CJK or standard fonts.
const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const CMAP_URL = path.join(pdfjsRoot, 'cmaps') + path.sep;
const STANDARD_FONT_DATA_URL = path.join(pdfjsRoot, 'standard_fonts') + path.sep;

function sortFindings(findings: CheckFinding[]): CheckFinding[] {
  const rank = (code: string) => {
    const i = CODE_ORDER.indexOf(code);
    return i === -1 ? CODE_ORDER.length : i;
  };
  return findings.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f.code) - rank(b.f.code) || a.i - b.i).map(({ f }) => f);
}

function metaString(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, MAX_META_LENGTH);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function baseMediaType(mediaType: string): string {
  return mediaType.split(';')[0].trim().toLowerCase();
}

function emptyOutput(): CheckOutput {
  return {
    findings: [],
    readable: false,
    encrypted: false,
    pageCount: null,
    textLength: 0,
    rejected: false,
    extracted: {
      page_count: null,
      text_length: 0,
      pages_read: 0,
      producer: null,
      creator: null,
      title: null,
      company_name_match: null,
    },
  };
}

function unreadable(out: CheckOutput, text: string, reason: string): CheckOutput {
  out.findings.push({ code: 'file_unreadable', severity: 'critical', text });
  out.readable = false;
  out.rejected = true;
  out.extracted.unreadable_reason = reason;
  return out;
}

async function checkImage(input: CheckInput, mediaType: string): Promise<CheckOutput> {
  const out = emptyOutput();
  // The declared type comes from the upload; make sure the bytes really are an image before calling it readable.
  const sniffed = await fileTypeFromBuffer(input.bytes);
  if (!sniffed || !IMAGE_TYPES.has(sniffed.mime)) {
    return unreadable(
      out,
      `The file "${input.fileName}" is declared as ${mediaType} but its content is not a readable image.`,
      `content detected as ${sniffed?.mime ?? 'unknown'}`,
    );
  }
  out.readable = true;
  out.extracted.detected_media_type = sniffed.mime;
  out.findings.push({
    code: 'text_not_read',
    severity: 'info',
    text:
      `The text of the image "${input.fileName}" (${sniffed.mime}) is not read yet, so the company name ` +
      `"${input.companyFullName}" could not be looked for in it; text recognition (OCR) will come later.`,
  });
  return out;
}

/** Joins text items the way pdf.js's own search does: pdfjs already puts spaces inside items, lines end with hasEOL. */
async function pageText(pdf: PDFDocumentProxy, pageNumber: number): Promise<string> {
  const page = await pdf.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str;
      if (item.hasEOL) text += '\n';
    }
    return text;
  } finally {
    page.cleanup();
  }
}

async function checkPdf(input: CheckInput, isCancelled: () => boolean, onTask: (destroy: () => Promise<void>) => void): Promise<CheckOutput> {
  const out = emptyOutput();
  const params: DocumentInitParameters & { isEvalSupported: boolean } = {
    // pdfjs transfers (detaches) the buffer it is given; the caller's Buffer must stay usable.
    data: new Uint8Array(input.bytes),
    verbosity: 0,
    disableFontFace: true,
    // pdfjs 5 dropped this option (it no longer evaluates code from PDFs); kept so an older pdfjs stays safe.
    isEvalSupported: false,
    useSystemFonts: false,
    cMapUrl: CMAP_URL,
    cMapPacked: true,
    standardFontDataUrl: STANDARD_FONT_DATA_URL,
  };
  const task = getDocument(params);
  onTask(() => task.destroy());
  try {
    let pdf: PDFDocumentProxy;
    try {
      pdf = await task.promise;
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      const message = error instanceof Error ? error.message : String(error);
      if (name === 'PasswordException') {
        out.encrypted = true;
        out.rejected = true;
        out.extracted.unreadable_reason = `${name}: ${message}`;
        out.findings.push({
          code: 'file_encrypted',
          severity: 'critical',
          text: `The file "${input.fileName}" is protected by a password, so its content could not be read.`,
        });
        return out;
      }
      return unreadable(out, `The file "${input.fileName}" could not be opened as a PDF, so none of its content could be checked.`, `${name}: ${message}`);
    }

    out.readable = true;
    out.pageCount = pdf.numPages;
    out.extracted.page_count = pdf.numPages;

    const { info } = await pdf.getMetadata();
    const meta = (info ?? {}) as Record<string, unknown>;
    out.extracted.producer = metaString(meta.Producer);
    out.extracted.creator = metaString(meta.Creator);
    out.extracted.title = metaString(meta.Title);
    // An Encrypt dictionary on a file that opened without a password means its user password is empty.
    if (meta.EncryptFilterName != null) {
      out.encrypted = true;
      out.findings.push({
        code: 'file_encrypted_no_password',
        severity: 'warning',
        text: `The file "${input.fileName}" is encrypted with an empty password, so it could be read but may restrict copying or printing.`,
      });
    }

    // A limit below one page would make every PDF look empty.
    const maxPages = Number.isFinite(input.maxPages) ? Math.max(1, Math.floor(input.maxPages)) : 1;
    const toRead = Math.min(pdf.numPages, maxPages);
    if (pdf.numPages > toRead) {
      out.findings.push({
        code: 'page_limit_reached',
        severity: 'info',
        text: `The file "${input.fileName}" has ${plural(pdf.numPages, 'page')} but only the first ${plural(toRead, 'page')} were read.`,
      });
    }

    let text = '';
    let pagesRead = 0;
    let pagesFailed = 0;
    for (let n = 1; n <= toRead; n++) {
      if (isCancelled()) break;
      try {
        text += (await pageText(pdf, n)) + '\n';
        pagesRead++;
      } catch {
        // One broken page should not hide the text of the others.
        pagesFailed++;
      }
    }
    out.extracted.pages_read = pagesRead;
    if (pagesFailed > 0) out.extracted.pages_unreadable = pagesFailed;

    if (toRead > 0 && pagesRead === 0) {
      return unreadable(out, `None of the ${plural(toRead, 'page')} of "${input.fileName}" could be read.`, 'every page failed to load');
    }

    const textLength = text.replace(/\s+/g, ' ').trim().length;
    out.textLength = textLength;
    out.extracted.text_length = textLength;

    if (textLength === 0) {
      out.rejected = true;
      out.findings.push({
        code: 'no_text_layer',
        severity: 'warning',
        text: `The ${plural(pagesRead, 'page')} read from "${input.fileName}" ${pagesRead === 1 ? 'has' : 'have'} no text, so the document looks scanned and its text could not be read.`,
      });
      return out;
    }

    if (input.companyFullName.trim() !== '') {
      const match: NameMatch = findCompanyName(text, input.companyFullName);
      out.extracted.company_name_match = match;
      if (match === 'absent') {
        out.findings.push({
          code: 'company_name_absent',
          severity: 'warning',
          text: `The company name "${input.companyFullName}" was not found in the text of the ${plural(pagesRead, 'page')} read from "${input.fileName}".`,
        });
      } else if (match === 'without_legal_form') {
        out.findings.push({
          code: 'company_name_without_legal_form',
          severity: 'info',
          text: `The company name "${input.companyFullName}" appears in "${input.fileName}" only without its legal form or with a different one.`,
        });
      }
    }
    return out;
  } finally {
    await task.destroy();
  }
}

export async function runBasicChecks(input: CheckInput, options: CheckOptions = {}): Promise<CheckOutput> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const mediaType = baseMediaType(input.mediaType);

  let cancelled = false;
  let destroyTask: (() => Promise<void>) | null = null;
  let timer: NodeJS.Timeout | undefined;

  const work = (async (): Promise<CheckOutput> => {
    if (mediaType === 'application/pdf') {
      return checkPdf(
        input,
        () => cancelled,
        (destroy) => {
          destroyTask = destroy;
        },
      );
    }
    if (IMAGE_TYPES.has(mediaType)) return checkImage(input, mediaType);
    return unreadable(
      emptyOutput(),
      `The file "${input.fileName}" has the media type ${mediaType || 'unknown'}, which the checks cannot read.`,
      `unsupported media type ${mediaType || 'unknown'}`,
    );
  })();

  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      cancelled = true;
      // Stops pdfjs's pending work; the rejection of `work` that follows is deliberately ignored.
      void (destroyTask as (() => Promise<void>) | null)?.().catch(() => {});
      reject(new CheckTimeoutError(input.fileName, timeoutMs));
    }, timeoutMs);
  });
  work.catch(() => {});

  try {
    const out = await Promise.race([work, timeout]);
    out.findings = sortFindings(out.findings);
    return out;
  } finally {
    clearTimeout(timer);
  }
}
