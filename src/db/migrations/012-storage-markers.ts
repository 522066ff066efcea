// Blob folders that Dossier processes sharing this database write to (STORAGE=fs): each folder
// holds a marker file named here, so a process whose DATA_DIR is not the shared folder notices at
// start-up instead of answering downloads and verifications with files it cannot see.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_markers')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_markers').ifExists().execute();
}
