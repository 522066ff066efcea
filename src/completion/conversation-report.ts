// What the reports of one conversation show, built from the case file: its documents with their
// findings and the comments on them, other findings, its log, the case's ownership and the
// conversation's score. Built once per conversation and used for the web and PDF reports, the case
// report and the back office's case view. Pure.
import type { FindingRow } from '../db/schema.ts';
import { ownershipFromEntities, type EntityDetailsLike } from '../reports/ownership.ts';
import type { ConversationReportData, ReportFinding } from '../reports/report-data.ts';
import { scoreFindings, type Scoring } from '../scoring/score.ts';
import { commentsOf, documentsOf, findingsOf, messagesOf, type CaseFile } from './case-file.ts';

export interface GatheredConversation {
  report: ConversationReportData;
  findings: FindingRow[];
  scoring: Scoring;
}

export function conversationReport(file: CaseFile, conversationId: string, generatedAt: string): GatheredConversation {
  const { caseRow } = file;
  const conv = file.conversations.find((c) => c.id === conversationId);
  if (!conv) throw new Error(`conversation ${conversationId} is not in the file of case ${caseRow.id}`);
  const docs = documentsOf(file, conv.id);
  const findings = findingsOf(file, conv.id);
  const comments = commentsOf(file, conv.id);
  const toReportFinding = (f: FindingRow): ReportFinding => ({
    issue_id: f.issue_id,
    code: f.code,
    severity: f.severity,
    text: f.text,
    comments: comments.filter((c) => c.issue_id === f.issue_id).map((c) => ({ comment_text: c.comment_text, author: c.author, created_at: c.created_at })),
  });
  const scoring = scoreFindings({ findings, rejectedDocuments: docs.filter((d) => d.rejected === 1).length });
  const report: ConversationReportData = {
    generated_at: generatedAt,
    case_id: caseRow.id,
    conversation_id: conv.id,
    communication_id: caseRow.communication_id,
    case_kind: caseRow.case_kind,
    conversation_kind: conv.conversation_kind,
    company_full_name: caseRow.company_full_name,
    company_country_code: caseRow.company_country_code,
    case_data: JSON.parse(caseRow.case_data) as Record<string, unknown>,
    modules: JSON.parse(conv.modules) as ConversationReportData['modules'],
    scoring,
    documents: docs.map((d) => ({
      document_id: d.id,
      file_name: d.file_name,
      document_type: d.document_type,
      document_name: d.document_name,
      media_type: d.media_type,
      size_bytes: d.size_bytes,
      sha256: d.blob_sha256,
      source: d.source,
      source_url: d.source_url,
      rejected: d.rejected === 1,
      uploaded_at: d.created_at,
      extracted_data: JSON.parse(d.extracted_data) as Record<string, unknown>,
      findings: findings.filter((f) => f.document_id === d.id).map(toReportFinding),
    })),
    other_findings: findings.filter((f) => !f.document_id || !docs.some((d) => d.id === f.document_id)).map(toReportFinding),
    conversation_log: messagesOf(file, conv.id).map((m) => ({
      at: m.created_at,
      author: m.author,
      module: m.module,
      text: m.text,
      attachments: JSON.parse(m.attachments) as { document_id: string; file_name: string }[],
    })),
    completed_at: conv.completed_at,
    ownership: ownershipFromEntities(
      caseRow.main_entity_id,
      file.entities.map((e) => JSON.parse(e.details) as EntityDetailsLike),
    ),
  };
  return { report, findings, scoring };
}
