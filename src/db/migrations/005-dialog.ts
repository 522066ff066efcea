// The hosted dialog: one row per step of a conversation (answer, attempts, flag), one row per file
// sent through the dialog (its verification and whether its findings were shown), and the origins
// allowed to embed each API client's dialogs (CSP frame-ancestors and postMessage targets).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dialog_steps')
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id'))
    .addColumn('step_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('attempts', 'text', (c) => c.notNull())
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flag_reason', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dialog_steps_pk', ['conversation_id', 'step_key'])
    .execute();

  await db.schema
    .createTable('dialog_files')
    .addColumn('document_id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('step_key', 'text', (c) => c.notNull())
    .addColumn('verification_id', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('announced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dialog_files_step').on('dialog_files').columns(['conversation_id', 'step_key', 'created_at']).execute();

  await db.schema
    .createTable('dialog_client_settings')
    .addColumn('client_id', 'text', (c) => c.primaryKey().references('api_clients.id'))
    .addColumn('origins', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['dialog_client_settings', 'dialog_files', 'dialog_steps']) await db.schema.dropTable(t).ifExists().execute();
}
