// The questionnaires of API clients: every uploaded definition is kept as a new version (never
// changed), so a conversation answers the version in force when it was created.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('questionnaires')
    .ifNotExists()
    .addColumn('client_id', 'text', (c) => c.notNull().references('api_clients.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('questionnaires_pk', ['client_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('questionnaires').ifExists().execute();
}
