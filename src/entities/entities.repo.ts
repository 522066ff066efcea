// SQL for legal entities (companies and persons) of a case.
import type { Db } from '../storage/db.ts';
import type { EntityRow } from '../storage/schema.ts';

export async function insertEntities(db: Db, rows: EntityRow[]): Promise<void> {
  if (rows.length) await db.insertInto('entities').values(rows).execute();
}

export function listEntitiesOfCase(db: Db, caseId: string): Promise<EntityRow[]> {
  return db.selectFrom('entities').selectAll().where('case_id', '=', caseId).orderBy('created_at').orderBy('id').execute();
}
