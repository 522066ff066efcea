// The brand of an API client: how the dialog, the invitation e-mails and the reports name and show
// the organisation that asks (display name, logo, colour, support contact, privacy notice). One row
// per client that set one; a client without a row is shown in plain words, never by its username.
// The logo is kept here (a small, re-encoded PNG), so every process serves it without shared files.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('client_brands')
    .ifNotExists()
    .addColumn('client_id', 'text', (c) => c.primaryKey().references('api_clients.id').onDelete('cascade'))
    .addColumn('display_name', 'text')
    .addColumn('primary_colour', 'text')
    .addColumn('support_email', 'text')
    .addColumn('support_phone', 'text')
    .addColumn('support_url', 'text')
    .addColumn('privacy_url', 'text')
    .addColumn('logo', bytes)
    .addColumn('logo_type', 'text')
    .addColumn('logo_sha256', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_brands').ifExists().execute();
}
