// The S3 store is down for longer than a job's attempts last (20 s; 5 minutes, the outage of the
// hardening issue, when TEST_LONG=1, which CI sets for its scale-out run on pg-boss + S3;
// TEST_S3_OUTAGE_MS sets any other length): verifications and finalizations queued meanwhile fail
// against the store again and again, yet none spends its attempts (JOBS_MAX_ATTEMPTS is 2 here, so
// a count-bound retry would give up within seconds) and none goes to the failed jobs. Once the
// store is back, every case ends ready and every chat_finished webhook is delivered, with no
// manual retry. The outage is a loopback forwarder in front of the S3 API that this test stops
// and starts (the S3 API itself, shared with other tests, keeps running). That retries stop at
// JOBS_RETRY_HOURS is shown with a clock the test controls in src/jobs/retry-policy.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, scaled, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { flows } from '../helpers/factories.ts';
import { waitFor } from '../helpers/wait.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { createTestBucket, Forwarder, s3Endpoint, S3_SKIP_REASON, type TestBucket } from '../helpers/s3.ts';
import { WebhookReceiver } from '../delivery/receiver.ts';
import { setClientWebhook } from '../../src/delivery/webhooks/webhooks.admin.ts';

const OUTAGE_MS = Number(process.env.TEST_S3_OUTAGE_MS ?? (process.env.TEST_LONG === '1' ? 300_000 : 20_000));
const CASES = 3;
const hook = { username: 'hooks', password: 'outage-pass', secret: 'outage-secret-1234567890' };

describe.skipIf(!s3Endpoint)(`the S3 store is down for ${OUTAGE_MS / 1000} s${s3Endpoint ? '' : ` (${S3_SKIP_REASON})`}`, { timeout: scaled(OUTAGE_MS + 300_000) }, () => {
  let bucket: TestBucket;
  let proxy: Forwarder;
  let s: TestServer;
  let rx: WebhookReceiver;
  setupAll(async () => {
    const target = new URL(s3Endpoint!);
    proxy = new Forwarder(target.hostname, Number(target.port || (target.protocol === 'https:' ? 443 : 80)));
    await proxy.start();
    bucket = await createTestBucket();
    rx = new WebhookReceiver(hook);
    await rx.start();
    s = await startServer({
      ...bucket.overrides,
      S3_ENDPOINT: `${target.protocol}//127.0.0.1:${proxy.port}`,
      OUTBOUND_ALLOW_PRIVATE: 'loopback',
      DELIVERY_RETRY_SCALE: 0.001,
      // Two attempts per job: a retry bounded by a count would give up within seconds of the outage.
      JOBS_MAX_ATTEMPTS: 2,
      // Short waits, so that the jobs come back soon after the store does.
      JOBS_RETRY_MAX_DELAY_SECONDS: 3,
    });
    await setClientWebhook(s.d.ctx.db, s.client.username, { url: rx.url(), ...hook }, 'loopback');
  });
  afterAll(async () => {
    await s?.close();
    await rx?.stop();
    await proxy?.stop();
    await bucket?.drop();
  });

  it('ends with every case ready and every chat_finished webhook delivered, no job failed and no retry by hand', async () => {
    const f = flows(s.api);
    const cases: { case_id: string; conversation_id: string; document_id: string }[] = [];
    for (let i = 0; i < CASES; i++) {
      const { case_id, conversation_id } = await f.createCase();
      const pdf = await makeTextPdf({ lines: ['Acme Trading Ltd', `Invoice ${i}-${Math.random().toString(36).slice(2, 8)}`, 'Total 100.00 GBP'] });
      const up = await f.upload(conversation_id, pdf, `invoice-${i}.pdf`);
      expect(up.status).toBe(201);
      cases.push({ case_id, conversation_id, document_id: up.body.document_id as string });
    }

    await proxy.stop();
    const downAt = Date.now();
    // Work queued during the outage: each verification reads its file from the store, each
    // finalization writes reports to it.
    for (const c of cases) {
      await f.verify(c.conversation_id, c.document_id);
      expect((await f.complete(c.conversation_id)).status).toBeLessThan(300);
    }
    // The jobs fail against the store, more often than the two attempts they have.
    await eventually(async () => {
      const errors = await s.d.ctx.db.selectFrom('jobs').select(['last_error', 'attempts']).where('last_error', 'is not', null).execute();
      return s.d.ctx.jobs.backend.kind !== 'table' || errors.length > 0 ? true : undefined;
    }, 60_000);
    const left = OUTAGE_MS - (Date.now() - downAt);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    // Throughout the outage nothing gave up.
    expect(await s.d.ctx.jobs.failed()).toEqual([]);
    for (const c of cases) expect((await s.api('GET', `/api/v1/cases/${c.case_id}/result`)).body.status).not.toBe('ready');
    await proxy.start();

    for (const c of cases) {
      const r = await eventually(async () => {
        const res = await s.api('GET', `/api/v1/cases/${c.case_id}/result`);
        return res.body.status === 'ready' ? res.body : undefined;
      }, 180_000);
      expect(JSON.stringify(r)).not.toMatch(/file_unreadable|file_missing|storage_unavailable|internal_error/);
    }
    await waitFor(() => cases.every((c) => rx.events('chat_finished').some((e) => e.body.conversation_id === c.conversation_id)), {
      timeout: 120_000,
      message: 'a chat_finished webhook for every conversation',
    });
    expect(await s.d.ctx.jobs.failed()).toEqual([]);
  });
});
