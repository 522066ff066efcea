// Webhooks against hostile settings and lost workers: a private or link-local URL is refused when it
// is set (CLI, WEBHOOK_URL, the admin function) in every spelling; one that slips through anyway
// fails its delivery at once with the reason instead of retrying for days; a retry goes to the URL
// recorded with its event; and attempt numbers only grow per event, even when the worker sending
// attempt 1 is killed mid-request (the next one, on another process, carries 2, same event id).
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { createTestStorage } from '../helpers/database.ts';
import { basic, eventually, freePort, scaled, startServer, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { openDatabase } from '../../src/db/db.ts';
import { checkWebhookUrl, setClientWebhook } from '../../src/delivery/webhooks/webhooks.admin.ts';
import { WebhookReceiver, type Arrival } from './receiver.ts';

const PRIVATE_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://localhost:8080/hook',
  'http://app.localhost/hook',
  'http://0.0.0.0/hook',
  'http://0/hook',
  'http://2130706433/hook', // 127.0.0.1 as one decimal number
  'http://2852039166/hook', // 169.254.169.254 as one decimal number
  'http://0x7f000001/hook',
  'http://127.1/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:a9fe:a9fe]/hook', // 169.254.169.254, IPv4-mapped
  'http://[::1]/hook',
  'http://[fe80::1]/hook',
  'http://10.1.2.3/hook',
  'http://192.168.0.10/hook',
];

describe('webhook URLs are checked when set', () => {
  it('refuses private, loopback and link-local addresses in every spelling, and accepts public ones', async () => {
    for (const url of PRIVATE_URLS) await expect(checkWebhookUrl(url, 'false'), url).rejects.toThrow(/refused/);
    await expect(checkWebhookUrl('https://93.184.215.14/hook', 'false')).resolves.toBeUndefined();
    // A name that does not resolve (yet) is accepted: every attempt checks it again.
    await expect(checkWebhookUrl('https://receiver.invalid/hook', 'false')).resolves.toBeUndefined();
  });

  it('applies OUTBOUND_ALLOW_PRIVATE as the outbound guard does', async () => {
    await expect(checkWebhookUrl('http://localhost:8080/hook', 'loopback')).resolves.toBeUndefined();
    await expect(checkWebhookUrl('http://[::ffff:127.0.0.1]/hook', 'loopback')).resolves.toBeUndefined();
    await expect(checkWebhookUrl('http://169.254.169.254/', 'loopback')).rejects.toThrow(/refused/);
    await expect(checkWebhookUrl('http://169.254.169.254/', 'true')).resolves.toBeUndefined();
  });

  it('refuses them through `dossier clients set-webhook` and WEBHOOK_URL at start, saving nothing', { timeout: scaled(120_000) }, async () => {
    const storage = await createTestStorage();
    const s = await startServer({}, { storage, worker: false });
    try {
      const set = runDossier(['clients', 'set-webhook', s.client.username, '--url', 'http://2852039166/latest'], { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl });
      expect((await exited(set)).code, set.output()).toBe(1);
      expect(set.output()).toMatch(/not saved: the webhook URL is refused: 169\.254\.169\.254 is a private, loopback or link-local address/);
      const row = await s.d.ctx.db.selectFrom('api_clients').select('webhook_url').where('username', '=', s.client.username).executeTakeFirstOrThrow();
      expect(row.webhook_url).toBeNull();

      const start = runDossier(['start'], {
        DATA_DIR: storage.dataDir,
        DATABASE_URL: storage.databaseUrl,
        PORT: String(await freePort()),
        API_USERNAME: s.client.username,
        API_PASSWORD: s.client.password,
        ADMIN_PASSWORD: 'hardening-admin-password-1',
        WEBHOOK_URL: 'http://[::ffff:a9fe:a9fe]/latest',
      });
      expect((await exited(start)).code, start.output()).toBe(1);
      expect(start.output()).toMatch(/WEBHOOK_URL: the webhook URL is refused/);
    } finally {
      await s.close();
    }
  });
});

describe('deliveries', () => {
  let s: TestServer;
  const first = new WebhookReceiver();
  const second = new WebhookReceiver();
  setupAll(async () => {
    await first.start();
    await second.start();
    s = await startServer({ OUTBOUND_ALLOW_PRIVATE: 'loopback', DELIVERY_RETRY_SCALE: 0.001 });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await first.stop();
    await second.stop();
  });

  async function followUp(): Promise<string> {
    const { case_id } = await flows(s.api).createCase();
    const res = await s.api('POST', `/api/v1/cases/${case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });
    expect(res.status).toBe(201);
    const event = await s.d.ctx.db.selectFrom('events').select('id').where('conversation_id', '=', res.body.conversation_id).executeTakeFirstOrThrow();
    return event.id;
  }

  const deliveryOf = (eventId: string) => s.d.ctx.db.selectFrom('deliveries').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();

  it('retries to the URL recorded with the event, with the same event id and a higher attempt each time', { timeout: scaled(60_000) }, async () => {
    await setClientWebhook(s.d.ctx.db, s.client.username, { url: first.url() }, 'loopback');
    let refusals = 0;
    const seen: Arrival[] = [];
    first.answer = (a) => {
      seen.push(a);
      return refusals++ < 2 ? { status: 503, body: 'busy' } : { status: 200 };
    };
    const eventId = await followUp();
    await eventually(async () => (seen.some((a) => a.eventId === eventId) ? true : undefined));
    // The URL changes while the delivery waits for its retry: the event still goes where it was meant to.
    await setClientWebhook(s.d.ctx.db, s.client.username, { url: second.url() }, 'loopback');
    const done = await eventually(async () => {
      const d = await deliveryOf(eventId);
      return d.status === 'delivered' ? d : undefined;
    });
    // Numbered from 1 and strictly increasing; an attempt that timed out under load before the
    // receiver saw it leaves a gap, never a repeat.
    const numbers = seen.filter((a) => a.eventId === eventId).map((a) => a.attempt);
    expect(numbers[0]).toBe(1);
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    expect(numbers.every((n, i) => i === 0 || n > numbers[i - 1]!)).toBe(true);
    expect(first.arrivals.filter((a) => a.eventId === eventId)).toHaveLength(1);
    expect(second.arrivals.filter((a) => a.eventId === eventId)).toHaveLength(0);
    expect(done.attempts).toBe(numbers.at(-1));
    // A new event goes to the new URL.
    const next = await followUp();
    await eventually(async () => (second.arrivals.some((a) => a.eventId === next) ? true : undefined));
  });

  it('fails a delivery to a refused address at once, with the reason, instead of retrying', { timeout: scaled(60_000) }, async () => {
    // A URL saved before addresses were checked when set (or a name that now resolves to a private address).
    await s.d.ctx.db.updateTable('api_clients').set({ webhook_url: 'http://169.254.169.254/latest' }).where('username', '=', s.client.username).execute();
    const eventId = await followUp();
    const failed = await eventually(async () => {
      const d = await deliveryOf(eventId);
      return d.status === 'failed' ? d : undefined;
    });
    expect(failed.attempts).toBe(1);
    expect(failed.next_attempt_at).toBeNull();
    expect(failed.last_error).toMatch(/169\.254\.169\.254 is a private, loopback or link-local address.*not retried/);
    const event = await s.d.ctx.db.selectFrom('events').select('status').where('id', '=', eventId).executeTakeFirstOrThrow();
    expect(event.status).toBe('failed');
  });
});

describe('a worker killed while its receiver holds attempt 1', () => {
  it('has the next process send the same event id with attempt 2', { timeout: scaled(240_000) }, async () => {
    const storage = await createTestStorage();
    const rx = new WebhookReceiver();
    await rx.start();
    const API = { username: 'dossier', password: 'attempts-test-password-1' };
    const start = async (extra: Record<string, string>) => {
      const port = await freePort();
      const child = runDossier(['start'], {
        DATA_DIR: storage.dataDir,
        DATABASE_URL: storage.databaseUrl,
        JOBS_BACKEND: 'table',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        API_USERNAME: API.username,
        API_PASSWORD: API.password,
        ADMIN_PASSWORD: 'attempts-admin-password-1',
        WEBHOOK_URL: rx.url(),
        OUTBOUND_ALLOW_PRIVATE: 'loopback',
        WEBHOOK_TIMEOUT_MS: '60000',
        JOBS_POLL_MS: '50',
        ...extra,
      });
      const url = `http://127.0.0.1:${port}`;
      await eventually(
        async () => {
          if (child.exitCode !== null) throw new Error(`dossier start exited with ${child.exitCode}:\n${child.output()}`);
          return (
            (await fetch(`${url}/readyz`).then(
              (r) => r.ok,
              () => false,
            )) || undefined
          );
        },
        90_000,
        200,
      );
      return { child, url };
    };
    try {
      // The receiver takes attempt 1 and never answers; its worker is killed while it waits.
      const seen: Arrival[] = [];
      rx.answer = (a) => {
        seen.push(a);
        return 'hang';
      };
      const one = await start({ JOBS_LEASE_MS: '1000' });
      const created = await fetch(`${one.url}/api/v1/cases`, {
        method: 'POST',
        headers: { authorization: basic(API), 'content-type': 'application/json' },
        body: JSON.stringify(onboardingCase()),
      });
      const { case_id } = await created.json();
      const follow = await fetch(`${one.url}/api/v1/cases/${case_id}/conversations`, {
        method: 'POST',
        headers: { authorization: basic(API), 'content-type': 'application/json' },
        body: JSON.stringify({ case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] }),
      });
      expect(follow.status).toBe(201);
      const firstArrival = await eventually(async () => seen[0], 60_000);
      expect(firstArrival.attempt).toBe(1);
      one.child.kill('SIGKILL');
      await exited(one.child);

      rx.answer = (a) => {
        seen.push(a);
        return { status: 200 };
      };
      const two = await start({ JOBS_LEASE_MS: '600000' });
      try {
        const again = await eventually(async () => rx.arrivals.find((a) => a.eventId === firstArrival.eventId), 90_000);
        expect(again.attempt).toBeGreaterThan(firstArrival.attempt);
        const h = openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
        try {
          const d = await eventually(async () => {
            const row = await h.db.selectFrom('deliveries').selectAll().where('event_id', '=', firstArrival.eventId).executeTakeFirst();
            return row?.status === 'delivered' ? row : undefined;
          });
          expect(d.attempts).toBe(again.attempt);
        } finally {
          await h.close();
        }
        // Per event, the numbers only grow.
        const numbers = seen.filter((a) => a.eventId === firstArrival.eventId).map((a) => a.attempt);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(new Set(numbers).size).toBe(numbers.length);
      } finally {
        two.child.kill('SIGTERM');
        await exited(two.child);
      }
    } finally {
      await rx.stop();
      await storage.drop();
    }
  });
});
