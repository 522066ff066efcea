// What a job queue does, whichever engine holds the jobs: the jobs table polled by JobRunner
// (SQLite or PostgreSQL) or pg-boss (PostgreSQL). Services see only JobQueue, which delegates here.
import type { TSchema } from '@sinclair/typebox';
import type { Db } from '../db/db.ts';
import type { EnqueueOptions } from '../db/jobs.repo.ts';
import type { JobDefinition } from './definition.ts';

/** A job that failed for good and waits for an operator. */
export interface FailedJob {
  id: string;
  name: string;
  attempts: number;
  lastError: string | null;
  /** Seconds since the job was created. */
  ageSeconds: number;
  failedAt: string | null;
  /** The job's payload as queued (what it works on: a case, a conversation, a delivery…). */
  payload: Record<string, unknown>;
}

export interface QueueStats {
  name: string;
  /** Waiting to run (due or not). */
  queued: number;
  active: number;
  /** Failed for good. */
  failed: number;
  /** In the queue's dead-letter queue (pg-boss; the table keeps failed jobs in place, so 0 there). */
  dead: number;
  /** Age of the oldest job that is due and waiting, 0 when none waits. */
  oldestQueuedAgeSeconds: number;
}

export interface JobBackend {
  readonly kind: 'table' | 'pg-boss';
  /** Records a job in `db` (a Kysely instance or an open transaction); returns its id. */
  insert(db: Db, name: string, payload: Record<string, unknown>, opts: EnqueueOptions): Promise<string>;
  /** Whether the job is waiting or running. */
  waiting(db: Db, jobId: string): Promise<boolean>;
  /** Makes waiting jobs due now; returns how many. */
  runNow(db: Db, jobIds: string[]): Promise<number>;
  /** Whether a job enqueued with this dedupe key is still waiting or running. */
  pending(db: Db, dedupeKey: string): Promise<boolean>;
  failed(limit: number): Promise<FailedJob[]>;
  /** Puts failed jobs back in their queue with a fresh round of attempts; returns how many. */
  retry(ids: string[] | 'all'): Promise<number>;
  queueStats(): Promise<QueueStats[]>;
}

/** Runs the jobs of the definitions registered with it (JobRunner on the table, PgBossWorker on pg-boss). */
export interface JobWorker {
  register<S extends TSchema, D>(definition: JobDefinition<S, D>, deps: D): void;
  /** Wakes an idle worker at once (called after this process enqueues a job). */
  poke(): void;
  start(): void | Promise<void>;
  /** Stops taking jobs and waits (up to timeoutMs) for the running ones. */
  stop(timeoutMs: number): Promise<void>;
}
