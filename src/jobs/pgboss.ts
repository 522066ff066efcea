// Jobs on pg-boss (JOBS_BACKEND=pg-boss, PostgreSQL only). One queue per job name, each with a
// dead-letter queue "<name>__dead" that receives a job once its retries are spent. A job is written
// by the transaction of the change that causes it: pg-boss's insert runs on that transaction
// through an executor built on it (kyselyExecutor), so a rolled-back change leaves no job. Retries
// follow the shared policy (retry-policy.ts: attempts for the job's own failures, time for
// dependency outages), each failure's time chosen by the worker. A running job's expiry is pushed
// ahead by a heartbeat, so JOBS_EXPIRE_SECONDS can be short: a job held by a killed worker is
// taken over within about that time. A job whose definition has a singletonKey
// (finalization: the conversation id) sits on a "singleton" queue, where PostgreSQL's unique index
// allows at most one active job per key: two runs of it never overlap. Workers fetch from all
// their queues with one shared concurrency and take turns by API client, like JobRunner: pg-boss's
// fetch takes jobs in order of arrival, so standard queues are claimed by claimFairPgBossJobs (the
// client kept in the job's data). At the first start, jobs still waiting
// in the jobs table move over under an advisory lock (once, whichever processes start together).
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import PgBoss from 'pg-boss';
import { v5 as uuidv5 } from 'uuid';
import type { TSchema } from '@sinclair/typebox';
import type { Db, Dialect } from '../db/db.ts';
import { deleteJobs, inFlightJobNames, takeInFlightJobs, type EnqueueOptions } from '../db/jobs.repo.ts';
import { clearPgBossOutput, deleteDeadCopy, kyselyExecutor, listPgBossFailed, PGBOSS_FAIR_KEY, PGBOSS_SCHEMA, pgBossJobState, pgBossStateCounts, runPgBossJobsNow } from '../db/pgboss.repo.ts';
import type { FailedJob, JobBackend, QueueStats } from './backend.ts';
import type { JobDefinition } from './definition.ts';

/** The dead-letter queue of a job name. */
export function deadQueueOf(name: string): string {
  return `${name}__dead`;
}

const DEDUPE_NAMESPACE = 'a4c1f3e2-6b0d-4f53-9a57-0d1e4b8c2f61';

/** The job id of a dedupe key: the same key always gives the same id, which pg-boss inserts at most once. */
export function dedupeJobId(dedupeKey: string): string {
  return uuidv5(dedupeKey, DEDUPE_NAMESPACE);
}

export interface PgBossOptions {
  databaseUrl: string;
  maxAttempts: number;
  expireSeconds: number;
  log: Logger;
}

export type Definition = JobDefinition<TSchema, unknown>;

export class PgBossBackend implements JobBackend {
  readonly kind = 'pg-boss' as const;
  readonly boss: PgBoss;
  private readonly singletons = new Map<string, (payload: Record<string, unknown>) => string>();
  private readonly declared = new Set<string>();
  private readonly queues = new Map<string, Promise<void>>();
  private started: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly opts: PgBossOptions,
  ) {
    this.boss = new PgBoss({
      connectionString: opts.databaseUrl,
      schema: PGBOSS_SCHEMA,
      max: 4,
      application_name: 'dossier-jobs',
      schedule: false,
      retryLimit: Math.max(0, opts.maxAttempts - 1),
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds: opts.expireSeconds,
      // Expired jobs are found by pg-boss's maintenance: run it often enough that a job held by a
      // dead worker is taken over about JOBS_EXPIRE_SECONDS after the worker's last heartbeat.
      maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.floor(opts.expireSeconds / 2))),
      archiveFailedAfterSeconds: 30 * 24 * 3600,
      deleteAfterDays: 30,
    });
    // pg-boss reports its own failures (a lost connection, a maintenance run) here; they are logged, never fatal.
    this.boss.on('error', (err) => opts.log.error({ err }, 'pg-boss reported an error'));
  }

  /** How long a job whose holder stopped renewing it stays active before another worker takes it (s). */
  get expireSeconds(): number {
    return this.opts.expireSeconds;
  }

  /** The database the backend reads and its workers record failures in. */
  get database(): Db {
    return this.db;
  }

  /** Notes a job's definition (its singleton key, if any) before its queue is created. */
  declare(definition: Pick<Definition, 'name' | 'singletonKey'>): void {
    this.declared.add(definition.name);
    if (definition.singletonKey) this.singletons.set(definition.name, definition.singletonKey as (payload: Record<string, unknown>) => string);
  }

  /**
   * Starts pg-boss (creating or upgrading its schema), creates the queues of the declared jobs and
   * moves jobs still waiting in the jobs table over. Queues are created here, before any
   * transaction enqueues: creating one attaches a partition to pg-boss's job table, which would
   * wait for (and deadlock with) an open transaction that has written a job.
   */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      for (const name of this.declared) await this.ensureQueue(name);
      await this.moveTableJobs();
    })();
    return this.started;
  }

  async stop(timeoutMs: number): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, timeout: Math.max(1000, timeoutMs) });
  }

  /** Creates the queue and its dead-letter queue once per process (pg-boss ignores a queue that exists). */
  ensureQueue(name: string): Promise<void> {
    let q = this.queues.get(name);
    if (!q) {
      q = (async () => {
        await this.createQueue(deadQueueOf(name), { name: deadQueueOf(name), retentionMinutes: 30 * 24 * 60 });
        await this.createQueue(name, {
          name,
          policy: this.singletons.has(name) ? 'singleton' : 'standard',
          retryLimit: Math.max(0, this.opts.maxAttempts - 1),
          retryDelay: 1,
          retryBackoff: true,
          expireInSeconds: this.opts.expireSeconds,
          deadLetter: deadQueueOf(name),
        });
      })();
      q.catch(() => this.queues.delete(name));
      this.queues.set(name, q);
    }
    return q;
  }

  /** Processes starting together may create the same queues at once; PostgreSQL then aborts one of the DDL statements (deadlock), which is tried again. */
  private async createQueue(name: string, options: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(name, options);
        return;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= 8 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  async insert(db: Db, name: string, payload: Record<string, unknown>, opts: EnqueueOptions): Promise<string> {
    await this.start();
    await this.ensureQueue(name);
    const id = opts.dedupeKey ? dedupeJobId(opts.dedupeKey) : crypto.randomUUID();
    const singletonKey = this.singletons.get(name)?.(payload);
    const maxAttempts = opts.maxAttempts ?? this.opts.maxAttempts;
    await this.boss.send(name, withFairKey(payload, opts.fairKey ?? null), {
      id,
      db: kyselyExecutor(db),
      retryLimit: Math.max(0, maxAttempts - 1),
      retryDelay: 1,
      retryBackoff: true,
      ...(opts.runAt && opts.runAt > Date.now() ? { startAfter: new Date(opts.runAt) } : {}),
      ...(singletonKey ? { singletonKey } : {}),
      deadLetter: deadQueueOf(name),
    });
    return id;
  }

  async waiting(db: Db, jobId: string): Promise<boolean> {
    const state = await pgBossJobState(db, jobId);
    return state === 'created' || state === 'retry' || state === 'active';
  }

  runNow(db: Db, jobIds: string[]): Promise<number> {
    return runPgBossJobsNow(db, jobIds);
  }

  pending(db: Db, dedupeKey: string): Promise<boolean> {
    return this.waiting(db, dedupeJobId(dedupeKey));
  }

  private async names(): Promise<string[]> {
    await this.start();
    return (await this.boss.getQueues()).map((q) => q.name).filter((n) => !n.endsWith('__dead') && !n.startsWith('__pgboss'));
  }

  async failed(limit: number): Promise<FailedJob[]> {
    return this.failedRows(limit);
  }

  private async failedRows(limit: number, id?: string): Promise<FailedJob[]> {
    const now = Date.now();
    return (await listPgBossFailed(this.db, await this.names(), limit, id)).map((r) => ({
      id: r.id,
      name: r.name,
      attempts: r.retry_count + 1,
      lastError: errorText(r.output),
      ageSeconds: Math.max(0, Math.round((now - new Date(r.created_on).getTime()) / 1000)),
      failedAt: r.completed_on ? new Date(r.completed_on).toISOString() : null,
      payload: r.data && typeof r.data === 'object' ? (r.data as Record<string, unknown>) : {},
    }));
  }

  async retry(ids: string[] | 'all'): Promise<number> {
    let n = 0;
    const targets = ids === 'all' ? await this.failedRows(100_000) : (await Promise.all(ids.map((id) => this.failedRows(1, id)))).flat();
    for (const job of targets) {
      await this.db.transaction().execute(async (trx) => {
        await deleteDeadCopy(trx, deadQueueOf(job.name), job.name, job.id);
        await this.boss.retry(job.name, job.id, { db: kyselyExecutor(trx) });
        await clearPgBossOutput(trx, job.name, job.id);
      });
      n++;
    }
    return n;
  }

  async queueStats(): Promise<QueueStats[]> {
    const names = await this.names();
    const counts = await pgBossStateCounts(this.db, [...names, ...names.map(deadQueueOf)]);
    return names.sort().map((name) => {
      const s: QueueStats = { name, queued: 0, active: 0, failed: 0, dead: 0, oldestQueuedAgeSeconds: 0 };
      for (const c of counts) {
        if (c.name === deadQueueOf(name)) {
          if (c.state === 'created' || c.state === 'retry') s.dead += c.n;
        } else if (c.name === name) {
          if (c.state === 'created' || c.state === 'retry') s.queued += c.n;
          else if (c.state === 'active') s.active += c.n;
          else if (c.state === 'failed') s.failed += c.n;
          if (c.oldest_seconds !== null) s.oldestQueuedAgeSeconds = Math.max(s.oldestQueuedAgeSeconds, Math.round(c.oldest_seconds));
        }
      }
      return s;
    });
  }

  /** Jobs waiting or running in the jobs table become pg-boss jobs, in one transaction with their removal from the table. */
  private async moveTableJobs(): Promise<void> {
    // Their queues first, outside the transaction (see start).
    for (const name of await inFlightJobNames(this.db)) await this.ensureQueue(name);
    const moved = await this.db.transaction().execute(async (trx) => {
      // A job of a name first queued since (none in practice) moves at the next start.
      const rows = (await takeInFlightJobs(trx, this.dialect)).filter((r) => this.queues.has(r.name));
      for (const row of rows) {
        const payload = parseObject(row.payload);
        const singletonKey = this.singletons.get(row.name)?.(payload);
        await this.boss.send(row.name, withFairKey(payload, row.fair_key), {
          // The table's ids are UUIDs: a delivery that names its job keeps finding it.
          id: row.dedupe_key ? dedupeJobId(row.dedupe_key) : row.id,
          db: kyselyExecutor(trx),
          retryLimit: Math.max(0, row.max_attempts - row.attempts - 1),
          retryDelay: 1,
          retryBackoff: true,
          ...(row.run_at > Date.now() ? { startAfter: new Date(row.run_at) } : {}),
          ...(singletonKey ? { singletonKey } : {}),
          deadLetter: deadQueueOf(row.name),
        });
      }
      await deleteJobs(
        trx,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
    if (moved) this.opts.log.info({ jobs: moved }, 'jobs waiting in the jobs table moved to pg-boss');
  }
}

/** The job's data: its payload, with whose work it is under PGBOSS_FAIR_KEY (taken off again when the job is fetched). */
function withFairKey(payload: Record<string, unknown>, fairKey: string | null): Record<string, unknown> {
  return fairKey === null ? payload : { ...payload, [PGBOSS_FAIR_KEY]: fairKey };
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : { value: v };
  } catch {
    return { unreadable: text };
  }
}

function errorText(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === 'object' && typeof (output as { message?: unknown }).message === 'string') return (output as { message: string }).message;
  return JSON.stringify(output).slice(0, 2000);
}
