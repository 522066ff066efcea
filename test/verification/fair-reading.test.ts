// Fair reading: one API client floods its conversation with multi-page TIFFs (300 pages of
// 4000×4000 pixels, about 40 KB each), another asks for a one-page verification just after. The
// flood is read within its budget — pages × pixels checked from each file's header before
// anything is decoded, the pages beyond it not read, with a finding saying so. One API client
// never holds every job slot of a worker (at most JOBS_CONCURRENCY − 1 of them), so the other
// client's verification is taken at once by the slot kept free, and the reading threads take turns
// by client: it is answered before the flood's documents that were still queued when it was asked.
// Both are asserted as invariants (sampled all along: the flood never runs on every slot), on
// whichever job backend the profile runs (the jobs table or pg-boss). How long the other client
// waited is printed, not asserted; bench/verification/fair-reading.ts measures it. A 1,000-page
// TIFF costs no more than its budget.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, scaled, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { flows } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { makeMultiPageTiff } from '../fixtures/tiff.ts';

let s: TestServer;
setupAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

const FLOOD = 4;

describe('fair reading', { timeout: scaled(300_000) }, () => {
  it("answers another client's one-page verification before the queued documents of one client's flood of multi-page TIFFs", async () => {
    const flooder = flows(s.api);
    const { conversation_id: floodConversation } = await flooder.createCase();
    const tiff = makeMultiPageTiff(300, 4000, 4000);
    const flood: string[] = [];
    for (let i = 0; i < FLOOD; i++) {
      const up = await flooder.upload(floodConversation, tiff, `scan-${i}.tiff`);
      expect(up.status).toBe(201);
      flood.push(await flooder.verify(floodConversation, up.body.document_id as string));
    }

    // How many of the flooding client's jobs run at once, sampled until the test ends.
    const floodClient = (await s.d.ctx.db.selectFrom('verifications').select('client_id').where('id', '=', flood[0]!).executeTakeFirstOrThrow()).client_id;
    let mostRunning = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        mostRunning = Math.max(mostRunning, await runningJobsOf(floodClient));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const other = await s.newClient('fair-reading-other');
    const o = flows(other);
    const { conversation_id } = await o.createCase();
    const doc = (await o.upload(conversation_id, await makeTextPdf({ lines: ['Acme Trading Ltd', 'Invoice 1', 'Total 100.00 GBP'] }))).body.document_id as string;
    const notReadyAtAsk = (await Promise.all(flood.map(async (id) => (await s.api('GET', `/api/v1/conversations/${floodConversation}/verifications/${id}`)).body.status))).filter(
      (x) => x !== 'ready',
    ).length;
    const asked = Date.now();
    const verificationId = await o.verify(conversation_id, doc);
    await eventually(async () => ((await other('GET', `/api/v1/conversations/${conversation_id}/verifications/${verificationId}`)).body.status === 'ready' ? true : undefined), 120_000);
    const waited = Date.now() - asked;
    const floodReady = await Promise.all(flood.map(async (id) => (await s.api('GET', `/api/v1/conversations/${floodConversation}/verifications/${id}`)).body.status));
    // The flood's documents that were still waiting when the other client asked finish after it.
    const done = async (id: string) => await s.d.ctx.db.selectFrom('verifications').select(['created_at', 'completed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    const mine = await done(verificationId);
    // The flood's documents are read one at a time here (JOBS_CONCURRENCY − 1), each up to its reading budget or time limit:
    // the last ones may finish minutes later on a loaded machine.
    const floodTimes = await Promise.all(flood.map(async (id) => (await flooder.verificationResult(floodConversation, id, 240_000), await done(id))));
    const durations = floodTimes.map((t) => Date.parse(t.completed_at!) - Date.parse(t.created_at));
    const oneDocument = Math.min(...durations);
    console.log(
      `fair reading: the other client's one-page verification took ${(waited / 1000).toFixed(1)} s with ${floodReady.filter((x) => x !== 'ready').length} of ${FLOOD} TIFFs still waiting; the first flood document took ${(oneDocument / 1000).toFixed(1)} s`,
    );
    sampling = false;
    await sampler;
    const slots = s.d.ctx.config.JOBS_CONCURRENCY;
    // The flood never held every job slot: one stayed free for the other client's work.
    expect(mostRunning).toBeGreaterThan(0);
    expect(mostRunning).toBeLessThanOrEqual(slots - 1);
    // At most JOBS_CONCURRENCY − 1 flood documents were running when it was asked; every flood
    // document still queued then finished after it.
    const finishedAfter = floodTimes.filter((t) => Date.parse(t.completed_at!) > Date.parse(mine.completed_at!)).length;
    expect(finishedAfter).toBeGreaterThanOrEqual(notReadyAtAsk - (slots - 1));

    // Each TIFF was read within its budget, and its check results say so (on a machine so loaded
    // that even the budgeted pages overrun the reading's time limit, that is what they say).
    for (const id of flood) {
      const results = await flooder.verificationResult(floodConversation, id, 240_000);
      const codes = results.map((r: { issue_id: string }) => r.issue_id.replace(/-[0-9a-f]{8}$/, ''));
      expect(codes.includes('read_budget_reached') || codes.includes('read_timeout'), codes.join(', ')).toBe(true);
    }
    const costs = await s.d.ctx.db.selectFrom('documents').select('read_megapixels').where('conversation_id', '=', floodConversation).execute();
    for (const c of costs) expect(c.read_megapixels).toBeLessThanOrEqual(s.d.ctx.config.READ_MAX_DOCUMENT_MEGAPIXELS);
  });

  it('reads a 1,000-page TIFF within the budget, with a finding in plain words for the user and the analyst', async () => {
    const f = flows(s.api);
    const { conversation_id } = await f.createCase();
    const up = await f.upload(conversation_id, makeMultiPageTiff(1000, 4000, 4000), 'archive.tiff');
    expect(up.status).toBe(201);
    const verificationId = await f.verify(conversation_id, up.body.document_id as string);
    // Its budgeted pages are read by both engines: on a loaded machine that takes minutes, not seconds.
    const results: { issue_id: string; severity: string; text: string }[] = await f.verificationResult(conversation_id, verificationId, 240_000);
    const budget = results.find((r) => r.issue_id.startsWith('read_budget_reached-'));
    expect(budget?.severity).toBe('warning');
    expect(budget?.text).toMatch(/^archive\.tiff: The image has 1000 pages of 16 megapixels each \(16000 megapixels in all\), more than .*reading budget.*, so only the first \d+ pages were read\.$/);
    const row = await s.d.ctx.db
      .selectFrom('documents')
      .select('read_megapixels')
      .where('id', '=', up.body.document_id as string)
      .executeTakeFirstOrThrow();
    expect(row.read_megapixels).toBeLessThanOrEqual(s.d.ctx.config.READ_MAX_DOCUMENT_MEGAPIXELS);
    expect(row.read_megapixels).toBeGreaterThan(0);
  });
});

/** Jobs of this API client running now, on the jobs table or on pg-boss. */
async function runningJobsOf(clientId: string): Promise<number> {
  const db = s.d.ctx.db;
  if (s.d.ctx.jobs.backend.kind === 'table') {
    const row = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'running')
      .where('fair_key', '=', clientId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where state = 'active' and data->>'_fairKey' = ${clientId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
