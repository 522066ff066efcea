// SQL for the event outbox: an event row is written in the transaction of the change that causes
// it, and delivered later by the delivery jobs.
import { newId } from '../lib/ids.ts';
import type { Db } from './db.ts';
import type { EventRow, EventType } from './schema.ts';

export interface NewEvent {
  clientId: string;
  caseId: string;
  conversationId: string;
  type: EventType;
  payload: Record<string, unknown>;
}

/** Inserts an event row; its webhook delivery is queued by the caller in the same transaction. */
export async function insertEvent(db: Db, e: NewEvent): Promise<string> {
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
  return id;
}

export function listEventsOfCase(db: Db, caseId: string): Promise<EventRow[]> {
  return db.selectFrom('events').selectAll().where('case_id', '=', caseId).orderBy('created_at').execute();
}

/** When each conversation of a case had its chat_finished event (its reports generated). */
export function listChatFinishedOfCase(db: Db, caseId: string): Promise<{ conversation_id: string; created_at: string }[]> {
  return db.selectFrom('events').select(['conversation_id', 'created_at']).where('case_id', '=', caseId).where('event_type', '=', 'chat_finished').execute();
}
