// SQL for the dialog: its steps, the files sent through it, and each API client's embedding origins.
import type { Selectable, Updateable } from 'kysely';
import type { Db } from './db.ts';
import type { DialogFilesTable, DialogStepsTable } from './schema.ts';
import { storedStrings } from '../lib/stored-json.ts';

export type StepRow = Selectable<DialogStepsTable>;
export type FileRow = Selectable<DialogFilesTable>;

export function listSteps(db: Db, conversationId: string): Promise<StepRow[]> {
  return db.selectFrom('dialog_steps').selectAll().where('conversation_id', '=', conversationId).orderBy('position').execute();
}

/** Inserts the steps unless they exist; true when this call created them. */
export async function insertSteps(db: Db, rows: StepRow[]): Promise<boolean> {
  if (rows.length === 0) return false;
  const res = await db
    .insertInto('dialog_steps')
    .values(rows)
    .onConflict((oc) => oc.columns(['conversation_id', 'step_key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Changes a step only if nobody changed it since it was read (its version); false otherwise. */
export async function updateStep(db: Db, step: Pick<StepRow, 'conversation_id' | 'step_key' | 'version'>, patch: Updateable<DialogStepsTable>): Promise<boolean> {
  const res = await db
    .updateTable('dialog_steps')
    .set({ ...patch, version: step.version + 1, updated_at: new Date().toISOString() })
    .where('conversation_id', '=', step.conversation_id)
    .where('step_key', '=', step.step_key)
    .where('version', '=', step.version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function insertFile(db: Db, row: FileRow): Promise<void> {
  await db.insertInto('dialog_files').values(row).execute();
}

export function listFiles(db: Db, conversationId: string): Promise<FileRow[]> {
  return db.selectFrom('dialog_files').selectAll().where('conversation_id', '=', conversationId).orderBy('created_at').orderBy('document_id').execute();
}

/** Takes a file off its step (the sender removed it); true for the one caller that did it. */
export async function deleteFile(db: Db, conversationId: string, documentId: string): Promise<boolean> {
  const res = await db.deleteFrom('dialog_files').where('conversation_id', '=', conversationId).where('document_id', '=', documentId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Marks a file's findings as written to the log; true for the one caller that did it. */
export async function markAnnounced(db: Db, documentId: string): Promise<boolean> {
  const res = await db.updateTable('dialog_files').set({ announced: 1 }).where('document_id', '=', documentId).where('announced', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function findOrigins(db: Db, clientId: string): Promise<string[] | null> {
  const row = await db.selectFrom('dialog_client_settings').select('origins').where('client_id', '=', clientId).executeTakeFirst();
  return row ? storedStrings(row.origins, 'dialog_client_settings.origins') : null;
}

export async function saveOrigins(db: Db, clientId: string, origins: string[]): Promise<void> {
  const values = { client_id: clientId, origins: JSON.stringify(origins), updated_at: new Date().toISOString() };
  await db
    .insertInto('dialog_client_settings')
    .values(values)
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ origins: values.origins, updated_at: values.updated_at }))
    .execute();
}

/** The steps of several conversations, each conversation's in its order. */
export function listStepsOfConversations(db: Db, conversationIds: string[]): Promise<StepRow[]> {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('dialog_steps').selectAll().where('conversation_id', 'in', conversationIds).orderBy('conversation_id').orderBy('position').execute();
}
