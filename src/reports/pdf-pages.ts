// The PDF file as a whole: creation with fixed metadata, collecting the bytes, and the running
// header and "page N of M" footer written on every page once the page count is known.
import PDFDocument from 'pdfkit';
import { COLOR, type Doc, FONT, MARGINS, contentWidth, pdfSafe, rowRule, setFont } from './pdf-layout.ts';
import { registerFonts } from './pdf-fonts.ts';
import { parseTimestamp } from './report-view.ts';

export interface PdfMeta {
  title: string;
  subject: string;
  generatedAt: string;
}

export function createPdf(meta: PdfMeta): Doc {
  const info: PDFKit.DocumentInfo = { Title: meta.title, Author: 'Dossier', Creator: 'Dossier', Subject: meta.subject };
  // pdfkit otherwise stamps the current time and derives the file ID from the info, which would make
  // two renderings of the same report differ. An unparsable date keeps pdfkit's default.
  const created = parseTimestamp(meta.generatedAt);
  if (created) info.CreationDate = created;
  // bufferPages keeps every page open so the "page N of M" footers can be written once M is known.
  const doc = new PDFDocument({ size: 'A4', margins: MARGINS, bufferPages: true, info, lang: 'en', displayTitle: true });
  registerFonts(doc);
  return doc;
}

/** Resolves with the finished file; listeners go on before anything is drawn so no chunk is missed. */
export function collectPdf(doc: Doc): { finish: () => Promise<Buffer> } {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    finish: () => {
      doc.end();
      return done;
    },
  };
}

function fitWidth(doc: Doc, text: string, width: number): string {
  let fitted = pdfSafe(text);
  if (doc.widthOfString(fitted) <= width) return fitted;
  while (fitted.length > 1 && doc.widthOfString(`${fitted}…`) > width) fitted = fitted.slice(0, -1);
  return `${fitted}…`;
}

export interface Running {
  title: string;
  left: string;
  right: string;
  footer: string;
}

/** Writes the running header and "page N of M" footer on every buffered page. */
export function decoratePages(doc: Doc, running: Running): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Text below the bottom margin would make pdfkit open a new page; lift the margin meanwhile.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const left = doc.page.margins.left;
    const width = contentWidth(doc);
    setFont(doc, FONT.bold, 8, COLOR.text);
    doc.text(fitWidth(doc, running.title, width), left, 24, { lineBreak: false });
    setFont(doc, FONT.regular, 7.5, COLOR.muted);
    doc.text(fitWidth(doc, running.left, width / 2), left, 36, { lineBreak: false });
    const right = fitWidth(doc, running.right, width / 2);
    doc.text(right, left + width - doc.widthOfString(right), 36, { lineBreak: false });
    rowRule(doc, 48);
    const footerY = doc.page.height - 42;
    rowRule(doc, footerY - 6);
    setFont(doc, FONT.regular, 7.5, COLOR.muted);
    doc.text(fitWidth(doc, running.footer, width * 0.75), left, footerY, { lineBreak: false });
    const pageLabel = `page ${i - range.start + 1} of ${range.count}`;
    doc.text(pageLabel, left + width - doc.widthOfString(pageLabel), footerY, { lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}
