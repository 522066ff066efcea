// SQL for cases.
import type { Db } from '../storage/db.ts';
import type { CaseRow, CaseUpdate } from '../storage/schema.ts';

export async function insertCase(db: Db, row: CaseRow): Promise<void> {
  await db.insertInto('cases').values(row).execute();
}

export function findCase(db: Db, clientId: string, caseId: string): Promise<CaseRow | undefined> {
  return db.selectFrom('cases').selectAll().where('id', '=', caseId).where('client_id', '=', clientId).executeTakeFirst();
}

export function findCaseById(db: Db, caseId: string): Promise<CaseRow | undefined> {
  return db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirst();
}

/** Only what GET result needs: one indexed read. */
export function findCaseResult(db: Db, clientId: string, caseId: string) {
  return db
    .selectFrom('cases')
    .select(['id', 'state', 'result_json', 'communication_id'])
    .where('id', '=', caseId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** Reads a case and, on PostgreSQL, locks its row until the transaction ends. */
export function lockCase(db: Db, dialect: 'sqlite' | 'postgres', caseId: string): Promise<CaseRow | undefined> {
  return db
    .selectFrom('cases')
    .selectAll()
    .where('id', '=', caseId)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function updateCase(db: Db, caseId: string, patch: CaseUpdate): Promise<void> {
  await db
    .updateTable('cases')
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where('id', '=', caseId)
    .execute();
}
