// Opens the database chosen by configuration (embedded SQLite file, or PostgreSQL) behind one
// Kysely instance, and applies migrations.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type MigrationProvider, type SqliteDatabase } from 'kysely';
import type { Database, Db } from './schema.ts';
import { runPreparedDirectly, type SqliteStatements } from './sqlite/prepared.ts';
import * as m001 from './migrations/001-initial.ts';
import * as m002 from './migrations/002-delivery.ts';
import * as m003 from './migrations/003-finding-source.ts';
import * as m004 from './migrations/004-registers.ts';
import * as m005 from './migrations/005-dialog.ts';
import * as m006 from './migrations/006-backoffice.ts';
import * as m007 from './migrations/007-search-queue.ts';
import * as m008 from './migrations/008-client-brand.ts';
import * as m009 from './migrations/009-questionnaires.ts';
import * as m010 from './migrations/010-translations.ts';
import * as m011 from './migrations/011-withdrawn-documents.ts';
import * as m012 from './migrations/012-storage-markers.ts';
import * as m013 from './migrations/013-rate-limits.ts';
import * as m015 from './migrations/015-screening.ts';
import * as m016 from './migrations/016-decisions.ts';
import * as m017 from './migrations/017-case-parties.ts';
import * as m018 from './migrations/018-screening-index-order.ts';
import * as m019 from './migrations/019-screening-entry-tokens.ts';
import * as m020 from './migrations/020-folded-usernames.ts';
import * as m021 from './migrations/021-job-retries-and-read-cost.ts';
import * as m023 from './migrations/023-screening-replay.ts';

export type { Db };
export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** SQLite only: the connection's statement cache, for the write batcher's synchronous statements. */
  sqlite?: SqliteStatements;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));

const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-delivery': m002,
  '003-finding-source': m003,
  '004-registers': m004,
  '005-dialog': m005,
  '006-backoffice': m006,
  '007-search-queue': m007,
  '008-client-brand': m008,
  '009-questionnaires': m009,
  '010-translations': m010,
  '011-withdrawn-documents': m011,
  '012-storage-markers': m012,
  '013-rate-limits': m013,
  '015-screening': m015,
  '016-decisions': m016,
  '017-case-parties': m017,
  '018-screening-index-order': m018,
  '019-screening-entry-tokens': m019,
  '020-folded-usernames': m020,
  '021-job-retries-and-read-cost': m021,
  '023-screening-replay': m023,
};
const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Bounds on waiting for the database; none (wait as long as it takes) where not given. */
export interface DbTimeouts {
  /** PostgreSQL: a statement running longer is cancelled (0: no limit). */
  statementMs?: number;
  /** A statement waiting longer for a lock held elsewhere fails (PostgreSQL lock_timeout, SQLite busy timeout). */
  lockMs?: number;
  /** PostgreSQL: waiting longer for a pooled or new connection fails. */
  connectMs?: number;
}

export function openDatabase(opts: { databaseUrl: string; dataDir: string; onIdleError?: (err: Error) => void; timeouts?: DbTimeouts; poolMax?: number }): DbHandle {
  const t = opts.timeouts ?? {};
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      ...(t.connectMs ? { connectionTimeoutMillis: t.connectMs } : {}),
      ...(t.statementMs ? { statement_timeout: t.statementMs } : {}),
      ...(t.lockMs ? { lock_timeout: t.lockMs } : {}),
    });
    // A connection dropped by the server (restart, failover) must not crash the process. The pool
    // listens for errors only while a connection is idle (it then discards it: reported below);
    // one lost while checked out (a transaction waiting between statements) would emit an error
    // nobody handles. Every connection is therefore listened to for its whole life: its query
    // fails instead, the pool discards it when it is released, and new ones replace it.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', (err) => opts.onIdleError?.(err)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'dossier.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${Math.round(t.lockMs ?? 5000)}`);
  sqlite.pragma('foreign_keys = ON');
  // Random UUID keys touch pages all over each index: a larger page cache and memory-mapped reads
  // keep them in memory instead of re-reading them from the file.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('temp_store = MEMORY');
  const checkpointer = startCheckpointer(file);
  // The main connection still checkpoints by itself, at a far higher mark, should the thread stop.
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 16384');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  runPreparedDirectly(db, sqlite, statements);
  return {
    db,
    dialect: 'sqlite',
    sqlite: statements,
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** The WAL checkpoint thread (checkpointer.worker.mjs); undefined where no thread can start. */
function startCheckpointer(file: string): { stop(): Promise<void> } | undefined {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./sqlite/checkpointer.worker.mjs', import.meta.url), { workerData: { file, everyMs: 200 } });
  } catch {
    return undefined;
  }
  worker.unref();
  // A thread that fails leaves checkpoints to the main connection's threshold.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      // A referenced timer: with the thread unref'd, nothing else may keep the process alive until
      // the thread has stopped, and a command would end with exit code 0 before its result is known.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)));
      await Promise.race([exited, timeout]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}

/**
 * Kysely prepares every statement anew; preparing costs more than running most of ours. The same
 * SQL text gets the same prepared statement back (better-sqlite3 statements are reusable; Dossier
 * never streams, so none is held mid-iteration).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase & SqliteStatements {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        if (cache.size >= 2000) cache.clear();
        stmt = sqlite.prepare(sql);
        cache.set(sql, stmt);
      }
      return stmt as SQLite.Statement & ReturnType<SqliteDatabase['prepare']>;
    },
  };
}

/** Applies every pending migration; safe to call from several processes at once. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Migrations are numbered per feature; a database that applied a later number before an earlier
  // one was added still takes the earlier one.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
