// Draws corpus documents as text PDFs with pdfkit, and remembers where each piece of text went so an
// edit can cover it exactly.
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { CorpusDoc, Line } from './model.ts';

export interface Placed {
  text: string;
  page: number;
  /** PDF user space: x from the left, y of the baseline from the bottom, in points. */
  x: number;
  y: number;
  width: number;
  size: number;
}

export interface RenderedPdf {
  bytes: Buffer;
  placed: Placed[];
}

export const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const BODY = 10;

/** Letters the standard fonts' WinAnsi encoding lacks (Greek, Turkish, Czech, Romanian…): drawn in an embedded font. */
const BEYOND_WIN_ANSI = /[^\x00-\xff€ŠšŒœŽžŸƒ–—‘’‚“”„†‡•…‰‹›™ˆ˜]/;
const DEJAVU = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

function fontOf(doc: PDFKit.PDFDocument, l: Line): void {
  const wide = BEYOND_WIN_ANSI.test(l.text ?? '') || (l.cols ?? []).some(([, t]) => BEYOND_WIN_ANSI.test(t));
  const font = wide ? path.join(DEJAVU, l.bold ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf') : l.mono ? 'Courier' : l.bold ? 'Helvetica-Bold' : 'Helvetica';
  doc.font(font).fontSize(l.size ?? BODY);
}

export function renderPdf(d: CorpusDoc): Promise<RenderedPdf> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { Title: d.meta.title, Producer: d.meta.producer, Creator: d.meta.creator, CreationDate: new Date(`${d.meta.created}T09:30:00Z`) },
  });
  const placed: Placed[] = [];
  d.pages.forEach((lines, p) => {
    doc.addPage({ size: 'A4', margin: PAGE.margin });
    let y = PAGE.margin;
    for (const l of lines) {
      fontOf(doc, l);
      const size = l.size ?? BODY;
      y += l.gap ?? 0;
      if (l.cols) {
        for (const [x, t] of l.cols) {
          doc.text(t, x, y, { lineBreak: false });
          placed.push({ text: t, page: p + 1, x, y: PAGE.height - y - size * 0.8, width: doc.widthOfString(t), size });
        }
        y += size * 1.45;
      } else {
        const t = l.text ?? '';
        const width = PAGE.width - 2 * PAGE.margin;
        const h = doc.heightOfString(t, { width });
        doc.text(t, PAGE.margin, y, { width });
        placed.push({ text: t, page: p + 1, x: PAGE.margin, y: PAGE.height - y - size * 0.8, width: Math.min(width, doc.widthOfString(t)), size });
        y += Math.max(h, size * 1.2) + size * 0.25;
      }
    }
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve({ bytes: Buffer.concat(chunks), placed }));
    doc.on('error', reject);
    doc.end();
  });
}

/** The text a perfect reader would get: one line per drawn line, columns separated by tabs. */
export function idealText(d: CorpusDoc): string[] {
  return d.pages.map((lines) => lines.map((l) => (l.cols ? l.cols.map(([, t]) => t).join('\t') : (l.text ?? ''))).join('\n'));
}
