// SQL for API clients (tenants).
import type { Db } from './db.ts';
import type { ApiClient } from './schema.ts';

export function findClientByUsername(db: Db, username: string): Promise<ApiClient | undefined> {
  return db.selectFrom('api_clients').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findClientById(db: Db, id: string): Promise<ApiClient | undefined> {
  return db.selectFrom('api_clients').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listClients(db: Db): Promise<ApiClient[]> {
  return db.selectFrom('api_clients').selectAll().orderBy('created_at').execute();
}

export async function countClients(db: Db): Promise<number> {
  const row = await db
    .selectFrom('api_clients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertClient(db: Db, client: ApiClient): Promise<void> {
  await db.insertInto('api_clients').values(client).execute();
}

export async function updateClientPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('api_clients').set({ password_hash: passwordHash, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}
