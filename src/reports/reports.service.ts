// Gathers what a report shows from storage, renders the web and PDF reports once, and stores them
// as blobs; serves them back to the right people.
import type { ServiceContext } from '../context.ts';
import type { CaseRow, ConversationRow, FindingRow } from '../db/schema.ts';
import { listDocumentsOfConversation } from '../db/documents.repo.ts';
import { listFindingsOfConversation } from '../db/verifications.repo.ts';
import { listCommentsOfConversation } from '../db/comments.repo.ts';
import { listMessages } from '../db/conversations.repo.ts';
import { listEntitiesOfCase } from '../db/entities.repo.ts';
import { ownershipFromEntities, type EntityDetailsLike } from './ownership.ts';
import { scoreFindings, type Scoring } from '../scoring/score.ts';
import type { CaseReportData, ConversationReportData, ReportFinding } from './report-data.ts';
import { renderWebReport } from './web-report.ts';
import { renderCaseReport, renderPdfReport } from './pdf-report.ts';

export interface GatheredConversation {
  report: ConversationReportData;
  findings: FindingRow[];
  scoring: Scoring;
}

export class ReportsService {
  constructor(private readonly ctx: ServiceContext) {}

  async gather(caseRow: CaseRow, conv: ConversationRow, generatedAt: string): Promise<GatheredConversation> {
    const db = this.ctx.db;
    const [docs, findings, comments, messages, entities] = await Promise.all([
      listDocumentsOfConversation(db, conv.id),
      listFindingsOfConversation(db, conv.id),
      listCommentsOfConversation(db, conv.id),
      listMessages(db, conv.id),
      listEntitiesOfCase(db, caseRow.id),
    ]);
    const toReportFinding = (f: FindingRow): ReportFinding => ({
      issue_id: f.issue_id,
      code: f.code,
      severity: f.severity,
      text: f.text,
      comments: comments
        .filter((c) => c.issue_id === f.issue_id)
        .map((c) => ({ comment_text: c.comment_text, author: c.author, created_at: c.created_at })),
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
      conversation_log: messages.map((m) => ({
        at: m.created_at,
        author: m.author,
        module: m.module,
        text: m.text,
        attachments: JSON.parse(m.attachments) as { document_id: string; file_name: string }[],
      })),
      completed_at: conv.completed_at,
      ownership: ownershipFromEntities(
        caseRow.main_entity_id,
        entities.map((e) => JSON.parse(e.details) as EntityDetailsLike),
      ),
    };
    return { report, findings, scoring };
  }

  /** Renders and stores both reports of a conversation; returns their blob addresses. */
  async renderConversation(report: ConversationReportData): Promise<{ web: string; pdf: string }> {
    const [web, pdf] = await Promise.all([
      this.ctx.blobs.put(Buffer.from(renderWebReport(report), 'utf8')),
      renderPdfReport(report).then((b) => this.ctx.blobs.put(b)),
    ]);
    return { web: web.sha256, pdf: pdf.sha256 };
  }

  async renderCase(data: CaseReportData): Promise<string> {
    return (await this.ctx.blobs.put(await renderCaseReport(data))).sha256;
  }

  blob(sha256: string) {
    return this.ctx.blobs.stream(sha256);
  }
}
