// Puts a delivery in the outbox: the delivery row and the job that sends it are written in the
// transaction of the change that causes them (pass that transaction as `db`), so a committed change
// always has its delivery and a rolled-back one never does.
import { newId } from '../lib/ids.ts';
import type { Db } from '../db/db.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { deliverWebhookJob, sendMailJob } from './delivery.jobs.ts';
import type { DeliveryChannel } from '../db/schema.ts';
import { insertDelivery, insertWebhookDelivery } from '../db/deliveries.repo.ts';
import type { MailTemplate } from './mail/invitation.ts';

/** Delivery jobs follow their own schedule (webhooks/schedule.ts); this only bounds a runaway job. */
export const DELIVERY_JOB_MAX_ATTEMPTS = 100_000;

export interface NewDelivery {
  channel: DeliveryChannel;
  clientId: string;
  caseId: string;
  conversationId: string;
  eventId?: string;
  recipient?: string;
  template?: string;
}

export function deliveryJob(channel: DeliveryChannel) {
  return channel === 'webhook' ? deliverWebhookJob : sendMailJob;
}

export async function queueDelivery(db: Db, jobs: JobQueue, d: NewDelivery): Promise<string> {
  const id = newId();
  const now = Date.now();
  const jobId = await jobs.enqueue(db, deliveryJob(d.channel), { deliveryId: id }, { maxAttempts: DELIVERY_JOB_MAX_ATTEMPTS });
  const row = {
    id,
    channel: d.channel,
    event_id: d.eventId ?? null,
    client_id: d.clientId,
    case_id: d.caseId,
    conversation_id: d.conversationId,
    template: d.template ?? null,
    status: 'pending' as const,
    attempts: 0,
    round_attempts: 0,
    round_started_at: now,
    next_attempt_at: now,
    last_attempt_at: null,
    last_status_code: null,
    last_error: null,
    target: null,
    job_id: jobId,
    created_at: new Date(now).toISOString(),
    updated_at: new Date(now).toISOString(),
    delivered_at: null,
  };
  // A webhook goes to the URL its client has when the event happens, whatever it is changed to later.
  if (d.channel === 'webhook') await insertWebhookDelivery(db, row);
  else await insertDelivery(db, { ...row, recipient: d.recipient ?? null });
  return id;
}

/** Queues one e-mail per recipient; call inside the transaction of the change that causes them. */
export async function queueInvitations(db: Db, jobs: JobQueue, m: { clientId: string; caseId: string; conversationId: string; recipients: string[]; template: MailTemplate }): Promise<string[]> {
  const ids: string[] = [];
  for (const recipient of m.recipients) {
    ids.push(await queueDelivery(db, jobs, { channel: 'email', clientId: m.clientId, caseId: m.caseId, conversationId: m.conversationId, recipient, template: m.template }));
  }
  return ids;
}
