// Endpoint 4 (upload) and document download through HTTP: content checks and limits.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, uploadForm } from '../helpers/factories.ts';
import { makePng, makeTextPdf } from '../fixtures/documents.ts';

let s: TestServer;
let f: ReturnType<typeof flows>;
let conv: string;
setupAll(async () => {
  s = await startServer({ MAX_FILE_BYTES: 200_000 });
  f = flows(s.api);
  conv = (await f.createCase()).conversation_id;
});
afterAll(() => s?.close());

describe('POST /api/v1/conversations/{id}/documents', () => {
  it('stores a PDF and gives it back byte for byte', async () => {
    const pdf = await makeTextPdf({ lines: ['Acme Trading Ltd', 'Certificate of incorporation'] });
    const res = await f.upload(conv, pdf, 'certificate.pdf');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ document_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const dl = await fetch(`${s.url}/api/v1/documents/${res.body.document_id}/download`, { headers: { authorization: `Basic ${Buffer.from('bank-a:bank-a-password-1').toString('base64')}` } });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('content-disposition')).toContain('certificate.pdf');
    expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await s.as(null)('GET', `/api/v1/documents/${res.body.document_id}/download`)).status).toBe(401);
  });

  it('accepts images by their content, whatever their name', async () => {
    const res = await f.upload(conv, makePng(), 'photo.dat');
    expect(res.status).toBe(201);
  });

  it('refuses files whose content is not an accepted type, even with a .pdf name', async () => {
    const res = await f.upload(conv, Buffer.from('name,amount\nacme,10\n'), 'invoice.pdf');
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('unsupported_media_type');
    expect(res.body.message).toMatch(/PDF, PNG, JPEG, TIFF and WEBP/);
    const zip = Buffer.from('504b0304140000000800', 'hex');
    expect((await f.upload(conv, Buffer.concat([zip, Buffer.alloc(100)]), 'x.pdf')).status).toBe(415);
  });

  it('refuses empty files, missing files, extra or misnamed parts', async () => {
    expect((await f.upload(conv, Buffer.alloc(0), 'empty.pdf')).body.error).toBe('empty_file');
    const misnamed = await s.api('POST', `/api/v1/conversations/${conv}/documents`, undefined, { raw: uploadForm(Buffer.from('%PDF-1.4'), 'a.pdf', 'document') });
    expect(misnamed.status).toBe(400);
    expect(misnamed.body.message).toContain('"file"');
    const two = uploadForm(await makeTextPdf({ lines: ['a'] }), 'a.pdf');
    two.append('file', new Blob([new Uint8Array(await makeTextPdf({ lines: ['b'] }))]), 'b.pdf');
    const res = await s.api('POST', `/api/v1/conversations/${conv}/documents`, undefined, { raw: two });
    expect(res.status).toBe(400);
    const field = uploadForm(await makeTextPdf({ lines: ['a'] }), 'a.pdf');
    field.append('note', 'hello');
    expect((await s.api('POST', `/api/v1/conversations/${conv}/documents`, undefined, { raw: field })).status).toBe(400);
    const empty = new FormData();
    empty.append('other', 'x');
    expect((await s.api('POST', `/api/v1/conversations/${conv}/documents`, undefined, { raw: empty })).status).toBe(400);
  });

  it('refuses a body that is not multipart', async () => {
    const res = await s.api('POST', `/api/v1/conversations/${conv}/documents`, { file: 'x' });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('unsupported_media_type');
  });

  it('refuses files over the size limit with 413 and keeps nothing', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 0x20)]);
    const res = await f.upload(conv, big, 'big.pdf');
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payload_too_large');
    const count = await s.d.ctx.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('file_name', '=', 'big.pdf')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('answers 404 for unknown conversations and documents, 409 once completed', async () => {
    const pdf = await makeTextPdf({ lines: ['x'] });
    expect((await f.upload('00000000-0000-4000-8000-000000000000', pdf)).status).toBe(404);
    expect((await f.upload('nope', pdf)).status).toBe(404);
    expect((await s.api('GET', '/api/v1/documents/00000000-0000-4000-8000-000000000000/download')).status).toBe(404);
    const other = await f.createCase();
    await f.complete(other.conversation_id);
    const late = await f.upload(other.conversation_id, pdf);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('conflict');
  });
});
