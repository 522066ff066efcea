// SQL for back-office users and their sessions (sign-in attempts: login-attempts.repo.ts).
import type { Selectable, Updateable } from 'kysely';
import type { Db } from './db.ts';
import type { UsersTable } from './schema.ts';

export type UserRow = Selectable<UsersTable>;

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/** The user whose username folds to `key` (lib/usernames.ts), if any. */
export function findUserByUsernameKey(db: Db, key: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', key).executeTakeFirst();
}

/** Usernames of users whose name clashed with an older one's when migration 020 folded them (no key). */
export async function usersWithoutUsernameKey(db: Db): Promise<string[]> {
  return (await db.selectFrom('users').select('username').where('username_key', 'is', null).orderBy('username').execute()).map((r) => r.username);
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(db: Db, id: string, patch: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export function listUsers(db: Db, clientId?: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .$if(clientId !== undefined, (q) => q.where('client_id', '=', clientId!))
    .orderBy('created_at')
    .execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<number> {
  const res = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}
