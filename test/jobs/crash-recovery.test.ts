// A worker killed with SIGKILL while it holds a job: the job's lease lapses and the next worker
// that starts finishes it. Also: SIGTERM lets a worker finish its job before it exits.
// Only the doomed worker has a short lease (so that it lapses soon after the kill); the others hold
// theirs long, so that a late renewal on a busy machine cannot make them run a job twice.
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, scaled, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { flows } from '../helpers/factories.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { makeTextPdf } from '../fixtures/documents.ts';

let storage: TestStorage;
let s: TestServer;
let env: Record<string, string>;

setupAll(async () => {
  storage = await createTestStorage();
  // This process serves HTTP only; workers run as separate processes.
  // Leases are the jobs table's: the table backend, whatever the suite's profile.
  s = await startServer({ JOBS_BACKEND: 'table' }, { worker: false, storage });
  env = { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, JOBS_BACKEND: 'table', JOBS_POLL_MS: '50', JOBS_LEASE_MS: '600000' };
});
afterAll(async () => {
  await s?.close();
  await storage?.drop();
});

async function queueVerification() {
  const f = flows(s.api);
  const { conversation_id } = await f.createCase();
  const doc = (await f.upload(conversation_id, await makeTextPdf({ lines: ['Acme Trading Ltd'] }))).body.document_id;
  const verificationId = await f.verify(conversation_id, doc);
  const job = await s.d.ctx.db.selectFrom('jobs').selectAll().where('payload', 'like', `%${verificationId}%`).executeTakeFirstOrThrow();
  return { f, conversation_id, verificationId, jobId: job.id };
}

// Child processes start slowly on a loaded machine; these tests wait generously.
describe('crash recovery', { timeout: scaled(120_000) }, () => {
  it('finishes a job whose worker was killed while holding it', async () => {
    const { f, conversation_id, verificationId, jobId } = await queueVerification();
    // The first worker pauses after claiming, so it is certainly holding the job when killed.
    const doomed = runDossier(['worker'], { ...env, JOBS_LEASE_MS: '1000', JOBS_CLAIM_PAUSE_MS: '60000' });
    const held = await eventually(async () => {
      const job = await s.d.ctx.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
      return job?.status === 'running' && job.locked_by?.startsWith(`${doomed.pid}-`) ? job : undefined;
    }, 60000);
    expect(held.attempts).toBeGreaterThanOrEqual(1);
    doomed.kill('SIGKILL');
    expect((await exited(doomed)).signal).toBe('SIGKILL');
    expect((await s.api('GET', `/api/v1/conversations/${conversation_id}/verifications/${verificationId}`)).body.status).toBe('not_ready');

    const next = runDossier(['worker'], env);
    try {
      const results = await f.verificationResult(conversation_id, verificationId);
      expect(results).toEqual([]);
      const job = await s.d.ctx.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(job.status).toBe('done');
      expect(job.attempts).toBeGreaterThan(held.attempts);
      expect(job.locked_by).toBeNull();
      const findings = await s.d.ctx.db.selectFrom('verifications').selectAll().where('id', '=', verificationId).execute();
      expect(findings).toHaveLength(1);
    } finally {
      next.kill('SIGTERM');
      const end = await exited(next);
      expect(end.code, next.output()).toBe(0);
    }
  });

  it('lets a job in flight finish on SIGTERM before exiting', async () => {
    const { f, conversation_id, verificationId, jobId } = await queueVerification();
    // However slow the job is on a busy machine, the worker waits for it rather than giving up.
    const worker = runDossier(['worker'], { ...env, JOBS_CLAIM_PAUSE_MS: '1500', SHUTDOWN_TIMEOUT_MS: '600000' });
    await eventually(async () => {
      const job = await s.d.ctx.db.selectFrom('jobs').select(['status', 'locked_by']).where('id', '=', jobId).executeTakeFirst();
      return job?.status === 'running' && job.locked_by?.startsWith(`${worker.pid}-`) ? true : undefined;
    }, 60000);
    worker.kill('SIGTERM');
    const end = await exited(worker);
    expect(end.code, worker.output()).toBe(0);
    const job = await s.d.ctx.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job.status).toBe('done');
    expect(job.attempts).toBe(1);
    expect(await f.verificationResult(conversation_id, verificationId)).toEqual([]);
  });
});
