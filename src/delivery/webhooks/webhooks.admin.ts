// What operators (CLI, later the back office) do with webhooks: set a client's webhook, apply
// the WEBHOOK_* environment to the default client, list deliveries and their attempts.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { DeliveryChannel, DeliveryStatus } from '../../db/schema.ts';
import { findClientByUsername } from '../../db/clients.repo.ts';
import { listAttempts, listDeliveries, findDeliveryByIdOrEvent, type DeliveryListRow } from '../../db/deliveries.repo.ts';
import { clientsWithWebhookWithoutCredentials, updateWebhookSettings, type WebhookSettings } from '../../db/webhook-settings.repo.ts';

export interface WebhookInput {
  /** An http(s) URL, or '' to remove the webhook. */
  url?: string;
  username?: string;
  password?: string;
  secret?: string;
}

export function checkWebhookUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`"${url}" is not a URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`the webhook URL must be http or https, not ${u.protocol}`);
}

/** Changes only what is given; '' clears a setting. Throws when the client or the URL is wrong. */
export async function setClientWebhook(db: Db, clientUsername: string, input: WebhookInput): Promise<void> {
  if (input.url) checkWebhookUrl(input.url);
  const clear = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);
  const patch: Partial<WebhookSettings> = { url: clear(input.url), username: clear(input.username), password: clear(input.password), secret: clear(input.secret) };
  if (!(await updateWebhookSettings(db, clientUsername, patch))) throw new Error(`no API client named "${clientUsername}"`);
}

/** At start-up: the WEBHOOK_* variables that are set become the settings of the API_USERNAME client. */
export async function applyWebhookEnvironment(db: Db, config: Config): Promise<string | null> {
  const given: WebhookInput = {
    ...(config.WEBHOOK_URL ? { url: config.WEBHOOK_URL } : {}),
    ...(config.WEBHOOK_USERNAME ? { username: config.WEBHOOK_USERNAME } : {}),
    ...(config.WEBHOOK_PASSWORD ? { password: config.WEBHOOK_PASSWORD } : {}),
    ...(config.WEBHOOK_SECRET ? { secret: config.WEBHOOK_SECRET } : {}),
  };
  if (Object.keys(given).length === 0) return null;
  if (!(await findClientByUsername(db, config.API_USERNAME))) return `WEBHOOK_* not applied: there is no API client named "${config.API_USERNAME}".`;
  await setClientWebhook(db, config.API_USERNAME, given);
  return `Webhook settings of API client "${config.API_USERNAME}" taken from WEBHOOK_*${config.WEBHOOK_URL ? ` (${redact(config.WEBHOOK_URL)})` : ''}.`;
}

/** One warning per API client whose webhook goes out with no Authorization header. */
export async function webhookCredentialWarnings(db: Db): Promise<string[]> {
  return (await clientsWithWebhookWithoutCredentials(db)).map(
    (username) =>
      `Warning: the webhook of API client "${username}" has no username and password, so it is sent without an Authorization header; set them with \`dossier clients set-webhook ${username} --webhook-username X --webhook-password Y\`.`,
  );
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

export interface ListOptions {
  status?: string;
  clientUsername?: string;
  channel?: string;
  limit?: number;
}

const STATUSES = ['pending', 'delivered', 'failed', 'skipped'];

export async function listDeliveriesFor(db: Db, o: ListOptions): Promise<DeliveryListRow[]> {
  if (o.status && !STATUSES.includes(o.status)) throw new Error(`--status must be one of ${STATUSES.join(', ')}`);
  if (o.channel && o.channel !== 'webhook' && o.channel !== 'email') throw new Error('--channel must be webhook or email');
  let clientId: string | undefined;
  if (o.clientUsername) {
    const client = await findClientByUsername(db, o.clientUsername);
    if (!client) throw new Error(`no API client named "${o.clientUsername}"`);
    clientId = client.id;
  }
  return listDeliveries(db, { status: o.status as DeliveryStatus | undefined, channel: o.channel as DeliveryChannel | undefined, clientId, limit: o.limit });
}

export async function deliveryWithAttempts(db: Db, id: string) {
  const delivery = await findDeliveryByIdOrEvent(db, id);
  return delivery && { delivery, attempts: await listAttempts(db, delivery.id) };
}
