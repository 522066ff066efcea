// The real `dossier start` commits a follow-up and its notification, takes the delivery job, and is
// killed (SIGKILL) before the webhook goes out. The next start delivers it, with the same event id.
// Its webhook settings come from WEBHOOK_* in the environment. The assertions are invariants
// (delivered exactly once, the job taken over at least once), not counts that depend on how fast
// the machine happens to be.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { basic, eventually, freePort, scaled } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { onboardingCase } from '../helpers/factories.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { openDatabase, type DbHandle } from '../../src/db/db.ts';
import { WebhookReceiver } from './receiver.ts';

const HOOK = { username: 'crash-hook', password: 'crash-hook-password', secret: 'whsec-crash-test' };
const API = { username: 'dossier', password: 'crash-test-password-1' };
let storage: TestStorage;
let rx: WebhookReceiver;
let h: DbHandle;

setupAll(async () => {
  storage = await createTestStorage();
  rx = new WebhookReceiver(HOOK);
  await rx.start();
});
afterAll(async () => {
  await h?.close();
  await rx?.stop();
  await storage?.drop();
});

async function startDossier(extra: Record<string, string>) {
  const port = await freePort();
  const child = runDossier(['start'], {
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl,
    JOBS_BACKEND: 'table', // the test reads the jobs table
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    API_USERNAME: API.username,
    API_PASSWORD: API.password,
    ADMIN_PASSWORD: 'crash-admin-password-1',
    WEBHOOK_URL: rx.url(),
    WEBHOOK_USERNAME: HOOK.username,
    WEBHOOK_PASSWORD: HOOK.password,
    WEBHOOK_SECRET: HOOK.secret,
    OUTBOUND_ALLOW_PRIVATE: 'loopback',
    JOBS_POLL_MS: '50',
    JOBS_LEASE_MS: '1000',
    ...extra,
  });
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`dossier start exited with ${child.exitCode}:\n${child.output()}`);
      return (
        (await fetch(`${url}/readyz`)
          .then((r) => r.ok)
          .catch(() => false)) || undefined
      );
    },
    90000,
    200,
  );
  return { child, url };
}

describe('a process killed between commit and delivery', () => {
  it('delivers the event after restart', { timeout: scaled(180_000) }, async () => {
    // This process claims the delivery job, then pauses before running it: it is certainly
    // between commit and delivery when it is killed.
    const first = await startDossier({ JOBS_CLAIM_PAUSE_MS: '60000' });
    const headers = { authorization: basic(API), 'content-type': 'application/json' };
    const created = await (await fetch(`${first.url}/api/v1/cases`, { method: 'POST', headers, body: JSON.stringify(onboardingCase({}, { communication_id: 'crash-1' })) })).json();
    const follow = await fetch(`${first.url}/api/v1/cases/${created.case_id}/conversations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] }),
    });
    expect(follow.status).toBe(201);
    const conversationId = (await follow.json()).conversation_id;

    h = openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
    const event = await h.db.selectFrom('events').selectAll().where('conversation_id', '=', conversationId).executeTakeFirstOrThrow();
    const delivery = await h.db.selectFrom('deliveries').selectAll().where('event_id', '=', event.id).executeTakeFirstOrThrow();
    await eventually(async () => {
      const job = await h.db.selectFrom('jobs').selectAll().where('id', '=', delivery.job_id!).executeTakeFirst();
      return job?.status === 'running' && job.locked_by?.startsWith(`${first.child.pid}-`) ? true : undefined;
    }, 60000);
    first.child.kill('SIGKILL');
    expect((await exited(first.child)).signal).toBe('SIGKILL');
    expect(rx.requests).toBe(0);

    // The survivor holds its jobs for a long lease: on a busy machine a late lease renewal must not
    // let it take over its own delivery a second time.
    const second = await startDossier({ JOBS_LEASE_MS: '600000' });
    try {
      const arrival = await eventually(async () => rx.arrivals.find((a) => a.eventId === event.id));
      expect(arrival.body).toEqual({ link: `${first.url}/dialog?id=${conversationId}`, case_id: created.case_id, conversation_id: conversationId, communication_id: 'crash-1' });
      expect(rx.refused).toEqual([]);
      const done = await eventually(async () => {
        const d = await h.db.selectFrom('deliveries').selectAll().where('id', '=', delivery.id).executeTakeFirst();
        return d?.status === 'delivered' ? d : undefined;
      });
      // Delivered exactly once: one successful attempt recorded, one arrival at the receiver.
      const attempts = await h.db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', delivery.id).execute();
      expect(attempts.filter((a) => a.outcome === 'delivered')).toHaveLength(1);
      expect(done.attempts).toBeGreaterThanOrEqual(1);
      expect(rx.arrivals.filter((a) => a.eventId === event.id)).toHaveLength(1);
      expect(rx.distinctEventIds()).toEqual(new Set([event.id]));
      // The job was claimed by the killed process and taken over after its lease lapsed.
      const job = await h.db.selectFrom('jobs').selectAll().where('id', '=', delivery.job_id!).executeTakeFirstOrThrow();
      expect(job.status).toBe('done');
      expect(job.attempts).toBeGreaterThanOrEqual(2);
      expect(job.locked_by).toBeNull();
    } finally {
      second.child.kill('SIGTERM');
      expect((await exited(second.child)).code, second.child.output()).toBe(0);
    }
  });
});
