// The website checks of conversations: requested in the dialog, completed by their job, read by the completion.
import type { Db } from './db.ts';
import type { WebsiteCheckRow } from './schema.ts';

export async function insertWebsiteCheck(db: Db, row: WebsiteCheckRow): Promise<void> {
  await db.insertInto('website_checks').values(row).execute();
}

export function findWebsiteCheck(db: Db, id: string): Promise<WebsiteCheckRow | undefined> {
  return db.selectFrom('website_checks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function completeWebsiteCheck(db: Db, id: string, result: string): Promise<boolean> {
  const r = await db.updateTable('website_checks').set({ status: 'done', result, updated_at: new Date().toISOString() }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Every website check of a case, oldest first. */
export function listWebsiteChecksOfCase(db: Db, caseId: string): Promise<WebsiteCheckRow[]> {
  return db.selectFrom('website_checks').selectAll().where('case_id', '=', caseId).orderBy('created_at').orderBy('id').execute();
}
