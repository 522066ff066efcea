// SQL for cases.
import type { CompiledQuery } from 'kysely';
import type { Db } from '../storage/db.ts';
import type { CaseRow, CaseUpdate } from '../storage/schema.ts';
import { caseListColumns } from '../backoffice/search-keys.ts';

/** A new case; the back-office list columns are derived here, the scoring ones stay empty until ready. */
export type NewCase = Omit<CaseRow, 'company_name_search' | 'reg_number_search' | 'risk_level' | 'score'>;

export async function insertCase(db: Db, row: NewCase): Promise<void> {
  await db
    .insertInto('cases')
    .values({ ...row, ...caseListColumns(row), risk_level: null, score: null })
    .execute();
}

export function findCase(db: Db, clientId: string, caseId: string): Promise<CaseRow | undefined> {
  return db.selectFrom('cases').selectAll().where('id', '=', caseId).where('client_id', '=', clientId).executeTakeFirst();
}

export function findCaseById(db: Db, caseId: string): Promise<CaseRow | undefined> {
  return db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirst();
}

const caseResultQuery = (db: Db, clientId: string, caseId: string) =>
  db.selectFrom('cases').select(['id', 'state', 'result_json', 'communication_id']).where('id', '=', caseId).where('client_id', '=', clientId);

type CaseResultRow = { id: string; state: CaseRow['state']; result_json: string | null; communication_id: string | null };
const compiledCaseResult = new WeakMap<Db, CompiledQuery<CaseResultRow>>();

/** Only what GET result needs: one indexed read, compiled once per database (the API's hottest query). */
export async function findCaseResult(db: Db, clientId: string, caseId: string): Promise<CaseResultRow | undefined> {
  let compiled = compiledCaseResult.get(db);
  if (!compiled) {
    compiled = caseResultQuery(db, '$client', '$case').compile();
    compiledCaseResult.set(db, compiled);
  }
  const parameters = compiled.parameters.map((p) => (p === '$case' ? caseId : p === '$client' ? clientId : p));
  const res = await db.executeQuery<CaseResultRow>({ ...compiled, parameters });
  return res.rows[0];
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
