// The sections of one conversation in the PDF reports, in the same order and with the same content
// as the web report; the conversation and case reports both assemble them.
import type { ConversationReportData, ReportDocument, ReportFinding, ReportLogEntry } from './report-data.ts';
import { drawOwnership, drawTransactionCheck } from './pdf-ownership.ts';
import { transactionCheck } from './transaction-check.ts';
import {
  COLOR,
  type Doc,
  FONT,
  MARK_STYLE,
  type MarkStyle,
  columnTable,
  contentWidth,
  drawBanner,
  drawMark,
  ensureSpace,
  heading,
  keyValueTable,
  measure,
  paragraph,
  rowRule,
  setFont,
} from './pdf-layout.ts';
import {
  NOT_GIVEN,
  SEVERITIES,
  SEVERITY_LABEL,
  attachmentsText,
  caseDataFacts,
  commentByline,
  documentFacts,
  documentTypeLabel,
  extractedFacts,
  formatTimestamp,
  humanizeKey,
  keyFindings,
  locatedFindings,
  moduleFacts,
  riskLabel,
  severityCounts,
  sortFindings,
  sourceLabel,
} from './report-view.ts';

/** Room on the left of a finding for its severity mark, so finding texts line up. */
const MARK_COLUMN = 62;
const COMMENT_INDENT = MARK_COLUMN + 12;

type Outline = PDFKit.PDFOutline;

export function riskStyle(riskLevel: string): MarkStyle {
  const byLevel: Record<string, MarkStyle> = { high: MARK_STYLE.critical, medium: MARK_STYLE.warning, low: MARK_STYLE.low };
  return byLevel[riskLevel] ?? MARK_STYLE.neutral;
}

export function drawTitle(doc: Doc, kicker: string, title: string): void {
  paragraph(doc, kicker.toUpperCase(), { font: FONT.bold, size: 8.5, color: COLOR.muted, gapAfter: 2 });
  paragraph(doc, title, { font: FONT.bold, size: 20, gapAfter: 8 });
}

/**
 * Everything a conversation report shows below its title, bookmarked under `outline`. The case
 * report draws the ownership chart once for the case, so it leaves it out here.
 */
export function drawConversation(doc: Doc, data: ConversationReportData, outline: Outline, opts: { ownership?: boolean } = {}): void {
  drawSummary(doc, data, outline);
  drawCaseData(doc, data, outline);
  const checks = transactionCheck(data);
  if (checks.length > 0) drawTransactionCheck(doc, checks, outline);
  if (data.ownership && opts.ownership !== false) drawOwnership(doc, data.ownership, outline);
  drawModules(doc, data, outline);
  drawDocuments(doc, data.documents, outline);
  heading(doc, 'Other findings', 1, { outline });
  drawFindings(doc, data.other_findings, 'No findings outside the documents.');
  heading(doc, 'Scoring factors', 1, { outline });
  drawFactors(doc, data.scoring);
  drawLog(doc, data.conversation_log, outline);
}

export function drawRisk(doc: Doc, scoring: ConversationReportData['scoring']): void {
  drawBanner(doc, `${riskLabel(scoring.risk_level)}, score ${scoring.score} of 100`, riskStyle(scoring.risk_level));
}

function drawSummary(doc: Doc, data: ConversationReportData, outline: Outline): void {
  heading(doc, 'Summary', 1, { outline });
  drawRisk(doc, data.scoring);
  const counts = severityCounts(locatedFindings(data).map((f) => f.finding));
  const total = SEVERITIES.reduce((sum, s) => sum + counts[s], 0);
  const rows = SEVERITIES.map((s) => [SEVERITY_LABEL[s], String(counts[s])]);
  columnTable(
    doc,
    [
      { header: 'Severity', share: 0.8 },
      { header: 'Findings', share: 0.2, align: 'right' },
    ],
    [...rows, ['Total', String(total)]],
  );
  heading(doc, 'Key findings', 2, { keepWith: 30 });
  const key = keyFindings(data);
  if (key.length === 0) paragraph(doc, 'No critical or warning findings.', { gapAfter: 4 });
  for (const { finding, where } of key) drawMarkedText(doc, finding, `${finding.text} (${where})`);
}

/** A severity mark with wrapped text beside it; the pair never splits across pages. */
function drawMarkedText(doc: Doc, finding: ReportFinding, text: string): void {
  setFont(doc, FONT.regular, 9.5);
  const height = measure(doc, text, contentWidth(doc) - MARK_COLUMN);
  ensureSpace(doc, Math.min(height, 120) + 4);
  drawMark(doc, SEVERITY_LABEL[finding.severity], MARK_STYLE[finding.severity], doc.page.margins.left, doc.y, MARK_COLUMN - 8);
  paragraph(doc, text, { size: 9.5, indent: MARK_COLUMN, gapAfter: 4 });
}

function drawCaseData(doc: Doc, data: ConversationReportData, outline: Outline): void {
  const { details, transaction } = caseDataFacts(data.case_data);
  heading(doc, 'Case data', 1, { outline });
  if (details.length === 0) paragraph(doc, 'Nothing recorded.', { gapAfter: 4 });
  keyValueTable(doc, details);
  if (transaction.length === 0) return;
  heading(doc, 'Transaction', 2);
  keyValueTable(doc, transaction);
}

function drawModules(doc: Doc, data: ConversationReportData, outline: Outline): void {
  heading(doc, 'Modules requested', 1, { outline });
  const facts = moduleFacts(data.modules);
  if (facts.length === 0) paragraph(doc, 'No modules were requested.', { gapAfter: 4 });
  keyValueTable(doc, facts);
}

function drawDocuments(doc: Doc, documents: ReportDocument[], outline: Outline): void {
  heading(doc, 'Documents', 1, { outline, keepWith: 120 });
  if (documents.length === 0) paragraph(doc, 'No documents were provided.', { gapAfter: 4 });
  else {
    columnTable(
      doc,
      [
        { header: '#', share: 0.05, align: 'right' },
        { header: 'File', share: 0.27 },
        { header: 'Type', share: 0.14 },
        { header: 'Source', share: 0.12 },
        { header: 'SHA-256', share: 0.42, font: 'mono' },
      ],
      documents.map((d, i) => [String(i + 1), d.file_name, documentTypeLabel(d), sourceLabel(d), d.sha256]),
    );
  }
  documents.forEach((d, i) => drawDocument(doc, d, i + 1, documents.length));
}

function drawDocument(doc: Doc, d: ReportDocument, n: number, total: number): void {
  heading(doc, `Document ${n} of ${total}: ${d.file_name}`, 2, { keepWith: 100 });
  if (d.rejected) {
    ensureSpace(doc, 16);
    const width = drawMark(doc, 'Rejected', MARK_STYLE.rejected, doc.page.margins.left, doc.y);
    paragraph(doc, 'This document was rejected.', { font: FONT.bold, indent: width + 6, gapAfter: 4 });
  }
  keyValueTable(doc, documentFacts(d));
  heading(doc, 'Extracted data', 3, { keepWith: 60 });
  const extracted = extractedFacts(d);
  if (extracted.length === 0) paragraph(doc, 'No data was extracted.', { color: COLOR.muted, gapAfter: 4 });
  keyValueTable(doc, extracted);
  heading(doc, `Findings (${d.findings.length})`, 3, { keepWith: 30 });
  drawFindings(doc, d.findings, 'No findings for this document.');
}

function drawFindings(doc: Doc, findings: ReportFinding[], emptyText: string): void {
  if (findings.length === 0) {
    paragraph(doc, emptyText, { gapAfter: 6 });
    return;
  }
  for (const finding of sortFindings(findings)) drawFinding(doc, finding);
}

function drawFinding(doc: Doc, finding: ReportFinding): void {
  drawMarkedText(doc, finding, finding.text);
  doc.y -= 2;
  paragraph(doc, `Code ${finding.code} · issue ${finding.issue_id}`, { size: 7.5, color: COLOR.muted, indent: MARK_COLUMN, gapAfter: 3 });
  if (finding.comments.length === 0) {
    paragraph(doc, 'No comments.', { font: FONT.italic, size: 8, color: COLOR.muted, indent: COMMENT_INDENT, gapAfter: 3 });
  }
  for (const comment of finding.comments) {
    ensureSpace(doc, 26);
    paragraph(doc, `Comment by ${commentByline(comment)}`, { font: FONT.italic, size: 8, color: COLOR.muted, indent: COMMENT_INDENT });
    paragraph(doc, comment.comment_text, { size: 9, indent: COMMENT_INDENT, gapAfter: 4 });
  }
  rowRule(doc, doc.y + 2);
  doc.y += 8;
}

export function drawFactors(doc: Doc, scoring: ConversationReportData['scoring']): void {
  const rows = scoring.factors.map((f) => [humanizeKey(f.factor), String(f.points), f.detail]);
  if (rows.length === 0) rows.push(['No factors contributed to the score.', '', '']);
  rows.push(['Score', String(scoring.score), riskLabel(scoring.risk_level)]);
  columnTable(
    doc,
    [
      { header: 'Factor', share: 0.3, font: 'bold' },
      { header: 'Points', share: 0.12, align: 'right' },
      { header: 'Detail', share: 0.58 },
    ],
    rows,
  );
}

function drawLog(doc: Doc, entries: ReportLogEntry[], outline: Outline): void {
  heading(doc, 'Conversation log', 1, { outline });
  if (entries.length === 0) paragraph(doc, 'No messages were exchanged.', { gapAfter: 4 });
  for (const entry of entries) {
    ensureSpace(doc, 32);
    const meta = [formatTimestamp(entry.at), entry.author, entry.module ? humanizeKey(entry.module) : null];
    paragraph(doc, meta.filter(Boolean).join(' · '), { font: FONT.bold, size: 8, color: COLOR.muted, gapAfter: 1 });
    paragraph(doc, entry.text || NOT_GIVEN, { gapAfter: 2 });
    const attachments = attachmentsText(entry);
    if (attachments) paragraph(doc, `Attachments: ${attachments}`, { size: 8, color: COLOR.muted });
    rowRule(doc, doc.y + 2);
    doc.y += 7;
  }
}

/** Blank lines for the analyst's decision; kept whole on one page. */
export function drawSignOff(doc: Doc, outline: Outline): void {
  heading(doc, 'Analyst sign-off', 1, { outline, keepWith: 120 });
  const left = doc.page.margins.left;
  for (const label of ['Decision', 'Analyst', 'Date', 'Signature']) {
    doc.y += 12;
    paragraph(doc, label, { font: FONT.bold });
    doc
      .moveTo(left + 80, doc.y)
      .lineTo(left + contentWidth(doc), doc.y)
      .lineWidth(0.75)
      .strokeColor(COLOR.text)
      .stroke();
  }
}
