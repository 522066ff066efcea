// SQL for conversations and their log (conversation_messages).
import crypto from 'node:crypto';
import type { Updateable } from 'kysely';
import type { Db } from '../storage/db.ts';
import type { ConversationRow, ConversationsTable, MessageRow } from '../storage/schema.ts';

/** Inserts a new, open conversation. */
export async function insertConversation(
  db: Db,
  c: Pick<ConversationRow, 'id' | 'case_id' | 'client_id' | 'conversation_kind' | 'modules'> & { created_at: string },
): Promise<void> {
  await db
    .insertInto('conversations')
    .values({ ...c, state: 'open', completed_at: null, result_json: null, web_report_blob: null, pdf_report_blob: null, updated_at: c.created_at })
    .execute();
}

export function findConversation(db: Db, clientId: string, conversationId: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('id', '=', conversationId).where('client_id', '=', clientId).executeTakeFirst();
}

export function findConversationById(db: Db, conversationId: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('id', '=', conversationId).executeTakeFirst();
}

export function listConversationsOfCase(db: Db, caseId: string): Promise<ConversationRow[]> {
  return db.selectFrom('conversations').selectAll().where('case_id', '=', caseId).orderBy('created_at').orderBy('id').execute();
}

export async function updateConversation(db: Db, id: string, patch: Updateable<ConversationsTable>): Promise<number> {
  const res = await db
    .updateTable('conversations')
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Moves an open conversation to completed; returns false when it was not open. */
export async function markCompleted(db: Db, id: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('conversations')
    .set({ state: 'completed', completed_at: at, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export interface NewMessage {
  author: MessageRow['author'];
  module?: string | null;
  text: string;
  attachments?: { document_id: string; file_name: string }[];
}

/** Appends to a conversation's log; the sequence number orders messages written in one instant. */
export async function appendMessage(db: Db, conversationId: string, msg: NewMessage): Promise<void> {
  const last = await db
    .selectFrom('conversation_messages')
    .select((eb) => eb.fn.max<number>('seq').as('seq'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  await db
    .insertInto('conversation_messages')
    .values({
      id: crypto.randomUUID(),
      conversation_id: conversationId,
      seq: Number(last?.seq ?? 0) + 1,
      author: msg.author,
      module: msg.module ?? null,
      text: msg.text,
      attachments: JSON.stringify(msg.attachments ?? []),
      created_at: new Date().toISOString(),
    })
    .execute();
}

export function listMessages(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db.selectFrom('conversation_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('seq').execute();
}
