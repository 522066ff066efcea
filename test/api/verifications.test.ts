// Endpoints 5 and 6 through HTTP: tasks run as jobs and report their findings.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows } from '../helpers/factories.ts';
import { corruptPdf, makeImageOnlyPdf, makeInvoicePdf, makeTextPdf } from '../fixtures/documents.ts';

let s: TestServer;
let f: ReturnType<typeof flows>;
let conv: string;
setupAll(async () => {
  s = await startServer();
  f = flows(s.api);
  conv = (await f.createCase()).conversation_id;
});
afterAll(() => s?.close());

async function check(bytes: Buffer, company = 'Acme Trading Ltd') {
  const doc = await f.upload(conv, bytes);
  const vid = await f.verify(conv, doc.body.document_id, company);
  return f.verificationResult(conv, vid);
}

describe('verifications', () => {
  it('is not_ready at first, then ready with check results', async () => {
    const doc = await f.upload(conv, await makeInvoicePdf({ seller: 'Acme Trading Ltd', buyer: 'Globex GmbH', invoiceNumber: 'INV-1', date: '2026-10-01', currency: 'EUR', total: 1200 }));
    const create = await s.api('POST', `/api/v1/conversations/${conv}/verifications`, {
      document_id: doc.body.document_id,
      verification_task: { document_type: 'invoice', company_full_name: 'Acme Trading Limited' },
    });
    expect(create.status).toBe(201);
    expect(create.body).toEqual({ verification_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const first = await s.api('GET', `/api/v1/conversations/${conv}/verifications/${create.body.verification_id}`);
    expect(first.status).toBe(200);
    expect(['not_ready', 'ready']).toContain(first.body.status);
    const results = await f.verificationResult(conv, create.body.verification_id);
    expect(results).toEqual([]);
    const again = await s.api('GET', `/api/v1/conversations/${conv}/verifications/${create.body.verification_id}`);
    expect(again.body).toEqual({ status: 'ready', result: { check_results: [] } });
  });

  it('finds a company name that is not in the document', async () => {
    const results = await check(await makeTextPdf({ lines: ['Globex GmbH', 'Invoice 7'] }), 'Initech LLC');
    expect(results).toHaveLength(1);
    expect(results[0]).toEqual({ issue_id: expect.stringMatching(/^company_name_absent-[0-9a-f]{8}$/), severity: 'warning', text: expect.stringContaining('Initech LLC') });
  });

  it('flags unreadable, encrypted and text-less PDFs', async () => {
    expect((await check(corruptPdf())).map((r) => r.issue_id.split('-')[0])).toContain('file_unreadable');
    expect((await check(await makeTextPdf({ lines: ['Acme Trading Ltd'], userPassword: 'secret' }))).map((r) => r.severity)).toContain('critical');
    expect((await check(await makeImageOnlyPdf())).map((r) => r.issue_id.split('-')[0])).toContain('no_text_layer');
  });

  it('keeps issue ids stable across reads', async () => {
    const doc = await f.upload(conv, await makeTextPdf({ lines: ['Nothing here'] }));
    const vid = await f.verify(conv, doc.body.document_id, 'Umbrella Corp');
    const a = await f.verificationResult(conv, vid);
    const b = await f.verificationResult(conv, vid);
    expect(a).toEqual(b);
  });

  it('refuses bad tasks', async () => {
    const doc = (await f.upload(conv, await makeTextPdf({ lines: ['x'] }))).body.document_id;
    const bad: [unknown, number, string][] = [
      [{ document_id: '00000000-0000-4000-8000-000000000000', verification_task: { document_type: 'invoice', company_full_name: 'A' } }, 400, 'unknown_document'],
      [{ document_id: 'zzz', verification_task: { document_type: 'invoice', company_full_name: 'A' } }, 400, 'unknown_document'],
      [{ document_id: doc, verification_task: { document_type: 'Invoice!', company_full_name: 'A' } }, 400, 'invalid_request'],
      [{ document_id: doc, verification_task: { document_type: 'invoice' } }, 400, 'invalid_request'],
      [{ document_id: doc }, 400, 'invalid_request'],
      [{ document_id: doc, verification_task: { document_type: 'invoice', company_full_name: 'A', extra: 1 } }, 400, 'invalid_request'],
    ];
    for (const [body, status, code] of bad) {
      const res = await s.api('POST', `/api/v1/conversations/${conv}/verifications`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toBe(code);
    }
    const other = await f.createCase();
    const foreignDoc = (await f.upload(other.conversation_id, await makeTextPdf({ lines: ['y'] }))).body.document_id;
    const cross = await s.api('POST', `/api/v1/conversations/${conv}/verifications`, { document_id: foreignDoc, verification_task: { document_type: 'invoice', company_full_name: 'A' } });
    expect(cross.status).toBe(400);
    expect(cross.body.error).toBe('unknown_document');
  });

  it('answers 404 for unknown verifications and 409 on completed conversations', async () => {
    expect((await s.api('GET', `/api/v1/conversations/${conv}/verifications/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await s.api('GET', `/api/v1/conversations/${conv}/verifications/abc`)).status).toBe(404);
    const other = await f.createCase();
    const doc = (await f.upload(other.conversation_id, await makeTextPdf({ lines: ['y'] }))).body.document_id;
    await f.complete(other.conversation_id);
    const res = await s.api('POST', `/api/v1/conversations/${other.conversation_id}/verifications`, { document_id: doc, verification_task: { document_type: 'invoice', company_full_name: 'A' } });
    expect(res.status).toBe(409);
  });
});
