// Jobs retried for hours through an outage need to know when they first failed (the time bound of
// their retries, jobs/retry-policy.ts); documents remember what reading them cost (megapixels
// decoded), so a conversation's and an API client's reading budgets can be summed. A job may name
// whose work it is (fair_key, an API client): due jobs of a key with none running are claimed first.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('first_failed_at', 'bigint').execute();
  await db.schema.alterTable('jobs').addColumn('fair_key', 'text').execute();
  await db.schema.createIndex('jobs_fair_key_status').on('jobs').columns(['fair_key', 'status']).execute();
  await db.schema.alterTable('documents').addColumn('read_megapixels', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('read_megapixels').execute();
  await db.schema.dropIndex('jobs_fair_key_status').execute();
  await db.schema.alterTable('jobs').dropColumn('fair_key').execute();
  await db.schema.alterTable('jobs').dropColumn('first_failed_at').execute();
}
