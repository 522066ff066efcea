// Jobs on pg-boss (JOBS_BACKEND=pg-boss): enqueued by the transaction of the change (a rollback
// leaves no job), retries ending in the dead-letter queue, the failed-jobs command, one
// finalization per conversation at a time, and jobs left in the jobs table moving over once.
// PostgreSQL only: pg-boss keeps its queues there.
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, scaled, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { createTestStorage, postgresBaseUrl, type TestStorage } from '../helpers/database.ts';
import { flows } from '../helpers/factories.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { defineJob } from '../../src/jobs/definition.ts';
import { dedupeJobId, type PgBossBackend } from '../../src/jobs/pgboss.ts';
import type { Db } from '../../src/db/db.ts';

const pgDescribe = postgresBaseUrl ? describe : describe.skip;

let storage: TestStorage;
let s: TestServer;
const seen: Record<string, number> = {};
let running = new Map<string, number>();
let overlap = 0;
let flakyFails = true;

const flakyJob = defineJob({
  name: 'test.flaky',
  version: 1,
  payload: Type.Object({ n: Type.Number() }),
  handler: async (_: null, payload) => {
    seen[`flaky:${payload.n}`] = (seen[`flaky:${payload.n}`] ?? 0) + 1;
    if (flakyFails) throw new Error(`flaky ${payload.n} failed`);
  },
});

const exclusiveJob = defineJob({
  name: 'test.exclusive',
  version: 1,
  payload: Type.Object({ key: Type.String(), n: Type.Number() }),
  singletonKey: (payload) => payload.key,
  handler: async (_: null, payload) => {
    const now = (running.get(payload.key) ?? 0) + 1;
    running.set(payload.key, now);
    if (now > 1) overlap++;
    // Long enough that another worker slot would take a second job of the key if it could.
    await new Promise((r) => setTimeout(r, 150));
    running.set(payload.key, (running.get(payload.key) ?? 1) - 1);
    seen[`exclusive:${payload.key}:${payload.n}`] = (seen[`exclusive:${payload.key}:${payload.n}`] ?? 0) + 1;
  },
});

function jobRow(db: Db, id: string) {
  return sql<{ name: string; state: string; retry_count: number }>`select name, state::text as state, retry_count from pgboss.job where id = ${id}::uuid`.execute(db).then((r) => r.rows[0]);
}

setupAll(async () => {
  if (!postgresBaseUrl) return;
  storage = await createTestStorage();
  s = await startServer({ JOBS_BACKEND: 'pg-boss', JOBS_MAX_ATTEMPTS: 2, JOBS_CONCURRENCY: 4 }, { worker: false, storage });
  s.d.runner.register(flakyJob, null);
  s.d.runner.register(exclusiveJob, null);
  // These queues are created now, as the product's own are when the backend starts.
  for (const name of [flakyJob.name, exclusiveJob.name]) await (s.d.ctx.jobs.backend as PgBossBackend).ensureQueue(name);
  s.d.startWorker();
});
afterAll(async () => {
  await s?.close();
  await storage?.drop();
});

pgDescribe('jobs on pg-boss', { timeout: scaled(120_000) }, () => {
  it('writes a job in the transaction of the change: a rollback leaves none, a commit one', async () => {
    const { db } = s.d.ctx;
    let rolledBack = '';
    await expect(
      db.transaction().execute(async (trx) => {
        rolledBack = await s.d.ctx.jobs.enqueue(trx, flakyJob, { n: -1 }, { runAt: Date.now() + 3_600_000 });
        expect(await jobRow(trx, rolledBack)).toBeDefined();
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await jobRow(db, rolledBack)).toBeUndefined();
    const committed = await db.transaction().execute((trx) => s.d.ctx.jobs.enqueue(trx, flakyJob, { n: -2 }, { runAt: Date.now() + 3_600_000 }));
    expect(await jobRow(db, committed)).toMatchObject({ name: 'test.flaky', state: 'created' });
  });

  it('runs a verification end to end', async () => {
    const f = flows(s.api);
    const { conversation_id } = await f.createCase();
    const doc = (await f.upload(conversation_id, await makeTextPdf({ lines: ['Acme Trading Ltd'] }))).body.document_id;
    const verificationId = await f.verify(conversation_id, doc);
    expect(await f.verificationResult(conversation_id, verificationId)).toBeDefined();
    expect(await jobRow(s.d.ctx.db, dedupeJobId(`verification:${verificationId}`))).toMatchObject({ name: 'verification.run', state: 'completed' });
  });

  it('moves a job that spent its attempts to the dead-letter queue; the command lists it and retries it', async () => {
    flakyFails = true;
    const id = await s.d.ctx.jobs.enqueue(s.d.ctx.db, flakyJob, { n: 1 });
    s.d.ctx.jobs.notify();
    const failed = await eventually(async () => ((await jobRow(s.d.ctx.db, id))?.state === 'failed' ? true : undefined), 60_000);
    expect(failed).toBe(true);
    expect(seen['flaky:1']).toBe(2); // JOBS_MAX_ATTEMPTS
    const stats = await eventually(async () => (await s.d.ctx.jobs.queueStats()).find((q) => q.name === 'test.flaky' && q.dead >= 1));
    expect(stats).toMatchObject({ failed: 1, dead: 1, active: 0 });

    const env = { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, JOBS_BACKEND: 'pg-boss' };
    const list = runDossier(['jobs', 'failed'], env);
    expect((await exited(list)).code, list.output()).toBe(0);
    const line = list
      .output()
      .split('\n')
      .find((l) => l.includes(id));
    expect(line).toMatch(/^test\.flaky\t/);
    expect(line).toContain('\t2\tflaky 1 failed\t');

    flakyFails = false;
    const retry = runDossier(['jobs', 'retry', id], env);
    expect((await exited(retry)).code, retry.output()).toBe(0);
    expect(retry.output()).toContain('1 job queued again');
    s.d.ctx.jobs.notify();
    await eventually(async () => ((await jobRow(s.d.ctx.db, id))?.state === 'completed' ? true : undefined), 60_000);
    expect(seen['flaky:1']).toBe(3);
    const after = (await s.d.ctx.jobs.queueStats()).find((q) => q.name === 'test.flaky')!;
    expect(after).toMatchObject({ failed: 0, dead: 0 });
    expect(await s.d.ctx.jobs.failed()).toEqual([]);
  });

  it('never runs two jobs with the same singleton key at the same time', async () => {
    running = new Map();
    overlap = 0;
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) {
      ids.push(await s.d.ctx.jobs.enqueue(s.d.ctx.db, exclusiveJob, { key: 'conv-a', n }));
      ids.push(await s.d.ctx.jobs.enqueue(s.d.ctx.db, exclusiveJob, { key: 'conv-b', n }));
    }
    s.d.ctx.jobs.notify();
    await eventually(async () => {
      for (const id of ids) if ((await jobRow(s.d.ctx.db, id))?.state !== 'completed') return undefined;
      return true;
    }, 60_000);
    expect(overlap).toBe(0);
    for (let n = 0; n < 4; n++) {
      expect(seen[`exclusive:conv-a:${n}`]).toBe(1);
      expect(seen[`exclusive:conv-b:${n}`]).toBe(1);
    }
    const { rows } = await sql<{ policy: string }>`select policy from pgboss.queue where name = 'conversation.finalize'`.execute(s.d.ctx.db);
    expect(rows[0]?.policy).toBe('singleton');
  });
});

pgDescribe('moving from the jobs table to pg-boss', { timeout: scaled(120_000) }, () => {
  it('moves jobs still waiting in the table at the first start, and they run once', async () => {
    const own = await createTestStorage();
    let table: TestServer | undefined;
    const bosses: TestServer[] = [];
    try {
      // The table backend queues a verification; nothing runs it.
      table = await startServer({ JOBS_BACKEND: 'table' }, { worker: false, storage: own });
      const f = flows(table.api);
      const { conversation_id } = await f.createCase();
      const doc = (await f.upload(conversation_id, await makeTextPdf({ lines: ['Acme Trading Ltd'] }))).body.document_id;
      const verificationId = await f.verify(conversation_id, doc);
      const waiting = await table.d.ctx.db.selectFrom('jobs').selectAll().where('status', '=', 'queued').execute();
      expect(waiting.map((j) => j.name)).toContain('verification.run');
      await table.close();
      table = undefined;

      // Two processes start on pg-boss at once: the jobs move once, under the lock.
      bosses.push(...(await Promise.all([0, 1].map(() => startServer({ JOBS_BACKEND: 'pg-boss' }, { storage: own })))));
      const b = bosses[0]!;
      expect(await b.d.ctx.db.selectFrom('jobs').select('id').where('status', 'in', ['queued', 'running']).execute()).toEqual([]);
      await flows(b.api).verificationResult(conversation_id, verificationId);
      const jobId = dedupeJobId(`verification:${verificationId}`);
      await eventually(async () => ((await jobRow(b.d.ctx.db, jobId))?.state === 'completed' ? true : undefined), 60_000);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'verification.run'`.execute(b.d.ctx.db);
      expect(rows[0]!.n).toBe(waiting.filter((j) => j.name === 'verification.run').length);
      const verifications = await b.d.ctx.db.selectFrom('verifications').select('id').where('id', '=', verificationId).execute();
      expect(verifications).toHaveLength(1);
    } finally {
      await table?.close();
      for (const b of bosses) await b.close();
      await own.drop();
    }
  });
});

pgDescribe('a pg-boss worker stopping', { timeout: scaled(180_000) }, () => {
  it('lets a job in flight finish on SIGTERM before exiting', async () => {
    const own = await createTestStorage();
    let api: TestServer | undefined;
    try {
      api = await startServer({ JOBS_BACKEND: 'pg-boss' }, { worker: false, storage: own });
      const f = flows(api.api);
      const { conversation_id } = await f.createCase();
      const doc = (await f.upload(conversation_id, await makeTextPdf({ lines: ['Acme Trading Ltd'] }))).body.document_id;
      const verificationId = await f.verify(conversation_id, doc);
      const jobId = dedupeJobId(`verification:${verificationId}`);
      // However slow the job is on a busy machine, the worker waits for it rather than giving up.
      const worker = runDossier(['worker'], {
        DATA_DIR: own.dataDir,
        DATABASE_URL: own.databaseUrl,
        JOBS_BACKEND: 'pg-boss',
        JOBS_POLL_MS: '50',
        JOBS_CLAIM_PAUSE_MS: '1500',
        SHUTDOWN_TIMEOUT_MS: '600000',
      });
      await eventually(async () => ((await jobRow(api!.d.ctx.db, jobId))?.state === 'active' ? true : undefined), 90_000);
      worker.kill('SIGTERM');
      const end = await exited(worker);
      expect(end.code, worker.output()).toBe(0);
      expect(await jobRow(api.d.ctx.db, jobId)).toMatchObject({ state: 'completed', retry_count: 0 });
      expect(await f.verificationResult(conversation_id, verificationId)).toBeDefined();
    } finally {
      await api?.close();
      await own.drop();
    }
  });
});
