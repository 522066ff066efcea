// The sections of one conversation in the PDF reports, in the same order and with the same content
// as the web report; the conversation and case reports both assemble them.
import type { ConversationReportData, ReportCheck, ReportDocument, ReportFinding, ReportLogEntry } from './report-data.ts';
import {
  NOTHING_NEEDS_ATTENTION,
  allAnswers,
  answerStatus,
  documentKind,
  documentTitle,
  factorLabel,
  documentTables,
  plainSummary,
  repeatedDocuments,
  technicalFacts,
  uniqueDocuments,
  withArticle,
  type FactTable,
} from './report-reading.ts';
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
  authorLabel,
  caseDataFacts,
  commentByline,
  formatTimestamp,
  humanizeKey,
  locatedFindings,
  moduleFacts,
  riskLabel,
  severityCounts,
  sortFindings,
  documentSender,
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
 * Everything a conversation report shows below its title, bookmarked under `outline`: the summary
 * in plain words, the answers, the transaction check, the ownership chart (the case report draws it
 * once for the case), the documents as tables, other findings and the score. The technical
 * appendix is drawn apart (drawAppendix), after the sign-off.
 */
export function drawConversation(doc: Doc, data: ConversationReportData, outline: Outline, opts: { ownership?: boolean; thumbnails?: ReadonlyMap<string, Buffer> } = {}): void {
  drawSummary(doc, data, outline);
  drawAnswers(doc, data, outline);
  const checks = transactionCheck(data);
  if (checks.length > 0) drawTransactionCheck(doc, checks, outline);
  if (data.ownership && opts.ownership !== false) drawOwnership(doc, data.ownership, outline);
  drawDocuments(doc, data, outline, opts.thumbnails);
  if (data.other_findings.length > 0) {
    heading(doc, 'Other findings', 1, { outline });
    drawFindings(doc, data.other_findings, 'No findings outside the documents.');
  }
  heading(doc, 'Risk score', 1, { outline, keepWith: 80 });
  drawFactors(doc, data.scoring);
}

/** The reader's details, the case as submitted, the modules and the full log, after the sign-off. */
export function drawAppendix(doc: Doc, conversations: ConversationReportData[], outline: Outline): void {
  heading(doc, 'Technical appendix', 1, { outline, keepWith: 160 });
  paragraph(doc, 'How each document was read and stored, the case as it was submitted, the modules requested and the full conversation log.', {
    size: 8.5,
    color: COLOR.muted,
    gapAfter: 4,
  });
  const first = conversations[0];
  if (first) {
    const { details, transaction } = caseDataFacts(first.case_data);
    heading(doc, 'Case as submitted', 2);
    const facts = [...details, ...transaction];
    const half = Math.ceil(facts.length / 2);
    columnTable(
      doc,
      [
        { header: 'Field', share: 0.2, font: 'bold' },
        { header: 'Value', share: 0.3 },
        { header: 'Field', share: 0.2, font: 'bold' },
        { header: 'Value', share: 0.3 },
      ],
      facts.slice(0, half).map((f, j) => [f.label, f.value, facts[half + j]?.label ?? '', facts[half + j]?.value ?? '']),
    );
  }
  for (const data of conversations) {
    if (conversations.length > 1) heading(doc, `Conversation ${data.conversation_id}`, 2);
    heading(doc, 'Modules requested', 3);
    const facts = moduleFacts(data.modules);
    if (facts.length === 0) paragraph(doc, 'No modules were requested.', { gapAfter: 4 });
    keyValueTable(doc, facts);
    data.documents.forEach((d, i) => {
      heading(doc, `Document ${i + 1}: ${d.file_name}`, 3, { keepWith: 80 });
      const all = technicalFacts(d);
      // Ids, hashes and addresses are compared character by character: each on a line of its own.
      keyValueTable(
        doc,
        all.filter((f) => f.mono || f.href),
      );
      const facts = all.filter((f) => !f.mono && !f.href);
      const half = Math.ceil(facts.length / 2);
      const rows = facts.slice(0, half).map((f, j) => [f.label, f.value, facts[half + j]?.label ?? '', facts[half + j]?.value ?? '']);
      columnTable(
        doc,
        [
          { header: 'Detail', share: 0.17, font: 'bold' },
          { header: 'Value', share: 0.33 },
          { header: 'Detail', share: 0.17, font: 'bold' },
          { header: 'Value', share: 0.33 },
        ],
        rows,
      );
    });
    drawLog(doc, data.conversation_log);
  }
}

export function drawRisk(doc: Doc, scoring: ConversationReportData['scoring']): void {
  drawBanner(doc, `${riskLabel(scoring.risk_level)}, score ${scoring.score} of 100`, riskStyle(scoring.risk_level));
}

function drawSummary(doc: Doc, data: ConversationReportData, outline: Outline): void {
  heading(doc, 'Summary', 1, { outline });
  drawRisk(doc, data.scoring);
  const summary = plainSummary(data);
  for (const line of [summary.who, summary.what, summary.risk, summary.decision].filter((x): x is string => !!x)) paragraph(doc, line, { gapAfter: 3 });
  const counts = severityCounts(locatedFindings(data).map((f) => f.finding));
  paragraph(doc, `Findings: ${SEVERITIES.map((sev) => `${counts[sev]} ${SEVERITY_LABEL[sev].toLowerCase()}`).join(', ')}.`, { size: 8.5, color: COLOR.muted, gapAfter: 2 });
  heading(doc, 'What needs attention', 2, { keepWith: 30 });
  if (summary.attention.length === 0) paragraph(doc, NOTHING_NEEDS_ATTENTION, { gapAfter: 4 });
  for (const item of summary.attention) paragraph(doc, `•  ${item}`, { indent: 6, gapAfter: 2 });
  doc.y += 2;
  drawChecks(doc, data.checks ?? []);
}

const CHECK_WORD = { done: 'Done', not_run: 'Not done', not_needed: 'Not asked for' } as const;

/** What Dossier checked, and what it did not with why: one short line each under the summary. */
export function drawChecks(doc: Doc, checks: ReportCheck[]): void {
  if (checks.length === 0) return;
  heading(doc, 'Checks performed', 2, { keepWith: 40 });
  for (const c of checks.filter((x) => x.status !== 'not_needed')) paragraph(doc, `${c.label} (${CHECK_WORD[c.status].toLowerCase()}): ${c.text}`, { size: 8.5, indent: 6, gapAfter: 1.5 });
  const unasked = checks.filter((c) => c.status === 'not_needed');
  if (unasked.length) paragraph(doc, `Not asked for in this conversation: ${unasked.map((c) => c.label.toLowerCase()).join(', ')}.`, { size: 8.5, indent: 6, color: COLOR.muted, gapAfter: 2 });
  doc.y += 2;
}

/** A severity mark with wrapped text beside it; the pair never splits across pages. */
function drawMarkedText(doc: Doc, finding: ReportFinding, text: string): void {
  setFont(doc, FONT.regular, 9.5);
  const height = measure(doc, text, contentWidth(doc) - MARK_COLUMN);
  ensureSpace(doc, Math.min(height, 120) + 4);
  drawMark(doc, SEVERITY_LABEL[finding.severity], MARK_STYLE[finding.severity], doc.page.margins.left, doc.y, MARK_COLUMN - 8);
  paragraph(doc, text, { size: 9.5, indent: MARK_COLUMN, gapAfter: 4 });
}

function drawAnswers(doc: Doc, data: ConversationReportData, outline: Outline): void {
  // Explanations of findings stand beside their findings, under each document.
  const answers = allAnswers(data);
  if (answers.length === 0) return;
  heading(doc, 'Answers', 1, { outline, keepWith: 60 });
  for (const a of answers) {
    ensureSpace(doc, 40);
    paragraph(doc, a.question, { font: FONT.bold, size: 9.5 });
    if (a.prompt) paragraph(doc, a.prompt, { size: 8.5, color: COLOR.muted });
    const lines = a.answer.length ? a.answer : [a.status === 'pending' ? 'Not answered.' : NOT_GIVEN];
    for (const line of lines) paragraph(doc, a.status === 'skipped' ? `Reason given: ${line}` : line, { indent: 10, gapAfter: 1 });
    paragraph(doc, answerStatus(a), { size: 8, color: COLOR.muted, indent: 10, gapAfter: 5 });
  }
}

function drawDocuments(doc: Doc, data: ConversationReportData, outline: Outline, thumbnails?: ReadonlyMap<string, Buffer>): void {
  const documents = data.documents;
  heading(doc, 'Documents', 1, { outline, keepWith: 120 });
  if (documents.length === 0) {
    paragraph(doc, 'No documents were provided.', { gapAfter: 4 });
    return;
  }
  const repeated = repeatedDocuments(documents);
  const shown = uniqueDocuments(documents);
  shown.forEach((d, i) => drawDocument(doc, d, i + 1, shown.length, documentSender(d, data.conversation_log), thumbnails?.get(d.document_id)));
  for (const [id, earlier] of repeated) {
    const again = documents.find((d) => d.document_id === id);
    if (again) paragraph(doc, `${again.file_name} is the same file as ${earlier} (sent again); it is shown once.`, { size: 8.5, color: COLOR.muted, gapAfter: 3 });
  }
}

const THUMB_WIDTH = 92;

function drawDocument(doc: Doc, d: ReportDocument, n: number, total: number, sender: string, thumbnail?: Buffer): void {
  const kind = documentKind(d);
  heading(doc, `${total > 1 ? `${n}. ` : ''}${documentTitle(d)}: ${d.file_name}`, 2, { keepWith: thumbnail ? 140 : 100 });
  const top = doc.y;
  const left = doc.page.margins.left;
  const textIndent = thumbnail ? THUMB_WIDTH + 12 : 0;
  if (thumbnail) {
    // The first page, small, beside what the document is.
    doc.image(thumbnail, left, top, { width: THUMB_WIDTH });
    doc
      .rect(left, top, THUMB_WIDTH, (thumbnail.readUInt32BE(20) / (thumbnail.readUInt32BE(16) || 1)) * THUMB_WIDTH)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
  }
  if (d.rejected) {
    const width = drawMark(doc, 'Rejected', MARK_STYLE.rejected, left + textIndent, doc.y);
    paragraph(doc, 'This document could not be used.', { font: FONT.bold, indent: textIndent + width + 6, gapAfter: 4 });
  }
  const pages = d.extracted_data.page_count;
  const about = [
    `${withArticle(kind).replace(/^./, (c) => c.toUpperCase())}${d.document_type && humanizeKey(d.document_type).toLowerCase() !== kind ? `, asked for as ${withArticle(humanizeKey(d.document_type).toLowerCase())}` : ''}.`,
    `${sender} on ${formatTimestamp(d.uploaded_at)}${typeof pages === 'number' ? `, ${pages} page${pages === 1 ? '' : 's'}` : ''}.`,
  ];
  for (const line of about) paragraph(doc, line, { indent: textIndent, gapAfter: 2 });
  if (d.source_url) paragraph(doc, d.source_url, { indent: textIndent, size: 8, link: d.source_url.startsWith('http') ? d.source_url : undefined, gapAfter: 2 });
  if (thumbnail) doc.y = Math.max(doc.y, top + (thumbnail.readUInt32BE(20) / (thumbnail.readUInt32BE(16) || 1)) * THUMB_WIDTH + 6);
  doc.y += 2;
  const tables = documentTables(d);
  if (tables.length === 0) paragraph(doc, 'No facts were read from this document.', { color: COLOR.muted, gapAfter: 4 });
  for (const t of tables) drawFactTable(doc, t);
  heading(doc, d.findings.length ? `Findings (${d.findings.length})` : 'Findings', 3, { keepWith: 30 });
  drawFindings(doc, d.findings, 'No findings for this document.');
}

const TABLE_SHARES: Record<number, number[]> = { 2: [0.4, 0.6], 4: [0.16, 0.28, 0.34, 0.22] };

function drawFactTable(doc: Doc, t: FactTable): void {
  heading(doc, t.title, 3, { keepWith: 40 });
  const shares = t.title === 'Lines' ? [0.52, 0.14, 0.16, 0.18] : (TABLE_SHARES[t.columns.length] ?? t.columns.map(() => 1 / t.columns.length));
  columnTable(
    doc,
    t.columns.map((header, i) => ({
      header,
      share: shares[i]!,
      align: t.numeric?.includes(i) ? ('right' as const) : ('left' as const),
      font: i === 0 && t.columns.length === 2 ? ('bold' as const) : undefined,
    })),
    t.rows,
  );
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
  for (const comment of finding.comments) {
    ensureSpace(doc, 26);
    paragraph(doc, `Explanation from ${commentByline(comment)}`, { font: FONT.italic, size: 8, color: COLOR.muted, indent: COMMENT_INDENT });
    paragraph(doc, comment.comment_text, { size: 9, indent: COMMENT_INDENT, gapAfter: 2 });
  }
  paragraph(doc, `Code ${finding.code} · issue ${finding.issue_id}`, { size: 6.5, color: COLOR.muted, indent: MARK_COLUMN, gapAfter: 2 });
  rowRule(doc, doc.y + 2);
  doc.y += 6;
}

export function drawFactors(doc: Doc, scoring: ConversationReportData['scoring']): void {
  paragraph(doc, `The case scores ${scoring.score} of 100 (${riskLabel(scoring.risk_level).toLowerCase()}) under scoring policy ${scoring.policy_version}. Points add up from a baseline:`, {
    gapAfter: 4,
  });
  const rows = scoring.factors.map((f) => [factorLabel(f.factor), String(f.points), f.detail]);
  if (rows.length === 0) rows.push(['No factors contributed to the score.', '', '']);
  rows.push(['Case score', String(scoring.score), riskLabel(scoring.risk_level)]);
  columnTable(
    doc,
    [
      { header: 'Factor', share: 0.3, font: 'bold' },
      { header: 'Points', share: 0.12, align: 'right' },
      { header: 'Detail', share: 0.58 },
    ],
    rows,
  );
  const own = scoring.conversation;
  if (own) {
    const parts = own.factors.map((f) => `${f.detail} (${f.points})`).join(', ');
    paragraph(doc, `This conversation's share of the case score: ${own.points} point${own.points === 1 ? '' : 's'}${parts ? ` from ${parts}` : ' (its findings add nothing)'}.`, {
      size: 8.5,
      color: COLOR.muted,
      gapAfter: 4,
    });
  }
}

function drawLog(doc: Doc, entries: ReportLogEntry[]): void {
  heading(doc, 'Conversation log', 3, { keepWith: 40 });
  if (entries.length === 0) paragraph(doc, 'No messages were exchanged.', { gapAfter: 4 });
  for (const entry of entries) {
    ensureSpace(doc, 24);
    const meta = [formatTimestamp(entry.at), authorLabel(entry.author), entry.module ? humanizeKey(entry.module) : null];
    paragraph(doc, meta.filter(Boolean).join(' · '), { font: FONT.bold, size: 7.5, color: COLOR.muted, gapAfter: 1 });
    paragraph(doc, entry.text || NOT_GIVEN, { size: 8.5, gapAfter: 1 });
    const attachments = attachmentsText(entry);
    if (attachments) paragraph(doc, `Attachments: ${attachments}`, { size: 7.5, color: COLOR.muted });
    doc.y += 3;
  }
}

/** Blank lines for the analyst's decision; kept whole on one page. */
export function drawSignOff(doc: Doc, outline: Outline): void {
  heading(doc, 'Analyst sign-off', 1, { outline, keepWith: 110 });
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
