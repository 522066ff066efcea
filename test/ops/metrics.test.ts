// Prometheus metrics: /metrics on the API counts requests by route pattern and status class (never
// by raw URL), shows the queue and the process; METRICS_TOKEN, when set, is asked for; a `dossier
// worker` process answers /healthz, /readyz and /metrics on WORKER_HTTP_PORT without the API routes,
// and its metrics count the jobs it ran.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { flows } from '../helpers/factories.ts';
import { hasMetric, metricSum } from '../helpers/metrics.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { freePort, scaled, startServer, type TestServer, waitFor } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { startHookedServer } from '../delivery/hooked-server.ts';

const TOKEN = 'metrics-token-for-tests-1';

async function scrape(url: string, token?: string): Promise<{ status: number; text: string; type: string | null }> {
  const res = await fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

describe('/metrics without a token', () => {
  let s: TestServer;
  setupAll(async () => {
    s = await startServer();
  });
  afterAll(() => s?.close());

  it('counts requests by route pattern and status class, and the counter grows', async () => {
    const ghost = 'c0ffee00-dead-beef-0000-123456789abc';
    const before = (await scrape(s.url)).text;
    const casesBefore = metricSum(before, 'dossier_http_requests_total', { method: 'GET', route: '/api/v1/cases/:case_id/result', status_class: '4xx' });
    const healthBefore = metricSum(before, 'dossier_http_requests_total', { method: 'GET', route: '/healthz', status_class: '2xx' });
    for (let i = 0; i < 3; i++) expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    expect((await s.api('GET', `/api/v1/cases/${ghost}/result`)).status).toBe(404);
    expect((await fetch(`${s.url}/no/such/${ghost}`)).status).toBe(404);

    const after = await scrape(s.url);
    expect(after.status).toBe(200);
    expect(after.type).toMatch(/^text\/plain/);
    expect(metricSum(after.text, 'dossier_http_requests_total', { method: 'GET', route: '/healthz', status_class: '2xx' })).toBeGreaterThanOrEqual(healthBefore + 3);
    expect(metricSum(after.text, 'dossier_http_requests_total', { method: 'GET', route: '/api/v1/cases/:case_id/result', status_class: '4xx' })).toBeGreaterThanOrEqual(casesBefore + 1);
    expect(metricSum(after.text, 'dossier_http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(metricSum(after.text, 'dossier_http_request_duration_seconds_count', { method: 'GET', route: '/healthz', status_class: '2xx' })).toBeGreaterThanOrEqual(healthBefore + 3);
    // A raw URL, an id or a credential never becomes a label.
    expect(after.text).not.toContain(ghost);
    expect(after.text).not.toContain(s.client.username);
  });

  it('shows the queue and the process', async () => {
    const f = flows(s.api);
    const { conversation_id } = await f.createCase();
    const doc = (await f.upload(conversation_id, await makeTextPdf({ lines: ['Acme Trading Ltd'] }))).body.document_id;
    const verification = await f.verify(conversation_id, doc);
    await f.verificationResult(conversation_id, verification);
    const { text } = await scrape(s.url);
    expect(metricSum(text, 'dossier_jobs_stats_up')).toBe(1);
    for (const name of ['dossier_jobs_queued', 'dossier_jobs_active', 'dossier_jobs_failed', 'dossier_jobs_dead', 'dossier_jobs_oldest_queued_age_seconds']) {
      expect(text).toContain(`# TYPE ${name} gauge`);
    }
    expect(metricSum(text, 'dossier_job_duration_seconds_count', { job: 'verification.run', outcome: 'done' })).toBeGreaterThanOrEqual(1);
    for (const name of ['dossier_process_cpu_seconds_total', 'dossier_process_resident_memory_bytes', 'dossier_nodejs_eventloop_lag_seconds']) {
      expect(hasMetric(text, name), name).toBe(true);
    }
  });
});

describe('webhook attempts', () => {
  const hook = { username: 'bank-hook', password: 'hook-password-1', secret: 'whsec-metrics-0123456789' };
  let hooked: Awaited<ReturnType<typeof startHookedServer>>;
  setupAll(async () => {
    hooked = await startHookedServer(hook);
  });
  afterAll(() => hooked?.close());

  it('counts a failed attempt that will be retried, then the delivery', async () => {
    const { s, rx } = hooked;
    const before = (await scrape(s.url)).text;
    const count = (text: string, outcome: string) => metricSum(text, 'dossier_webhook_attempts_total', { outcome });
    // The receiver refuses the first attempt, then takes the retry.
    let refused = 0;
    rx.answer = () => (refused++ === 0 ? { status: 503 } : { status: 200, body: '{}' });
    const f = flows(s.api);
    const { conversation_id } = await f.createCase();
    expect((await f.complete(conversation_id)).status).toBe(200);
    await waitFor(() => rx.events('chat_finished').some((e) => e.body.conversation_id === conversation_id), { message: 'the chat_finished webhook delivered' });
    const after = await waitFor(
      async () => {
        const { text } = await scrape(s.url);
        return count(text, 'delivered') >= count(before, 'delivered') + 1 ? text : undefined;
      },
      { message: 'the delivery counted' },
    );
    expect(count(after, 'failed_will_retry')).toBeGreaterThanOrEqual(count(before, 'failed_will_retry') + 1);
    expect(after).not.toContain(rx.url());
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let s: TestServer;
  setupAll(async () => {
    s = await startServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => s?.close());

  it('answers 401 without the bearer token or with another, and the metrics with it', async () => {
    const none = await scrape(s.url);
    expect(none.status).toBe(401);
    expect(none.text).not.toContain('dossier_http_requests_total');
    expect((await scrape(s.url, 'wrong-token')).status).toBe(401);
    const basic = await fetch(`${s.url}/metrics`, { headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` } });
    expect(basic.status).toBe(401);
    const ok = await scrape(s.url, TOKEN);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('dossier_http_requests_total');
    // The token guards only /metrics.
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });
});

describe('the worker role', () => {
  let storage: TestStorage;
  let api: TestServer;
  setupAll(async () => {
    storage = await createTestStorage();
    // This process serves the API only; the worker runs as its own process.
    api = await startServer({}, { worker: false, storage });
  });
  afterAll(async () => {
    await api?.close();
    await storage?.drop();
  });

  it('answers /healthz, /readyz and /metrics on WORKER_HTTP_PORT, runs jobs, and serves no API', { timeout: scaled(120_000) }, async () => {
    const port = await freePort();
    const worker = runDossier(['worker'], {
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      JOBS_POLL_MS: '50',
      HOST: '127.0.0.1',
      WORKER_HTTP_PORT: String(port),
      METRICS_TOKEN: TOKEN,
    });
    const url = `http://127.0.0.1:${port}`;
    try {
      const health = await waitFor(
        async () => {
          if (worker.exitCode !== null) throw new Error(`the worker exited: ${worker.output()}`);
          return fetch(`${url}/healthz`).then(
            (r) => (r.ok ? r.json() : undefined),
            () => undefined,
          );
        },
        { timeout: 60_000, interval: 100, message: 'the worker answering /healthz' },
      );
      expect(health).toEqual({ status: 'ok' });
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      expect((await scrape(url)).status).toBe(401);
      expect((await fetch(`${url}/api/v1/cases`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${url}/backoffice/`)).status).toBe(404);

      const f = flows(api.api);
      const { conversation_id } = await f.createCase();
      const doc = (await f.upload(conversation_id, await makeTextPdf({ lines: ['Acme Trading Ltd'] }))).body.document_id;
      await f.verificationResult(conversation_id, await f.verify(conversation_id, doc));

      const { status, text } = await scrape(url, TOKEN);
      expect(status).toBe(200);
      // The jobs ran in the worker process, so its metrics count them.
      expect(metricSum(text, 'dossier_job_duration_seconds_count', { job: 'verification.run', outcome: 'done' })).toBeGreaterThanOrEqual(1);
      expect(metricSum(text, 'dossier_jobs_stats_up')).toBe(1);
      expect(metricSum(text, 'dossier_http_requests_total', { route: '/healthz', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
      expect(hasMetric(text, 'dossier_process_cpu_seconds_total')).toBe(true);
    } finally {
      worker.kill('SIGTERM');
      const end = await exited(worker);
      expect(end.code, worker.output()).toBe(0);
    }
  });
});
