// Typed jobs on a real database: the queue stamps each payload with its job's version, and the
// runner refuses a payload that does not fit its job's definition before the handler runs,
// failing the job for good at once (no retries) with an error that says what is wrong.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import pino from 'pino';
import { Type } from '@sinclair/typebox';
import { openDatabase, migrateToLatest, type DbHandle } from '../../src/db/db.ts';
import { JobRunner } from '../../src/jobs/runner.ts';
import { JobQueue } from '../../src/jobs/queue.ts';
import { TableJobBackend } from '../../src/jobs/table-backend.ts';
import { defineJob, payloadProblem } from '../../src/jobs/definition.ts';
import { insertJob, findJob } from '../../src/db/jobs.repo.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { eventually } from '../helpers/server.ts';

let storage: TestStorage;
let h: DbHandle;
const log = pino({ level: 'silent' });
const opts = { concurrency: 2, pollMs: 20, leaseMs: 5000, claimPauseMs: 0 };

const seen: { caseId: string }[] = [];
const typed = defineJob({
  name: 'test.typed',
  version: 2,
  payload: Type.Object({ caseId: Type.String({ minLength: 1 }) }),
  handler: async (sink: { caseId: string }[], payload) => {
    sink.push({ caseId: payload.caseId });
  },
});

let runner: JobRunner;

setupAll(async () => {
  storage = await createTestStorage();
  h = openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
  await migrateToLatest(h.db);
  runner = new JobRunner(h.db, h.dialect, log, opts);
  runner.register(typed, seen);
  runner.start();
});
afterAll(async () => {
  await runner.stop(1000);
  await h.close();
  await storage.drop();
});

const settled = (id: string) =>
  eventually(async () => {
    const j = await findJob(h.db, id);
    return j && (j.status === 'done' || j.status === 'failed') ? j : undefined;
  });

describe('typed jobs', () => {
  it('runs a payload the queue recorded, stamped with the job version', async () => {
    const id = await new JobQueue(new TableJobBackend(h.db, { maxAttempts: 5 })).enqueue(h.db, typed, { caseId: 'case-1' });
    const job = await settled(id);
    expect(job.status).toBe('done');
    expect(JSON.parse(job.payload)).toEqual({ v: 2, caseId: 'case-1' });
    expect(seen).toContainEqual({ caseId: 'case-1' });
  });

  it.each([
    ['a field of the wrong type', JSON.stringify({ v: 2, caseId: 42 }), '/caseId'],
    ['a missing field', JSON.stringify({ v: 2 }), '/caseId'],
    ['another payload version', JSON.stringify({ v: 1, caseId: 'case-2' }), 'payload version is 1'],
    ['no version', JSON.stringify({ caseId: 'case-3' }), 'payload version is null'],
    ['a payload that is not an object', JSON.stringify(['case-4']), 'not an object'],
  ])('refuses %s before the handler runs, and does not retry', async (_what, payload, says) => {
    const before = seen.length;
    const id = await insertJob(h.db, typed.name, JSON.parse(payload), { maxAttempts: 5 });
    const job = await settled(id);
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(1);
    expect(job.last_error).toContain('invalid payload for job "test.typed" v2');
    expect(job.last_error).toContain(says);
    expect(seen.length).toBe(before);
  });

  it('refuses a stored payload that is not JSON', async () => {
    // Recorded for later, so the runner cannot take it before its payload is spoilt.
    const id = await insertJob(h.db, typed.name, {}, { maxAttempts: 5 }, { runAt: Date.now() + 3_600_000 });
    await h.db.updateTable('jobs').set({ payload: '{not json', run_at: Date.now() }).where('id', '=', id).execute();
    const job = await settled(id);
    expect(job.status).toBe('failed');
    expect(job.last_error).toContain('not an object');
  });

  it('names each problem of a payload', () => {
    expect(payloadProblem(typed, { v: 2, caseId: 'ok' })).toBeNull();
    expect(payloadProblem(typed, { v: 2, caseId: '' })).toMatch(/^invalid payload for job "test\.typed" v2: \/caseId /);
  });
});
