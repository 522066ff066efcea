// SQL for sign-in attempts (back-office users and API clients, keyed by account).
import { sql } from 'kysely';
import type { Db, Dialect } from './db.ts';

export interface AttemptRow {
  succeeded: number;
  created_at: number;
}

/**
 * PostgreSQL: serialises the attempts on one account and one source address until the transaction
 * ends, across processes (account locks are always taken before source locks, so two attempts
 * never wait for each other). SQLite needs none: the transaction's first statement is a write, which
 * holds the database's single write lock until the end.
 */
export async function lockAccountAndSource(db: Db, dialect: Dialect, account: string, source: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(7301, hashtext(${account}))`.execute(db);
  await sql`select pg_advisory_xact_lock(7302, hashtext(${source}))`.execute(db);
}

export async function insertAttempt(db: Db, a: { id: string; account: string; source: string; succeeded: boolean; at: number }): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({ id: a.id, username: a.account, ip: a.source, succeeded: a.succeeded ? 1 : 0, created_at: a.at })
    .execute();
}

export async function deleteAttempt(db: Db, id: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

export async function markAttemptSucceeded(db: Db, id: string): Promise<void> {
  await db.updateTable('login_attempts').set({ succeeded: 1 }).where('id', '=', id).execute();
}

/** The latest attempts on an account since `since` (epoch ms), newest first, except `exceptId`; only from `source` when given. */
export function latestAttempts(db: Db, q: { account: string; since: number; limit: number; exceptId?: string; source?: string }): Promise<AttemptRow[]> {
  return db
    .selectFrom('login_attempts')
    .select(['succeeded', 'created_at'])
    .where('username', '=', q.account)
    .where('created_at', '>=', q.since)
    .$if(q.exceptId !== undefined, (w) => w.where('id', '!=', q.exceptId!))
    .$if(q.source !== undefined, (w) => w.where('ip', '=', q.source!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .execute();
}

/** Whether `source` signed in to the account successfully since `since`. */
export async function succeededFrom(db: Db, account: string, source: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_attempts')
    .select('id')
    .where('username', '=', account)
    .where('ip', '=', source)
    .where('succeeded', '=', 1)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Failed (or still running) attempts from a source since `since`, and when the oldest of them began. */
export async function failuresFromSource(db: Db, source: string, since: number, exceptId: string): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('ip', '=', source)
    .where('succeeded', '=', 0)
    .where('created_at', '>=', since)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest === null ? null : Number(row.oldest) };
}

export async function pruneLoginAttempts(db: Db, before: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('created_at', '<', before).execute();
}
