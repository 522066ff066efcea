// SQL for conversations and their log (conversation_messages).
import { newId } from '../lib/ids.ts';
import type { Updateable } from 'kysely';
import type { Db } from './db.ts';
import { preparedInsert, preparedQuery, type PreparedWrite } from './sqlite/prepared.ts';
import type { ConversationRow, ConversationsTable, MessageRow } from './schema.ts';

const insertConversationQuery = preparedQuery(['id', 'case_id', 'client_id', 'conversation_kind', 'modules', 'created_at'], (db, p) =>
  db.insertInto('conversations').values({
    id: p.id,
    case_id: p.case_id,
    client_id: p.client_id,
    conversation_kind: p.conversation_kind as ConversationRow['conversation_kind'],
    modules: p.modules,
    state: 'open',
    completed_at: null,
    result_json: null,
    web_report_blob: null,
    pdf_report_blob: null,
    created_at: p.created_at,
    updated_at: p.created_at,
  }),
);

type NewConversation = Pick<ConversationRow, 'id' | 'case_id' | 'client_id' | 'conversation_kind' | 'modules'> & { created_at: string };

/** Inserts a new, open conversation. */
export async function insertConversation(db: Db, c: NewConversation): Promise<void> {
  await insertConversationQuery(db, c);
}

/** The same insert, for the write batcher. */
export function newConversationWrite(c: NewConversation): PreparedWrite {
  return insertConversationQuery.bind(c);
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
  const res = await db.updateTable('conversations').set({ state: 'completed', completed_at: at, updated_at: at }).where('id', '=', id).where('state', '=', 'open').executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export interface NewMessage {
  author: MessageRow['author'];
  module?: string | null;
  text: string;
  attachments?: { document_id: string; file_name: string }[];
}

const MESSAGE_COLUMNS = ['id', 'conversation_id', 'seq', 'author', 'module', 'text', 'attachments', 'created_at'] as const;
const insertMessageQuery = preparedInsert('conversation_messages', MESSAGE_COLUMNS);

/** Appends to a conversation's log; the sequence number orders messages written in one instant. */
export async function appendMessage(db: Db, conversationId: string, msg: NewMessage): Promise<void> {
  const last = await db
    .selectFrom('conversation_messages')
    .select((eb) => eb.fn.max<number>('seq').as('seq'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  await insertMessageQuery(db, messageValues(conversationId, Number(last?.seq ?? 0) + 1, msg));
}

/** The first message of a conversation created in the same transaction, for the write batcher. */
export function firstMessageWrite(conversationId: string, msg: NewMessage): PreparedWrite {
  return insertMessageQuery.bind(messageValues(conversationId, 1, msg));
}

function messageValues(conversationId: string, seq: number, msg: NewMessage) {
  return {
    id: newId(),
    conversation_id: conversationId,
    seq,
    author: msg.author,
    module: msg.module ?? null,
    text: msg.text,
    attachments: JSON.stringify(msg.attachments ?? []),
    created_at: new Date().toISOString(),
  };
}

export function listMessages(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db.selectFrom('conversation_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('seq').execute();
}

/** Every conversation of the case the given conversation belongs to, in one statement. */
export function listConversationsBeside(db: Db, conversationId: string): Promise<ConversationRow[]> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('case_id', '=', (eb) => eb.selectFrom('conversations as c').select('c.case_id').where('c.id', '=', conversationId))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The logs of several conversations, each in its order. */
export function listMessagesOfConversations(db: Db, conversationIds: string[]): Promise<MessageRow[]> {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('conversation_messages').selectAll().where('conversation_id', 'in', conversationIds).orderBy('conversation_id').orderBy('seq').execute();
}

/** Stores the result of a completed conversation and makes it ready; false when it was not completed (any more). */
/** Replaces the reports of a conversation that is ready (its findings changed since); false when it is not ready. */
export async function replaceConversationReports(db: Db, id: string, patch: Pick<ConversationRow, 'web_report_blob' | 'pdf_report_blob'>): Promise<boolean> {
  const res = await db.updateTable('conversations').set(patch).where('id', '=', id).where('state', '=', 'ready').executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function storeConversationResult(db: Db, id: string, patch: Pick<ConversationRow, 'result_json' | 'web_report_blob' | 'pdf_report_blob'>): Promise<boolean> {
  const res = await db
    .updateTable('conversations')
    .set({ ...patch, state: 'ready', updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('state', '=', 'completed')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
