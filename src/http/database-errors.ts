// Failures of the database that say "not now" rather than "broken": a lock held elsewhere past the
// lock timeout, a statement past its time limit, no connection within the wait, a full disk. They
// are answered 503 with Retry-After and a stable code instead of a 500.
import { AppError } from './errors.ts';

const RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL SQLSTATEs: query_canceled (statement_timeout), lock_not_available (lock_timeout),
 * cannot_connect_now, too_many_connections, admin_shutdown and crash_shutdown (a restart); and a
 * server that refuses or drops the connection while it restarts.
 */
const PG_BUSY = new Set(['57014', '55P03', '57P03', '53300', '57P01', '57P02', 'ECONNREFUSED', 'ECONNRESET']);
const CONNECT_TIMEOUT = /timeout exceeded when trying to connect|connection timeout|Connection terminated|connection error and is not queryable/i;

export function databaseErrorOf(err: unknown): AppError | null {
  if (!(err instanceof Error)) return null;
  const code = String((err as { code?: unknown }).code ?? '');
  if (PG_BUSY.has(code) || /^SQLITE_(BUSY|LOCKED)/.test(code) || CONNECT_TIMEOUT.test(err.message)) {
    return new AppError('database_busy', 'The database is busy and did not answer in time. Retry in a few seconds.', [], RETRY_AFTER_SECONDS);
  }
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100') {
    return new AppError('storage_full', 'The server has no room left to store this. Retry later; the operator has been told.', [], RETRY_AFTER_SECONDS * 12);
  }
  return null;
}
