// A `dossier serve` and a `dossier worker` on a PostgreSQL cluster of the test's own, which is
// restarted (fast, then immediate: a crash) and stopped while cases are created and completed.
// Both processes stay up; while the database is away /readyz says not ready naming it and the API
// answers 503 database_busy (never a 500); once it is back every case reaches its end state.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { basic, freePort, scaled, waitFor } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { onboardingCase } from '../helpers/factories.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { privatePostgresMissing, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.ts';
import { postgresBaseUrl } from '../helpers/database.ts';

type Child = ChildProcess & { output: () => string };
// A PostgreSQL matter: it runs with the PostgreSQL suite (DATABASE_URL set), on a cluster of its own.
const missing = postgresBaseUrl ? privatePostgresMissing() : 'runs with the PostgreSQL suite (DATABASE_URL)';
const creds = { username: 'bank', password: 'api-password-1234' };

describe.skipIf(missing !== null)(`processes across PostgreSQL restarts${missing ? ` (skipped: ${missing})` : ''}`, { timeout: scaled(300_000) }, () => {
  let pg: PrivatePostgres | undefined;
  let dataDir: string;
  let url: string;
  const children: Child[] = [];
  /** Every answer of the API during the test, to show none was a 500. */
  const statuses: number[] = [];

  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { authorization: basic(creds), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(scaled(30_000)),
    });
    statuses.push(res.status);
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  /** Retries while the database is coming back (503); any other answer ends the wait. */
  const untilAnswered = (method: string, p: string, body?: unknown) =>
    waitFor(
      async () => {
        const res = await call(method, p, body);
        return res.status === 503 ? undefined : res;
      },
      { timeout: 60_000, interval: 200, message: `${method} ${p} answered` },
    );
  const alive = () => {
    for (const c of children) expect(c.exitCode, c.output()).toBeNull();
  };
  const createAndComplete = async () => {
    const created = await untilAnswered('POST', '/api/v1/cases', onboardingCase());
    expect(created.status).toBe(201);
    const completed = await untilAnswered('POST', `/api/v1/conversations/${created.body.conversation_id}/status`, 'completed');
    expect(completed.status).toBe(200);
    return created.body.case_id as string;
  };

  /**
   * Creates and completes cases from `parallel` loops until stopped, so that connections of both
   * processes are in the middle of transactions when the database goes away; each answer is 201,
   * 200 or 503 (recorded in `statuses`), and the completed cases are added to `cases`.
   */
  const load = (parallel: number, cases: string[]) => {
    let running = true;
    const loops = Array.from({ length: parallel }, async () => {
      while (running) {
        const created = await call('POST', '/api/v1/cases', onboardingCase()).catch(() => null);
        if (created?.status !== 201) continue;
        const completed = await untilAnswered('POST', `/api/v1/conversations/${created.body.conversation_id}/status`, 'completed');
        if (completed.status === 200) cases.push(created.body.case_id as string);
      }
    });
    return async () => {
      running = false;
      await Promise.all(loops);
    };
  };

  setupAll(async () => {
    pg = await startPrivatePostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-restart-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: pg.url,
      DATA_DIR: dataDir,
      API_USERNAME: creds.username,
      API_PASSWORD: creds.password,
      ADMIN_PASSWORD: 'admin-password-1234',
      JOBS_POLL_MS: '100',
      // A job whose worker lost the database while recording its end is taken up again soon.
      JOBS_LEASE_MS: '5000',
      DB_CONNECT_TIMEOUT_MS: '2000',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    children.push(runDossier(['serve'], { ...env, PORT: String(port), PUBLIC_URL: url }));
    await waitFor(
      async () => {
        if (children[0]!.exitCode !== null) throw new Error(children[0]!.output());
        return (await fetch(`${url}/readyz`).catch(() => null))?.status === 200;
      },
      { timeout: 90_000, interval: 100, message: 'serve ready' },
    );
    // The worker starts once serve has migrated and bootstrapped.
    children.push(runDossier(['worker'], env));
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    const ends = await Promise.all(children.map(exited));
    pg?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    for (const [i, end] of ends.entries()) expect(end.code, children[i]!.output()).toBe(0);
  });

  it('keeps serve and worker alive, answers 503 while the database is away, and finishes every case', async () => {
    const cases: string[] = [];
    for (let i = 0; i < 3; i++) cases.push(await createAndComplete());

    for (const mode of ['fast', 'immediate'] as const) {
      const stopLoad = load(6, cases);
      // Some cases are under way when the database restarts.
      const before = cases.length;
      await waitFor(() => cases.length >= before + 3, { timeout: 60_000, message: 'cases under load' });
      pg!.restart(mode);
      for (let i = 0; i < 3; i++) cases.push(await createAndComplete());
      await stopLoad();
      alive();
    }

    // Stopped: not ready, naming the database; the API says 503 database_busy with Retry-After.
    pg!.stop('immediate');
    const notReady = await waitFor(
      async () => {
        const res = await fetch(`${url}/readyz`);
        return res.status === 503 ? ((await res.json()) as { failed?: { part: string }[]; error?: string; details?: { path: string }[] }) : undefined;
      },
      { timeout: 30_000, interval: 100, message: '/readyz 503' },
    );
    expect(JSON.stringify(notReady)).toContain('database');
    const refused = await call('GET', `/api/v1/cases/${crypto.randomUUID()}/result`);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe('database_busy');
    alive();

    pg!.start();
    await waitFor(async () => (await fetch(`${url}/readyz`)).status === 200, { timeout: 60_000, interval: 100, message: '/readyz 200 again' });
    cases.push(await createAndComplete());

    for (const caseId of cases) {
      const result = await waitFor(
        async () => {
          const res = await untilAnswered('GET', `/api/v1/cases/${caseId}/result`);
          return res.body.status === 'ready' ? res.body : undefined;
        },
        { timeout: 120_000, interval: 200, message: `case ${caseId} ready` },
      );
      expect(result.case_id).toBe(caseId);
    }
    alive();
    const errors = children[0]!
      .output()
      .split('\n')
      .filter((l) => /"level":50/.test(l));
    expect(
      statuses.filter((s) => s >= 500 && s !== 503),
      errors.join('\n').slice(0, 8000),
    ).toEqual([]);
  });
});
