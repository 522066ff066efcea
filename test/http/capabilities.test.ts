// Ids and settings that decide who gets in: conversation ids (the dialog's only capability) are
// random UUID v4, not time-ordered; a webhook without credentials is warned about at start-up and
// on every back-office page of its organisation.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { eventually, freePort, startServer, type TestServer } from '../helpers/server.ts';
import { createTestStorage } from '../helpers/database.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { runDossier, exited } from '../helpers/process.ts';
import { setClientWebhook } from '../../src/delivery/webhooks/webhooks.admin.ts';
import { signInHttp } from '../backoffice/helpers.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let s: TestServer;

setupAll(async () => {
  s = await startServer({}, { worker: false });
  await s.d.services.users.create({ username: 'hook-admin', password: 'hook-admin-password-1', clientUsername: 'bank-a', role: 'admin' });
}, 60_000);
afterAll(() => s?.close());

describe('conversation ids', () => {
  it('are random UUID v4 for first conversations and follow-ups, sharing no bits with the case id', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await flows(s.api).createCase(monitoringCase());
      expect(created.conversation_id).toMatch(V4);
      expect(created.conversation_id.slice(0, 13)).not.toBe(created.case_id.slice(0, 13));
      const follow = await s.api('POST', `/api/v1/cases/${created.case_id}/conversations`, { case_kind: 'monitoring_follow_up', modules: [{ module: 'invoice' }] });
      expect(follow.status).toBe(201);
      expect(follow.body.conversation_id).toMatch(V4);
      ids.push(created.conversation_id, follow.body.conversation_id);
    }
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(ids.length);
  });
});

describe('a webhook without credentials', () => {
  it('is shown as a warning on the back-office pages of its organisation until credentials are set', async () => {
    await setClientWebhook(s.d.ctx.db, 'bank-a', { url: 'https://receiver.example/hook' }, 'false');
    const session = await signInHttp(s.url, 'hook-admin', 'hook-admin-password-1');
    const page = await (await session.get('/backoffice/cases')).text();
    expect(page).toContain('data-warning="webhook-without-credentials"');
    await setClientWebhook(s.d.ctx.db, 'bank-a', { username: 'hook-user', password: 'hook-password-1' }, 'false');
    expect(await (await session.get('/backoffice/cases')).text()).not.toContain('webhook-without-credentials');
    await setClientWebhook(s.d.ctx.db, 'bank-a', { url: '' }, 'false');
  });

  it('is warned about when Dossier starts', async () => {
    const storage = await createTestStorage();
    const port = await freePort();
    const child = runDossier(['serve'], {
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      PORT: String(port),
      API_USERNAME: 'bank-z',
      API_PASSWORD: 'bank-z-password-1',
      ADMIN_PASSWORD: 'admin-password-123',
      WEBHOOK_URL: 'https://receiver.example/hook',
    });
    try {
      const out = await eventually(async () => (child.output().includes('Dossier is running') ? child.output() : undefined), 60_000, 100);
      expect(out).toMatch(/webhook of API client "bank-z" has no username and password/);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
      await storage.drop();
      expect(fs.existsSync(storage.dataDir)).toBe(false);
    }
  }, 90_000);
});
