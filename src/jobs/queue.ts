// The job interface the rest of the code uses: enqueue inside the transaction of the change that
// causes the job (pass the transaction), and wake this process's runner after commit.
import type { Db } from '../db/db.ts';
import { insertJob, type EnqueueOptions } from '../db/jobs.repo.ts';

export const JobNames = {
  runVerification: 'verification.run',
  finalizeConversation: 'conversation.finalize',
  deliverWebhook: 'webhook.deliver',
  sendMail: 'mail.send',
  resolveEntities: 'entities.resolve',
} as const;
export type JobName = (typeof JobNames)[keyof typeof JobNames];

export class JobQueue {
  private listeners: (() => void)[] = [];

  constructor(private readonly defaults: { maxAttempts: number }) {}

  /** Records a job in `db` (a Kysely instance or an open transaction). */
  enqueue(db: Db, name: JobName, payload: Record<string, unknown>, opts?: EnqueueOptions): Promise<string> {
    return insertJob(db, name, { v: 1, ...payload }, this.defaults, opts);
  }

  /** Called after a transaction that enqueued jobs has committed. */
  notify(): void {
    for (const l of this.listeners) l();
  }

  onEnqueued(listener: () => void): void {
    this.listeners.push(listener);
  }
}
