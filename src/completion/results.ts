// Shapes of the spec's results, built from stored rows: client documents in their three forms
// (case result, conversation result, webhook), conversation log entries, conversation result
// entries, the case result and the chat_finished event. Pure.
import type { CaseRow, DocumentRow, MessageRow } from '../db/schema.ts';
import { analysedFields, decodeExtractedData } from '../db/extracted-data.ts';
import { messageAttachmentsOf } from '../db/stored-json.ts';
import { isRecord, isRecordList, StoredJsonError, storedAs } from '../lib/stored-json.ts';
import type { EntityDetails } from '../entities/case-entities.ts';
import { documentEntityId } from '../entities/document-facts.ts';
import type { Scoring } from '../scoring/score.ts';
import { businessSummary } from '../industry/summary.ts';
import type { Links } from '../lib/links.ts';
import type { QuestionnaireResult } from '../clients/questionnaire.ts';

export interface ClientDocument {
  document_id: string;
  document_type: string;
  document_name: string;
  rejected: boolean;
  translated: boolean;
  download_link: string;
  file_name: string;
  original_files: { filename: string; source_url: string | null }[];
  extracted_data: Record<string, unknown>;
  entity_id: string | null;
}

export interface ConversationLogEntry {
  message_id: string;
  timestamp: string;
  author: string;
  module: string | null;
  text: string;
  attachments: { document_id: string; file_name: string }[];
}

export interface LegalEntity {
  entity_id: string;
  entity_details: EntityDetails;
}

export interface ConversationResultEntry {
  case_id: string;
  conversation_id: string;
  web_report_link: string;
  pdf_report_link: string;
  client_documents: ClientDocument[];
  conversation_log: ConversationLogEntry[];
  main_entity_id: string | null;
  legal_entities: LegalEntity[] | null;
  /**
   * What needs attention in this conversation, in plain sentences, as its reports say it (an
   * optional field beside the contract's; empty when nothing does). Absent from results stored
   * before it existed.
   */
  attention?: string[];
}

const isConversationResultEntry = (v: unknown): v is ConversationResultEntry =>
  isRecord(v) &&
  typeof v.conversation_id === 'string' &&
  typeof v.web_report_link === 'string' &&
  isRecordList(v.client_documents) &&
  v.client_documents.every((d) => typeof d.document_id === 'string') &&
  Array.isArray(v.conversation_log);

/** `conversations.result_json`: the result entry stored when the conversation became ready. */
export function conversationResultOf(row: { result_json: string | null }): ConversationResultEntry {
  if (row.result_json === null) throw new StoredJsonError('conversations.result_json', 'is missing');
  return storedAs(row.result_json, 'conversations.result_json', isConversationResultEntry);
}

export interface CaseResult {
  conversation_results: ConversationResultEntry[];
  main_entity_id: string;
  account_owner_entity_ids: string[];
  legal_entities: LegalEntity[];
  business_description_summary: string;
  questionnaire: QuestionnaireResult | null;
  scoring: { score: number; risk_level: string };
  documents: ClientDocument[];
  risk_assessment_report_pdf_link: string | null;
  /** What needs attention across the case, as the case report says it (an optional field beside the contract's; empty when nothing does). */
  attention: string[];
}

/** The type a document is reported as: what its verification was asked to check, else `other`. */
export function documentTypeOf(doc: DocumentRow): string {
  return doc.document_type ?? (doc.source === 'register' ? 'official_registers' : 'other');
}

/** `entities`: the case's entities, so that a passport or ID card names its person, not the company. */
export function clientDocument(doc: DocumentRow, links: Links, entities?: EntityDetails[]): ClientDocument {
  const extracted = decodeExtractedData(doc.extracted_data);
  return {
    document_id: doc.id,
    document_type: documentTypeOf(doc),
    document_name: doc.document_name,
    rejected: doc.rejected === 1,
    translated: false,
    download_link: links.download(doc.id),
    file_name: doc.file_name,
    original_files: [{ filename: doc.file_name, source_url: doc.source_url }],
    extracted_data: extracted,
    entity_id: entities ? documentEntityId({ documentType: doc.document_type, extracted }, entities, doc.entity_id) : doc.entity_id,
  };
}

/** The fields every form of a client document carries. */
function commonFields(d: ClientDocument) {
  return { document_id: d.document_id, document_type: d.document_type, document_name: d.document_name, rejected: d.rejected, download_link: d.download_link };
}

/** Endpoint 9's form: no case-result-only fields. */
export function conversationClientDocument(d: ClientDocument) {
  return { ...commonFields(d), file_name: d.file_name, entity_id: d.entity_id };
}

/** The chat_finished webhook's form. */
export function webhookClientDocument(d: ClientDocument) {
  return { ...commonFields(d), original_files: d.original_files.map((f) => ({ filename: f.filename })) };
}

export function logEntry(m: MessageRow): ConversationLogEntry {
  return {
    message_id: m.id,
    timestamp: m.created_at,
    author: m.author,
    module: m.module,
    text: m.text,
    attachments: messageAttachmentsOf(m),
  };
}

export function legalEntities(details: EntityDetails[]): LegalEntity[] {
  return details.map((d) => ({ entity_id: d.entity_id, entity_details: d }));
}

export function buildCaseResult(input: {
  entries: ConversationResultEntry[];
  mainEntityId: string;
  accountOwnerIds: string[];
  entities: EntityDetails[];
  businessDescription: string;
  scoring: Scoring;
  riskReportLink: string | null;
  /** The questionnaire's answers; null when none was filled. */
  questionnaire?: QuestionnaireResult | null;
  /** What needs attention across the case (the case report's list). */
  attention: string[];
}): CaseResult {
  return {
    conversation_results: input.entries,
    main_entity_id: input.mainEntityId,
    account_owner_entity_ids: input.accountOwnerIds,
    legal_entities: legalEntities(input.entities),
    business_description_summary: input.businessDescription,
    questionnaire: input.questionnaire ?? null,
    scoring: { score: input.scoring.score, risk_level: input.scoring.risk_level },
    documents: input.entries.flatMap((e) => e.client_documents),
    risk_assessment_report_pdf_link: input.riskReportLink,
    attention: input.attention,
  };
}

/**
 * business_description_summary: a short summary of the user's accepted answers to
 * business_description (refused attempts stay in the log only), else of what the case's accepted
 * documents show (industry/summary.ts); "" when nothing is known.
 */
export function businessDescriptionOf(steps: { module: string; status: string; answer: string | null }[], companyName: string | null = null, documents: DocumentRow[] = []): string {
  const answers = steps.filter((s) => s.module === 'business_description' && s.status === 'done' && s.answer).map((s) => s.answer!);
  const read = documents.filter((d) => d.rejected === 0).flatMap((d) => analysedFields(decodeExtractedData(d.extracted_data)) ?? []);
  return businessSummary({ companyName, answers, documents: read });
}

/** The chat_finished event body; the monitoring flow also carries entities and the log. */
export function chatFinishedPayload(caseRow: CaseRow, entry: ConversationResultEntry): Record<string, unknown> {
  return {
    event: 'chat_finished',
    case_id: caseRow.id,
    conversation_id: entry.conversation_id,
    ...(caseRow.communication_id ? { communication_id: caseRow.communication_id } : {}),
    pdf_report_link: entry.pdf_report_link,
    web_report_link: entry.web_report_link,
    client_documents: entry.client_documents.map(webhookClientDocument),
    ...(caseRow.case_kind === 'monitoring' ? { legal_entities: entry.legal_entities, main_entity_id: entry.main_entity_id, conversation_log: entry.conversation_log } : {}),
  };
}
