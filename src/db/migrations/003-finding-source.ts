// Findings can now come from the verification of one document ('verification') or from the rules
// run across the documents of a conversation when it completes ('completion'). Completion findings
// are stored under a pseudo verification id, `completion-<conversation id>`, so the column stays
// NOT NULL and every reader of findings keeps working; `source` tells them apart.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('findings')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('verification'))
    .execute();
  await db.schema.createIndex('findings_conversation_source').on('findings').columns(['conversation_id', 'source']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('findings_conversation_source').ifExists().execute();
  await db.schema.alterTable('findings').dropColumn('source').execute();
}
