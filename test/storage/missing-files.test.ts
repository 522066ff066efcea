// A stored file that is not in storage (a separate disk per process, a removed object): downloads
// answer 404 file_missing instead of a 500, and a verification of such a file is retried as a job,
// raising no finding against the client's document, and finishes once the file is back.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, eventually, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { flows } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { createTestBucket, s3Endpoint, S3_SKIP_REASON, type TestBucket } from '../helpers/s3.ts';

interface Setup {
  name: string;
  skip: string | null;
  start(): Promise<{ s: TestServer; remove(sha256: string): Promise<void>; close(): Promise<void> }>;
}

const setups: Setup[] = [
  {
    name: 'STORAGE=fs',
    skip: null,
    async start() {
      const s = await startServer({ STORAGE: 'fs', JOBS_BACKEND: 'table' }); // files on disk, jobs in the table (read below)
      return {
        s,
        remove: (sha) => fsp.rm(path.join(s.storage.dataDir, 'blobs', sha.slice(0, 2), sha.slice(2, 4), sha)),
        close: () => s.close(),
      };
    },
  },
  {
    name: 'STORAGE=s3',
    skip: s3Endpoint ? null : S3_SKIP_REASON,
    async start() {
      const bucket: TestBucket = await createTestBucket();
      const s = await startServer({ ...bucket.overrides, JOBS_BACKEND: 'table' });
      return {
        s,
        remove: (sha) => bucket.deleteRaw(`blobs/${sha}`),
        async close() {
          await s.close();
          await bucket.drop();
        },
      };
    },
  },
];

for (const setup of setups) {
  describe.skipIf(setup.skip !== null)(`${setup.name}: a stored file that is missing${setup.skip ? ` (${setup.skip})` : ''}`, () => {
    let env: Awaited<ReturnType<Setup['start']>>;
    setupAll(async () => {
      env = await setup.start();
    });
    afterAll(async () => {
      await env?.close();
    });

    const blobOf = async (documentId: string) => {
      const row = await env.s.d.ctx.db.selectFrom('documents').select('blob_sha256').where('id', '=', documentId).executeTakeFirstOrThrow();
      return row.blob_sha256;
    };

    it('is answered 404 file_missing on the API download, with no internals', async () => {
      const f = flows(env.s.api);
      const { conversation_id } = await f.createCase();
      const pdf = await makeTextPdf({ lines: ['Acme Trading Ltd', `Invoice ${Math.random()}`] });
      const up = await f.upload(conversation_id, pdf, 'invoice.pdf');
      expect(up.status).toBe(201);
      const docId = up.body.document_id as string;
      expect((await env.s.api('GET', `/api/v1/documents/${docId}/download`)).status).toBe(200);

      await env.remove(await blobOf(docId));
      const res = await env.s.api('GET', `/api/v1/documents/${docId}/download`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('file_missing');
      expect(res.text).not.toMatch(/ENOENT|NoSuchKey|blobs\/|internal/i);
      // A document that does not exist is still the ordinary 404.
      expect((await env.s.api('GET', '/api/v1/documents/00000000-0000-4000-8000-000000000000/download')).body.error).toBe('not_found');
    });

    it('is answered 404 file_missing for a report whose file is gone (API and signed-in web report)', async () => {
      const f = flows(env.s.api);
      const { conversation_id } = await f.createCase();
      expect((await f.complete(conversation_id)).status).toBeLessThan(300);
      await eventually(async () => ((await env.s.api('GET', `/api/v1/conversations/${conversation_id}/result`)).body.status === 'ready' ? true : undefined), 120_000);
      const pdf = await env.s.api('GET', `/api/v1/conversations/${conversation_id}/report.pdf`);
      expect(pdf.status).toBe(200);
      const row = await env.s.d.ctx.db.selectFrom('conversations').select(['pdf_report_blob', 'web_report_blob']).where('id', '=', conversation_id).executeTakeFirstOrThrow();
      await env.remove(row.pdf_report_blob!);
      await env.remove(row.web_report_blob!);

      const gone = await env.s.api('GET', `/api/v1/conversations/${conversation_id}/report.pdf`);
      expect(gone.status).toBe(404);
      expect(gone.body.error).toBe('file_missing');

      const user = { username: `reader-${conversation_id.slice(0, 8)}`, password: 'reader-password-123' };
      await env.s.d.services.users.create({ ...user, clientUsername: env.s.client.username, role: 'analyst' });
      const web = await fetch(`${env.s.url}/reports/${conversation_id}`, { headers: { authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` } });
      expect(web.status).toBe(404);
      expect(await web.text()).not.toMatch(/ENOENT|NoSuchKey|blobs\//);
    }, 120_000);

    it('makes a verification wait and retry, raising no finding, and finish once the file is back', async () => {
      const f = flows(env.s.api);
      const { conversation_id } = await f.createCase();
      const pdf = await makeTextPdf({ lines: ['Acme Trading Ltd', 'Invoice 42', 'Total 100.00 GBP'] });
      const docId = (await f.upload(conversation_id, pdf, 'invoice.pdf')).body.document_id as string;
      const sha = await blobOf(docId);
      await env.remove(sha);

      const verificationId = await f.verify(conversation_id, docId);
      const failed = await eventually(async () => {
        const jobs = await env.s.d.ctx.db.selectFrom('jobs').selectAll().where('name', '=', 'verification.run').execute();
        const job = jobs.find((j) => j.payload.includes(verificationId));
        return job && job.attempts >= 1 && job.last_error ? job : undefined;
      }, 120_000);
      expect(failed.status).not.toBe('failed'); // scheduled again, not given up
      expect(failed.last_error).toMatch(/not in the blob store/);
      const pending = await env.s.api('GET', `/api/v1/conversations/${conversation_id}/verifications/${verificationId}`);
      expect(pending.body).toEqual({ status: 'not_ready' });
      const findings = await env.s.d.ctx.db.selectFrom('findings').select('text').where('document_id', '=', docId).execute();
      expect(findings).toEqual([]);

      await env.s.d.ctx.blobs.put(pdf); // the file is back (the shared storage mended, the object restored)
      const results: { issue_id: string; text: string }[] = await eventually(async () => {
        const r = await env.s.api('GET', `/api/v1/conversations/${conversation_id}/verifications/${verificationId}`);
        return r.body.status === 'ready' ? r.body.result.check_results : undefined;
      }, 120_000);
      expect(results.map((r) => r.text).join('\n')).not.toMatch(/could not be found/);
      expect(results.some((r) => r.issue_id.startsWith('file_unreadable'))).toBe(false);
    }, 300_000);
  });
}
