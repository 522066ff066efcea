// Drawing helpers shared by the PDF reports: page geometry, text the embedded fonts can draw,
// headings, key/value and column tables that break across pages, and severity marks.
import { FONT, canDraw } from './pdf-fonts.ts';
import type { Fact } from './report-view.ts';

export { FONT };

export type Doc = PDFKit.PDFDocument;

export const MARGINS = { top: 66, bottom: 60, left: 50, right: 50 };

export const COLOR = {
  text: '#1a1a1a',
  muted: '#4a4a4a',
  rule: '#c4cad3',
  labelFill: '#f3f4f6',
  headFill: '#e6e9ee',
  link: '#0b57a4',
};

export interface MarkStyle {
  fill: string;
  text: string;
  border: string;
}

/** Same palette as the web report; the mark always carries its word too. */
export const MARK_STYLE: Record<string, MarkStyle> = {
  critical: { fill: '#fde2e2', text: '#7f1010', border: '#b42318' },
  warning: { fill: '#fef0c7', text: '#5c3a00', border: '#b54708' },
  info: { fill: '#e0ecfb', text: '#0b3d7a', border: '#1f5fae' },
  low: { fill: '#dcf3e4', text: '#0f5132', border: '#1e7b45' },
  neutral: { fill: '#eef0f3', text: '#1a1a1a', border: '#667085' },
  rejected: { fill: '#1a1a1a', text: '#ffffff', border: '#1a1a1a' },
};

const BODY_SIZE = 9;
const LINE_GAP = 1.5;
const CELL_PAD_X = 5;
const CELL_PAD_Y = 4;

/**
 * Text as the embedded DejaVu fonts can draw it: control characters go, tabs become spaces, and a
 * character without a glyph (CJK, for instance) loses its accent if that helps, else becomes "?",
 * so a report never shows empty boxes.
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += ' ';
    else if (/[\p{Cc}\p{Cf}]/u.test(ch)) continue;
    else if (canDraw(ch)) out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base.length > 0 && [...base].every(canDraw) ? base : '?';
    }
  }
  return out;
}

export function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function bottomLimit(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

function pageContentHeight(doc: Doc): number {
  return bottomLimit(doc) - doc.page.margins.top;
}

/** Starts a new page unless `height` points still fit; returns whether it did. */
export function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottomLimit(doc)) return false;
  doc.addPage();
  return true;
}

export function setFont(doc: Doc, font: string, size: number, color = COLOR.text): void {
  doc.font(font).fontSize(size).fillColor(color);
}

export function measure(doc: Doc, text: string, width: number): number {
  return doc.heightOfString(pdfSafe(text), { width, lineGap: LINE_GAP });
}

export interface ParagraphOptions {
  font?: string;
  size?: number;
  color?: string;
  indent?: number;
  gapAfter?: number;
  link?: string;
}

/** Wrapped text at the left margin (plus indent) that flows onto new pages by itself. */
export function paragraph(doc: Doc, text: string, opts: ParagraphOptions = {}): void {
  const indent = opts.indent ?? 0;
  setFont(doc, opts.font ?? FONT.regular, opts.size ?? BODY_SIZE, opts.link ? COLOR.link : (opts.color ?? COLOR.text));
  const width = contentWidth(doc) - indent;
  doc.text(pdfSafe(text), doc.page.margins.left + indent, doc.y, {
    width,
    lineGap: LINE_GAP,
    link: opts.link ?? null,
    underline: Boolean(opts.link),
  });
  doc.x = doc.page.margins.left;
  doc.y += opts.gapAfter ?? 0;
}

const HEADING = {
  1: { size: 14, before: 14, after: 6 },
  2: { size: 11.5, before: 10, after: 4 },
  3: { size: 10, before: 8, after: 3 },
} as const;

export interface HeadingOptions {
  /** Points of what follows that must fit on the same page, so a heading never ends a page. */
  keepWith?: number;
  /** Bookmark parent; level-1 headings go to the document outline unless told otherwise. */
  outline?: PDFKit.PDFOutline | null;
}

/** Adds a bookmark for the text about to be drawn; returns it so later bookmarks can nest. */
export function bookmark(parent: PDFKit.PDFOutline, text: string): PDFKit.PDFOutline {
  return parent.addItem(pdfSafe(text));
}

export function heading(doc: Doc, text: string, level: 1 | 2 | 3, opts: HeadingOptions = {}): void {
  const style = HEADING[level];
  setFont(doc, FONT.bold, style.size);
  const height = measure(doc, text, contentWidth(doc));
  const newPage = ensureSpace(doc, style.before + height + style.after + (opts.keepWith ?? 50));
  if (!newPage && doc.y > doc.page.margins.top) doc.y += style.before;
  const outline = opts.outline === undefined ? (level === 1 ? doc.outline : null) : opts.outline;
  if (outline) bookmark(outline, text);
  paragraph(doc, text, { font: FONT.bold, size: style.size });
  if (level === 1) {
    const x = doc.page.margins.left;
    doc
      .moveTo(x, doc.y + 1)
      .lineTo(x + contentWidth(doc), doc.y + 1)
      .lineWidth(1)
      .strokeColor(COLOR.rule)
      .stroke();
  }
  doc.y += style.after;
}

/** A small rounded label such as CRITICAL; returns its width. Never breaks the page. */
export function drawMark(doc: Doc, label: string, style: MarkStyle, x: number, y: number, minWidth = 0): number {
  setFont(doc, FONT.bold, 7);
  const text = pdfSafe(label.toUpperCase());
  const width = Math.max(minWidth, doc.widthOfString(text) + 8);
  const [savedX, savedY] = [doc.x, doc.y];
  doc.roundedRect(x, y, width, 11, 2).lineWidth(0.75).fillAndStroke(style.fill, style.border);
  // No width option: that would route through the line wrapper, which may open a new page.
  doc.fillColor(style.text).text(text, x + (width - doc.widthOfString(text)) / 2, y + 2.5, { lineBreak: false });
  [doc.x, doc.y] = [savedX, savedY];
  return width;
}

/** A boxed one-line statement, such as the risk level, drawn at the current position. */
export function drawBanner(doc: Doc, text: string, style: MarkStyle): void {
  setFont(doc, FONT.bold, 11);
  const label = pdfSafe(text);
  ensureSpace(doc, 30);
  const width = Math.min(contentWidth(doc), doc.widthOfString(label) + 20);
  const top = doc.y;
  doc.roundedRect(doc.page.margins.left, top, width, 22, 3).lineWidth(1.25).fillAndStroke(style.fill, style.border);
  doc.fillColor(style.text).text(label, doc.page.margins.left + 10, top + 6, { lineBreak: false });
  doc.x = doc.page.margins.left;
  doc.y = top + 30;
}

interface Cell {
  text: string;
  font: string;
  size: number;
  color: string;
  link?: string;
}

function factCells(fact: Fact): [Cell, Cell] {
  const value: Cell = fact.mono
    ? { text: fact.value, font: FONT.mono, size: 8, color: COLOR.text }
    : { text: fact.value, font: FONT.regular, size: BODY_SIZE, color: fact.href ? COLOR.link : COLOR.text };
  if (fact.href) value.link = fact.href;
  return [{ text: fact.label, font: FONT.bold, size: BODY_SIZE - 0.5, color: COLOR.text }, value];
}

function cellHeight(doc: Doc, cell: Cell, width: number): number {
  setFont(doc, cell.font, cell.size);
  return measure(doc, cell.text, width - 2 * CELL_PAD_X);
}

function drawCell(doc: Doc, cell: Cell, x: number, y: number, width: number, align: 'left' | 'right' = 'left'): void {
  setFont(doc, cell.font, cell.size, cell.color);
  doc.text(pdfSafe(cell.text), x + CELL_PAD_X, y + CELL_PAD_Y, {
    width: width - 2 * CELL_PAD_X,
    lineGap: LINE_GAP,
    align,
    link: cell.link ?? null,
    underline: Boolean(cell.link),
  });
}

export function rowRule(doc: Doc, y: number): void {
  const x = doc.page.margins.left;
  doc
    .moveTo(x, y)
    .lineTo(x + contentWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
}

/** A row taller than a whole page cannot stay in its grid; it is written as flowing labelled text. */
function flowRow(doc: Doc, labels: string[], cells: Cell[]): void {
  cells.forEach((cell, i) => {
    paragraph(doc, labels[i] ?? '', { font: FONT.bold, size: BODY_SIZE - 0.5 });
    paragraph(doc, cell.text, { font: cell.font, size: cell.size, color: cell.color, gapAfter: 3 });
  });
  rowRule(doc, doc.y);
  doc.y += 2;
}

function drawRow(doc: Doc, cells: Cell[], widths: number[], opts: { labelFill?: boolean; aligns?: ('left' | 'right')[] }): void {
  const height = rowHeight(doc, cells, widths);
  const top = doc.y;
  let x = doc.page.margins.left;
  if (opts.labelFill) doc.rect(x, top, widths[0], height).fill(COLOR.labelFill);
  cells.forEach((cell, i) => {
    drawCell(doc, cell, x, top, widths[i], opts.aligns?.[i]);
    x += widths[i];
  });
  rowRule(doc, top + height);
  doc.x = doc.page.margins.left;
  doc.y = top + height;
}

function rowHeight(doc: Doc, cells: Cell[], widths: number[]): number {
  return Math.max(...cells.map((c, i) => cellHeight(doc, c, widths[i]))) + 2 * CELL_PAD_Y;
}

/** Label/value rows; the label column is shaded so rows read as pairs in print. */
export function keyValueTable(doc: Doc, facts: Fact[], labelWidth = 135): void {
  const widths = [labelWidth, contentWidth(doc) - labelWidth];
  for (const fact of facts) {
    const cells = factCells(fact);
    const height = rowHeight(doc, cells, widths);
    if (height > pageContentHeight(doc)) {
      flowRow(doc, [fact.label], [cells[1]]);
      continue;
    }
    ensureSpace(doc, height);
    drawRow(doc, cells, widths, { labelFill: true });
  }
  doc.y += 6;
}

export interface Column {
  header: string;
  /** Share of the content width; the shares of a table add up to 1. */
  share: number;
  align?: 'left' | 'right';
  font?: 'bold' | 'mono';
}

function columnCell(text: string, column: Column): Cell {
  if (column.font === 'mono') return { text, font: FONT.mono, size: 7.5, color: COLOR.text };
  return { text, font: column.font === 'bold' ? FONT.bold : FONT.regular, size: BODY_SIZE - 0.5, color: COLOR.text };
}

/** A grid with a header row that is repeated at the top of every page the table continues on. */
export function columnTable(doc: Doc, columns: Column[], rows: string[][]): void {
  const total = contentWidth(doc);
  const widths = columns.map((c) => c.share * total);
  const aligns = columns.map((c) => c.align ?? 'left');
  const head = columns.map((c): Cell => ({ text: c.header, font: FONT.bold, size: 8.5, color: COLOR.text }));
  const drawHead = () => {
    const height = rowHeight(doc, head, widths);
    doc.rect(doc.page.margins.left, doc.y, total, height).fill(COLOR.headFill);
    drawRow(doc, head, widths, { aligns });
  };
  const bodyRows = rows.map((row) => row.map((text, i) => columnCell(text, columns[i])));
  ensureSpace(doc, rowHeight(doc, head, widths) + (bodyRows[0] ? rowHeight(doc, bodyRows[0], widths) : 0));
  drawHead();
  for (const cells of bodyRows) {
    const height = rowHeight(doc, cells, widths);
    if (height > pageContentHeight(doc) / 2) {
      flowRow(
        doc,
        columns.map((c) => c.header),
        cells,
      );
      continue;
    }
    if (ensureSpace(doc, height)) drawHead();
    drawRow(doc, cells, widths, { aligns });
  }
  doc.y += 6;
}
