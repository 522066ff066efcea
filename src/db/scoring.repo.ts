// SQL for stored case scores.
import type { Db } from './db.ts';
import type { CaseScoresTable } from './schema.ts';

/** A stored case score (`factors` is JSON). */
export type CaseScoreRow = CaseScoresTable;

export async function upsertCaseScore(db: Db, row: CaseScoreRow): Promise<void> {
  await db
    .insertInto('case_scores')
    .values(row)
    .onConflict((oc) => oc.column('case_id').doUpdateSet({ policy_version: row.policy_version, score: row.score, risk_level: row.risk_level, factors: row.factors, scored_at: row.scored_at }))
    .execute();
}

export function findCaseScore(db: Db, caseId: string) {
  return db.selectFrom('case_scores').selectAll().where('case_id', '=', caseId).executeTakeFirst();
}
