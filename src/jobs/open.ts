// The job queue of a command-line process: the backend JOBS_BACKEND names, without workers.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db, Dialect } from '../db/db.ts';
import { PgBossBackend } from './pgboss.ts';
import { JobQueue } from './queue.ts';
import { TableJobBackend } from './table-backend.ts';

export async function openJobQueue(config: Config, db: Db, dialect: Dialect, log: Logger): Promise<{ queue: JobQueue; close(): Promise<void> }> {
  if (config.JOBS_BACKEND !== 'pg-boss') return { queue: new JobQueue(new TableJobBackend(db, { maxAttempts: config.JOBS_MAX_ATTEMPTS })), close: async () => {} };
  const boss = new PgBossBackend(db, dialect, { databaseUrl: config.DATABASE_URL, maxAttempts: config.JOBS_MAX_ATTEMPTS, expireSeconds: config.JOBS_EXPIRE_SECONDS, log });
  await boss.start();
  return { queue: new JobQueue(boss), close: () => boss.stop(config.SHUTDOWN_TIMEOUT_MS) };
}
