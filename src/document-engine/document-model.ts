// What reading a document produces, and what classification, extraction, rules and tamper checks
// consume. Reading (src/verification/reading/) fills it from the bytes; everything after it is
// pure over this model, so it can be tested and benchmarked without files.

import type { Finding } from '../findings/catalogue.ts';

export type { Finding, Severity } from '../findings/catalogue.ts';

export type ReadMethod = 'text_layer' | 'ocr' | 'none';

/**
 * A piece of text where it stands on the page: an OCR word or a text-layer item. Units are the
 * page's own (PDF points, image pixels), x growing rightwards and y downwards.
 */
export interface PageWord {
  text: string;
  /** Left edge. */
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  /** Roughly the font size. */
  height: number;
  /** OCR confidence of the word, 0–100; absent for a text layer. */
  confidence?: number;
}

export interface ReadPage {
  /** 1-based page number. */
  number: number;
  text: string;
  method: ReadMethod;
  /** Mean OCR word confidence, 0–100, when the page was read by OCR. */
  ocrConfidence?: number;
  /** Degrees the page image was turned before OCR (0, 90, 180, 270). */
  rotation?: number;
  /**
   * The OCR engines that read the page, the one whose reading was kept first: ['tesseract'],
   * ['tesseract', 'paddle'] (the second engine was asked; tesseract's text kept, with any zone
   * lines the second engine read) or ['paddle', 'tesseract'] (the second engine's reading kept).
   */
  ocrEngines?: ('tesseract' | 'paddle')[];
  /**
   * The page's words with their boxes, for extraction that needs the layout (a label over its value
   * in a table). Used while extracting only; never stored nor returned.
   */
  words?: PageWord[];
}

export interface PartyFacts {
  name: string | null;
  address: string | null;
  registration_number: string | null;
  vat_id: string | null;
  iban: string | null;
  country_code: string | null;
  /** An e-mail address printed in the party's own block, when there is one. */
  email?: string;
}

export interface LineItem {
  description: string;
  quantity: number | null;
  unit_price: string | null;
  amount: string | null;
}

/** Fields of an e-invoice (Factur-X / ZUGFeRD CII, or XRechnung UBL) embedded in a PDF. */
export interface EInvoiceFacts {
  syntax: 'CII' | 'UBL';
  profile: string | null;
  invoice_number: string | null;
  type_code: string | null;
  issue_date: string | null;
  due_date: string | null;
  currency: string | null;
  seller: PartyFacts;
  buyer: PartyFacts;
  /** Decimal strings, exactly as written in the XML. */
  net_total: string | null;
  tax_total: string | null;
  grand_total: string | null;
  due_payable: string | null;
  lines: LineItem[];
  /** Name of the embedded file it came from (factur-x.xml, zugferd-invoice.xml, xrechnung.xml). */
  source_file: string;
}

/** Raw structural facts of a PDF, for tamper signals. */
export interface PdfForensics {
  pdf_version: string | null;
  /** Number of %%EOF markers: 1 for a file written once, more for incremental updates. */
  revisions: number;
  /**
   * Incremental updates that end where a digital signature's byte range ends: saves that sealed the
   * file (a registry's stamp and signature), not edits after it was sealed. Absent when not counted.
   */
  signed_updates?: number;
  producer: string | null;
  creator: string | null;
  creation_date: string | null;
  modification_date: string | null;
  xmp_producer: string | null;
  xmp_creator_tool: string | null;
  xmp_create_date: string | null;
  xmp_modify_date: string | null;
  /** Font base names as written, with how many font objects carry each (subset prefixes removed). */
  fonts: { name: string; objects: number; embedded: boolean }[];
  /** Text drawn in rendering mode 3 (invisible) or outside the page, in characters. */
  invisible_text_chars: number;
  /** Filled white rectangles drawn over areas that also hold text. */
  white_boxes_over_text: number;
  has_javascript: boolean;
  embedded_files: string[];
}

export interface ReadDocument {
  mediaType: string;
  pageCount: number | null;
  pages: ReadPage[];
  /** ISO 639-1 code of the main language, when it can be told. */
  language: string | null;
  readable: boolean;
  encrypted: boolean;
  /** Findings about the file itself (unreadable, encrypted, page limit, OCR quality…). */
  problems: Finding[];
  einvoice: EInvoiceFacts | null;
  forensics: PdfForensics | null;
  /** Milliseconds spent reading, per stage. */
  timings: Record<string, number>;
  /** Pixels decoded for OCR (images: pages read × pixels per page); what the reading cost, counted against its budgets. */
  decodedPixels?: number;
}

/** Text of all pages, joined with form feeds between pages. */
export function fullText(doc: ReadDocument): string {
  return doc.pages.map((p) => p.text).join('\n\f\n');
}
