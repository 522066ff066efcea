// A file sent through the dialog can be removed by the person who sent it before the step is
// finished. The document stays (the conversation log still names it and the client can download
// it), but from `withdrawn_at` on it is no longer one of the conversation's documents: not in
// client_documents, not checked against the other documents, its findings not counted.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('withdrawn_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('withdrawn_at').execute();
}
