// Webhook delivery, the job handler of webhook.deliver: POSTs the event's stored body, exactly as
// recorded in the outbox, to the webhook URL recorded with the event, with the client's Basic
// credentials, the event id (the same on every attempt), the attempt's number (taken in the
// database before sending, so it only grows, even across a lost worker) and, with a secret, a
// signature; records the attempt; retries on the schedule until delivered or the round is over.
// An address the outbound rules refuse fails the delivery at once, with the reason.
import type { Logger } from 'pino';
import type { ServiceContext } from '../../context.ts';
import { RetryAt } from '../../jobs/runner.ts';
import { processMetrics } from '../../metrics/metrics.ts';
import type { DeliveryRow, EventRow } from '../../db/schema.ts';
import { GuardedHttpClient, OutboundError } from '../../outbound/http-client.ts';
import { claimAttempt, findWebhookDelivery, markDueNow, waitingWebhookDeliveries } from '../../db/deliveries.repo.ts';
import { recordAttempt, resendDelivery, type AttemptResult } from './deliveries.service.ts';
import { ownedDelivery, type ClientRef } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { WebhookSettings } from '../../db/webhook-settings.repo.ts';
import { ReceiverGate } from './receiver-gate.ts';
import { signatureHeader } from './signature.ts';

const MAX_ANSWER_BYTES = 4096;

export class WebhooksService {
  private readonly http: GuardedHttpClient;
  private readonly gate: ReceiverGate;
  private readonly log: Logger;

  constructor(private readonly ctx: ServiceContext) {
    const { config } = ctx;
    this.http = new GuardedHttpClient({
      policy: config.OUTBOUND_ALLOW_PRIVATE,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      maxBodyBytes: MAX_ANSWER_BYTES,
      userAgent: 'Dossier-Webhooks/1.0',
    });
    this.gate = new ReceiverGate(Math.max(1, Math.floor(config.DELIVERY_CONCURRENCY / 4)));
    this.log = ctx.log.child({ component: 'webhooks' });
  }

  /** Sends a delivery of this client (a webhook or an e-mail) again from a fresh retry round; else 404. */
  async resend(client: ClientRef, deliveryId: string): Promise<DeliveryRow> {
    const found = await ownedDelivery(this.ctx.db, client.id, deliveryId);
    const row = await resendDelivery(this.ctx.db, this.ctx.jobs, found.id);
    if (!row) throw notFound(`Delivery ${deliveryId}`);
    return row;
  }

  /** Job handler for webhook.deliver. */
  async deliver(p: { deliveryId: string }): Promise<void> {
    const { db, config } = this.ctx;
    const row = await findWebhookDelivery(db, p.deliveryId);
    if (!row || row.status !== 'pending') return;
    const { payload, event_type, webhook_username, webhook_password, webhook_secret } = row;
    const event = { id: row.event_id!, payload, event_type };
    // The URL recorded with the event; the credentials and secret of now (they may be rotated).
    const url = row.recipient;
    const settings = { url, username: webhook_username, password: webhook_password, secret: webhook_secret };
    if (!url) {
      const d = await claimAttempt(db, row.id);
      if (!d) return;
      const r = {
        startedAt: new Date(),
        latencyMs: 0,
        delivered: false,
        skipped: true,
        statusCode: null,
        target: null,
        error: 'the API client had no webhook URL when the event happened',
        excerpt: null,
      };
      await recordAttempt(db, d, r, config.DELIVERY_RETRY_SCALE);
      processMetrics().countWebhookAttempt('skipped');
      this.log.info({ deliveryId: d.id, eventId: event.id, clientId: d.client_id, attempt: d.attempts }, 'webhook skipped: the client had no webhook URL');
      return;
    }
    if (!this.gate.tryEnter(row.client_id)) {
      throw new RetryAt('the receiver is slow and has its share of attempts in flight', Date.now() + Math.round(config.WEBHOOK_TIMEOUT_MS * (1 + Math.random())));
    }
    let sent: { result: AttemptResult; timedOut: boolean } | undefined;
    let d: DeliveryRow | undefined;
    try {
      // The attempt's number is taken in the database before anything goes out.
      d = await claimAttempt(db, row.id);
      if (d) sent = await this.send({ ...settings, url }, event, d);
    } finally {
      this.gate.leave(row.client_id, sent?.result.latencyMs ?? 0, sent?.timedOut ?? false);
    }
    if (!d || !sent) return;
    const r = sent.result;
    const { status, nextAttemptAt } = await recordAttempt(db, d, r, config.DELIVERY_RETRY_SCALE);
    const facts = { deliveryId: d.id, eventId: event.id, clientId: d.client_id, attempt: d.attempts, status: r.statusCode, ms: r.latencyMs };
    processMetrics().countWebhookAttempt(status === 'pending' ? 'failed_will_retry' : status === 'failed' ? 'failed_for_good' : status);
    if (status === 'delivered') {
      this.log.info(facts, 'webhook delivered');
      if (d.round_attempts > 1) await this.catchUp(d.client_id);
    } else if (status === 'pending') {
      this.log.warn({ ...facts, error: r.error, nextAttemptAt: new Date(nextAttemptAt!).toISOString() }, 'webhook attempt failed; will retry');
      throw new RetryAt(r.error ?? 'not delivered', nextAttemptAt!);
    } else {
      this.log.error({ ...facts, error: r.error }, 'webhook delivery failed for good');
    }
  }

  private async send(s: WebhookSettings & { url: string }, event: Pick<EventRow, 'id' | 'payload' | 'event_type'>, d: DeliveryRow): Promise<{ result: AttemptResult; timedOut: boolean }> {
    const startedAt = new Date();
    const body = event.payload;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-dossier-event-id': event.id,
      'x-dossier-event-type': event.event_type,
      'x-dossier-delivery-attempt': String(d.attempts),
    };
    if (s.username || s.password) headers.authorization = `Basic ${Buffer.from(`${s.username ?? ''}:${s.password ?? ''}`).toString('base64')}`;
    if (s.secret) headers['x-dossier-signature'] = signatureHeader(s.secret, body, Math.floor(startedAt.getTime() / 1000));
    const target = withoutCredentials(s.url);
    try {
      const res = await this.http.post(s.url, headers, body);
      const delivered = res.status >= 200 && res.status < 300;
      const redirect = res.status >= 300 && res.status < 400;
      const error = delivered ? null : redirect ? `redirect (HTTP ${res.status}) not followed${res.location ? `: ${res.location}` : ''}` : `HTTP ${res.status}`;
      return { result: { startedAt, latencyMs: res.latencyMs, delivered, statusCode: res.status, target, error, excerpt: res.body }, timedOut: false };
    } catch (err) {
      const e = err instanceof OutboundError ? err : new OutboundError('connection', err instanceof Error ? err.message : String(err));
      // An address the outbound rules refuse, or no URL at all, stays refused: failed now, with the reason.
      const permanent = e.kind === 'refused_address' || e.kind === 'invalid_url';
      const error = permanent ? `${e.message}; not retried` : e.message;
      return { result: { startedAt, latencyMs: e.latencyMs, delivered: false, permanent, statusCode: null, target, error, excerpt: null }, timedOut: e.kind === 'timeout' };
    }
  }

  /** A receiver answered again after failures: its deliveries waiting for a later retry go now. */
  private async catchUp(clientId: string): Promise<void> {
    const waiting = await waitingWebhookDeliveries(this.ctx.db, clientId, Date.now() + 1000);
    if (waiting.length === 0) return;
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.ctx.jobs.runNow(
        trx,
        waiting.flatMap((w) => (w.job_id ? [w.job_id] : [])),
      );
      await markDueNow(
        trx,
        waiting.map((w) => w.id),
      );
    });
    this.ctx.jobs.notify();
    this.log.info({ clientId, deliveries: waiting.length }, 'receiver answers again: its waiting deliveries are retried now');
  }

  close(): void {
    this.http.close();
  }
}

function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}
