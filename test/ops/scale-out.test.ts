// A scaled-out deployment end to end: two `dossier serve` and two `dossier worker` processes on one
// fresh PostgreSQL database and one S3 bucket. SCALE_CASES cases (default 40, about 100 s here; CI runs 200;
// SCALE_CASES=200 ran by hand and passed, see bench/README.md) go through their whole flow, each step on one API or the other; meanwhile a
// worker is killed with SIGKILL while it holds a job, and another takes its place. At the end
// every case result is ready on both APIs, every report was generated, every chat_finished
// webhook reached the loopback receiver (twice only when the killed worker was sending it), no job
// ran in two places at once (the attempts each worker logs, lined up per job), and every download
// is byte-identical from both APIs. PostgreSQL only (SQLite is one process's file) and needs an S3
// API: skipped otherwise, with the reason in its name.
import crypto from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestStorage, postgresBaseUrl, type TestStorage } from '../helpers/database.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { createTestBucket, s3Endpoint, type TestBucket } from '../helpers/s3.ts';
import { type ApiCaller, type ApiCredentials, basic, freePort, scaled, waitFor } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { WebhookReceiver } from '../delivery/receiver.ts';

const CASES = Math.max(2, Number(process.env.SCALE_CASES) || 40);
/** Flows in progress at once (each is a handful of requests and waits). */
const PARALLEL = Math.max(1, Number(process.env.SCALE_PARALLEL) || 8);

type Child = ChildProcess & { output: () => string };

interface Attempt {
  jobId: string;
  job: string;
  startedAt: number;
  endedAt: number | null;
  outcome?: string;
  worker: string;
}

/** The job attempts a worker logged (debug level): each start, and its end when it ended. */
function attemptsOf(output: string, worker: string): Attempt[] {
  const byKey = new Map<string, Attempt>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{') || !line.includes('job attempt')) continue;
    let e: { msg: string; jobId: string; job: string; startedAt: number; endedAt?: number; outcome?: string };
    try {
      e = JSON.parse(line);
    } catch {
      continue; // a line still being written
    }
    const key = `${e.jobId}@${e.startedAt}`;
    if (e.msg === 'job attempt started') byKey.set(key, { jobId: e.jobId, job: e.job, startedAt: e.startedAt, endedAt: null, worker });
    else if (e.msg === 'job attempt ended') {
      const a = byKey.get(key) ?? { jobId: e.jobId, job: e.job, startedAt: e.startedAt, endedAt: null, worker };
      byKey.set(key, { ...a, endedAt: e.endedAt ?? null, outcome: e.outcome });
    }
  }
  return [...byKey.values()];
}

/** Resolves once everything the child wrote has been read. */
function outputClosed(child: Child): Promise<void> {
  const streams = [child.stdout!, child.stderr!].filter((st) => !st.closed);
  return Promise.all(streams.map((st) => new Promise<void>((resolve) => st.once('close', () => resolve())))).then(() => undefined);
}

async function sha256(url: string, creds: ApiCredentials): Promise<{ status: number; hash: string; head: string; bytes: number }> {
  const res = await fetch(url, { headers: { authorization: basic(creds) }, signal: AbortSignal.timeout(scaled(60_000)) });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, hash: crypto.createHash('sha256').update(body).digest('hex'), head: body.subarray(0, 5).toString('latin1'), bytes: body.length };
}

function caller(url: string, creds: ApiCredentials): ApiCaller {
  return async (method, path, body, init = {}) => {
    const headers: Record<string, string> = { authorization: basic(creds), ...(init.headers ?? {}) };
    let payload: BodyInit | undefined = init.raw;
    if (body !== undefined && payload === undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${url}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(scaled(60_000)) });
    const text = await res.text();
    const parsed = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
}

/** Runs `fn` over `items`, `parallel` at a time; the first failure fails the whole. */
async function inBatches<T, R>(items: T[], parallel: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

const skipReason = !postgresBaseUrl ? 'needs PostgreSQL (DATABASE_URL): SQLite is one process’s file' : !s3Endpoint ? 'needs an S3 API (TEST_S3_ENDPOINT or Swift as in .ci/run)' : '';

describe.skipIf(Boolean(skipReason))(`2 serve + 2 worker processes, one database and one bucket, ${CASES} cases${skipReason ? ` (skipped: ${skipReason})` : ''}`, { timeout: scaled(600_000) }, () => {
  let storage: TestStorage;
  let bucket: TestBucket;
  const receiver = new WebhookReceiver({ username: 'hook-user', password: 'hook-password-1', secret: 'hook-secret-1' });
  const creds: ApiCredentials = { username: 'scale-bank', password: 'scale-bank-password-1' };
  const children: Child[] = [];
  let env: Record<string, string>;
  const apis: string[] = [];

  function spawn(args: string[], extra: Record<string, string>): Child {
    const child = runDossier(args, { ...env, ...extra });
    children.push(child);
    return child;
  }

  async function startServe(): Promise<string> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(['serve'], { PORT: String(port), PUBLIC_URL: url });
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`dossier serve exited (${child.exitCode}):\n${child.output()}`);
        const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
        return res?.status === 200;
      },
      { timeout: 120_000, interval: 100, message: `${url}/readyz` },
    );
    return url;
  }

  function startWorker(extra: Record<string, string> = {}): Child {
    // Workers log each job attempt (debug level) with its job id; the test lines them up.
    return spawn(['worker'], { LOG_LEVEL: 'debug', JOBS_LEASE_MS: '600000', ...extra });
  }

  setupAll(async () => {
    storage = await createTestStorage();
    bucket = await createTestBucket();
    await receiver.start();
    const s3 = Object.fromEntries(Object.entries(bucket.overrides).map(([k, v]) => [k, String(v)]));
    env = {
      ...s3,
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      JOBS_POLL_MS: '100',
      API_USERNAME: creds.username,
      API_PASSWORD: creds.password,
      ADMIN_PASSWORD: 'scale-admin-password-1',
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_URL: receiver.url(),
      WEBHOOK_USERNAME: 'hook-user',
      WEBHOOK_PASSWORD: 'hook-password-1',
      WEBHOOK_SECRET: 'hook-secret-1',
      OUTBOUND_ALLOW_PRIVATE: 'loopback',
      SHUTDOWN_TIMEOUT_MS: '60000',
      // JOBS_BACKEND=pg-boss runs the same test on pg-boss, where a job held by a killed worker waits
      // for its expiry before another takes it: 60 s rather than the default 15 minutes.
      ...(process.env.JOBS_BACKEND ? { JOBS_BACKEND: process.env.JOBS_BACKEND, JOBS_EXPIRE_SECONDS: '60' } : {}),
    };
    // The first API creates the client, the admin and the schema; the second finds them.
    apis.push(await startServe());
    apis.push(await startServe());
  }, 300_000);

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await receiver.stop();
    await bucket?.drop().catch(() => undefined);
    await storage?.drop();
  });

  it('ends with every case ready, every report generated, every webhook delivered, no job run twice at once, and identical downloads', async () => {
    const steady = startWorker();
    // This one holds its jobs under a short lease, so the job it holds when killed is taken over soon.
    let doomed = startWorker({ JOBS_LEASE_MS: '6000' });
    const a = caller(apis[0]!, creds);
    const b = caller(apis[1]!, creds);
    const killed: { worker: Child; at: number; output: string }[] = [];
    let replacement: Child | null = null;

    // Kills the doomed worker while it holds a job: it is frozen (SIGSTOP) once its log shows an
    // attempt started and not ended, then killed; its full log, read after the exit, must still
    // show that attempt open. A job that ended in between is seen there, and another try is made.
    const killer = (async () => {
      for (let tries = 0; tries < 3; tries++) {
        await waitFor(() => attemptsOf(doomed.output(), 'doomed').some((t) => t.endedAt === null), { timeout: 240_000, interval: 20, message: 'the doomed worker holding a job' });
        doomed.kill('SIGSTOP');
        doomed.kill('SIGKILL');
        const at = Date.now();
        expect((await exited(doomed)).signal).toBe('SIGKILL');
        await outputClosed(doomed);
        killed.push({ worker: doomed, at, output: doomed.output() });
        if (attemptsOf(doomed.output(), 'doomed').some((t) => t.endedAt === null)) break;
        doomed = startWorker({ JOBS_LEASE_MS: '6000' });
      }
      // Two workers again.
      replacement = startWorker();
    })();

    const pdfs = await Promise.all([0, 1, 2].map((n) => makeTextPdf({ lines: ['Acme Trading Ltd', `Certificate of incorporation no. ${n}`, 'Company number 01234567'] })));
    const started = Date.now();
    const cases = await inBatches(
      Array.from({ length: CASES }, (_, i) => i),
      PARALLEL,
      async (i) => {
        const [one, other] = i % 2 === 0 ? [a, b] : [b, a];
        const f1 = flows(one);
        const f2 = flows(other);
        const { case_id, conversation_id } = await f1.createCase(onboardingCase({}, { communication_id: `scale-${i}` }));
        const upload = await f2.upload(conversation_id, pdfs[i % pdfs.length]!, `extract-${i}.pdf`);
        expect(upload.status, upload.text).toBe(201);
        const verification = await f1.verify(conversation_id, upload.body.document_id, 'Acme Trading Ltd', 'certificate_of_incorporation');
        await waitFor(
          async () => {
            const r = await other('GET', `/api/v1/conversations/${conversation_id}/verifications/${verification}`);
            return r.body.status === 'ready';
          },
          { timeout: 300_000, interval: 200, message: `verification of case ${i}` },
        );
        expect((await f1.complete(conversation_id)).status).toBe(200);
        return { case_id, conversation_id, document_id: upload.body.document_id as string, pdf: i % pdfs.length };
      },
    );
    await killer;
    expect(killed.length).toBeGreaterThanOrEqual(1);

    // Every case result ready on both APIs, with its report.
    const results = await inBatches(cases, PARALLEL, async (c) => {
      const ready = await waitFor(
        async () => {
          const r = await b('GET', `/api/v1/cases/${c.case_id}/result`);
          return r.body.status === 'ready' ? r.body : undefined;
        },
        { timeout: 300_000, interval: 250, message: `case ${c.case_id} ready` },
      );
      const onA = await a('GET', `/api/v1/cases/${c.case_id}/result`);
      expect(onA.body.status).toBe('ready');
      return ready.result as {
        risk_assessment_report_pdf_link: string;
        conversation_results: { conversation_id: string; pdf_report_link: string; client_documents: { document_id: string; download_link: string }[] }[];
      };
    });
    const elapsedMs = Date.now() - started;

    // Every download byte-identical from both APIs; the documents are the bytes uploaded.
    const uploaded = pdfs.map((p) => crypto.createHash('sha256').update(p).digest('hex'));
    await inBatches(results, PARALLEL, async (r, i) => {
      const conv = r.conversation_results[0]!;
      expect(conv.conversation_id).toBe(cases[i]!.conversation_id);
      const links = [conv.pdf_report_link, r.risk_assessment_report_pdf_link, ...conv.client_documents.map((d) => d.download_link)].filter(Boolean);
      for (const link of links) {
        const path = new URL(link).pathname;
        const [onA, onB] = await Promise.all(apis.map((api) => sha256(`${api}${path}`, creds)));
        expect(onA.status, path).toBe(200);
        expect(onB.status, path).toBe(200);
        expect(onA.head, path).toBe('%PDF-');
        expect(onB.hash, path).toBe(onA.hash);
      }
      const doc = conv.client_documents.find((d) => d.document_id === cases[i]!.document_id)!;
      expect((await sha256(`${apis[i % 2]}${new URL(doc.download_link).pathname}`, creds)).hash).toBe(uploaded[cases[i]!.pdf]);
    });

    // Every chat_finished webhook arrived, signed; twice only if the killed worker was sending it.
    const conversations = new Set(cases.map((c) => c.conversation_id));
    await waitFor(() => conversations.size === new Set(receiver.events('chat_finished').map((e) => e.body.conversation_id)).size, {
      timeout: 120_000,
      interval: 100,
      message: 'a chat_finished webhook for every conversation',
    });
    expect(receiver.refused).toEqual([]);
    const finished = receiver.events('chat_finished');
    expect(new Set(finished.map((e) => e.body.conversation_id))).toEqual(conversations);
    const perEvent = new Map<string, number>();
    for (const e of finished) perEvent.set(e.eventId, (perEvent.get(e.eventId) ?? 0) + 1);
    expect(perEvent.size).toBe(CASES);
    const duplicates = [...perEvent.values()].reduce((n, k) => n + k - 1, 0);
    const deliveriesCutShort = killed.flatMap((k) => attemptsOf(k.output, 'doomed')).filter((t) => t.endedAt === null && t.job === 'webhook.deliver').length;
    expect(duplicates).toBeLessThanOrEqual(deliveriesCutShort);

    // The surviving workers stop cleanly, each attempt of theirs ended.
    const survivors = [steady, replacement!, ...(killed.some((k) => k.worker === doomed) ? [] : [doomed])].filter((w) => w.exitCode === null);
    for (const w of survivors) w.kill('SIGTERM');
    for (const w of survivors) expect((await exited(w)).code, w.output()).toBe(0);
    const attempts: Attempt[] = [
      ...survivors.flatMap((w, n) => attemptsOf(w.output(), `worker-${n}`)),
      ...killed.flatMap((k, n) => attemptsOf(k.output, `killed-${n}`).map((t) => ({ ...t, endedAt: t.endedAt ?? k.at }))),
    ];
    for (const t of attempts) expect(t.endedAt, `${t.job} ${t.jobId} on ${t.worker}`).not.toBeNull();

    // No job ran in two places at once: per job, each attempt ended before the next began.
    const byJob = new Map<string, Attempt[]>();
    for (const t of attempts) byJob.set(t.jobId, [...(byJob.get(t.jobId) ?? []), t]);
    const overlaps: string[] = [];
    for (const [jobId, list] of byJob) {
      list.sort((x, y) => x.startedAt - y.startedAt);
      for (let k = 1; k < list.length; k++) {
        if (list[k]!.startedAt < list[k - 1]!.endedAt!) overlaps.push(`${list[k]!.job} ${jobId}: ${list[k - 1]!.worker} and ${list[k]!.worker}`);
      }
    }
    expect(overlaps).toEqual([]);
    // The job the killed worker held ran again elsewhere, to its end.
    const cutShort = killed.flatMap((k) => attemptsOf(k.output, 'killed')).filter((t) => t.endedAt === null);
    expect(cutShort.length).toBeGreaterThanOrEqual(1);
    for (const t of cutShort)
      expect(
        byJob.get(t.jobId)!.some((x) => x.startedAt > t.startedAt && x.outcome === 'done'),
        `${t.job} ${t.jobId} finished after the kill`,
      ).toBe(true);
    const verified = new Set(attempts.filter((t) => t.job === 'verification.run' && t.outcome === 'done').map((t) => t.jobId));
    expect(verified.size).toBeGreaterThanOrEqual(CASES);

    console.log(
      `scale-out: ${CASES} cases through 2 APIs and 2 workers in ${(elapsedMs / 1000).toFixed(1)} s; ${attempts.length} job attempts, ${cutShort.length} cut short by SIGKILL (${cutShort.map((t) => t.job).join(', ')}), ${duplicates} duplicate webhook(s)`,
    );
  });
});
