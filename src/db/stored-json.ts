// The decoders of the JSON columns: each column's text parsed once, its shape checked, and handed
// on typed, so that services never cast what they read (the generic steps are lib/stored-json.ts).
import { isRecord, isRecordList, isStringList, storedAs, storedObject, storedOrNull, storedStrings } from '../lib/stored-json.ts';
import type { StoredCaseData } from './case-data.ts';
import type { EntityDetails, Ownership } from './entity-details.ts';
import type { ListEntry } from './list-entry.ts';

const isCaseData = (v: unknown): v is StoredCaseData => isRecord(v) && typeof v.company_full_name === 'string' && typeof v.company_country_code === 'string';

/** `cases.case_data`: the case as its client sent it (checked on the way in by cases/cases.schemas.ts). */
export function caseDataOf(row: { case_data: string }): StoredCaseData {
  return storedAs(row.case_data, 'cases.case_data', isCaseData);
}

const isEntityDetails = (v: unknown): v is EntityDetails => isRecord(v) && (v.type === 'company' || v.type === 'person') && typeof v.entity_id === 'string';

/** `entities.details`: a company or a person of the case. */
export function entityDetailsOf(row: { details: string }): EntityDetails {
  return storedAs(row.details, 'entities.details', isEntityDetails);
}

const isCaseManager = (v: unknown): v is { name: string; email: string } => isRecord(v) && typeof v.name === 'string' && typeof v.email === 'string';

/** `cases.case_manager`: who at the bank follows the case, when the client named someone. */
export function caseManagerOf(row: { case_manager: string | null }): { name: string; email: string } | null {
  return row.case_manager ? storedAs(row.case_manager, 'cases.case_manager', isCaseManager) : null;
}

/** `cases.invitation_email_recipients`: whom the dialog's invitation is sent to. */
export function invitationRecipientsOf(row: { invitation_email_recipients: string | null }): string[] {
  return storedStrings(row.invitation_email_recipients ?? '[]', 'cases.invitation_email_recipients');
}

/** `cases.case_data` as a plain object, for pages that show every field the client sent. */
export function caseDataFieldsOf(row: { case_data: string }): Record<string, unknown> {
  return storedObject(row.case_data, 'cases.case_data');
}

export { StoredJsonError, storedStrings } from '../lib/stored-json.ts';

const isModuleList = (v: unknown): v is StoredCaseData['modules'] => isRecordList(v) && v.every((m) => typeof m.module === 'string');

/** `conversations.modules`: the modules a conversation asks for, in the client's order. */
export function conversationModulesOf(row: { modules: string }): StoredCaseData['modules'] {
  return storedAs(row.modules, 'conversations.modules', isModuleList);
}

const ENTRY_KINDS = new Set(['person', 'company', 'vessel', 'aircraft', 'other']);
const isListEntry = (v: unknown): v is ListEntry =>
  isRecord(v) &&
  typeof v.listEntryId === 'string' &&
  typeof v.kind === 'string' &&
  ENTRY_KINDS.has(v.kind) &&
  (v.topic === 'sanctions' || v.topic === 'pep') &&
  typeof v.name === 'string' &&
  isStringList(v.aliases) &&
  isStringList(v.birthDates) &&
  isStringList(v.nationalities) &&
  isStringList(v.countries) &&
  isStringList(v.addresses) &&
  isStringList(v.programmes) &&
  isRecordList(v.identifiers) &&
  v.identifiers.every((i) => typeof i.type === 'string' && typeof i.value === 'string') &&
  (v.remarks === undefined || typeof v.remarks === 'string');

/** `screening_entries.details`: one entry of an imported list, as its format read it. */
export function listEntryOf(row: { details: string }): ListEntry {
  return storedAs(row.details, 'screening_entries.details', isListEntry);
}

/** A file a message of the conversation log carried. */
export interface MessageAttachment {
  document_id: string;
  file_name: string;
}

/** `conversation_messages.attachments`: the files a message carried (an entry without a document is left out, a missing name read as ''). */
export function messageAttachmentsOf(row: { attachments: string }): MessageAttachment[] {
  return storedAs(row.attachments, 'conversation_messages.attachments', isRecordList)
    .filter((a) => typeof a.document_id === 'string')
    .map((a) => ({ document_id: String(a.document_id), file_name: typeof a.file_name === 'string' ? a.file_name : '' }));
}

/** One factor of a stored case score. */
export interface StoredScoreFactor {
  factor: string;
  points: number;
  detail: string;
}

const isScoreFactorList = (v: unknown): v is Record<string, unknown>[] => isRecordList(v) && v.every((f) => typeof f.factor === 'string' && typeof f.points === 'number');

/** `case_scores.factors`: what made the stored score (a factor stored without its detail gets ''). */
export function scoreFactorsOf(row: { factors: string }): StoredScoreFactor[] {
  return storedAs(row.factors, 'case_scores.factors', isScoreFactorList).map((f) => ({ factor: String(f.factor), points: Number(f.points), detail: typeof f.detail === 'string' ? f.detail : '' }));
}

const isFraction = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isOwnership = (v: unknown): v is Ownership => isRecord(v) && ('fraction' in v ? isFraction(v.fraction) : Array.isArray(v.range) && v.range.length === 2 && v.range.every(isFraction));

/** `register_relationships.ownership`: the stake a register gives, null when it gives none (or one that is no stake). */
export function registerOwnershipOf(row: { ownership: string | null }): Ownership | null {
  return storedOrNull(row.ownership, isOwnership);
}

/** `register_entities.details`: what an imported register file says of a company or person. */
export function registerDetailsOf(row: { details: string }): Record<string, unknown> {
  return storedObject(row.details, 'register_entities.details');
}

/** A party a register names inside its relationship (PSC individuals) rather than as a row of its own. */
export interface InlineRegisterParty {
  entity_type: 'person' | 'company';
  name: string;
  details: Record<string, unknown>;
}

const isInlineParty = (v: unknown): v is InlineRegisterParty => isRecord(v) && (v.entity_type === 'person' || v.entity_type === 'company') && typeof v.name === 'string' && isRecord(v.details);

/** `register_relationships.party`: the party written inline, null when the relationship has none. */
export function inlinePartyOf(row: { party: string | null }): InlineRegisterParty | null {
  return row.party ? storedAs(row.party, 'register_relationships.party', isInlineParty) : null;
}
