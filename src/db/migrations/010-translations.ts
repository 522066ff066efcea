// Translations of documents and the website check.
//
// document_translations links a document to the document it is a translation of (one original per
// translation; an original may have several). website_checks holds what was found when the website
// a user gave in the dialog was visited: one row per conversation and address, pending until the
// check has run. client_document_languages holds, per API client, the languages its documents may
// be in without a translation (no row: the DOCUMENT_LANGUAGES setting).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_translations')
    .ifNotExists()
    .addColumn('translation_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('original_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_translations_case').ifNotExists().on('document_translations').column('case_id').execute();
  await db.schema
    .createTable('website_checks')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('website_checks_case').ifNotExists().on('website_checks').column('case_id').execute();
  await db.schema
    .createTable('client_document_languages')
    .ifNotExists()
    .addColumn('client_id', 'text', (c) => c.primaryKey().references('api_clients.id').onDelete('cascade'))
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['client_document_languages', 'website_checks', 'document_translations']) await db.schema.dropTable(t).ifExists().execute();
}
