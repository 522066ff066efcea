// The in-process job runner: polls the durable jobs table, runs due jobs with bounded concurrency,
// renews each job's lease while it runs, retries failures with exponential backoff, and on stop
// lets running jobs finish. A job held by a process that died is taken over once its lease lapses.
// A runner claims only the jobs it has definitions for, so several runners (jobs, deliveries) with
// their own concurrency share one table; a handler may pick its next run time (RetryAt). A payload
// that does not fit its definition fails the job for good before the handler runs: retrying
// cannot mend it.
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { TSchema } from '@sinclair/typebox';
import type { Db, Dialect } from '../db/db.ts';
import type { JobRow } from '../db/schema.ts';
import { claimJobs, failJob, finishJob, renewLease } from '../db/jobs.repo.ts';
import { payloadProblem, type JobDefinition } from './definition.ts';

interface Registered {
  definition: JobDefinition<TSchema, unknown>;
  run(payload: unknown, job: JobRow): Promise<void>;
}

/** Thrown by a handler that decides itself when its job runs again (its own retry schedule). */
export class RetryAt extends Error {
  constructor(
    message: string,
    readonly retryAt: number,
  ) {
    super(message);
  }
}

export interface RunnerOptions {
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  claimPauseMs: number;
}

/** Delay before the next attempt: 1 s, 2 s, 4 s … capped at one hour, with ±20% jitter. */
export function retryDelayMs(attempt: number): number {
  const base = Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export class JobRunner {
  readonly workerId = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, Registered>();
  private running = new Set<Promise<void>>();
  private stopped = true;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly log: Logger,
    private readonly opts: RunnerOptions,
  ) {}

  /** Runs jobs of this definition here, its handler given `deps`. */
  register<S extends TSchema, D>(definition: JobDefinition<S, D>, deps: D): void {
    const run = (payload: unknown, job: JobRow) => definition.handler(deps, payload as never, job);
    this.handlers.set(definition.name, { definition: definition as unknown as JobDefinition<TSchema, unknown>, run });
  }

  /** Wakes an idle runner at once (called after this process enqueues a job). */
  poke(): void {
    this.wake?.();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
    this.log.info({ workerId: this.workerId, jobs: [...this.handlers.keys()] }, 'job runner started');
  }

  /** Stops claiming new jobs and waits (up to timeoutMs) for the running ones. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    this.poke();
    await this.loop;
    const all = Promise.all([...this.running]);
    await Promise.race([all, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (this.running.size >= this.opts.concurrency) {
        await Promise.race(this.running);
        continue;
      }
      let jobs: JobRow[] = [];
      try {
        jobs = await claimJobs(this.db, this.dialect, this.workerId, this.opts.leaseMs, [...this.handlers.keys()], this.opts.concurrency - this.running.size);
      } catch (err) {
        this.log.error({ err }, 'claiming a job failed');
      }
      for (const job of jobs) {
        const p = this.execute(job).finally(() => this.running.delete(p));
        this.running.add(p);
      }
      if (jobs.length) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, this.opts.pollMs);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  private async execute(job: JobRow): Promise<void> {
    const log = this.log.child({ jobId: job.id, job: job.name, attempt: job.attempts });
    const registered = this.handlers.get(job.name);
    if (!registered) {
      await failJob(this.db, job.id, this.workerId, `no handler for job "${job.name}"`, null);
      log.error('no handler for job');
      return;
    }
    if (job.attempts > job.max_attempts) {
      await failJob(this.db, job.id, this.workerId, job.last_error ?? 'lease lapsed too often', null);
      log.error('job gave up after its last attempt');
      return;
    }
    const payload = parsePayload(job.payload);
    const problem = payloadProblem(registered.definition, payload);
    if (problem) {
      await failJob(this.db, job.id, this.workerId, problem, null).catch((e) => log.error({ err: e }, 'recording a job failure failed'));
      log.error({ problem }, 'job refused: its payload does not fit its definition');
      return;
    }
    const heartbeat = setInterval(
      () => {
        renewLease(this.db, job.id, this.workerId, this.opts.leaseMs).catch((err) => log.warn({ err }, 'lease renewal failed'));
      },
      Math.max(50, Math.floor(this.opts.leaseMs / 3)),
    );
    const started = Date.now();
    try {
      if (this.opts.claimPauseMs > 0) await new Promise((r) => setTimeout(r, this.opts.claimPauseMs));
      await registered.run(payload, job);
      await finishJob(this.db, job.id, this.workerId);
      log.debug({ ms: Date.now() - started }, 'job done');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const wanted = err instanceof RetryAt ? err.retryAt : Date.now() + retryDelayMs(job.attempts);
      const retryAt = job.attempts < job.max_attempts ? wanted : null;
      await failJob(this.db, job.id, this.workerId, message, retryAt).catch((e) => log.error({ err: e }, 'recording a job failure failed'));
      if (err instanceof RetryAt && retryAt) log.debug({ reason: message, retryAt }, 'job rescheduled by its handler');
      else log.warn({ err, retryAt }, retryAt ? 'job failed; will retry' : 'job failed for good');
    } finally {
      clearInterval(heartbeat);
    }
  }
}

/** The stored payload, or undefined when it is not JSON (which the definition check then refuses). */
function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
