// The outbox's bookkeeping, shared by webhooks and e-mail: recording each attempt and what follows
// it (delivered, retried on the schedule, failed, skipped), listing deliveries, and re-sending one.
import type { Db } from '../../db/db.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { DeliveryRow, DeliveryStatus } from '../../db/schema.ts';
import { findDelivery, findDeliveryByIdOrEvent, insertAttempt, setEventStatus, takeCurrentWebhookUrl, updateDelivery, updatePendingDelivery } from '../../db/deliveries.repo.ts';
import { DELIVERY_JOB_MAX_ATTEMPTS, deliveryJob } from '../outbox.ts';
import { nextAttemptAt } from './schedule.ts';

export const EXCERPT_CHARS = 500;

export interface AttemptResult {
  startedAt: Date;
  latencyMs: number;
  delivered: boolean;
  /** Nothing to send to (no webhook URL): neither delivered nor failed. */
  skipped?: boolean;
  /** A refusal that retrying cannot change (an SMTP 5xx): failed at once. */
  permanent?: boolean;
  statusCode: number | null;
  target: string | null;
  error: string | null;
  excerpt: string | null;
}

/**
 * Records one attempt and the delivery's new state; the next attempt's time when it will be
 * retried. `d` is the delivery as claimAttempt returned it: its attempt counters already count this
 * attempt. A late result never undoes another attempt's: only a still pending delivery changes.
 */
export async function recordAttempt(db: Db, d: DeliveryRow, r: AttemptResult, retryScale: number): Promise<{ status: DeliveryStatus; nextAttemptAt: number | null }> {
  let status: DeliveryStatus;
  let next: number | null = null;
  if (r.skipped) status = 'skipped';
  else if (r.delivered) status = 'delivered';
  else if (r.permanent) status = 'failed';
  else {
    next = nextAttemptAt(d.round_attempts, Number(d.round_started_at), Date.now(), retryScale);
    status = next === null ? 'failed' : 'pending';
  }
  const at = r.startedAt.toISOString();
  await db.transaction().execute(async (trx) => {
    await insertAttempt(trx, {
      delivery_id: d.id,
      attempt: d.attempts,
      started_at: at,
      latency_ms: r.latencyMs,
      outcome: status === 'pending' ? 'retry' : status,
      status_code: r.statusCode,
      target: r.target,
      error: r.error?.slice(0, 1000) ?? null,
      response_excerpt: r.excerpt?.slice(0, EXCERPT_CHARS) || null,
    });
    const changed = await updatePendingDelivery(trx, d.id, {
      status,
      next_attempt_at: next,
      last_attempt_at: at,
      last_status_code: r.statusCode,
      last_error: r.error?.slice(0, 1000) ?? null,
      target: r.target,
      ...(status === 'delivered' ? { delivered_at: new Date().toISOString() } : {}),
    });
    if (changed && d.event_id && (status === 'delivered' || status === 'failed')) await setEventStatus(trx, d.event_id, status);
  });
  return { status, nextAttemptAt: next };
}

/**
 * Sends a delivery again (`id` is a delivery id or, for a webhook, its event id) with a fresh
 * retry round; the event keeps its id. A delivery already waiting for a retry is simply made due now.
 */
export async function resendDelivery(db: Db, jobs: JobQueue, id: string): Promise<DeliveryRow | undefined> {
  const row = await db.transaction().execute(async (trx) => {
    const d = await findDeliveryByIdOrEvent(trx, id);
    if (!d) return undefined;
    const now = Date.now();
    const waiting = d.job_id ? await jobs.waiting(trx, d.job_id) : false;
    const round = { round_attempts: 0, round_started_at: now, next_attempt_at: now };
    // An operator's re-send goes to the client's webhook URL of now (set after a wrong or missing one).
    if (d.channel === 'webhook') await takeCurrentWebhookUrl(trx, d.id, d.client_id);
    if (d.status === 'pending' && d.job_id && waiting) {
      await jobs.runNow(trx, [d.job_id]);
      await updateDelivery(trx, d.id, round);
    } else {
      const jobId = await jobs.enqueue(trx, deliveryJob(d.channel), { deliveryId: d.id }, { maxAttempts: DELIVERY_JOB_MAX_ATTEMPTS });
      await updateDelivery(trx, d.id, { ...round, status: 'pending', job_id: jobId });
      if (d.event_id) await setEventStatus(trx, d.event_id, 'pending');
    }
    return findDelivery(trx, d.id);
  });
  if (row) jobs.notify();
  return row;
}
