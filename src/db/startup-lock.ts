// Start-up of several processes on one PostgreSQL database: migrations and the creation of the
// first API client and back-office user run under one session-level advisory lock, one process
// after the other, so that processes started together on an empty database neither collide on the
// first rows nor both create them. SQLite needs none: one process owns the file.
import pg from 'pg';

/** The advisory lock key of start-up ("dossstrt"), the same in every Dossier process. */
const STARTUP_LOCK_KEY = '7237130065903121012';

/** Runs `work` while holding the start-up lock of the database at `databaseUrl` (waiting at most `waitMs` for it). */
export async function withStartupLock<T>(databaseUrl: string, work: () => Promise<T>, opts: { waitMs?: number; onError?: (err: Error) => void } = {}): Promise<T> {
  if (!databaseUrl) return work();
  const waitMs = opts.waitMs ?? 300_000;
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: Math.min(waitMs, 30_000) });
  // A connection lost while waiting or working must fail the start-up, not crash the process.
  client.on('error', (err) => opts.onError?.(err));
  await client.connect();
  try {
    await client.query(`set lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
    try {
      await client.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    } catch (err) {
      if ((err as { code?: string }).code === '55P03') throw new Error(`another process held the start-up lock of the database for more than ${Math.round(waitMs / 1000)} s`);
      throw err;
    }
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
