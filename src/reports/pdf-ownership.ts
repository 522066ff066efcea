// The ownership chart and the transaction check in the PDF reports: the same layout as the web
// report's SVG, drawn with vector shapes and scaled to the page, then the same tables.
import { COLOR, type Doc, FONT, columnTable, contentWidth, ensureSpace, heading, paragraph, pdfSafe } from './pdf-layout.ts';
import { CHART, formatStake, layoutOwnership, type ChartNode, type OwnershipData } from './ownership.ts';
import { OUTCOME_TEXT, type TransactionCheckRow } from './transaction-check.ts';
import { NOT_GIVEN } from './report-view.ts';

const NODE_STYLE = {
  company: { fill: '#ffffff', stroke: '#475467' },
  main: { fill: '#e0ecfb', stroke: '#0b3d7a' },
  person: { fill: '#dcf3e4', stroke: '#1e7b45' },
  unknown: { fill: '#f3f4f6', stroke: '#667085' },
};

/** Shortens `text` with an ellipsis until it fits `width` at the current font. */
function fit(doc: Doc, text: string, width: number): string {
  let out = pdfSafe(text);
  if (doc.widthOfString(out) <= width) return out;
  while (out.length > 1 && doc.widthOfString(`${out}…`) > width) out = out.slice(0, -1);
  return `${out}…`;
}

function centred(doc: Doc, text: string, cx: number, y: number, width: number): void {
  const line = fit(doc, text, width);
  doc.text(line, cx - doc.widthOfString(line) / 2, y, { lineBreak: false });
}

function drawChart(doc: Doc, data: OwnershipData): void {
  const layout = layoutOwnership(data);
  const available = contentWidth(doc);
  const maxHeight = doc.page.height - doc.page.margins.top - doc.page.margins.bottom - 20;
  const s = Math.min(1, available / layout.width, maxHeight / layout.height);
  const height = layout.height * s;
  ensureSpace(doc, height + 8);
  const x0 = doc.page.margins.left + (available - layout.width * s) / 2;
  const y0 = doc.y;
  const X = (x: number) => x0 + x * s;
  const Y = (y: number) => y0 + y * s;
  const savedX = doc.x;

  for (const e of layout.edges) {
    doc.moveTo(X(e.x1), Y(e.y1)).lineTo(X(e.x2), Y(e.y2)).lineWidth(1).strokeColor('#475467').stroke();
    const [dx, dy] = [X(e.x2) - X(e.x1), Y(e.y2) - Y(e.y1)];
    const len = Math.hypot(dx, dy) || 1;
    const [ux, uy] = [dx / len, dy / len];
    const size = 6 * Math.max(s, 0.6);
    const [tx, ty] = [X(e.x2), Y(e.y2)];
    doc.polygon([tx, ty], [tx - ux * size - uy * size * 0.5, ty - uy * size + ux * size * 0.5], [tx - ux * size + uy * size * 0.5, ty - uy * size - ux * size * 0.5]).fill('#475467');
  }
  for (const e of layout.edges) {
    doc.font(FONT.bold).fontSize(Math.max(8 * s, 5));
    const label = pdfSafe(e.label);
    const w = doc.widthOfString(label) + 6;
    const h = Math.max(11 * s, 7);
    doc
      .roundedRect(X(e.lx) - w / 2, Y(e.ly) - h / 2, w, h, 2)
      .lineWidth(0.5)
      .fillAndStroke('#ffffff', '#98a2b3');
    doc.fillColor(COLOR.text).text(label, X(e.lx) - w / 2 + 3, Y(e.ly) - h / 2 + h * 0.18, { lineBreak: false });
  }
  for (const node of layout.nodes) drawNode(doc, node, X, Y, s);
  [doc.x, doc.y] = [savedX, y0 + height + 8];
}

function drawNode(doc: Doc, node: ChartNode, X: (x: number) => number, Y: (y: number) => number, s: number): void {
  const style = node.main ? NODE_STYLE.main : NODE_STYLE[node.type];
  const [w, h] = [CHART.nodeWidth * s, CHART.nodeHeight * s];
  const [x, y] = [X(node.x), Y(node.y)];
  doc.roundedRect(x, y, w, h, node.type === 'person' ? Math.min(14 * s + 4, h / 2) : 3);
  if (node.type === 'unknown') doc.dash(3, { space: 2 });
  doc.lineWidth(node.main ? 2 : 1).fillAndStroke(style.fill, style.stroke);
  doc.undash();
  const nameSize = Math.max(8.5 * s, 5.5);
  doc
    .font(node.main ? FONT.bold : FONT.regular)
    .fontSize(nameSize)
    .fillColor(COLOR.text);
  const lines = node.lines.length ? node.lines : [node.name];
  const top = y + (lines.length > 1 ? 6 * s : 12 * s);
  lines.forEach((line, i) => centred(doc, line, x + w / 2, top + i * nameSize * 1.2, w - 8));
  const kind = node.main ? 'Main company' : node.type === 'person' ? 'Person' : node.type === 'company' ? 'Company' : 'Not in the case';
  doc
    .font(FONT.regular)
    .fontSize(Math.max(7 * s, 5))
    .fillColor(COLOR.muted);
  centred(doc, node.country_code ? `${kind} · ${node.country_code}` : kind, x + w / 2, y + h - 11 * s, w - 8);
}

/** The chart, then the holdings and the ultimate beneficial owners as tables. */
export function drawOwnership(doc: Doc, data: OwnershipData, outline: PDFKit.PDFOutline | null): void {
  if (data.shareholdings.length === 0 && data.ubos.length === 0) {
    heading(doc, 'Ownership', 1, { outline, keepWith: 20 });
    paragraph(doc, 'No shareholders or beneficial owners are known for this company yet.', { gapAfter: 6 });
    return;
  }
  heading(doc, 'Ownership', 1, { outline, keepWith: 140 });
  drawChart(doc, data);
  paragraph(doc, 'Owners above what they own; stakes on the arrows.', { size: 8, color: COLOR.muted, gapAfter: 6 });
  const name = (id: string) => data.entities.find((e) => e.entity_id === id)?.name ?? `Unknown entity ${id}`;
  heading(doc, 'Shareholdings', 2, { keepWith: 30 });
  if (data.shareholdings.length === 0) paragraph(doc, 'No shareholders are known for this company yet.', { gapAfter: 4 });
  else {
    columnTable(
      doc,
      [
        { header: 'Shareholder', share: 0.42 },
        { header: 'Holds', share: 0.16, align: 'right' },
        { header: 'In', share: 0.42 },
      ],
      data.shareholdings.map((s) => [name(s.owner_id), formatStake(s.ownership), name(s.owned_id)]),
    );
  }
  heading(doc, 'Ultimate beneficial owners', 2, { keepWith: 30 });
  if (data.ubos.length === 0) paragraph(doc, 'No ultimate beneficial owners are known yet.', { gapAfter: 4 });
  else {
    columnTable(
      doc,
      [
        { header: 'Person', share: 0.7 },
        { header: 'Effective ownership', share: 0.3, align: 'right' },
      ],
      data.ubos.map((u) => [name(u.person_entity_id), formatStake(u.effective_ownership)]),
    );
  }
}

export function drawTransactionCheck(doc: Doc, rows: TransactionCheckRow[], outline: PDFKit.PDFOutline | null): void {
  heading(doc, 'Transaction check', 1, { outline });
  paragraph(doc, 'Transaction facts of the case beside what each document states.', { size: 8.5, color: COLOR.muted, gapAfter: 4 });
  columnTable(
    doc,
    [
      { header: 'Fact', share: 0.15, font: 'bold' },
      { header: 'Case', share: 0.17 },
      { header: 'Document', share: 0.24 },
      { header: 'Document states', share: 0.27 },
      { header: 'Result', share: 0.17 },
    ],
    rows.map((r) => [r.label, r.case_value, r.document?.file_name ?? NOT_GIVEN, r.document_value === null ? NOT_GIVEN : `${r.document_value}${r.note ? ` (${r.note})` : ''}`, OUTCOME_TEXT[r.outcome]]),
  );
}
