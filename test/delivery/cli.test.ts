// The operator's commands, run as the real `dossier` CLI against the database of a running server:
// set a client's webhook, list failed deliveries, show the attempts, re-send one.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { eventually, startServer, type TestServer } from '../helpers/server.ts';
import { flows } from '../helpers/factories.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { scaled } from '../helpers/wait.ts';
import { setClientWebhook } from '../../src/delivery/webhooks/webhooks.admin.ts';
import { WebhookReceiver } from './receiver.ts';

let storage: TestStorage;
let s: TestServer;
let rx: WebhookReceiver;

setupAll(async () => {
  storage = await createTestStorage();
  rx = new WebhookReceiver({ username: 'cli-hook', password: 'cli-hook-password', secret: 'whsec-cli' });
  await rx.start();
  // The whole 3-day round shrunk to about 2.6 s, so a delivery to a failing receiver fails soon.
  s = await startServer({ OUTBOUND_ALLOW_PRIVATE: 'loopback', DELIVERY_RETRY_SCALE: 0.00001 }, { storage });
});
afterAll(async () => {
  await s.close();
  await rx.stop();
  await storage.drop();
});

async function cli(...args: string[]): Promise<{ code: number | null; out: string }> {
  // The server's outbound setting: the receiver is on loopback.
  const child = runDossier(args, { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, OUTBOUND_ALLOW_PRIVATE: 'loopback' });
  const { code } = await exited(child);
  return { code, out: child.output() };
}

describe('dossier clients set-webhook / webhooks list, show, resend', () => {
  // Four CLI processes start in turn, each loading the application: the deadline stretches with the load.
  it(
    'sets the webhook, lists a failed delivery, shows its attempts and re-sends it with the same event id',
    async () => {
      await expect(setClientWebhook(s.d.ctx.db, s.client.username, { url: 'ftp://example.com/x' }, 'false')).rejects.toThrow('the webhook URL must be http or https, not ftp:');
      await expect(setClientWebhook(s.d.ctx.db, 'nobody', { url: 'https://example.com/x' }, 'false')).rejects.toThrow('no API client named "nobody"');

      const set = await cli('clients', 'set-webhook', s.client.username, '--url', rx.url(), '--webhook-username', 'cli-hook', '--webhook-password', 'cli-hook-password', '--secret', 'whsec-cli');
      expect(set.code, set.out).toBe(0);
      const row = await s.d.ctx.db.selectFrom('api_clients').selectAll().where('username', '=', s.client.username).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ webhook_url: rx.url(), webhook_username: 'cli-hook', webhook_password: 'cli-hook-password', webhook_secret: 'whsec-cli' });

      rx.answer = () => ({ status: 500, body: 'down for maintenance' });
      const { case_id } = await flows(s.api).createCase();
      const res = await s.api('POST', `/api/v1/cases/${case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });
      const event = await s.d.ctx.db.selectFrom('events').selectAll().where('conversation_id', '=', res.body.conversation_id).executeTakeFirstOrThrow();
      const failed = await eventually(async () => {
        const d = await s.d.ctx.db.selectFrom('deliveries').selectAll().where('event_id', '=', event.id).executeTakeFirst();
        return d?.status === 'failed' ? d : undefined;
      }, 20000);
      expect(failed.attempts).toBeGreaterThanOrEqual(3);
      expect((await s.d.ctx.db.selectFrom('events').select('status').where('id', '=', event.id).executeTakeFirstOrThrow()).status).toBe('failed');

      const list = await cli('webhooks', 'list', '--status', 'failed', '--client', s.client.username);
      expect(list.code, list.out).toBe(0);
      const line = list.out.split('\n').find((l) => l.startsWith(failed.id));
      expect(line).toBeDefined();
      expect(line!.split('\t').slice(0, 6)).toEqual([failed.id, event.id, 'follow_up_created', 'failed', String(failed.attempts), '500']);

      rx.answer = () => ({ status: 200 });
      const resend = await cli('webhooks', 'resend', event.id);
      expect(resend.code, resend.out).toBe(0);
      expect(resend.out).toContain(`Delivery ${failed.id} (event ${event.id}) queued to be sent again`);
      const arrival = await eventually(async () => rx.arrivals.find((a) => a.eventId === event.id));
      expect(arrival.body.conversation_id).toBe(res.body.conversation_id);
      expect(rx.refused).toEqual([]);
      await eventually(async () => {
        const d = await s.d.ctx.db.selectFrom('deliveries').select('status').where('id', '=', failed.id).executeTakeFirst();
        return d?.status === 'delivered' ? true : undefined;
      });

      const show = await cli('webhooks', 'show', failed.id);
      expect(show.code, show.out).toBe(0);
      const attemptLines = show.out.split('\n').filter((l) => l.startsWith('#'));
      expect(attemptLines).toHaveLength(failed.attempts + 1);
      expect(attemptLines[0]).toMatch(/^#1\t\S+\tretry\t500\t\d+ ms\thttp:\/\/127\.0\.0\.1:\d+\/hooks\/dossier\tHTTP 500\tdown for maintenance$/);
      expect(attemptLines.at(-1)).toMatch(/\tdelivered\t200\t/);
      expect(show.out).toContain(`delivery ${failed.id} (webhook, event ${event.id}): delivered`);
    },
    scaled(180_000),
  );
});
