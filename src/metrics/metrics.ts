// The Prometheus metrics of one process (prom-client): HTTP requests by route pattern and status
// class, job runs and their durations (verifications among them), webhook delivery attempts by
// outcome, the queue figures read at each scrape, and the process's own (CPU, memory, event loop,
// GC). Labels carry route patterns, job names and outcomes only, never an id or anything a client
// sent, so no personal data reaches a metric and the number of series stays bounded.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueStats } from '../jobs/backend.ts';

/** Seconds: HTTP from a cached read to a large upload; jobs from a webhook to a long scanned document. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** Longest a scrape waits for the queue figures; past it they count as unreadable. */
const QUEUE_STATS_MS = 2000;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type WebhookOutcome = 'delivered' | 'failed_will_retry' | 'failed_for_good' | 'skipped';

export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests = new Counter({
    name: 'dossier_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'dossier_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'dossier_job_duration_seconds',
    help: 'Time one job attempt took in this process, by job name and outcome (done or error); job="verification.run" is the verification of one document.',
    labelNames: ['job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });
  private readonly inFlight = new Gauge({
    name: 'dossier_jobs_in_flight',
    help: 'Job attempts running in this process now, by job name.',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  private readonly webhookAttempts = new Counter({
    name: 'dossier_webhook_attempts_total',
    help: 'Webhook delivery attempts made by this process, by outcome (delivered, failed_will_retry, failed_for_good, skipped).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly queued = this.queueGauge('dossier_jobs_queued', 'Jobs waiting to run, retries included (whole database).');
  private readonly active = this.queueGauge('dossier_jobs_active', 'Jobs a worker holds now (whole database).');
  private readonly failed = this.queueGauge('dossier_jobs_failed', 'Jobs that failed for good and wait for an operator (whole database).');
  private readonly dead = this.queueGauge('dossier_jobs_dead', "Jobs in their queue's dead-letter queue (pg-boss; 0 with the jobs table, which keeps failed jobs in place).");
  private readonly oldest = this.queueGauge('dossier_jobs_oldest_queued_age_seconds', 'How long the oldest due job has waited (whole database).');
  private readonly queueUp = new Gauge({
    name: 'dossier_jobs_stats_up',
    help: '1 when the queue figures could be read at this scrape, 0 when not (the dossier_jobs_* gauges then hold no series).',
    registers: [this.registry],
  });
  /** Job names seen in any scrape: a queue that emptied reads 0 rather than vanishing. */
  private readonly knownQueues = new Set<string>();

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'dossier_' });
  }

  private queueGauge(name: string, help: string): Gauge<'queue'> {
    return new Gauge({ name, help, labelNames: ['queue'] as const, registers: [this.registry] });
  }

  /** Counts one answered request; `route` is the matched route pattern (undefined when none matched). */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    const labels = {
      method: METHODS.has(method) ? method : 'OTHER',
      route: route ?? 'unmatched',
      status_class: `${Math.min(5, Math.max(1, Math.floor(statusCode / 100)))}xx`,
    };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  jobStarted(job: string): void {
    this.inFlight.inc({ job });
  }

  jobEnded(job: string, outcome: 'done' | 'error', seconds: number): void {
    this.inFlight.dec({ job });
    this.jobDuration.observe({ job, outcome }, seconds);
  }

  countWebhookAttempt(outcome: WebhookOutcome): void {
    this.webhookAttempts.inc({ outcome });
  }

  /** The exposition text, with the queue figures read from `queueStats` now. */
  async render(queueStats: () => Promise<QueueStats[]>): Promise<string> {
    const gauges = [this.queued, this.active, this.failed, this.dead, this.oldest];
    for (const g of gauges) g.reset();
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the queue figures took too long')), QUEUE_STATS_MS);
      });
      const stats = await Promise.race([queueStats(), late]);
      for (const s of stats) this.knownQueues.add(s.name);
      const byName = new Map(stats.map((s) => [s.name, s]));
      for (const queue of this.knownQueues) {
        const s = byName.get(queue);
        this.queued.set({ queue }, s?.queued ?? 0);
        this.active.set({ queue }, s?.active ?? 0);
        this.failed.set({ queue }, s?.failed ?? 0);
        this.dead.set({ queue }, s?.dead ?? 0);
        this.oldest.set({ queue }, s?.oldestQueuedAgeSeconds ?? 0);
      }
      this.queueUp.set(1);
    } catch {
      this.queueUp.set(0);
    } finally {
      clearTimeout(timer);
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

let instance: Metrics | undefined;

/** The metrics of this process (one registry, however many servers a process builds). */
export function processMetrics(): Metrics {
  instance ??= new Metrics();
  return instance;
}
