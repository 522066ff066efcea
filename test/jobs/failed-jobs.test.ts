// Failed jobs, whichever backend holds them (the jobs table; pg-boss in the scale-out profile):
// queue counts, `dossier jobs failed` / `jobs retry`, and the back office's jobs page
// (administrators only, its retry form CSRF-checked; each organisation's administrators see and
// retry their own failed jobs and those of no organisation, never another's).
import { Type } from '@sinclair/typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, scaled, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { signInHttp } from '../backoffice/helpers.ts';
import { profileJobsBackend } from '../helpers/profile.ts';
import { defineJob } from '../../src/jobs/definition.ts';
import type { PgBossBackend } from '../../src/jobs/pgboss.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';

let storage: TestStorage;
let s: TestServer;
const runs: Record<number, number> = {};
const failing = new Set<number>();

const brittleJob = defineJob({
  name: 'test.brittle',
  version: 1,
  payload: Type.Object({ n: Type.Number() }),
  handler: async (_: null, payload) => {
    runs[payload.n] = (runs[payload.n] ?? 0) + 1;
    if (failing.has(payload.n)) throw new Error(`brittle job ${payload.n} broke`);
  },
});

/** A job on a case: it belongs to the case's organisation. */
const caseJob = defineJob({
  name: 'test.case-bound',
  version: 1,
  payload: Type.Object({ caseId: Type.String(), n: Type.Number() }),
  handler: async (_: null, payload) => {
    runs[payload.n] = (runs[payload.n] ?? 0) + 1;
    if (failing.has(payload.n)) throw new Error(`case job ${payload.n} of case ${payload.caseId} broke`);
  },
});

// The profile's backend (pg-boss in CI's scale-out run), else the jobs table.
const backend = profileJobsBackend(process.env.DATABASE_URL);

setupAll(async () => {
  storage = await createTestStorage();
  s = await startServer({ JOBS_BACKEND: backend, JOBS_MAX_ATTEMPTS: 1 }, { worker: false, storage });
  s.d.runner.register(brittleJob, null);
  s.d.runner.register(caseJob, null);
  if (backend === 'pg-boss') for (const j of [brittleJob, caseJob]) await (s.d.ctx.jobs.backend as PgBossBackend).ensureQueue(j.name);
  s.d.startWorker();
  await s.d.services.users.create({ username: 'ops-admin', clientUsername: s.client.username, role: 'admin', password: 'ops-admin-password-1' });
  await s.d.services.users.create({ username: 'ops-analyst', clientUsername: s.client.username, role: 'analyst', password: 'ops-analyst-password-1' });
});
afterAll(async () => {
  await s?.close();
  await storage?.drop();
});

async function failedJob(n: number, caseId?: string): Promise<string> {
  failing.add(n);
  const id = caseId ? await s.d.ctx.jobs.enqueue(s.d.ctx.db, caseJob, { caseId, n }) : await s.d.ctx.jobs.enqueue(s.d.ctx.db, brittleJob, { n });
  s.d.ctx.jobs.notify();
  await eventually(async () => ((await s.d.ctx.jobs.failed()).some((j) => j.id === id) ? true : undefined), 60_000);
  return id;
}

describe(`failed jobs (${backend})`, { timeout: scaled(120_000) }, () => {
  it('counts, lists and retries failed jobs from the command line', async () => {
    const id = await failedJob(1);
    const stats = (await s.d.ctx.jobs.queueStats()).find((q) => q.name === brittleJob.name)!;
    expect(stats.failed).toBeGreaterThanOrEqual(1);
    expect(stats.active).toBe(0);
    expect(stats.oldestQueuedAgeSeconds).toBeGreaterThanOrEqual(0);
    const [job] = (await s.d.ctx.jobs.failed()).filter((j) => j.id === id);
    expect(job).toMatchObject({ name: brittleJob.name, attempts: 1, lastError: 'brittle job 1 broke' });

    const env = { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, JOBS_BACKEND: backend };
    const list = runDossier(['jobs', 'failed'], env);
    expect((await exited(list)).code, list.output()).toBe(0);
    expect(list.output()).toMatch(new RegExp(`^test\\.brittle\\t${id}\\t1\\tbrittle job 1 broke\\t\\d+[smhd]`, 'm'));

    const unknown = runDossier(['jobs', 'retry', '00000000-0000-4000-8000-000000000000'], env);
    expect((await exited(unknown)).code).toBe(1);
    expect(unknown.output()).toContain('0 jobs queued again');

    failing.delete(1);
    const retry = runDossier(['jobs', 'retry', id], env);
    expect((await exited(retry)).code, retry.output()).toBe(0);
    s.d.ctx.jobs.notify();
    await eventually(async () => (runs[1] === 2 ? true : undefined), 60_000);
    await eventually(async () => ((await s.d.ctx.jobs.failed()).some((j) => j.id === id) ? undefined : true));
  });

  it('shows failed jobs to administrators in the back office, and retries them with the CSRF token only', async () => {
    const id = await failedJob(2);
    const analyst = await signInHttp(s.url, 'ops-analyst', 'ops-analyst-password-1');
    expect((await analyst.get('/backoffice/jobs')).status).toBe(404);
    expect((await analyst.post('/backoffice/jobs/retry', { id })).status).toBe(404);
    expect((await fetch(`${s.url}/backoffice/jobs`, { redirect: 'manual' })).status).toBe(303);

    const admin = await signInHttp(s.url, 'ops-admin', 'ops-admin-password-1');
    const page = await admin.get('/backoffice/jobs');
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(`data-job="${id}"`);
    expect(text).toContain('brittle job 2 broke');

    const forged = await fetch(`${s.url}/backoffice/jobs/retry`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id }),
    });
    expect(forged.status).toBe(403);
    expect((await admin.post('/backoffice/jobs/retry', { id: 'not-an-id' })).headers.get('location')).toBe('/backoffice/jobs?retried=0');

    failing.delete(2);
    const res = await admin.post('/backoffice/jobs/retry', { all: '1' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/backoffice\/jobs\?retried=[1-9]/);
    s.d.ctx.jobs.notify();
    await eventually(async () => (runs[2] === 2 ? true : undefined), 60_000);
    const after = await admin.get('/backoffice/jobs?retried=1');
    expect(await after.text()).not.toContain(`data-job="${id}"`);
  });

  it("shows and retries an organisation's own failed jobs only, never another's", async () => {
    const other = await s.newClient('bank-b');
    await s.d.services.users.create({ username: 'b-admin', clientUsername: 'bank-b', role: 'admin', password: 'b-admin-password-1' });
    const mine = await flows(s.api).createCase(onboardingCase());
    const theirs = await flows(other).createCase(onboardingCase({ company_full_name: 'Other Bank Client Ltd' }));
    const myJob = await failedJob(3, mine.case_id);
    const theirJob = await failedJob(4, theirs.case_id);

    const admin = await signInHttp(s.url, 'ops-admin', 'ops-admin-password-1');
    const page = await (await admin.get('/backoffice/jobs')).text();
    expect(page).toContain(`data-job="${myJob}"`);
    expect(page).not.toContain(`data-job="${theirJob}"`);
    expect(page).not.toContain(theirs.case_id);
    const otherAdmin = await signInHttp(s.url, 'b-admin', 'b-admin-password-1');
    const theirPage = await (await otherAdmin.get('/backoffice/jobs')).text();
    expect(theirPage).toContain(`data-job="${theirJob}"`);
    expect(theirPage).not.toContain(`data-job="${myJob}"`);

    // Another organisation's job is not retried from here, by its id or with "all".
    const theirRuns = runs[4];
    failing.delete(3);
    failing.delete(4);
    expect((await admin.post('/backoffice/jobs/retry', { id: theirJob })).headers.get('location')).toBe('/backoffice/jobs?retried=0');
    expect((await admin.post('/backoffice/jobs/retry', { all: '1' })).headers.get('location')).toBe('/backoffice/jobs?retried=1');
    s.d.ctx.jobs.notify();
    await eventually(async () => (runs[3] === 2 ? true : undefined), 60_000);
    expect(runs[4]).toBe(theirRuns);
    expect((await s.d.ctx.jobs.failed()).some((j) => j.id === theirJob)).toBe(true);
  });

  it("shows a case's failed jobs on the case, with one retry button for administrators", async () => {
    const f = flows(s.api);
    const { case_id } = await f.createCase();
    const { case_id: otherCase } = await f.createCase();
    const mine = await failedJob(20, case_id);
    const elsewhere = await failedJob(21, otherCase);
    const admin = await signInHttp(s.url, 'ops-admin', 'ops-admin-password-1');
    const analyst = await signInHttp(s.url, 'ops-analyst', 'ops-analyst-password-1');

    const page = await (await admin.get(`/backoffice/cases/${case_id}`)).text();
    expect(page).toContain('Work that failed');
    expect(page).toContain(`case job 20 of case ${case_id} broke`);
    expect(page).not.toContain('case job 21');
    expect(page).toContain(`action="/backoffice/cases/${case_id}/jobs/retry"`);
    // Analysts see the failure, not the button; and cannot retry by posting.
    const seen = await (await analyst.get(`/backoffice/cases/${case_id}`)).text();
    expect(seen).toContain(`case job 20 of case ${case_id} broke`);
    expect(seen).not.toContain('/jobs/retry');
    expect((await analyst.post(`/backoffice/cases/${case_id}/jobs/retry`, {})).status).toBe(404);

    failing.delete(20);
    const res = await admin.post(`/backoffice/cases/${case_id}/jobs/retry`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/backoffice/cases/${case_id}?notice=jobs-retried#failed-jobs`);
    s.d.ctx.jobs.notify();
    await eventually(async () => (runs[20] === 2 ? true : undefined), 60_000);
    expect(await (await admin.get(`/backoffice/cases/${case_id}`)).text()).not.toContain('Work that failed');
    // The other case's failed job was left alone.
    expect((await s.d.ctx.jobs.failed()).map((j) => j.id)).toContain(elsewhere);
    expect((await s.d.ctx.jobs.failed()).map((j) => j.id)).not.toContain(mine);
    failing.delete(21);
    await s.d.ctx.jobs.retry([elsewhere]);
  });
});
