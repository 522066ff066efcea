// Tenant isolation: client B gets 404 for every id of client A, on every endpoint, and A's users
// cannot be reached through B's.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { basic, startServer, type ApiCaller, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase, uploadForm } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';

let s: TestServer;
let b: ApiCaller;
const a = { case_id: '', conversation_id: '', document_id: '', verification_id: '', issue_id: '' };

setupAll(async () => {
  s = await startServer();
  b = await s.newClient('bank-b');
  const f = flows(s.api);
  const created = await f.createCase(monitoringCase());
  a.case_id = created.case_id;
  a.conversation_id = created.conversation_id;
  a.document_id = (await f.upload(a.conversation_id, await makeTextPdf({ lines: ['Nothing relevant'] }))).body.document_id;
  a.verification_id = await f.verify(a.conversation_id, a.document_id);
  a.issue_id = (await f.verificationResult(a.conversation_id, a.verification_id))[0]!.issue_id;
});
afterAll(() => s?.close());

describe('tenant isolation', () => {
  it('answers 404 to client B for every id of client A', async () => {
    const pdf = await makeTextPdf({ lines: ['x'] });
    const attempts: [string, string, unknown, BodyInit | undefined][] = [
      ['GET', `/api/v1/cases/${a.case_id}/result`, undefined, undefined],
      ['POST', `/api/v1/cases/${a.case_id}/conversations`, { case_kind: 'monitoring_follow_up', modules: [{ module: 'invoice' }] }, undefined],
      ['GET', `/api/v1/cases/${a.case_id}/report.pdf`, undefined, undefined],
      ['POST', `/api/v1/conversations/${a.conversation_id}/documents`, undefined, uploadForm(pdf, 'x.pdf')],
      ['POST', `/api/v1/conversations/${a.conversation_id}/verifications`, { document_id: a.document_id, verification_task: { document_type: 'invoice', company_full_name: 'X' } }, undefined],
      ['GET', `/api/v1/conversations/${a.conversation_id}/verifications/${a.verification_id}`, undefined, undefined],
      ['POST', `/api/v1/conversations/${a.conversation_id}/comments`, [{ issue_id: a.issue_id, comment_text: 'mine now' }], undefined],
      ['POST', `/api/v1/conversations/${a.conversation_id}/status`, 'completed', undefined],
      ['GET', `/api/v1/conversations/${a.conversation_id}/result`, undefined, undefined],
      ['GET', `/api/v1/conversations/${a.conversation_id}/report.pdf`, undefined, undefined],
      ['GET', `/api/v1/documents/${a.document_id}/download`, undefined, undefined],
    ];
    for (const [method, path, body, raw] of attempts) {
      const res = await b(method, path, body, raw ? { raw } : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('not_found');
      expect(res.text).not.toContain(a.document_id === path ? '' : 'Acme');
    }
    // Nothing B tried changed A's data.
    const conv = await s.api('GET', `/api/v1/conversations/${a.conversation_id}/result`);
    expect(conv.body.status).toBe('not_ready');
    const comments = await s.d.ctx.db.selectFrom('comments').selectAll().where('conversation_id', '=', a.conversation_id).execute();
    expect(comments).toHaveLength(0);
  });

  it('answers 404 with the same message to an id that is not a UUID, and to a verification under the wrong conversation', async () => {
    const own = await flows(b).createCase(monitoringCase());
    const attempts: [string, string, string][] = [
      ['GET', '/api/v1/cases/not-an-id/result', 'Case not-an-id was not found.'],
      ['GET', '/api/v1/cases/not-an-id/report.pdf', 'Case not-an-id was not found.'],
      ['GET', '/api/v1/conversations/not-an-id/result', 'Conversation not-an-id was not found.'],
      ['GET', '/api/v1/documents/not-an-id/download', 'Document not-an-id was not found.'],
      ['GET', `/api/v1/conversations/${a.conversation_id}/verifications/${a.verification_id}`, `Conversation ${a.conversation_id} was not found.`],
      ['GET', `/api/v1/conversations/${own.conversation_id}/verifications/${a.verification_id}`, `Verification ${a.verification_id} was not found.`],
      ['GET', `/api/v1/conversations/${own.conversation_id}/verifications/not-an-id`, 'Verification not-an-id was not found.'],
    ];
    for (const [method, path, message] of attempts) {
      const res = await b(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toMatchObject({ error: 'not_found', message });
    }
  });

  it("keeps A's web report from B's users", async () => {
    const f = flows(s.api);
    await f.complete(a.conversation_id);
    await f.conversationResult(a.conversation_id);
    await s.d.services.users.create({ username: 'user-b', clientUsername: 'bank-b', password: 'user-b-password-1' });
    await s.d.services.users.create({ username: 'user-a', clientUsername: 'bank-a', password: 'user-a-password-1' });
    const asB = await fetch(`${s.url}/reports/${a.conversation_id}`, { headers: { authorization: basic({ username: 'user-b', password: 'user-b-password-1' }) } });
    expect(asB.status).toBe(404);
    expect(await asB.text()).not.toContain('Acme');
    const asA = await fetch(`${s.url}/reports/${a.conversation_id}`, { headers: { authorization: basic({ username: 'user-a', password: 'user-a-password-1' }) } });
    expect(asA.status).toBe(200);
    expect(await asA.text()).toContain('Acme');
  });
});
