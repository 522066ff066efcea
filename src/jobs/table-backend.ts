// The jobs table as a job backend (SQLite, and PostgreSQL with JOBS_BACKEND=table): JobRunner
// polls it; failed jobs stay in it with status "failed" until an operator retries them.
import type { Db } from '../db/db.ts';
import { insertJob, jobTableStats, jobWaiting, jobWithKeyPending, listFailedJobs, requeueFailedJobs, runJobsNow, type EnqueueOptions } from '../db/jobs.repo.ts';
import type { FailedJob, JobBackend, QueueStats } from './backend.ts';
import { isRecord, storedOrNull } from '../lib/stored-json.ts';

export class TableJobBackend implements JobBackend {
  readonly kind = 'table' as const;

  constructor(
    private readonly db: Db,
    private readonly defaults: { maxAttempts: number },
  ) {}

  insert(db: Db, name: string, payload: Record<string, unknown>, opts: EnqueueOptions): Promise<string> {
    return insertJob(db, name, payload, this.defaults, opts);
  }

  waiting(db: Db, jobId: string): Promise<boolean> {
    return jobWaiting(db, jobId);
  }

  runNow(db: Db, jobIds: string[]): Promise<number> {
    return runJobsNow(db, jobIds);
  }

  pending(db: Db, dedupeKey: string): Promise<boolean> {
    return jobWithKeyPending(db, dedupeKey);
  }

  async failed(limit: number): Promise<FailedJob[]> {
    const now = Date.now();
    return (await listFailedJobs(this.db, limit)).map((j) => ({
      id: j.id,
      name: j.name,
      attempts: j.attempts,
      lastError: j.last_error,
      ageSeconds: Math.max(0, Math.round((now - Date.parse(j.created_at)) / 1000)),
      failedAt: j.updated_at,
      payload: payloadOf(j.payload),
    }));
  }

  retry(ids: string[] | 'all'): Promise<number> {
    return requeueFailedJobs(this.db, ids);
  }

  async queueStats(): Promise<QueueStats[]> {
    const now = Date.now();
    const byName = new Map<string, QueueStats>();
    for (const r of await jobTableStats(this.db)) {
      const s = byName.get(r.name) ?? { name: r.name, queued: 0, active: 0, failed: 0, dead: 0, oldestQueuedAgeSeconds: 0 };
      if (r.status === 'queued') s.queued += r.n;
      else if (r.status === 'running') s.active += r.n;
      else if (r.status === 'failed') s.failed += r.n;
      if (r.oldest_run_at !== null) s.oldestQueuedAgeSeconds = Math.max(s.oldestQueuedAgeSeconds, Math.max(0, Math.round((now - r.oldest_run_at) / 1000)));
      byName.set(r.name, s);
    }
    return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}

function payloadOf(text: string): Record<string, unknown> {
  return storedOrNull(text, isRecord) ?? {};
}
