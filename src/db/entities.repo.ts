// SQL for legal entities (companies and persons) of a case, and where each came from.
import type { Db } from './db.ts';
import type { EntityRow } from './schema.ts';
import { preparedInsert, type PreparedWrite } from './sqlite/prepared.ts';

const insertEntityQuery = preparedInsert('entities', ['id', 'case_id', 'entity_type', 'role', 'details', 'created_at', 'updated_at']);

export async function insertEntities(db: Db, rows: EntityRow[]): Promise<void> {
  for (const row of rows) await insertEntityQuery(db, row);
}

/** The insert of one entity, for the write batcher. */
export function newEntityWrite(row: EntityRow): PreparedWrite {
  return insertEntityQuery.bind(row);
}

export function listEntitiesOfCase(db: Db, caseId: string): Promise<EntityRow[]> {
  return db.selectFrom('entities').selectAll().where('case_id', '=', caseId).orderBy('created_at').orderBy('id').execute();
}

export async function updateEntityDetails(db: Db, id: string, details: string, updatedAt: string): Promise<void> {
  await db.updateTable('entities').set({ details, updated_at: updatedAt }).where('id', '=', id).execute();
}

export async function insertEntitySources(
  db: Db,
  rows: { id: string; case_id: string; entity_id: string; source: string; source_ref: string; source_url: string | null; created_at: string }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('entity_sources')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

export function listEntitySources(db: Db, caseId: string) {
  return db.selectFrom('entity_sources').selectAll().where('case_id', '=', caseId).orderBy('entity_id').orderBy('created_at').execute();
}

/** Writes changed entity details, new entities and their sources, in this order. */
export async function applyEntityChanges(
  db: Db,
  changes: { updated: { id: string; details: string; updated_at: string }[]; fresh: EntityRow[]; sources: Parameters<typeof insertEntitySources>[1] },
): Promise<void> {
  for (const u of changes.updated) await updateEntityDetails(db, u.id, u.details, u.updated_at);
  await insertEntities(db, changes.fresh);
  await insertEntitySources(db, changes.sources);
}
