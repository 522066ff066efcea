// One completion reads the case once: a real case is run up to its completion on SQLite, then the
// finalize job of its conversation (which also completes the case) runs with every statement it
// issues counted per table. Each table is read at most once; the results are the usual ones.
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { eventually, startServer, type TestServer } from '../helpers/server.ts';
import { postgresBaseUrl } from '../helpers/database.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';

interface Counts {
  reads: Map<string, number>;
  writes: number;
}

/** Every table a statement names after FROM or JOIN (subqueries included). */
function tablesOf(sql: string): Set<string> {
  return new Set([...sql.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]!.toLowerCase()));
}

describe.skipIf(postgresBaseUrl)(`the finalize of a conversation${postgresBaseUrl ? ' (counted on SQLite only)' : ''}`, { timeout: 180_000 }, () => {
  let s: TestServer;
  const counting = new AsyncLocalStorage<Counts>();

  setupAll(async () => {
    s = await startServer();
    // Every statement goes through the connection's statement cache, the query builder's as well as
    // the prepared fast path's: counted there, for the work running inside `counting` only.
    const statements = s.d.dbHandle.sqlite!;
    const prepare = statements.prepare.bind(statements);
    statements.prepare = (sql: string) => {
      const counts = counting.getStore();
      if (counts) {
        if (/^\s*select\b/i.test(sql)) for (const t of tablesOf(sql)) counts.reads.set(t, (counts.reads.get(t) ?? 0) + 1);
        else if (!/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(sql)) counts.writes += 1;
      }
      return prepare(sql);
    };
  });
  afterAll(() => s?.close());

  /** Runs the finalize job of a conversation as the runner would, counting its statements. */
  async function finalizeCounted(conversationId: string): Promise<{ reads: Record<string, number>; writes: number }> {
    const counts: Counts = { reads: new Map(), writes: 0 };
    await counting.run(counts, () => s.d.services.finalize.finalizeConversation({ conversationId }));
    return { reads: Object.fromEntries([...counts.reads].sort(([a], [b]) => a.localeCompare(b))), writes: counts.writes };
  }

  function expectEachTableReadOnce(reads: Record<string, number>): void {
    // The tables of the case are all read, each once; no other table more than once either.
    for (const table of ['cases', 'conversations', 'documents', 'findings', 'comments', 'conversation_messages', 'entities', 'dialog_steps']) {
      expect(reads[table], `${table} in ${JSON.stringify(reads)}`).toBe(1);
    }
    for (const [table, n] of Object.entries(reads)) expect(n, `${table} in ${JSON.stringify(reads)}`).toBeLessThanOrEqual(1);
  }

  let ids: { case_id: string; conversation_id: string };

  it('reads each table of the case at most once, and completes the conversation and the case', async () => {
    const f = flows(s.api);
    ids = await f.createCase(onboardingCase({}, { communication_id: 'crm-count' }));
    // Verifications take their time on a busy machine.
    const checked = (verificationId: string) =>
      eventually(async () => {
        const r = await s.api('GET', `/api/v1/conversations/${ids.conversation_id}/verifications/${verificationId}`);
        return r.body.status === 'ready' ? (r.body.result.check_results as { issue_id: string }[]) : undefined;
      }, 120_000);
    const extract = (await f.upload(ids.conversation_id, await makeTextPdf({ lines: ['Register extract', 'ACME TRADING LIMITED', 'Company number 01234567'] }), 'extract.pdf')).body.document_id;
    await checked(await f.verify(ids.conversation_id, extract, 'Acme Trading Ltd', 'certificate_of_incorporation'));
    const bill = (await f.upload(ids.conversation_id, await makeTextPdf({ lines: ['Utility bill for Initech LLC'] }), 'bill.pdf')).body.document_id;
    const issues = await checked(await f.verify(ids.conversation_id, bill, 'Acme Trading Ltd', 'company_proof_of_address'));
    expect((await s.api('POST', `/api/v1/conversations/${ids.conversation_id}/comments`, [{ issue_id: issues[0]!.issue_id, comment_text: 'Our landlord.' }])).status).toBe(200);

    // The runner stops, so the finalize jobs queued by completions are run here, as the runner would.
    await s.d.runner.stop(3000);
    expect((await f.complete(ids.conversation_id)).status).toBe(200);
    const { reads, writes } = await finalizeCounted(ids.conversation_id);
    expectEachTableReadOnce(reads);
    expect(writes).toBeGreaterThan(0);

    const conv = await f.conversationResult(ids.conversation_id);
    expect(conv.result.client_documents).toHaveLength(2);
    const result = await f.caseResult(ids.case_id);
    expect(result.result.conversation_results).toHaveLength(1);
    expect(result.result.conversation_results[0].conversation_id).toBe(ids.conversation_id);
    expect(result.result.risk_assessment_report_pdf_link).toBe(`${s.url}/api/v1/cases/${ids.case_id}/report.pdf`);
  });

  it('reads the case once too when a follow-up, the last conversation, completes the case again', async () => {
    const f = flows(s.api);
    const follow = await s.api('POST', `/api/v1/cases/${ids.case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });
    expect(follow.status).toBe(201);
    const followId = follow.body.conversation_id as string;
    expect((await f.complete(followId)).status).toBe(200);
    expectEachTableReadOnce((await finalizeCounted(followId)).reads);

    const result = await f.caseResult(ids.case_id);
    expect(result.result.conversation_results.map((r: { conversation_id: string }) => r.conversation_id)).toEqual([ids.conversation_id, followId]);
  });
});
