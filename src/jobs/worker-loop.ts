// The worker lifecycle both job backends share: register definitions, start, poll with bounded
// concurrency (woken at once by poke), check each payload against its definition, keep a
// heartbeat while the handler runs, then record the outcome under one retry policy
// (retry-policy.ts). A dependency outage pauses the queue it hit: this process stops fetching
// that job name for as long as the job's own backoff, which doubles while the outage lasts and
// resets at the first success. On stop, no new job is taken and running ones may finish.
// JobRunner (the jobs table) and PgBossWorker (pg-boss) supply only how jobs are fetched, renewed
// and recorded.
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { TSchema } from '@sinclair/typebox';
import type { JobRow } from '../db/schema.ts';
import type { JobWorker } from './backend.ts';
import { payloadProblem, type JobDefinition } from './definition.ts';
import { classifyFailure, decideRetry, retryDelayMs, type RetryDecision, type RetryPolicy } from './retry-policy.ts';

export interface Registered {
  definition: JobDefinition<TSchema, unknown>;
  run(payload: unknown, job: JobRow): Promise<void>;
}

/** A job a worker holds, in the terms both backends share. */
export interface HeldJob {
  id: string;
  name: string;
  payload: unknown;
  /** The job as handlers see it (a jobs-table row, or its pg-boss equivalent). */
  row: JobRow;
  /** Counted attempts so far, this one included. */
  attempts: number;
  maxAttempts: number;
  /** When the job first failed (epoch ms), null before its first failure: its retries are bounded from there. */
  failingSince: number | null;
  /** Whose work it is (an API client), null for work of no client. */
  fairKey: string | null;
}

export interface WorkerLoopOptions {
  concurrency: number;
  pollMs: number;
  /** How often a running job's hold is renewed (ms). */
  heartbeatMs: number;
  /** Fault injection for crash tests (JOBS_CLAIM_PAUSE_MS): pause after a job is fetched and before it runs. */
  claimPauseMs?: number;
  retry: RetryPolicy;
  /** Most slots the jobs of one fair key (API client) hold at once (JOBS_CLIENT_SLOTS); 0 or none: all of them but one. */
  clientSlots?: number;
}

export abstract class WorkerLoop implements JobWorker {
  readonly workerId = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  protected readonly handlers = new Map<string, Registered>();
  private readonly running = new Set<Promise<void>>();
  /** Slots this worker's running jobs hold, per fair key (API client). */
  private readonly holding = new Map<string, number>();
  private stopped = true;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  /** Queues paused after a dependency failure: until when (epoch ms), and the failures in a row. */
  private readonly paused = new Map<string, { until: number; streak: number }>();

  constructor(
    protected readonly log: Logger,
    protected readonly opts: WorkerLoopOptions,
    private readonly label: string,
  ) {}

  /** Runs jobs of this definition here, its handler given `deps`. */
  register<S extends TSchema, D>(definition: JobDefinition<S, D>, deps: D): void {
    const run = (payload: unknown, job: JobRow) => definition.handler(deps, payload as never, job);
    // The definition's payload type is erased here: payloadProblem checks each payload against its schema before run().
    const erased = definition as unknown as JobDefinition<TSchema, unknown>; // Cast: one map holds definitions of every payload type (TypeScript has no existential types).
    this.handlers.set(definition.name, { definition: erased, run });
    this.registered(erased);
  }

  /** Wakes an idle worker at once (called after this process enqueues a job). */
  poke(): void {
    this.wake?.();
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.prepare();
    this.loop = this.run();
    this.log.info({ workerId: this.workerId, jobs: [...this.handlers.keys()] }, `${this.label} started`);
  }

  /** Stops taking jobs and waits (up to timeoutMs) for the running ones. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    this.poke();
    await this.loop;
    await Promise.race([Promise.all([...this.running]), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  }

  /** A definition was registered (pg-boss notes its queue). */
  protected registered(_definition: JobDefinition<TSchema, unknown>): void {}
  /** Before the first fetch. */
  protected prepare(): Promise<void> | void {}
  /**
   * Takes up to `free` due jobs of these names, none of a fair key in `full`; [] when none is due.
   * May throw (logged, then polled again).
   */
  protected abstract fetch(names: string[], free: number, full: string[]): Promise<HeldJob[]>;
  /** A reason to refuse the job before its handler runs (beyond its payload), or null. */
  protected precheck(_job: HeldJob): string | null {
    return null;
  }
  protected abstract renew(job: HeldJob): Promise<void>;
  protected abstract complete(job: HeldJob): Promise<void>;
  /** Records the failed attempt: a retry at decision.retryAt, or failed for good when it is null. */
  protected abstract record(job: HeldJob, message: string, decision: RetryDecision): Promise<void>;

  /** The names of the registered jobs whose queue is not paused now. */
  private openQueues(now: number): string[] {
    return [...this.handlers.keys()].filter((name) => (this.paused.get(name)?.until ?? 0) <= now);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (this.running.size >= this.opts.concurrency) {
        await Promise.race(this.running);
        continue;
      }
      const now = Date.now();
      const names = this.openQueues(now);
      let jobs: HeldJob[] = [];
      if (names.length) {
        const { limit, full } = this.share();
        try {
          jobs = await this.fetch(names, limit, full);
        } catch (err) {
          this.log.error({ err }, 'fetching jobs failed');
        }
      }
      for (const job of jobs) {
        if (job.fairKey !== null) this.holding.set(job.fairKey, (this.holding.get(job.fairKey) ?? 0) + 1);
        const p = this.execute(job).finally(() => {
          this.running.delete(p);
          if (job.fairKey !== null) {
            const n = (this.holding.get(job.fairKey) ?? 1) - 1;
            if (n > 0) this.holding.set(job.fairKey, n);
            else this.holding.delete(job.fairKey);
          }
          // A freed slot may be one a waiting client's backlog could not take before: look again now.
          this.poke();
        });
        this.running.add(p);
      }
      if (jobs.length) continue;
      // Idle: sleep until the poll interval, a poke, or the end of the nearest pause.
      const resume = Math.min(...[...this.paused.values()].map((p) => p.until).filter((t) => t > now), now + this.opts.pollMs);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.max(10, resume - now));
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /**
   * How many jobs the next fetch may take, and the fair keys it must not take: the jobs of one API
   * client hold at most `clientSlots` of this worker's slots (by default all of them but one, so
   * the last stays for another client's work, or work of no client, that comes while one client's
   * backlog runs). A key at its share gets no more, and a fetch takes no more than the fullest
   * other key has room for, so one batch cannot push a key past it either.
   */
  private share(): { limit: number; full: string[] } {
    const free = this.opts.concurrency - this.running.size;
    const cap = this.opts.clientSlots ? Math.min(this.opts.clientSlots, this.opts.concurrency) : Math.max(1, this.opts.concurrency - 1);
    if (cap >= this.opts.concurrency) return { limit: free, full: [] };
    const full: string[] = [];
    let fullest = 0;
    for (const [key, n] of this.holding) {
      if (n >= cap) full.push(key);
      else fullest = Math.max(fullest, n);
    }
    return { limit: Math.min(free, cap - fullest), full };
  }

  private async execute(job: HeldJob): Promise<void> {
    const log = this.log.child({ jobId: job.id, job: job.name, attempt: job.attempts });
    const registered = this.handlers.get(job.name);
    const refused = registered ? (this.precheck(job) ?? payloadProblem(registered.definition, job.payload)) : `no handler for job "${job.name}"`;
    if (refused) {
      const decision: RetryDecision = { retryAt: null, counted: true, failure: { kind: 'own' }, gaveUp: refused };
      await this.record(job, refused, decision).catch((e) => log.error({ err: e }, 'recording a job failure failed'));
      log.error({ problem: refused }, 'job refused before it ran');
      return;
    }
    const heartbeat = setInterval(
      () => {
        this.renew(job).catch((err) => log.warn({ err }, 'renewing the hold on a job failed'));
      },
      Math.max(50, this.opts.heartbeatMs),
    );
    const started = Date.now();
    try {
      if (this.opts.claimPauseMs) await new Promise((r) => setTimeout(r, this.opts.claimPauseMs));
      await registered!.run(job.payload, job.row);
      clearInterval(heartbeat);
      await this.complete(job);
      this.paused.delete(job.name);
      log.debug({ ms: Date.now() - started }, 'job done');
    } catch (err) {
      clearInterval(heartbeat);
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      const failure = classifyFailure(err);
      const streak = failure.kind === 'dependency' ? (this.paused.get(job.name)?.streak ?? 0) + 1 : 0;
      const now = Date.now();
      const decision = decideRetry(this.opts.retry, failure, { attempts: job.attempts, maxAttempts: job.maxAttempts, dependencyStreak: streak, failingSince: job.failingSince ?? now }, now);
      if (failure.kind === 'dependency') {
        // The queue waits as long as the job does (never past the longest delay), so a dead dependency is tried about once per delay, not once per job.
        const until = Math.min(decision.retryAt ?? now + this.opts.retry.maxDelayMs, now + retryDelayMs(streak, this.opts.retry.maxDelayMs));
        this.paused.set(job.name, { until, streak });
      }
      // A job that gave up on a dependency says so; one whose own attempts ran out keeps its error as it was.
      const text = decision.gaveUp && failure.kind === 'dependency' ? `${message} (gave up: ${decision.gaveUp})` : message;
      await this.record(job, text, decision).catch((e) => log.error({ err: e }, 'recording a job failure failed'));
      if (decision.retryAt === null) log.warn({ err, gaveUp: decision.gaveUp }, 'job failed for good');
      else if (failure.kind === 'dependency') log.warn({ reason: message, dependency: failure.dependency, retryAt: decision.retryAt }, 'a dependency is unavailable; the job and its queue wait');
      else if (failure.kind === 'scheduled') log.debug({ reason: message, retryAt: decision.retryAt }, 'job rescheduled by its handler');
      else log.warn({ err, retryAt: decision.retryAt }, 'job failed; will retry');
    } finally {
      clearInterval(heartbeat);
    }
  }
}
