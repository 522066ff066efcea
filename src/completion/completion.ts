// The steps of a completion, pure over the case file: the case's entities brought up to date, the
// completion findings, the report data (built once per conversation), the conversation result
// entry and its chat_finished event; then, when every conversation is ready, the case score, the
// case report data and the case result. Each step sees the file as the earlier steps left it; the
// finalize service reads the file before and writes what comes out after.
import type { FindingRow } from '../db/schema.ts';
import { entitiesForResult, entityChanges, type EntityChanges } from '../entities/result-entities.ts';
import type { CodeLists } from '../industry/code-lists.ts';
import type { Links } from '../lib/links.ts';
import type { CaseReportData } from '../reports/report-data.ts';
import { attentionList, caseSummary } from '../reports/report-reading.ts';
import type { CaseScoring } from '../scoring/case-score.ts';
import type { ScoringPolicy } from '../scoring/policy.ts';
import { allMessages, documentsOf, messagesOf, stepsOf, withConversation, withFindings, type CaseFile } from './case-file.ts';
import { completionFindingRows } from './completion-findings.ts';
import { translatedDocumentIds, websiteFindingRows, withCheckedWebsite } from './website-translations.ts';
import { caseDeclarations, caseQuestionnaire } from './declared.ts';
import { applyDeclarations } from '../entities/declarations.ts';
import type { QuestionnaireDefinition } from '../clients/questionnaire.ts';
import { caseScoring, conversationReport, type GatheredConversation, type ReportDeps } from './conversation-report.ts';
import { withAnsweredWebsite } from './report-answers.ts';
import type { ChecksSetup } from './checks-performed.ts';
import {
  buildCaseResult,
  businessDescriptionOf,
  chatFinishedPayload,
  clientDocument,
  legalEntities,
  logEntry,
  conversationResultOf,
  type CaseResult,
  type ConversationResultEntry,
} from './results.ts';
import { caseDataOf, entityDetailsOf } from '../db/stored-json.ts';

export interface CompletionDeps {
  /** When the completion happens: report dates, rows written. */
  at: string;
  links: Links;
  codeLists: () => CodeLists;
  policy: () => ScoringPolicy;
  uboThreshold: number;
  /** The questionnaire the case's onboarding conversation answers; null or absent: none. */
  questionnaire?: QuestionnaireDefinition | null;
  /** What is configured for the checks the reports list. */
  checks?: ChecksSetup;
}

export interface ConversationCompletion {
  /** The case file as it is once this completion is written (the conversation ready). */
  file: CaseFile;
  entities: EntityChanges;
  /** The conversation's findings of source 'completion', replacing the earlier ones. */
  findings: FindingRow[];
  gathered: GatheredConversation;
  entry: ConversationResultEntry;
  event: Record<string, unknown>;
}

export interface CaseCompletion {
  scoring: CaseScoring;
  report: CaseReportData;
  result: CaseResult;
}

function reportDeps(deps: CompletionDeps): ReportDeps {
  return { policy: deps.policy(), uboThreshold: deps.uboThreshold, questionnaire: deps.questionnaire ?? null, checks: deps.checks };
}

/** The conversation result entry (endpoint 9, the case result's conversation_results). */
export function conversationEntry(file: CaseFile, conversationId: string, links: Links): ConversationResultEntry {
  const translated = translatedDocumentIds(file);
  return {
    case_id: file.caseRow.id,
    conversation_id: conversationId,
    web_report_link: links.webReport(conversationId),
    pdf_report_link: links.pdfReport(conversationId),
    client_documents: documentsOf(file, conversationId).map((d) => ({
      ...clientDocument(
        d,
        links,
        file.entities.map((e) => entityDetailsOf(e)),
      ),
      translated: translated.has(d.id),
    })),
    conversation_log: messagesOf(file, conversationId).map(logEntry),
    main_entity_id: file.caseRow.main_entity_id,
    legal_entities: legalEntities(file.entities.map((e) => entityDetailsOf(e))),
  };
}

/** Everything the completion of one conversation writes, from the case file. */
export function completeConversation(file: CaseFile, conversationId: string, deps: CompletionDeps): ConversationCompletion {
  const { caseRow } = file;
  const fresh = entitiesForResult({
    caseId: caseRow.id,
    mainEntityId: caseRow.main_entity_id,
    caseData: caseDataOf(caseRow),
    entities: file.entities,
    documents: file.documents,
    messages: allMessages(file),
    codeLists: deps.codeLists,
    uboThreshold: deps.uboThreshold,
  });
  // What the people declared (dialog or comments) fills their person fields, and so the score.
  const declared = applyDeclarations(fresh.entities, caseDeclarations(file));
  const entities = entityChanges(caseRow.id, file.entities, withAnsweredWebsite(withCheckedWebsite(declared, caseRow.main_entity_id, file), caseRow.main_entity_id, file), fresh.sources, deps.at);
  let next: CaseFile = { ...file, entities: entities.rows };
  // Cross-document rules across the case, before the reports so they appear in them.
  const crossFindings = completionFindingRows(next, conversationId, deps.at);
  const findings = [...crossFindings, ...websiteFindingRows(next, conversationId, deps.at, crossFindings.length)];
  next = withFindings(next, conversationId, 'completion', findings);
  const gathered = conversationReport(next, conversationId, deps.at, reportDeps(deps));
  const entry: ConversationResultEntry = { ...conversationEntry(next, conversationId, deps.links), attention: attentionList(gathered.report) };
  next = withConversation(next, conversationId, { state: 'ready', result_json: JSON.stringify(entry) });
  return { file: next, entities, findings, gathered, entry, event: chatFinishedPayload(caseRow, entry) };
}

/**
 * A ready case's reports and result again, after its findings changed without a completion (a
 * screening after a list update, an analyst's decision on a hit): the report data of the
 * conversation holding the findings and the case's score, risk report and result, from the file
 * as it now stands. The conversations' results (their entries) stay as stored.
 */
export function recompleteReadyCase(file: CaseFile, conversationId: string, deps: CompletionDeps): { gathered: GatheredConversation; case: CaseCompletion } {
  const gathered = conversationReport(file, conversationId, deps.at, reportDeps(deps));
  return { gathered, case: completeCase(file, deps, new Map([[conversationId, gathered]])) };
}

/** Whether the case result is due: every conversation ready, the case not yet. */
export function caseIsDue(file: CaseFile): boolean {
  return file.caseRow.state !== 'ready' && file.conversations.length > 0 && file.conversations.every((c) => c.state === 'ready');
}

/** The case result, its score and its report data; `gathered` holds report data already built. */
export function completeCase(file: CaseFile, deps: CompletionDeps, gathered: ReadonlyMap<string, GatheredConversation> = new Map()): CaseCompletion {
  const { caseRow } = file;
  const rd = reportDeps(deps);
  const scoring = caseScoring(file, rd);
  const all = file.conversations.map((c) => gathered.get(c.id) ?? conversationReport(file, c.id, deps.at, rd, scoring));
  const report: CaseReportData = {
    generated_at: deps.at,
    case_id: caseRow.id,
    company_full_name: caseRow.company_full_name,
    scoring: { score: scoring.score, risk_level: scoring.risk_level, factors: scoring.factors, policy_version: scoring.policy_version },
    conversations: all.map((g) => g.report),
  };
  const result = buildCaseResult({
    entries: file.conversations.map((c) => conversationResultOf(c)),
    mainEntityId: caseRow.main_entity_id,
    accountOwnerIds: file.entities.filter((e) => e.role === 'account_owner').map((e) => e.id),
    entities: file.entities.map((e) => entityDetailsOf(e)),
    businessDescription: businessDescriptionOf(
      file.conversations.flatMap((c) => stepsOf(file, c.id)),
      caseRow.company_full_name,
      file.documents,
    ),
    scoring,
    riskReportLink: deps.links.caseReport(caseRow.id),
    questionnaire: caseQuestionnaire(file, deps.questionnaire ?? null),
    attention: caseSummary(report).attention,
  });
  return { scoring, report, result };
}
