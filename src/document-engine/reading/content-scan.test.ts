// White boxes over text: a word processor's table (cell shading, padding, frames between rows painted
// as one path of many rectangles) is no sign of editing; a white box painted over a figure is.
import { PDFDocument, PDFOperator, StandardFonts, type PDFPage, closePath, fill, lineTo, moveTo, popGraphicsState, pushGraphicsState, rectangle, setFillingRgbColor } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { MAX_STREAM_BYTES, MAX_TOTAL_INFLATED_BYTES } from './limits.ts';
import { mayHideContent, scanContent } from './content-scan.ts';
import { PdfFile } from './pdf-objects.ts';

const rect = (x: number, y: number, w: number, h: number) => [moveTo(x, y), lineTo(x + w, y), lineTo(x + w, y + h), lineTo(x, y + h), closePath()];

/** A statement laid out as a Word table: rows of cells, each painted before its text. */
async function wordTablePdf(options: { edit?: boolean } = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page: PDFPage = pdf.addPage([612, 792]);
  const rows = [
    ['Description', 'Hours', 'Amount'],
    ['Design work', '12', '1,200.00'],
    ['Development', '40', '6,000.00'],
    ['Testing', '10', '900.00'],
    ['Total', '', '8,100.00'],
  ];
  const widths = [260, 100, 140];
  const rowHeight = 22;
  rows.forEach((cells, r) => {
    const y = 700 - r * rowHeight;
    // Light shading of the header row, painted before its text.
    if (r === 0) page.pushOperators(pushGraphicsState(), setFillingRgbColor(0.85, 0.88, 0.95), rectangle(48, y - 4, 500, rowHeight), fill(), popGraphicsState());
    let x = 48;
    cells.forEach((text, c) => {
      // The cell and its padding, white, then the text in it.
      if (r > 0)
        page.pushOperators(
          pushGraphicsState(),
          setFillingRgbColor(1, 1, 1),
          rectangle(x, y - 4, widths[c], rowHeight),
          fill(),
          rectangle(x + 4, y - 2, widths[c] - 8, rowHeight - 4),
          fill(),
          popGraphicsState(),
        );
      if (text) page.drawText(text, { x: x + 6, y, size: 11, font });
      x += widths[c];
    });
    // The frame between rows and the next row's first cell, as one even-odd path: its bounding box
    // spans the row just written, but none of its rectangles covers that row's text.
    if (r > 0 && r < rows.length - 1) {
      page.pushOperators(
        pushGraphicsState(),
        setFillingRgbColor(1, 1, 1),
        ...rect(48, y + rowHeight - 4, 500, 2),
        ...rect(48, y - rowHeight - 4, widths[0], rowHeight),
        PDFOperator.of('f*' as never),
        // A frame: an outer rectangle with the cell inside left as a hole.
        ...rect(44, y - 6, 508, rowHeight + 4),
        ...rect(47, y - 5, 502, rowHeight + 2),
        PDFOperator.of('f*' as never),
        popGraphicsState(),
      );
    }
  });
  if (options.edit) {
    // The figure of the total hidden under a white box and another printed on top.
    page.pushOperators(pushGraphicsState(), setFillingRgbColor(1, 1, 1), rectangle(412, 700 - 4 * rowHeight - 3, 80, 16), fill(), popGraphicsState());
    page.drawText('9,100.00', { x: 414, y: 700 - 4 * rowHeight, size: 11, font });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

function whiteBoxes(bytes: Buffer): number {
  const file = new PdfFile(bytes, { maxStreamBytes: MAX_STREAM_BYTES, maxTotalInflatedBytes: MAX_TOTAL_INFLATED_BYTES });
  let n = 0;
  for (const page of file.pages(1)) {
    const content = file.pageContent(page.dict);
    if (mayHideContent(content)) n += scanContent(file, content, page.resources).whiteBoxesOverText;
  }
  return n;
}

describe('white boxes over text', () => {
  it('sees no edit in a shaded table whose rows are painted as paths of many rectangles', async () => {
    expect(whiteBoxes(await wordTablePdf())).toBe(0);
  });

  it('still counts a white box painted over a figure of the same table', async () => {
    expect(whiteBoxes(await wordTablePdf({ edit: true }))).toBe(1);
  });
});
