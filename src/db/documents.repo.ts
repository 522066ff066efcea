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

export function listDocumentsOfConversation(db: Db, conversationId: string): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('conversation_id', '=', conversationId).orderBy('created_at').orderBy('id').execute();
}

export function listDocumentsOfCase(db: Db, caseId: string): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('case_id', '=', caseId).orderBy('created_at').orderBy('id').execute();
}

export async function updateDocument(db: Db, id: string, patch: Updateable<DocumentsTable>): Promise<void> {
  await db.updateTable('documents').set(patch).where('id', '=', id).execute();
}
