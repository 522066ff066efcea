// SQL for documents.
import type { Updateable } from 'kysely';
import type { Db } from './db.ts';
import type { DocumentRow, DocumentsTable } from './schema.ts';

export async function insertDocument(db: Db, row: DocumentRow): Promise<void> {
  await db.insertInto('documents').values(row).execute();
}

export function findDocument(db: Db, clientId: string, documentId: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', documentId).where('client_id', '=', clientId).executeTakeFirst();
}

export function findDocumentById(db: Db, documentId: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst();
}

/** The documents in use: without those their sender removed (withdrawn_at). */
export function listDocumentsOfConversation(db: Db, conversationId: string): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('conversation_id', '=', conversationId).where('withdrawn_at', 'is', null).orderBy('created_at').orderBy('id').execute();
}

export function listDocumentsOfCase(db: Db, caseId: string): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('case_id', '=', caseId).where('withdrawn_at', 'is', null).orderBy('created_at').orderBy('id').execute();
}

export async function updateDocument(db: Db, id: string, patch: Updateable<DocumentsTable>): Promise<void> {
  await db.updateTable('documents').set(patch).where('id', '=', id).execute();
}

/** Marks a document as removed by its sender; true for the one caller that did it. */
export async function withdrawDocument(db: Db, id: string, at: string): Promise<boolean> {
  const res = await db.updateTable('documents').set({ withdrawn_at: at }).where('id', '=', id).where('withdrawn_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Megapixels already spent reading documents of this conversation, and of this API client's documents created since `since` (ISO), the document `except` left out. */
export async function readMegapixelsSpent(db: Db, q: { conversationId: string; clientId: string; since: string; except: string }): Promise<{ conversation: number; client: number }> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('conversation_id', '=', q.conversationId).then(eb.ref('read_megapixels')).else(0).end()), eb.val(0)).as('conversation'),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('created_at', '>=', q.since).then(eb.ref('read_megapixels')).else(0).end()), eb.val(0)).as('client'),
    ])
    .where('client_id', '=', q.clientId)
    .where('id', '!=', q.except)
    .where('read_megapixels', 'is not', null)
    .executeTakeFirst();
  return { conversation: Number(row?.conversation ?? 0), client: Number(row?.client ?? 0) };
}
