// SQL for the event outbox: an event row is written in the transaction of the change that causes
// it, and delivered later by the delivery jobs.
import { newId } from '../storage/ids.ts';
import type { Db } from '../storage/db.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { EventRow, EventType } from '../storage/schema.ts';
import { queueDelivery } from '../webhooks/outbox.ts';

/** Records an event and its webhook delivery (row and job) in `db`, the transaction of the change; call `jobs.notify()` after commit. */
export async function recordEvent(
  db: Db,
  jobs: JobQueue,
  e: { clientId: string; caseId: string; conversationId: string; type: EventType; payload: Record<string, unknown> },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('events')
    .values({
      id,
      client_id: e.clientId,
      case_id: e.caseId,
      conversation_id: e.conversationId,
      event_type: e.type,
      payload: JSON.stringify(e.payload),
      status: 'pending',
      created_at: new Date().toISOString(),
    })
    .execute();
  await queueDelivery(db, jobs, { channel: 'webhook', eventId: id, clientId: e.clientId, caseId: e.caseId, conversationId: e.conversationId });
  return id;
}

export function listEventsOfCase(db: Db, caseId: string): Promise<EventRow[]> {
  return db.selectFrom('events').selectAll().where('case_id', '=', caseId).orderBy('created_at').execute();
}
