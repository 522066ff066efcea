// The durable job runner on a real database: retries with backoff, gives up after its last
// attempt, runs a job once per enqueue key, never runs one job in two workers, and keeps a slot free
// for other clients' work.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import pino from 'pino';
import { Type } from '@sinclair/typebox';
import { openDatabase, migrateToLatest, type DbHandle } from '../../src/db/db.ts';
import { JobRunner, retryDelayMs } from '../../src/jobs/runner.ts';
import { insertJob, findJob } from '../../src/db/jobs.repo.ts';
import type { JobRow } from '../../src/db/schema.ts';
import { defineJob } from '../../src/jobs/definition.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { eventually } from '../helpers/server.ts';

let storage: TestStorage;
let h: DbHandle;
const log = pino({ level: 'silent' });
const opts = { concurrency: 2, pollMs: 20, leaseMs: 5000, claimPauseMs: 0 };

/** A job of the tests: no payload beyond its version, and the given handler. */
function testJob(name: string, handler: () => Promise<void>) {
  return defineJob({ name, version: 1, payload: Type.Object({}), handler: (_deps: null) => handler() });
}

setupAll(async () => {
  storage = await createTestStorage();
  h = openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
  await migrateToLatest(h.db);
});
afterAll(async () => {
  await h.close();
  await storage.drop();
});

describe('job runner', () => {
  it('grows the delay between attempts', () => {
    expect(retryDelayMs(1)).toBeGreaterThanOrEqual(800);
    expect(retryDelayMs(1)).toBeLessThanOrEqual(1200);
    expect(retryDelayMs(5)).toBeGreaterThanOrEqual(12800);
    expect(retryDelayMs(40)).toBeLessThanOrEqual(3_600_000 * 1.2);
  });

  it('retries a failing job after a backoff, then succeeds', async () => {
    const runner = new JobRunner(h.db, h.dialect, log, opts);
    let failedAt = 0;
    let retried: JobRow | undefined;
    runner.register(
      defineJob({
        name: 'flaky',
        version: 1,
        payload: Type.Object({}),
        handler: async (_deps: null, _payload, job) => {
          if (!failedAt) {
            failedAt = Date.now();
            throw new Error('receiver down');
          }
          retried ??= job;
        },
      }),
      null,
    );
    const id = await insertJob(h.db, 'flaky', { v: 1 }, { maxAttempts: 5 });
    runner.start();
    // The second attempt sees the row the failure left: its error and a run time at least the
    // shortest backoff (800 ms) after the failure, however long the machine took in between.
    const done = await eventually(async () => ((await findJob(h.db, id))?.status === 'done' ? findJob(h.db, id) : undefined));
    await runner.stop(1000);
    expect(retried).toMatchObject({ attempts: 2, last_error: 'receiver down' });
    expect(retried!.run_at - failedAt).toBeGreaterThanOrEqual(800);
    expect(done).toMatchObject({ attempts: 2, last_error: null });
  });

  it('marks a job failed after its last attempt and keeps the error', async () => {
    const runner = new JobRunner(h.db, h.dialect, log, opts);
    runner.register(
      testJob('broken', async () => {
        throw new Error('always');
      }),
      null,
    );
    const id = await insertJob(h.db, 'broken', { v: 1 }, { maxAttempts: 1 });
    runner.start();
    const j = await eventually(async () => ((await findJob(h.db, id))?.status === 'failed' ? findJob(h.db, id) : undefined));
    expect(j!.last_error).toBe('always');
    await runner.stop(1000);
  });

  it('enqueues a job once per dedupe key', async () => {
    await insertJob(h.db, 'once', {}, { maxAttempts: 1 }, { dedupeKey: 'k-1' });
    await insertJob(h.db, 'once', {}, { maxAttempts: 1 }, { dedupeKey: 'k-1' });
    const rows = await h.db.selectFrom('jobs').selectAll().where('dedupe_key', '=', 'k-1').execute();
    expect(rows).toHaveLength(1);
  });

  it('runs each of many jobs exactly once across two competing workers', async () => {
    const seen = new Map<string, number>();
    const count = defineJob({
      name: 'count',
      version: 1,
      payload: Type.Object({ n: Type.Integer() }),
      handler: async (_deps: null, p) => {
        seen.set(String(p.n), (seen.get(String(p.n)) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      },
    });
    const a = new JobRunner(h.db, h.dialect, log, opts);
    const b = new JobRunner(h.db, h.dialect, log, opts);
    a.register(count, null);
    b.register(count, null);
    for (let n = 0; n < 60; n++) await insertJob(h.db, 'count', { v: 1, n }, { maxAttempts: 3 });
    a.start();
    b.start();
    await eventually(async () => (seen.size === 60 ? true : undefined));
    await Promise.all([a.stop(2000), b.stop(2000)]);
    expect([...seen.values()].every((v) => v === 1)).toBe(true);
  });

  it("keeps a slot free for other clients' work: one client's jobs hold at most all slots but one, or JOBS_CLIENT_SLOTS", async () => {
    for (const [clientSlots, share] of [
      [0, 2],
      [3, 3],
    ] as const) {
      const name = `fair-${clientSlots}`;
      const running = new Map<string, number>();
      const most = new Map<string, number>();
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const job = defineJob({
        name,
        version: 1,
        payload: Type.Object({ client: Type.String() }),
        handler: async (_deps: null, p) => {
          running.set(p.client, (running.get(p.client) ?? 0) + 1);
          most.set(p.client, Math.max(most.get(p.client) ?? 0, running.get(p.client)!));
          if (p.client === 'a') await gate;
          running.set(p.client, running.get(p.client)! - 1);
        },
      });
      const runner = new JobRunner(h.db, h.dialect, log, { ...opts, concurrency: 3, clientSlots });
      runner.register(job, null);
      for (let i = 0; i < 6; i++) await insertJob(h.db, name, { v: 1, client: 'a' }, { maxAttempts: 1 }, { fairKey: 'client-a' });
      runner.start();
      await eventually(async () => (running.get('a') === share ? true : undefined));
      if (share < 3) {
        // Another client's job comes while the first client's backlog holds its share: it runs at once, in the slot kept free.
        await insertJob(h.db, name, { v: 1, client: 'b' }, { maxAttempts: 1 }, { fairKey: 'client-b' });
        runner.poke();
        await eventually(async () => ((most.get('b') ?? 0) === 1 ? true : undefined));
        expect(running.get('a')).toBe(share);
      }
      release();
      await eventually(async () => ((await h.db.selectFrom('jobs').select('id').where('name', '=', name).where('status', '!=', 'done').execute()).length === 0 ? true : undefined));
      await runner.stop(1000);
      expect(most.get('a')).toBe(share);
    }
  });
});
