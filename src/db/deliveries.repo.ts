// SQL for the delivery outbox: deliveries (one per event and client, or per e-mail recipient) and
// their attempts (the delivery log).
import { newId } from '../lib/ids.ts';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from './db.ts';
import type { DeliveriesTable, DeliveryAttemptRow, DeliveryAttemptsTable, DeliveryChannel, DeliveryRow, DeliveryStatus } from './schema.ts';

export async function insertDelivery(db: Db, row: Insertable<DeliveriesTable>): Promise<void> {
  await db.insertInto('deliveries').values(row).execute();
}

/** A webhook delivery: its recipient is the client's webhook URL now, when its event happens (null: none). */
export async function insertWebhookDelivery(db: Db, row: Omit<Insertable<DeliveriesTable>, 'recipient'>): Promise<void> {
  await db
    .insertInto('deliveries')
    .values({ ...row, recipient: (eb) => eb.selectFrom('api_clients').select('webhook_url').where('api_clients.id', '=', row.client_id) })
    .execute();
}

/**
 * Takes the next attempt number of a pending delivery, in the database, before anything is sent:
 * an attempt cut short by a lost worker keeps its number, and the next one (here or on another
 * worker) carries a higher one. Undefined when the delivery is no longer pending.
 */
export function claimAttempt(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db
    .updateTable('deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), round_attempts: eb('round_attempts', '+', 1), updated_at: new Date().toISOString() }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Makes a delivery go to the client's current webhook URL (an operator's re-send after changing it). */
export async function takeCurrentWebhookUrl(db: Db, id: string, clientId: string): Promise<void> {
  await db
    .updateTable('deliveries')
    .set((eb) => ({ recipient: eb.selectFrom('api_clients').select('webhook_url').where('api_clients.id', '=', clientId) }))
    .where('id', '=', id)
    .execute();
}

export function findDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A delivery by its own id or by the id of the event it carries. */
export function findDeliveryByIdOrEvent(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('event_id', '=', id)]))
    .executeTakeFirst();
}

export async function updateDelivery(db: Db, id: string, patch: Updateable<DeliveriesTable>): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Like updateDelivery, only while the delivery is pending; whether it was. */
export async function updatePendingDelivery(db: Db, id: string, patch: Updateable<DeliveriesTable>): Promise<boolean> {
  const res = await db
    .updateTable('deliveries')
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function setEventStatus(db: Db, eventId: string, status: 'pending' | 'delivered' | 'failed'): Promise<void> {
  await db.updateTable('events').set({ status }).where('id', '=', eventId).execute();
}

export async function insertAttempt(db: Db, row: Omit<Insertable<DeliveryAttemptsTable>, 'id'>): Promise<void> {
  await db
    .insertInto('delivery_attempts')
    .values({ id: newId(), ...row })
    .execute();
}

export function listAttempts(db: Db, deliveryId: string): Promise<DeliveryAttemptRow[]> {
  return db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('attempt').execute();
}

export interface DeliveryFilter {
  status?: DeliveryStatus;
  clientId?: string;
  channel?: DeliveryChannel;
  limit?: number;
}

export type DeliveryListRow = DeliveryRow & { event_type: string | null };

/** Newest first. */
export function listDeliveries(db: Db, f: DeliveryFilter = {}): Promise<DeliveryListRow[]> {
  return db
    .selectFrom('deliveries')
    .leftJoin('events', 'events.id', 'deliveries.event_id')
    .selectAll('deliveries')
    .select('events.event_type')
    .$if(f.status !== undefined, (qb) => qb.where('deliveries.status', '=', f.status!))
    .$if(f.clientId !== undefined, (qb) => qb.where('deliveries.client_id', '=', f.clientId!))
    .$if(f.channel !== undefined, (qb) => qb.where('deliveries.channel', '=', f.channel!))
    .orderBy('deliveries.created_at', 'desc')
    .orderBy('deliveries.id')
    .limit(f.limit ?? 100)
    .execute();
}

/** Pending webhook deliveries of a client that wait for a later retry: their jobs and ids. */
export function waitingWebhookDeliveries(db: Db, clientId: string, after: number): Promise<{ id: string; job_id: string | null }[]> {
  return db
    .selectFrom('deliveries')
    .select(['id', 'job_id'])
    .where('client_id', '=', clientId)
    .where('status', '=', 'pending')
    .where('channel', '=', 'webhook')
    .where('next_attempt_at', '>', after)
    .execute();
}

export async function markDueNow(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('deliveries').set({ next_attempt_at: Date.now() }).where('id', 'in', ids).execute();
}

/** A webhook delivery with what sending it needs (its event, the client's webhook credentials; the URL is the delivery's recipient), in one query. */
export function findWebhookDelivery(db: Db, id: string) {
  return db
    .selectFrom('deliveries')
    .innerJoin('events', 'events.id', 'deliveries.event_id')
    .innerJoin('api_clients', 'api_clients.id', 'deliveries.client_id')
    .selectAll('deliveries')
    .select(['events.payload', 'events.event_type', 'api_clients.webhook_username', 'api_clients.webhook_password', 'api_clients.webhook_secret'])
    .where('deliveries.id', '=', id)
    .executeTakeFirst();
}

/** A case's deliveries for one API client, newest first, with their event types. */
export function listDeliveriesOfCase(db: Db, clientId: string, caseId: string, limit: number): Promise<DeliveryListRow[]> {
  return db
    .selectFrom('deliveries')
    .leftJoin('events', 'events.id', 'deliveries.event_id')
    .selectAll('deliveries')
    .select('events.event_type')
    .where('deliveries.case_id', '=', caseId)
    .where('deliveries.client_id', '=', clientId)
    .orderBy('deliveries.created_at', 'desc')
    .limit(limit)
    .execute();
}
