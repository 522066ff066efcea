// A worker is killed with SIGKILL while it holds a conversation's finalization, with the default
// settings (JOBS_LEASE_MS on the jobs table, JOBS_EXPIRE_SECONDS on pg-boss): a worker already
// running takes the job over and the conversation's result is ready within 90 s of the kill. The
// job ran to its end once: one chat_finished event. On pg-boss (PostgreSQL only) the job's expiry
// is short because running jobs renew it (a heartbeat); before, it waited 15 minutes.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, scaled, startServer, type TestServer } from '../helpers/server.ts';
import { createTestStorage, postgresBaseUrl, type TestStorage } from '../helpers/database.ts';
import { flows } from '../helpers/factories.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { waitFor } from '../helpers/wait.ts';

const backends = ['table', ...(postgresBaseUrl ? ['pg-boss'] : [])] as const;

describe.each(backends)('a worker killed while it finalizes (%s)', { timeout: scaled(300_000) }, (backend) => {
  let storage: TestStorage;
  let s: TestServer;
  const children: ReturnType<typeof runDossier>[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(children.map((c) => exited(c)));
    await s?.close();
    await storage?.drop();
  });

  const held = async (pid: number): Promise<boolean> => {
    if (backend === 'table') {
      const job = await s.d.ctx.db.selectFrom('jobs').selectAll().where('name', '=', 'conversation.finalize').where('status', '=', 'running').executeTakeFirst();
      return Boolean(job?.locked_by?.startsWith(`${pid}-`));
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'conversation.finalize' and state = 'active'`.execute(s.d.ctx.db);
    return rows[0]!.n > 0;
  };

  it('is taken over by another worker within 90 s of the kill', async () => {
    storage = await createTestStorage();
    // The default expiry (JOBS_EXPIRE_SECONDS 30), whatever the suite's profile sets.
    const defaults = { JOBS_BACKEND: backend, JOBS_EXPIRE_SECONDS: '30' };
    s = await startServer(defaults, { worker: false, storage });
    const env = { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, ...defaults };
    const f = flows(s.api);
    const { case_id, conversation_id } = await f.createCase();

    // The doomed worker pauses after taking a job, so it certainly holds the finalization when killed.
    const doomed = runDossier(['worker'], { ...env, JOBS_CLAIM_PAUSE_MS: '600000' });
    children.push(doomed);
    expect((await f.complete(conversation_id)).status).toBeLessThan(300);
    await eventually(async () => ((await held(doomed.pid!)) ? true : undefined), 120_000);

    // Another worker, started and running before the kill (its start-up is not the takeover's time).
    const standby = runDossier(['worker'], { ...env, LOG_LEVEL: 'info' });
    children.push(standby);
    await waitFor(() => /(job runner|pg-boss worker) started/.test(standby.output()), { timeout: 120_000, message: 'the standby worker started' });

    doomed.kill('SIGKILL');
    expect((await exited(doomed)).signal).toBe('SIGKILL');
    const killedAt = Date.now();
    // 90 s is the promise (JOBS_LEASE_MS 30 s, JOBS_EXPIRE_SECONDS 30 s); waitFor scales it only under TEST_TIMEOUT_SCALE.
    await waitFor(async () => (await s.api('GET', `/api/v1/conversations/${conversation_id}/result`)).body.status === 'ready', {
      timeout: 90_000,
      message: 'the conversation result, ready within 90 s of the kill',
    });
    console.log(`finalize takeover (${backend}): ready ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the SIGKILL`);
    const events = await s.d.ctx.db.selectFrom('events').select('event_type').where('case_id', '=', case_id).where('event_type', '=', 'chat_finished').execute();
    expect(events).toHaveLength(1);
  });
});
