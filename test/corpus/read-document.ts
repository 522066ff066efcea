// Builds ReadDocument values directly from text, as the reading layer would for a text PDF, so the
// engine's pure functions can be tested without files.
import type { PdfForensics, ReadDocument } from '../../src/document-engine/document-model.ts';

export function forensics(overrides: Partial<PdfForensics> = {}): PdfForensics {
  return {
    pdf_version: '1.7',
    revisions: 1,
    producer: 'PDFKit',
    creator: 'PDFKit',
    creation_date: 'D:20261001100000Z',
    modification_date: null,
    xmp_producer: null,
    xmp_creator_tool: null,
    xmp_create_date: null,
    xmp_modify_date: null,
    fonts: [{ name: 'Helvetica', objects: 1, embedded: false }],
    invisible_text_chars: 0,
    white_boxes_over_text: 0,
    has_javascript: false,
    embedded_files: [],
    ...overrides,
  };
}

/** A text PDF's reading: one string per page (lines separated by newlines). */
export function readText(pages: string | string[], overrides: Partial<ReadDocument> = {}): ReadDocument {
  const list = typeof pages === 'string' ? [pages] : pages;
  return {
    mediaType: 'application/pdf',
    pageCount: list.length,
    pages: list.map((text, i) => ({ number: i + 1, text, method: 'text_layer' as const })),
    language: 'en',
    readable: true,
    encrypted: false,
    problems: [],
    einvoice: null,
    forensics: forensics(),
    timings: {},
    ...overrides,
  };
}
