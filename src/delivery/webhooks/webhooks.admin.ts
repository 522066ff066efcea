// What operators (CLI, later the back office) do with webhooks: set a client's webhook, apply
// the WEBHOOK_* environment to the default client, list deliveries and their attempts.
import dns from 'node:dns/promises';
import net from 'node:net';
import type { Config } from '../../config.ts';
import { refusedAddress, type PrivatePolicy } from '../../outbound/addresses.ts';
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

/** Longest the check of a webhook URL waits for its host name to resolve (ms). */
const RESOLVE_WAIT_MS = 3000;

/**
 * Refuses a webhook URL Dossier would refuse to call under `policy` (OUTBOUND_ALLOW_PRIVATE):
 * not http(s), or a private, loopback, link-local or otherwise non-public address, in any spelling
 * (decimal, hexadecimal, IPv4-mapped IPv6, localhost) or as what its host name resolves to now. A
 * name that does not resolve yet is accepted: each attempt checks it again.
 */
export async function checkWebhookUrl(url: string, policy: PrivatePolicy): Promise<void> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`"${url}" is not a URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`the webhook URL must be http or https, not ${u.protocol}`);
  // The URL parser has already written every IPv4 spelling (2130706433, 0x7f.1, 0) as a.b.c.d.
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const addresses = net.isIP(host) ? [host] : host === 'localhost' || host.endsWith('.localhost') ? ['127.0.0.1', '::1'] : await resolveBriefly(host);
  for (const address of addresses) {
    const refused = refusedAddress(address, policy);
    if (refused) throw new Error(`the webhook URL is refused: ${net.isIP(host) ? '' : `${host} resolves to `}${refused}`);
  }
}

async function resolveBriefly(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string[]>((resolve) => (timer = setTimeout(() => resolve([]), RESOLVE_WAIT_MS)));
  const found = dns.lookup(host, { all: true }).then(
    (all) => all.map((a) => a.address),
    () => [],
  );
  return Promise.race([found, late]).finally(() => clearTimeout(timer));
}

/** Changes only what is given; '' clears a setting. Throws when the client or the URL is wrong (`policy`: OUTBOUND_ALLOW_PRIVATE). */
export async function setClientWebhook(db: Db, clientUsername: string, input: WebhookInput, policy: PrivatePolicy): Promise<void> {
  if (input.url) await checkWebhookUrl(input.url, policy);
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
  // A URL the outbound rules refuse stops the start, naming the variable.
  await setClientWebhook(db, config.API_USERNAME, given, config.OUTBOUND_ALLOW_PRIVATE).catch((err: Error) => {
    throw new Error(`WEBHOOK_URL: ${err.message}`);
  });
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
