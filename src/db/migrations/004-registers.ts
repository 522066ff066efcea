// Registers and entity sources: the local register imported from files (PSC snapshots, BODS), a
// cache of answers from register APIs, where each legal entity of a case came from, and the
// explained risk score of each case.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('register_entities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('reg_number', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('register_entities_reg').on('register_entities').columns(['country_code', 'reg_number']).execute();
  await db.schema.createIndex('register_entities_name').on('register_entities').columns(['name_key']).execute();

  await db.schema
    .createTable('register_relationships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('party_id', 'text')
    .addColumn('party', 'text')
    .addColumn('unspecified_reason', 'text')
    .addColumn('ownership', 'text')
    .addColumn('natures', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('register_relationships_subject').on('register_relationships').columns(['subject_id']).execute();

  await db.schema
    .createTable('register_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('entity_sources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entity_sources_case').on('entity_sources').columns(['case_id', 'entity_id']).execute();

  await db.schema
    .createTable('case_scores')
    .addColumn('case_id', 'text', (c) => c.primaryKey())
    .addColumn('policy_version', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('risk_level', 'text', (c) => c.notNull())
    .addColumn('factors', 'text', (c) => c.notNull())
    .addColumn('scored_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['case_scores', 'entity_sources', 'register_cache', 'register_relationships', 'register_entities']) await db.schema.dropTable(t).ifExists().execute();
}
