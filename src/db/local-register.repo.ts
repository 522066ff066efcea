// SQL for the local register. Imports write in large batches through one prepared multi-row
// statement per batch size (the same text on SQLite and PostgreSQL apart from placeholders), so a
// million-line file is not a million compiled queries.
import { sql } from 'kysely';
import type { Db, Dialect } from './db.ts';
import { insertFlat } from './flat-insert.ts';
import { preparedQuery } from './sqlite/prepared.ts';
import type { RegisterEntitiesTable, RegisterRelationshipsTable } from './schema.ts';

export type RegisterEntityRow = RegisterEntitiesTable;
export type RegisterRelationshipRow = RegisterRelationshipsTable;

const ENTITY_COLUMNS = ['id', 'source', 'entity_type', 'name', 'name_key', 'country_code', 'reg_number', 'details', 'updated_at'] as const;
const RELATIONSHIP_COLUMNS = ['id', 'source', 'subject_id', 'party_id', 'party', 'unspecified_reason', 'ownership', 'natures', 'kind', 'start_date', 'end_date', 'updated_at'] as const;

/** How an imported row meets one already there: replace it, or only fill a name still empty. */
export type EntityMerge = 'replace' | 'fill_name';

/** Rows a statement when an import writes entities and relationships. */
const CHUNK = 500;

/** Values of rows in column order, one flat array: what the insert statements take as parameters. */
export function entityValues(rows: RegisterEntityRow[], out: unknown[] = []): unknown[] {
  for (const r of rows) out.push(r.id, r.source, r.entity_type, r.name, r.name_key, r.country_code, r.reg_number, r.details, r.updated_at);
  return out;
}

export function relationshipValues(rows: RegisterRelationshipRow[], out: unknown[] = []): unknown[] {
  for (const r of rows) out.push(r.id, r.source, r.subject_id, r.party_id, r.party, r.unspecified_reason, r.ownership, r.natures, r.kind, r.start_date, r.end_date, r.updated_at);
  return out;
}

const ENTITY_CONFLICT: Record<EntityMerge, string> = {
  replace:
    'on conflict (id) do update set name = excluded.name, name_key = excluded.name_key, country_code = excluded.country_code, reg_number = excluded.reg_number, details = excluded.details, entity_type = excluded.entity_type, updated_at = excluded.updated_at',
  fill_name:
    "on conflict (id) do update set name = excluded.name, name_key = excluded.name_key, details = excluded.details, updated_at = excluded.updated_at where register_entities.name = '' and excluded.name <> ''",
};
const RELATIONSHIP_CONFLICT =
  'on conflict (id) do update set subject_id = excluded.subject_id, party_id = excluded.party_id, party = excluded.party, unspecified_reason = excluded.unspecified_reason, ownership = excluded.ownership, natures = excluded.natures, kind = excluded.kind, start_date = excluded.start_date, end_date = excluded.end_date, updated_at = excluded.updated_at';

/** Writes entity rows given as entityValues(); the ids must be distinct. */
export async function upsertRegisterEntityValues(db: Db, dialect: Dialect, values: unknown[], merge: EntityMerge): Promise<void> {
  await insertFlat(db, dialect, 'register_entities', ENTITY_COLUMNS, values, ENTITY_CONFLICT[merge], CHUNK);
}

/** Writes relationship rows given as relationshipValues(); the ids must be distinct. */
export async function upsertRegisterRelationshipValues(db: Db, dialect: Dialect, values: unknown[]): Promise<void> {
  await insertFlat(db, dialect, 'register_relationships', RELATIONSHIP_COLUMNS, values, RELATIONSHIP_CONFLICT, CHUNK);
}

export async function upsertRegisterEntities(db: Db, dialect: Dialect, rows: RegisterEntityRow[], merge: EntityMerge): Promise<void> {
  await upsertRegisterEntityValues(db, dialect, entityValues(rows), merge);
}

export async function upsertRegisterRelationships(db: Db, dialect: Dialect, rows: RegisterRelationshipRow[]): Promise<void> {
  await upsertRegisterRelationshipValues(db, dialect, relationshipValues(rows));
}

export async function closeRegisterRelationship(db: Db, id: string, endDate: string): Promise<void> {
  await db.updateTable('register_relationships').set({ end_date: endDate }).where('id', '=', id).execute();
}

export function findRegisterEntity(db: Db, id: string) {
  return db.selectFrom('register_entities').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRegisterEntities(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('register_entities').selectAll().where('id', 'in', ids).execute();
}

export function findCompaniesByNumber(db: Db, countryCode: string, regNumber: string) {
  return db.selectFrom('register_entities').selectAll().where('entity_type', '=', 'company').where('country_code', '=', countryCode).where('reg_number', '=', regNumber).orderBy('id').execute();
}

export function findCompaniesByName(db: Db, nameKey: string) {
  return db.selectFrom('register_entities').selectAll().where('name_key', '=', nameKey).where('entity_type', '=', 'company').orderBy('id').limit(20).execute();
}

/** Current (not ended) relationships of the given subjects. */
export function currentRelationshipsOf(db: Db, subjectIds: string[]) {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('register_relationships').selectAll().where('subject_id', 'in', subjectIds).where('end_date', 'is', null).orderBy('id').execute();
}

/** Whether the local register holds anything at all (cheap: one row at most). */
export async function registerHasData(db: Db): Promise<boolean> {
  return (await anyRegisterEntity(db, {})).rows.length > 0;
}
// Asked at every case creation.
const anyRegisterEntity = preparedQuery([], (db) => db.selectFrom('register_entities').select('id').limit(1));

export async function countRegister(db: Db): Promise<{ entities: number; relationships: number }> {
  const e = await db
    .selectFrom('register_entities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const r = await db
    .selectFrom('register_relationships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { entities: Number(e.n), relationships: Number(r.n) };
}

/** Whether the register holds any relationship (owner or statement) of this subject. */
export async function subjectHasRelationships(db: Db, subjectId: string): Promise<boolean> {
  return (await db.selectFrom('register_relationships').select('id').where('subject_id', '=', subjectId).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Runs `work` with SQLite's memory-mapped reads turned off (a bulk write reads nothing back, and a
 * mapping of the growing file only makes the process look bigger), restoring the setting after.
 */
export async function withoutMemoryMap<T>(db: Db, dialect: Dialect, work: () => Promise<T>): Promise<T> {
  const mmap = dialect === 'sqlite' ? Number(Object.values((await sql<Record<string, number>>`pragma mmap_size`.execute(db)).rows[0] ?? {})[0] ?? 0) : 0;
  if (mmap) await sql`pragma mmap_size = 0`.execute(db);
  try {
    return await work();
  } finally {
    if (mmap) await sql.raw(`pragma mmap_size = ${Math.floor(mmap)}`).execute(db);
  }
}
