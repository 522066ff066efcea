// Renders the PDF reports: one per conversation, and the case report that puts every
// conversation of a case under a case summary. Both are A4, paginated, and byte-for-byte
// repeatable for the same input.
import { type Doc, bookmark, columnTable, heading, keyValueTable, paragraph } from './pdf-layout.ts';
import { collectPdf, createPdf, decoratePages } from './pdf-pages.ts';
import { drawAppendix, drawChecks, drawConversation, drawFactors, drawRisk, drawSignOff, drawTitle } from './pdf-sections.ts';
import { drawOwnership } from './pdf-ownership.ts';
import type { CaseReportData, ConversationReportData, ReportBrand } from './report-data.ts';
import { NOTHING_NEEDS_ATTENTION, caseSummary } from './report-reading.ts';
import { type Fact, formatTimestamp, humanizeKey, locatedFindings, severityCounts } from './report-view.ts';

/** Small PNG images of documents' first pages, by document id. */
export type Thumbnails = ReadonlyMap<string, Buffer>;

/** The few ids a reader needs to find the case again; the rest is in the appendix. */
function idFacts(data: ConversationReportData, withCase = true): Fact[] {
  const facts: Fact[] = [];
  if (withCase) facts.push({ label: 'Case id', value: data.case_id, mono: true });
  facts.push({ label: 'Conversation id', value: data.conversation_id, mono: true });
  if (data.communication_id) facts.push({ label: 'Your reference', value: data.communication_id, mono: true });
  return facts;
}

export async function renderPdfReport(data: ConversationReportData, brand?: ReportBrand | null, thumbnails?: Thumbnails): Promise<Buffer> {
  const doc = createPdf({
    title: `Dossier report: ${data.company_full_name}`,
    subject: `Verification report for case ${data.case_id}, conversation ${data.conversation_id}`,
    generatedAt: data.generated_at,
  });
  const output = collectPdf(doc);
  drawBrand(doc, brand);
  drawTitle(doc, brand?.displayName ? `${brand.displayName} · verification report` : 'Dossier verification report', data.company_full_name);
  keyValueTable(doc, idFacts(data));
  drawConversation(doc, data, doc.outline, { thumbnails });
  drawSignOff(doc, doc.outline);
  drawAppendix(doc, [data], doc.outline);
  decoratePages(doc, {
    title: `${data.company_full_name}: verification report`,
    left: `Case ${data.case_id}`,
    right: `Conversation ${data.conversation_id}`,
    footer: generatedLine(data.generated_at, brand),
  });
  return output.finish();
}

export async function renderCaseReport(data: CaseReportData, brand?: ReportBrand | null, thumbnails?: Thumbnails): Promise<Buffer> {
  const doc = createPdf({
    title: `Dossier case report: ${data.company_full_name}`,
    subject: `Case report for case ${data.case_id}`,
    generatedAt: data.generated_at,
  });
  const output = collectPdf(doc);
  drawBrand(doc, brand);
  drawTitle(doc, brand?.displayName ? `${brand.displayName} · case report` : 'Dossier case report', data.company_full_name);
  drawCaseSummary(doc, data);
  data.conversations.forEach((conversation, i) => {
    doc.addPage();
    const title = `Conversation ${i + 1} of ${data.conversations.length}`;
    const outline = bookmark(doc.outline, `${title}: ${humanizeKey(conversation.conversation_kind)}`);
    drawTitle(doc, title, humanizeKey(conversation.conversation_kind));
    keyValueTable(doc, idFacts(conversation, false));
    drawConversation(doc, conversation, outline, { ownership: false, thumbnails });
  });
  drawSignOff(doc, doc.outline);
  drawAppendix(doc, data.conversations, doc.outline);
  decoratePages(doc, {
    title: `${data.company_full_name}: case report`,
    left: `Case ${data.case_id}`,
    right: `${data.conversations.length} conversation${data.conversations.length === 1 ? '' : 's'}`,
    footer: generatedLine(data.generated_at, brand),
  });
  return output.finish();
}

function generatedLine(generatedAt: string, brand?: ReportBrand | null): string {
  return `${brand?.displayName ? `${brand.displayName} · ` : ''}Dossier · generated ${formatTimestamp(generatedAt)}`;
}

/** The client's logo above the title of the first page, at most 40 pt high. */
function drawBrand(doc: Doc, brand?: ReportBrand | null): void {
  if (!brand?.logoPng) return;
  // The stored logo is a PNG: its size is in the IHDR chunk, and fixes the height the fit gives.
  const width = brand.logoPng.readUInt32BE(16) || 1;
  const height = brand.logoPng.readUInt32BE(20);
  const top = doc.y;
  doc.image(brand.logoPng, doc.page.margins.left, top, { fit: [170, 40] });
  doc.y = top + Math.min(40, (170 * height) / width) + 8;
}

function drawCaseSummary(doc: Doc, data: CaseReportData): void {
  heading(doc, 'Case summary', 1);
  const facts: Fact[] = [
    { label: 'Case id', value: data.case_id, mono: true },
    { label: 'Conversations', value: String(data.conversations.length) },
    { label: 'Generated', value: formatTimestamp(data.generated_at) },
  ];
  keyValueTable(doc, facts);
  drawRisk(doc, data.scoring);
  const summary = caseSummary(data);
  for (const line of summary.lines) paragraph(doc, line, { gapAfter: 3 });
  heading(doc, 'What needs attention', 2, { keepWith: 30 });
  if (summary.attention.length === 0) paragraph(doc, NOTHING_NEEDS_ATTENTION, { gapAfter: 4 });
  for (const item of summary.attention) paragraph(doc, `•  ${item}`, { indent: 6, gapAfter: 2 });
  drawChecks(doc, data.conversations.at(-1)?.checks ?? []);
  heading(doc, 'Conversations', 2);
  if (data.conversations.length === 0) paragraph(doc, 'The case has no conversations.', { gapAfter: 4 });
  else columnTable(doc, CONVERSATION_COLUMNS, data.conversations.map(conversationRow));
  heading(doc, 'Risk score', 2, { keepWith: 80 });
  drawFactors(doc, data.scoring);
  const ownership = data.ownership ?? data.conversations.at(-1)?.ownership;
  if (ownership) drawOwnership(doc, ownership, doc.outline);
}

const CONVERSATION_COLUMNS = [
  { header: 'Conversation id', share: 0.36, font: 'mono' as const },
  { header: 'Kind', share: 0.18 },
  { header: 'Completed', share: 0.2 },
  { header: 'Findings', share: 0.26 },
];

function conversationRow(c: ConversationReportData): string[] {
  const counts = severityCounts(locatedFindings(c).map((f) => f.finding));
  return [c.conversation_id, humanizeKey(c.conversation_kind), formatTimestamp(c.completed_at), `${counts.critical} critical, ${counts.warning} warning, ${counts.info} info`];
}
