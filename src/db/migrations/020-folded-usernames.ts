// Usernames of back-office users and API clients are unique without regard to case or Unicode
// form: each row gets its folded username (username_key, lib/usernames.ts) under a unique index.
// Names that already clash keep working as they are: the oldest of each group gets the key, the
// others none (NULL, outside the index), and every clash is reported here and at each start so an
// operator can rename or retire them; no row is changed or removed.
// Also: health_probe, the one-row table /readyz writes to (a cheap write with a short lock
// timeout), and each waiting webhook delivery records the URL it goes to (deliveries.recipient,
// as e-mails do), taken from its client now; new deliveries record it when their event happens.
import { sql, type Kysely } from 'kysely';
import { foldUsername } from '../../lib/usernames.ts';

async function foldTable(db: Kysely<unknown>, table: 'api_clients' | 'users', what: string): Promise<string[]> {
  await db.schema.alterTable(table).addColumn('username_key', 'text').execute();
  const { rows } = await sql<{ id: string; username: string }>`select id, username from ${sql.table(table)} order by created_at, id`.execute(db);
  const first = new Map<string, string>();
  const clashes: string[] = [];
  for (const row of rows) {
    const key = foldUsername(row.username);
    const holder = first.get(key);
    if (holder !== undefined) {
      clashes.push(`${what} "${row.username}" (${row.id}) clashes with "${holder}": both sign in as before, but rename or retire one`);
      continue;
    }
    first.set(key, row.username);
    await sql`update ${sql.table(table)} set username_key = ${key} where id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex(`${table}_folded_username`).on(table).column('username_key').unique().execute();
  return clashes;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const clashes = [...(await foldTable(db, 'api_clients', 'API client')), ...(await foldTable(db, 'users', 'back-office user'))];
  for (const clash of clashes) console.warn(`Usernames that differ only in case: ${clash}.`);
  await db.schema
    .createTable('health_probe')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`update deliveries set recipient = (select webhook_url from api_clients where api_clients.id = deliveries.client_id)
            where channel = 'webhook' and status = 'pending' and recipient is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('health_probe').execute();
  for (const table of ['api_clients', 'users']) {
    await db.schema.dropIndex(`${table}_folded_username`).execute();
    await db.schema.alterTable(table).dropColumn('username_key').execute();
  }
}
