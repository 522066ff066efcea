// What the reports of one conversation show, built from the case file: its documents with their
// findings and the comments on them, other findings, the user's answers, its log, the case's
// ownership and the case's score (one score per case, under the policy in force) with the share
// this conversation's findings add to it. Built once per conversation and used for the web and
// PDF reports, the case report and the back office's case view. Pure.
import type { FindingRow } from '../db/schema.ts';
import { decodeExtractedData } from '../db/extracted-data.ts';
import { ownershipFromEntities } from '../reports/ownership.ts';
import type { ConversationReportData, ReportFinding } from '../reports/report-data.ts';
import type { QuestionnaireDefinition } from '../clients/questionnaire.ts';
import type { CaseScoring } from '../scoring/case-score.ts';
import type { ScoringPolicy } from '../scoring/policy.ts';
import { scoreForResult } from '../scoring/result-score.ts';
import { findingsFactors } from '../scoring/score.ts';
import { commentsOf, documentsOf, findingsOf, messagesOf, type CaseFile } from './case-file.ts';
import { conversationAnswers, conversationExplanations } from './report-answers.ts';
import { checksPerformed, type ChecksSetup } from './checks-performed.ts';
import { caseDataFieldsOf, conversationModulesOf, entityDetailsOf, messageAttachmentsOf } from '../db/stored-json.ts';

export interface GatheredConversation {
  report: ConversationReportData;
  findings: FindingRow[];
  /** The case's score as this report shows it. */
  scoring: CaseScoring;
}

/** What scoring and the answers need beside the case file. */
export interface ReportDeps {
  policy: ScoringPolicy;
  uboThreshold: number;
  /** The questionnaire the onboarding conversation answers, for its questions' texts. */
  questionnaire?: QuestionnaireDefinition | null;
  /** What is configured for the checks (screening lists, register keys); without it the report lists no checks. */
  checks?: ChecksSetup;
}

/** The case's one score from the file as it is: every conversation's findings and unusable documents, the entities, the transaction. */
export function caseScoring(file: CaseFile, deps: Pick<ReportDeps, 'policy' | 'uboThreshold'>): CaseScoring {
  const conversations = file.conversations.map((c) => c.id);
  return scoreForResult(
    file.caseRow,
    file.entities,
    {
      findings: conversations.flatMap((id) => findingsOf(file, id)),
      rejectedDocuments: conversations.flatMap((id) => documentsOf(file, id)).filter((d) => d.rejected === 1).length,
    },
    deps.policy,
    deps.uboThreshold,
  );
}

/** The report data of one conversation; `scoring` is the case's score when the caller already has it. */
export function conversationReport(file: CaseFile, conversationId: string, generatedAt: string, deps: ReportDeps, scoring: CaseScoring = caseScoring(file, deps)): GatheredConversation {
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
  const own = findingsFactors({ findings, rejectedDocuments: docs.filter((d) => d.rejected === 1).length }, deps.policy);
  const report: ConversationReportData = {
    generated_at: generatedAt,
    case_id: caseRow.id,
    conversation_id: conv.id,
    communication_id: caseRow.communication_id,
    case_kind: caseRow.case_kind,
    conversation_kind: conv.conversation_kind,
    company_full_name: caseRow.company_full_name,
    company_country_code: caseRow.company_country_code,
    case_data: caseDataFieldsOf(caseRow),
    modules: conversationModulesOf(conv),
    scoring: {
      score: scoring.score,
      risk_level: scoring.risk_level,
      factors: scoring.factors,
      policy_version: scoring.policy_version,
      conversation: { points: own.reduce((sum, f) => sum + f.points, 0), factors: own },
    },
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
      extracted_data: decodeExtractedData(d.extracted_data),
      findings: findings.filter((f) => f.document_id === d.id).map(toReportFinding),
    })),
    other_findings: findings.filter((f) => !f.document_id || !docs.some((d) => d.id === f.document_id)).map(toReportFinding),
    conversation_log: messagesOf(file, conv.id).map((m) => ({
      at: m.created_at,
      author: m.author,
      module: m.module,
      text: m.text,
      attachments: messageAttachmentsOf(m),
    })),
    completed_at: conv.completed_at,
    answers: conversationAnswers(file, conv.id, deps.questionnaire ?? null),
    explanations: conversationExplanations(file, conv.id),
    ownership: ownershipFromEntities(
      caseRow.main_entity_id,
      file.entities.map((e) => entityDetailsOf(e)),
    ),
  };
  if (deps.checks) report.checks = checksPerformed(file, conv.id, deps.checks, report.modules, report.documents);
  return { report, findings, scoring };
}
