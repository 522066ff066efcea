// SQL for the versions of API clients' questionnaires.
import type { Db } from './db.ts';
import type { QuestionnairesTable } from './schema.ts';

export type QuestionnaireRow = QuestionnairesTable;

export function findLatestQuestionnaire(db: Db, clientId: string): Promise<QuestionnaireRow | undefined> {
  return db.selectFrom('questionnaires').selectAll().where('client_id', '=', clientId).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

/** The version in force at `at` (ISO time): the latest created at or before it. */
export function findQuestionnaireAt(db: Db, clientId: string, at: string): Promise<QuestionnaireRow | undefined> {
  return db.selectFrom('questionnaires').selectAll().where('client_id', '=', clientId).where('created_at', '<=', at).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export function listQuestionnaireVersions(db: Db, clientId: string): Promise<Pick<QuestionnaireRow, 'version' | 'created_by' | 'created_at'>[]> {
  return db.selectFrom('questionnaires').select(['version', 'created_by', 'created_at']).where('client_id', '=', clientId).orderBy('version', 'desc').execute();
}

export async function insertQuestionnaire(db: Db, row: QuestionnaireRow): Promise<void> {
  await db.insertInto('questionnaires').values(row).execute();
}
