// The screening index is read whole, one version at a time, into each process's memory (see
// src/db/screening.repo.ts): this index serves that read page by page in entry order, and the
// dropping of a superseded version's keys, so it replaces the index on the version alone.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('screening_keys_version_entry').ifNotExists().on('screening_keys').columns(['version_id', 'entry_id', 'key']).execute();
  await db.schema.dropIndex('screening_keys_version').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('screening_keys_version').ifNotExists().on('screening_keys').columns(['version_id']).execute();
  await db.schema.dropIndex('screening_keys_version_entry').ifExists().execute();
}
