// The `dossier webhooks …` and `dossier clients set-webhook …` commands: thin printing around
// webhooks.admin.ts and the outbox's re-send.
import type { Db } from '../../db/db.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { PrivatePolicy } from '../../outbound/addresses.ts';
import { resendDelivery } from './deliveries.service.ts';
import { deliveryWithAttempts, listDeliveriesFor, setClientWebhook } from './webhooks.admin.ts';

export interface WebhookCliOptions {
  url?: string;
  'webhook-username'?: string;
  'webhook-password'?: string;
  secret?: string;
  status?: string;
  client?: string;
  channel?: string;
  limit?: string;
}

export async function setWebhookCommand(db: Db, username: string, o: WebhookCliOptions, policy: PrivatePolicy): Promise<number> {
  if (o.url === undefined && o['webhook-username'] === undefined && o['webhook-password'] === undefined && o.secret === undefined) {
    console.error('Give at least one of --url, --webhook-username, --webhook-password, --secret ("" clears one).');
    return 1;
  }
  try {
    await setClientWebhook(db, username, { url: o.url, username: o['webhook-username'], password: o['webhook-password'], secret: o.secret }, policy);
  } catch (err) {
    console.error(`Webhook settings of ${username} not saved: ${(err as Error).message}.`);
    return 1;
  }
  console.log(
    `Webhook settings of ${username} saved${o.url === '' ? ' (webhook removed)' : ''}. Credentials apply from the next attempt; a new URL to events from now on (a waiting delivery keeps the URL of its event until re-sent).`,
  );
  return 0;
}

export async function webhooksCommand(db: Db, jobs: JobQueue, sub: string | undefined, arg: string | undefined, o: WebhookCliOptions): Promise<number> {
  if (sub === 'list') {
    const rows = await listDeliveriesFor(db, { status: o.status, clientUsername: o.client, channel: o.channel, limit: o.limit ? Number(o.limit) : 100 });
    console.log(['delivery', 'event', 'kind', 'status', 'attempts', 'last', 'last error', 'created'].join('\t'));
    for (const d of rows) {
      const kind = d.channel === 'webhook' ? (d.event_type ?? 'webhook') : `email:${d.template}`;
      console.log([d.id, d.event_id ?? '-', kind, d.status, d.attempts, d.last_status_code ?? '-', d.last_error ?? '-', d.created_at].join('\t'));
    }
    return 0;
  }
  if (sub === 'show' && arg) {
    const found = await deliveryWithAttempts(db, arg);
    if (!found) return notFound(arg);
    const { delivery: d, attempts } = found;
    console.log(`delivery ${d.id} (${d.channel}${d.event_id ? `, event ${d.event_id}` : ''}): ${d.status} after ${d.attempts} attempt(s)`);
    if (d.next_attempt_at && d.status === 'pending') console.log(`next attempt at ${new Date(Number(d.next_attempt_at)).toISOString()}`);
    for (const a of attempts) {
      console.log(
        [`#${a.attempt}`, a.started_at, a.outcome, a.status_code ?? '-', `${a.latency_ms} ms`, a.target ?? '-', a.error ?? '', (a.response_excerpt ?? '').replace(/\s+/g, ' ').slice(0, 120)].join(
          '\t',
        ),
      );
    }
    return 0;
  }
  if (sub === 'resend' && arg) {
    const d = await resendDelivery(db, jobs, arg);
    if (!d) return notFound(arg);
    console.log(`Delivery ${d.id}${d.event_id ? ` (event ${d.event_id})` : ''} queued to be sent again; a running worker picks it up.`);
    return 0;
  }
  console.error(
    'Usage: dossier webhooks list [--status pending|delivered|failed|skipped] [--client U] [--channel webhook|email] [--limit N]\n       dossier webhooks show <delivery-or-event-id>\n       dossier webhooks resend <delivery-or-event-id>',
  );
  return 1;
}

function notFound(id: string): number {
  console.error(`No delivery or event with id ${id}.`);
  return 1;
}
