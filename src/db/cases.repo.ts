// SQL for cases.
import type { Db } from './db.ts';
import type { CaseRow, CaseUpdate } from './schema.ts';
import { caseListColumns } from '../lib/search-keys.ts';
import { preparedInsert, preparedQuery, type PreparedWrite } from './sqlite/prepared.ts';

/** A new case; the back-office list columns are derived here, the scoring ones stay empty until ready. */
export type NewCase = Omit<CaseRow, 'company_name_search' | 'reg_number_search' | 'risk_level' | 'score'>;

const CASE_COLUMNS = [
  'id',
  'client_id',
  'case_kind',
  'communication_id',
  'company_full_name',
  'company_country_code',
  'case_data',
  'case_manager',
  'invitation_email_recipients',
  'state',
  'main_entity_id',
  'result_json',
  'risk_report_blob',
  'created_at',
  'updated_at',
  'company_name_search',
  'reg_number_search',
  'risk_level',
  'score',
] as const satisfies readonly (keyof CaseRow)[];

// Creating cases is the API's busiest write: the statement is built once.
const insertCaseQuery = preparedInsert('cases', CASE_COLUMNS);

/** The insert of a new case, for the write batcher. */
export function newCaseWrite(row: NewCase): PreparedWrite {
  return insertCaseQuery.bind({ ...row, ...caseListColumns(row), risk_level: null, score: null });
}

export function findCase(db: Db, clientId: string, caseId: string): Promise<CaseRow | undefined> {
  return db.selectFrom('cases').selectAll().where('id', '=', caseId).where('client_id', '=', clientId).executeTakeFirst();
}

export function findCaseById(db: Db, caseId: string): Promise<CaseRow | undefined> {
  return db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirst();
}

const caseResultQuery = preparedQuery(['clientId', 'caseId'], (db, p) =>
  db.selectFrom('cases').select(['id', 'state', 'result_json', 'communication_id']).where('id', '=', p.caseId).where('client_id', '=', p.clientId),
);

type CaseResultRow = { id: string; state: CaseRow['state']; result_json: string | null; communication_id: string | null };

/**
 * Only what GET result needs: one indexed read (the API's hottest query). Answers at once where the
 * database allows (SQLite with no transaction open), else a promise.
 */
export function findCaseResult(db: Db, clientId: string, caseId: string): CaseResultRow | undefined | Promise<CaseResultRow | undefined> {
  const values = { clientId, caseId };
  const direct = caseResultQuery.now(db, values);
  if (direct) return direct.rows[0] as CaseResultRow | undefined;
  return caseResultQuery(db, values).then((r) => r.rows[0] as CaseResultRow | undefined);
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

/**
 * Holds the case row until the transaction ends, so completions of the same case write one at a
 * time (PostgreSQL). SQLite needs no statement: one writer at a time, and the guarded writes of a
 * completion check the states they change.
 */
export async function lockCaseForUpdate(db: Db, dialect: 'sqlite' | 'postgres', caseId: string): Promise<void> {
  if (dialect === 'postgres') await db.selectFrom('cases').select('id').where('id', '=', caseId).forUpdate().execute();
}

/** Replaces the result, risk report and score of a case that is ready (its findings changed since); false when it is not ready. */
export async function replaceCaseResult(db: Db, caseId: string, patch: Pick<CaseRow, 'result_json' | 'risk_report_blob' | 'risk_level' | 'score'>): Promise<boolean> {
  const res = await db.updateTable('cases').set(patch).where('id', '=', caseId).where('state', '=', 'ready').executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Stores the case result and makes the case ready, only if it is not ready yet and its
 * conversations are still exactly `conversationCount`, all ready; false otherwise.
 */
export async function storeCaseResult(db: Db, caseId: string, conversationCount: number, patch: Pick<CaseRow, 'result_json' | 'risk_report_blob' | 'risk_level' | 'score'>): Promise<boolean> {
  const res = await db
    .updateTable('cases')
    .set({ ...patch, state: 'ready', updated_at: new Date().toISOString() })
    .where('id', '=', caseId)
    .where('state', '!=', 'ready')
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('conversations').select('conversations.id').where('conversations.case_id', '=', caseId).where('conversations.state', '!=', 'ready'))),
        eb(
          eb
            .selectFrom('conversations')
            .select((s) => s.fn.countAll<number>().as('n'))
            .where('conversations.case_id', '=', caseId),
          '=',
          conversationCount,
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
