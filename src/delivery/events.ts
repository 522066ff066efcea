// Events of the contract (case created, chat finished, ...): each is recorded together with its
// webhook delivery (row and job) in the transaction of the change that caused it.
import type { Db } from '../db/db.ts';
import { insertEvent, type NewEvent } from '../db/events.repo.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { queueDelivery } from './outbox.ts';

/** Records an event and its webhook delivery in `db`, the transaction of the change; call `jobs.notify()` after commit. */
export async function recordEvent(db: Db, jobs: JobQueue, e: NewEvent): Promise<string> {
  const id = await insertEvent(db, e);
  await queueDelivery(db, jobs, { channel: 'webhook', eventId: id, clientId: e.clientId, caseId: e.caseId, conversationId: e.conversationId });
  return id;
}
