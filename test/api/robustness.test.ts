// No input a client can send gives a 500: odd bodies, types, headers and paths on every endpoint,
// and the rate limit answers 429 with Retry-After.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';

let s: TestServer;
let conv: string;
let caseId: string;
setupAll(async () => {
  s = await startServer({ RATE_LIMIT_PER_MINUTE: 100_000 });
  const created = await flows(s.api).createCase();
  conv = created.conversation_id;
  caseId = created.case_id;
});
afterAll(() => s?.close());

const oddBodies: unknown[] = [
  null,
  true,
  0,
  -1e308,
  '',
  'completed ',
  [],
  [null],
  [[]],
  {},
  { case: null },
  { case: [] },
  { case: { case_kind: null } },
  { case: { case_kind: 'onboarding', company_full_name: 7, company_country_code: 'GB', modules: [{ module: 'documents_verification' }] } },
  { case: { case_kind: 'onboarding', company_full_name: 'A', company_country_code: 'GB', modules: 'documents_verification' } },
  { case: { case_kind: 'onboarding', company_full_name: 'A', company_country_code: 'GB', modules: [null] } },
  { case: { case_kind: 'monitoring', company_full_name: 'A', company_country_code: 'GB', trx_direction: 'incoming', trx_amount: 1e309, modules: [{ module: 'invoice' }] } },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
  { case_kind: 'monitoring_follow_up', modules: [{ module: { $gt: '' } }] },
  [{ issue_id: null, comment_text: null }],
  { document_id: ['a'], verification_task: 'x' },
  { status: ['completed'] },
  { a: 'x'.repeat(5000) },
];

const rawBodies: [string, string][] = [
  ['application/json', '{"case": {"case_kind": "onboarding",'],
  ['application/json', '\u0000\u0001'],
  ['application/json', '{"__proto__": {"x": 1}}'],
  ['application/json', '['.repeat(5000)],
  ['application/json; charset=latin1', '{}'],
  ['text/plain', 'completed'],
  ['application/x-www-form-urlencoded', 'a=b'],
  ['multipart/form-data', '--x\r\n'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 broken'],
];

describe('bad input never gives a 500', () => {
  it('on every endpoint', async () => {
    const paths: [string, string][] = [
      ['POST', '/api/v1/cases'],
      ['POST', `/api/v1/cases/${caseId}/conversations`],
      ['GET', `/api/v1/cases/${caseId}/result`],
      ['POST', `/api/v1/conversations/${conv}/documents`],
      ['POST', `/api/v1/conversations/${conv}/verifications`],
      ['GET', `/api/v1/conversations/${conv}/verifications/%00`],
      ['POST', `/api/v1/conversations/${conv}/comments`],
      ['POST', `/api/v1/conversations/${conv}/status`],
      ['GET', `/api/v1/conversations/${conv}/result`],
      ['GET', '/api/v1/cases/%E0%A4%A/result'],
      ['GET', '/api/v1/conversations/..%2F..%2Fetc%2Fpasswd/result'],
      ['GET', `/api/v1/documents/${'9'.repeat(2000)}/download`],
      ['DELETE', `/api/v1/cases/${caseId}/result`],
    ];
    let tried = 0;
    for (const [method, path] of paths) {
      for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : oddBodies) {
        const res = await s.api(method, path, body);
        expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
        tried++;
      }
      if (method === 'POST') {
        for (const [type, raw] of rawBodies) {
          const res = await s.api(method, path, undefined, { raw, headers: { 'content-type': type } });
          expect(res.status, `${method} ${path} ${type} ${raw.slice(0, 40)} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) expect(res.body).toHaveProperty('error');
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(190);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The only accepted odd body was text/plain "completed"; the conversation went on normally.
    const result = await flows(s.api).conversationResult(conv);
    expect(result.status).toBe('ready');
    const other = await flows(s.api).createCase();
    expect((await flows(s.api).upload(other.conversation_id, await makeTextPdf({ lines: ['still fine'] }))).status).toBe(201);
  });

  it('with odd authorization headers', async () => {
    for (const header of ['Basic', 'Basic !!!', 'Basic ' + Buffer.from('nocolon').toString('base64'), 'Bearer abc', 'Basic ' + 'A'.repeat(10000), 'basic ' + Buffer.from(':').toString('base64')]) {
      const res = await fetch(`${s.url}/api/v1/cases/${caseId}/result`, { headers: { authorization: header } });
      expect(res.status, header.slice(0, 30)).toBe(401);
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the per-client limit', async () => {
    const limited = await startServer({ RATE_LIMIT_PER_MINUTE: 5 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await limited.api('GET', '/api/v1/cases/00000000-0000-4000-8000-000000000000/result')).status);
      expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
      const res = await limited.api('GET', '/api/v1/cases/00000000-0000-4000-8000-000000000000/result');
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('rate_limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another client has its own budget.
      const other = await limited.newClient('bank-r');
      expect((await other('GET', '/api/v1/cases/00000000-0000-4000-8000-000000000000/result')).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
