// The case file: everything a completion (and the back office's case view) needs of one case, read
// once into memory with one query per table, batched over the case's conversations. The steps of a
// completion are pure functions over it; `withConversation` and `withFindings` give the file as it
// is after a step's writes, so later steps never read again.
import type { Db } from '../db/db.ts';
import type { CaseRow, CommentRow, ConversationRow, DocumentRow, EntityRow, FindingRow, MessageRow } from '../db/schema.ts';
import type { StepRow } from '../db/dialog.repo.ts';
import { findCaseById } from '../db/cases.repo.ts';
import { listConversationsOfCase, listMessagesOfConversations } from '../db/conversations.repo.ts';
import { listDocumentsOfCase } from '../db/documents.repo.ts';
import { listEntitiesOfCase } from '../db/entities.repo.ts';
import { listFindingsOfConversations } from '../db/verifications.repo.ts';
import { listCommentsOfConversations } from '../db/comments.repo.ts';
import { listStepsOfConversations } from '../db/dialog.repo.ts';
import { listTranslationsOfCase } from '../db/translations.repo.ts';
import { listWebsiteChecksOfCase } from '../db/website-checks.repo.ts';
import type { DocumentTranslationRow, WebsiteCheckRow } from '../db/schema.ts';

export interface CaseFile {
  caseRow: CaseRow;
  /** Oldest first. */
  conversations: ConversationRow[];
  /** Every document of the case, oldest first. */
  documents: DocumentRow[];
  /** Oldest first. */
  entities: EntityRow[];
  /** Per conversation id: its findings (oldest first, by position), comments (oldest first), log and dialog steps. */
  findings: Map<string, FindingRow[]>;
  comments: Map<string, CommentRow[]>;
  messages: Map<string, MessageRow[]>;
  steps: Map<string, StepRow[]>;
  /** Which documents are translations of which, oldest first. */
  translations: DocumentTranslationRow[];
  /** Every website check of the case, oldest first. */
  websiteChecks: WebsiteCheckRow[];
}

function byConversation<T extends { conversation_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.conversation_id);
    if (list) list.push(r);
    else out.set(r.conversation_id, [r]);
  }
  return out;
}

/**
 * Reads a case file; `known` rows (already read by the caller) are not read again. Dialog steps
 * only when asked for. Undefined when the case does not exist.
 */
export function readCaseFile(db: Db, caseId: string, known: { caseRow: CaseRow; conversations?: ConversationRow[] }, opts?: { steps?: boolean }): Promise<CaseFile>;
export function readCaseFile(db: Db, caseId: string, known?: { caseRow?: CaseRow; conversations?: ConversationRow[] }, opts?: { steps?: boolean }): Promise<CaseFile | undefined>;
export async function readCaseFile(db: Db, caseId: string, known: { caseRow?: CaseRow; conversations?: ConversationRow[] } = {}, opts: { steps?: boolean } = {}): Promise<CaseFile | undefined> {
  const conversations = known.conversations ?? (await listConversationsOfCase(db, caseId));
  const ids = conversations.map((c) => c.id);
  // The website checks are read before the rest: a check is marked done in the transaction that
  // logs its outcome in the conversation, so a check seen done has its message in the messages
  // read below, even while another process finishes it in between.
  const websiteChecks = await listWebsiteChecksOfCase(db, caseId);
  const [caseRow, documents, entities, findings, comments, messages, steps, translations] = await Promise.all([
    known.caseRow ?? findCaseById(db, caseId),
    listDocumentsOfCase(db, caseId),
    listEntitiesOfCase(db, caseId),
    listFindingsOfConversations(db, ids),
    listCommentsOfConversations(db, ids),
    listMessagesOfConversations(db, ids),
    opts.steps ? listStepsOfConversations(db, ids) : Promise.resolve([]),
    listTranslationsOfCase(db, caseId),
  ]);
  if (!caseRow) return undefined;
  // Findings of a document its sender removed are kept in the database but not counted.
  const inUse = new Set(documents.map((d) => d.id));
  return {
    caseRow,
    conversations,
    documents,
    entities,
    findings: byConversation(findings.filter((f) => f.document_id === null || inUse.has(f.document_id))),
    comments: byConversation(comments),
    messages: byConversation(messages),
    steps: byConversation(steps),
    translations,
    websiteChecks,
  };
}

/** The documents of one conversation of the file, oldest first. */
export function documentsOf(file: CaseFile, conversationId: string): DocumentRow[] {
  return file.documents.filter((d) => d.conversation_id === conversationId);
}

export function findingsOf(file: CaseFile, conversationId: string): FindingRow[] {
  return file.findings.get(conversationId) ?? [];
}

export function commentsOf(file: CaseFile, conversationId: string): CommentRow[] {
  return file.comments.get(conversationId) ?? [];
}

export function messagesOf(file: CaseFile, conversationId: string): MessageRow[] {
  return file.messages.get(conversationId) ?? [];
}

export function stepsOf(file: CaseFile, conversationId: string): StepRow[] {
  return file.steps.get(conversationId) ?? [];
}

/** Every message of the case, conversation after conversation. */
export function allMessages(file: CaseFile): MessageRow[] {
  return file.conversations.flatMap((c) => messagesOf(file, c.id));
}

/** The file with one conversation's row changed. */
export function withConversation(file: CaseFile, conversationId: string, patch: Partial<ConversationRow>): CaseFile {
  return { ...file, conversations: file.conversations.map((c) => (c.id === conversationId ? { ...c, ...patch } : c)) };
}

/**
 * The file with one conversation's findings of a source replaced by `rows`, in the stored order
 * (oldest first, then by position).
 */
export function withFindings(file: CaseFile, conversationId: string, source: FindingRow['source'], rows: FindingRow[]): CaseFile {
  const merged = [...findingsOf(file, conversationId).filter((f) => f.source !== source), ...rows].sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.position - b.position,
  );
  return { ...file, findings: new Map(file.findings).set(conversationId, merged) };
}
