// The database probe of the readiness check: one small read, bounded in time on its own.
import { sql } from 'kysely';
import type { Db, Dialect } from './db.ts';

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
