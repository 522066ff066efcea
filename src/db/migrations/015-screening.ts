// Screening against sanctions and PEP lists: list versions (one per import), their entries, the
// phonetic blocking keys that find candidates without reading a whole list, and the hits of each
// case's entities with the analyst's decision on each.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('screening_list_versions')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list_name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('version_date', 'text', (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('checksum', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('activated_at', 'text')
    .execute();
  await db.schema.createIndex('screening_list_versions_name').ifNotExists().on('screening_list_versions').columns(['list_name', 'status']).execute();
  await db.schema
    .createTable('screening_entries')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('list_entry_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('screening_entries_version').ifNotExists().on('screening_entries').columns(['version_id']).execute();
  await db.schema
    .createTable('screening_keys')
    .ifNotExists()
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('screening_keys_lookup').ifNotExists().on('screening_keys').columns(['key', 'version_id', 'entry_id']).execute();
  await db.schema.createIndex('screening_keys_version').ifNotExists().on('screening_keys').columns(['version_id']).execute();
  await db.schema
    .createTable('screening_hits')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('entity_name', 'text', (c) => c.notNull())
    .addColumn('list_name', 'text', (c) => c.notNull())
    .addColumn('list_entry_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('score', 'real', (c) => c.notNull())
    .addColumn('matched_name', 'text', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('current', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decision_reason', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('screened_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('screening_hits_case').ifNotExists().on('screening_hits').columns(['case_id', 'entity_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screening_hits').ifExists().execute();
  await db.schema.dropTable('screening_keys').ifExists().execute();
  await db.schema.dropTable('screening_entries').ifExists().execute();
  await db.schema.dropTable('screening_list_versions').ifExists().execute();
}
