// Which failed jobs an administrator sees: those working on their own organisation's cases,
// conversations, documents and deliveries, and the jobs that work for no organisation in
// particular (fetching the sanctions lists). A job whose case or delivery is gone, or that names
// another organisation's, is not shown, nor retried from their back office: one organisation never
// sees another's errors, ids or addresses. The `dossier jobs` command still shows every job.
import type { ServiceContext } from '../context.ts';
import { clientsOfJobSubjects, jobSubjectsOfCase, type JobSubjects } from '../db/jobs.repo.ts';
import type { FailedJob } from '../jobs/backend.ts';

const KINDS = ['caseId', 'conversationId', 'verificationId', 'checkId', 'deliveryId'] as const;

/** The payload's subject (the first id it names), or null for a job of no organisation. */
function subjectOf(job: FailedJob): { kind: keyof JobSubjects; id: string } | null {
  for (const kind of KINDS) {
    const id = job.payload[kind];
    if (typeof id === 'string' && id) return { kind, id };
  }
  return null;
}

/** The jobs page of an administrator: the queue's counts, their organisation's failed jobs, retrying them. */
export class ClientJobsService {
  constructor(private readonly ctx: Pick<ServiceContext, 'db' | 'jobs'>) {}

  /** Which backend the jobs wait in. */
  get backend(): string {
    return this.ctx.jobs.backend.kind;
  }

  queueStats() {
    return this.ctx.jobs.queueStats();
  }

  failed(clientId: string, limit: number): Promise<FailedJob[]> {
    return failedJobsOfClient(this.ctx, clientId, limit);
  }

  /** The failed jobs of one case that an administrator of `clientId` sees. */
  failedOfCase(clientId: string, caseId: string, limit?: number): Promise<FailedJob[]> {
    return failedJobsOfCase(this.ctx, clientId, caseId, limit);
  }

  retry(ids: string[]): Promise<number> {
    return this.ctx.jobs.retry(ids);
  }
}

/** The failed jobs (newest first, at most `limit` looked at) an administrator of `clientId` sees. */
async function failedJobsOfClient(ctx: Pick<ServiceContext, 'db' | 'jobs'>, clientId: string, limit: number): Promise<FailedJob[]> {
  const failed = await ctx.jobs.failed(limit);
  const wanted: JobSubjects = { caseId: new Set(), conversationId: new Set(), verificationId: new Set(), checkId: new Set(), deliveryId: new Set() };
  for (const job of failed) {
    const s = subjectOf(job);
    if (s) wanted[s.kind].add(s.id);
  }
  const owners = await clientsOfJobSubjects(ctx.db, wanted);
  return failed.filter((job) => {
    const s = subjectOf(job);
    return s === null || owners.get(`${s.kind}:${s.id}`) === clientId;
  });
}

/** The failed jobs working on one case of `clientId` (the case itself, its conversations, verifications, website checks and deliveries). */
async function failedJobsOfCase(ctx: Pick<ServiceContext, 'db' | 'jobs'>, clientId: string, caseId: string, limit = 100_000): Promise<FailedJob[]> {
  const [failed, subjects] = await Promise.all([failedJobsOfClient(ctx, clientId, limit), jobSubjectsOfCase(ctx.db, caseId)]);
  return failed.filter((job) => {
    const s = subjectOf(job);
    return s !== null && subjects[s.kind].has(s.id);
  });
}
