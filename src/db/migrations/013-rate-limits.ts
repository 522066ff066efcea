// Request counters shared by every process on one database: a fixed window per key (an API client,
// a conversation, an address, a register's API key), counted atomically by an upsert, so processes
// behind a load balancer spend one budget instead of one each.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    // Epoch milliseconds at which the window ends.
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_at').ifNotExists().on('rate_limits').column('reset_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
}
