// The database probes of the readiness check, each bounded in time on its own: one small read, and
// one small write that takes the locks a request's writes take (PostgreSQL: the row-exclusive lock
// on the busiest tables, then an upsert of health_probe; SQLite: the database's write lock, through
// the same upsert). A table or a database locked by another session fails the probe within the
// timeout instead of answering ready while every request that writes is refused.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db, Dialect } from './db.ts';

/** Tables whose writes every request path shares; a lock on one of them stops the service. */
const WRITTEN_TABLES = ['cases', 'conversations', 'api_clients'];

export async function probeDatabase(db: Db, dialect: Dialect, timeoutMs: number): Promise<void> {
  if (dialect === 'postgres') {
    const ms = Math.max(1, Math.round(timeoutMs));
    await db.transaction().execute(async (trx) => {
      await sql.raw(`set local statement_timeout = ${ms}`).execute(trx);
      await sql.raw(`set local lock_timeout = ${ms}`).execute(trx);
      await trx.selectFrom('api_clients').select('id').limit(1).execute();
    });
    return;
  }
  await db.selectFrom('api_clients').select('id').limit(1).execute();
}

/** The write probe; on SQLite `dataDir` names the database file's folder (the probe uses its own connection). */
export async function probeDatabaseWrite(db: Db, dialect: Dialect, dataDir: string, timeoutMs: number): Promise<void> {
  const ms = Math.max(1, Math.round(timeoutMs));
  if (dialect === 'postgres') {
    await db.transaction().execute(async (trx) => {
      await sql.raw(`set local statement_timeout = ${ms}`).execute(trx);
      await sql.raw(`set local lock_timeout = ${ms}`).execute(trx);
      await sql.raw(`lock table ${WRITTEN_TABLES.join(', ')} in row exclusive mode`).execute(trx);
      await trx
        .insertInto('health_probe')
        .values({ id: 'readyz', at: Date.now() })
        .onConflict((oc) => oc.column('id').doUpdateSet({ at: Date.now() }))
        .execute();
    });
    return;
  }
  // Its own connection, without a busy timeout: the main connection's would block this process's
  // event loop while it waits. Retried until `timeoutMs` has passed.
  const probe = new SQLite(path.join(dataDir, 'dossier.sqlite'), { timeout: 0, fileMustExist: true });
  try {
    const upsert = probe.prepare('insert into health_probe (id, at) values (?, ?) on conflict (id) do update set at = excluded.at');
    const until = Date.now() + ms;
    for (;;) {
      try {
        upsert.run('readyz', Date.now());
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= until) {
          throw (err as { code?: string }).code === 'SQLITE_BUSY' ? new Error(`the database stays locked for writing (no write within ${ms} ms)`) : err;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  } finally {
    probe.close();
  }
}
