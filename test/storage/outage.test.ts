// The S3 store stops answering for 5 s: uploads and downloads answer 503 storage_unavailable (never
// a 500), /readyz says not ready naming object_storage, and a verification whose file cannot be
// read meanwhile is retried rather than raising a finding. Once the store is back, readiness
// returns, uploads work and every verification finishes with no finding about the stored file.
// The outage is a loopback TCP forwarder in front of the real S3 API that the test closes (open
// connections destroyed, new ones refused) and then opens again on the same port.
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { flows } from '../helpers/factories.ts';
import { waitFor } from '../helpers/wait.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { createTestBucket, Forwarder, s3Endpoint, S3_SKIP_REASON, type TestBucket } from '../helpers/s3.ts';

const OUTAGE_MS = 5000;

async function readiness(s: TestServer) {
  const res = await fetch(`${s.url}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string; error?: string; not_ready?: string[]; message?: string } };
}

/** A stored file that could not be read must never show up as a finding, a missing file or a server error. */
const FILE_PROBLEM = /file_unreadable|file_missing|storage_unavailable|could not be (found|read|opened)|not in the blob store|did not answer|internal_error/i;

describe.skipIf(!s3Endpoint)(`the S3 store stops answering for 5 s${s3Endpoint ? '' : ` (${S3_SKIP_REASON})`}`, () => {
  let bucket: TestBucket;
  let proxy: Forwarder;
  let s: TestServer;
  setupAll(async () => {
    const target = new URL(s3Endpoint!);
    proxy = new Forwarder(target.hostname, Number(target.port || (target.protocol === 'https:' ? 443 : 80)));
    await proxy.start();
    bucket = await createTestBucket();
    s = await startServer({ ...bucket.overrides, S3_ENDPOINT: `${target.protocol}//127.0.0.1:${proxy.port}`, JOBS_BACKEND: 'table' });
  });
  afterAll(async () => {
    await s?.close();
    await proxy?.stop();
    await bucket?.drop();
  });

  const jobOf = async (verificationId: string) => {
    const jobs = await s.d.ctx.db.selectFrom('jobs').selectAll().where('name', '=', 'verification.run').execute();
    return jobs.find((j) => j.payload.includes(verificationId));
  };

  it('answers 503 storage_unavailable and not ready while down, retries the verification, and finishes everything once back', async () => {
    const f = flows(s.api);
    const { case_id, conversation_id } = await f.createCase();
    const pdf = (n: number) => makeTextPdf({ lines: ['Acme Trading Ltd', `Invoice ${n}-${Math.random().toString(36).slice(2, 8)}`, 'Total 100.00 GBP'] });
    const before = await f.upload(conversation_id, await pdf(1), 'invoice-before.pdf');
    expect(before.status).toBe(201);
    const beforeId = before.body.document_id as string;
    expect(await readiness(s)).toMatchObject({ status: 200, body: { status: 'ready' } });

    // The error shape the API document gives for the upload route's errors.
    const spec = (await (await fetch(`${s.url}/api/v1/openapi.json`)).json()) as any;
    const errorSchema = spec.paths['/api/v1/conversations/{conversation_id}/documents'].post.responses['413'].content['application/json'].schema;
    const errorKeys = Object.keys(errorSchema.properties as object);

    await proxy.stop();
    const downAt = Date.now();

    // Uploads answer 503 with a code and Retry-After, in the API's error shape.
    const up = await f.upload(conversation_id, await pdf(2), 'invoice-during.pdf');
    expect(up.status).toBe(503);
    expect(up.body.error).toBe('storage_unavailable');
    expect(Number(up.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(typeof up.body.message).toBe('string');
    for (const key of errorSchema.required as string[]) expect(up.body).toHaveProperty(key);
    for (const key of Object.keys(up.body)) expect(errorKeys).toContain(key);
    expect(up.text).not.toMatch(/ECONNREFUSED|ECONNRESET|127\.0\.0\.1|blobs\/|internal/i);
    // A download needs the store too: the same 503, not a 500 or a 404.
    const down = await s.api('GET', `/api/v1/documents/${beforeId}/download`);
    expect(down.status).toBe(503);
    expect(down.body.error).toBe('storage_unavailable');

    // Readiness says not ready and names object storage; liveness is unaffected.
    const ready = await readiness(s);
    expect(ready.status).toBe(503);
    expect(ready.body.not_ready).toEqual(['object_storage']);
    expect(ready.body.message).toContain(bucket.settings.bucket);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);

    // The verification of the document uploaded before the outage runs now: its job fails and is
    // scheduled again, and no finding is raised against the document.
    const duringVerification = await f.verify(conversation_id, beforeId);
    const failed = await eventually(async () => {
      const job = await jobOf(duringVerification);
      return job && job.attempts >= 1 && job.last_error ? job : undefined;
    }, 60_000);
    expect(failed.status).not.toBe('failed'); // scheduled again, not given up
    expect(failed.last_error).toMatch(/object store did not answer/);
    expect((await s.api('GET', `/api/v1/conversations/${conversation_id}/verifications/${duringVerification}`)).body).toEqual({ status: 'not_ready' });
    expect(await s.d.ctx.db.selectFrom('findings').select('code').where('document_id', '=', beforeId).execute()).toEqual([]);

    // The store comes back after 5 s (or once the checks above are done, if they took longer).
    const left = OUTAGE_MS - (Date.now() - downAt);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    await proxy.start();

    await waitFor(async () => (await readiness(s)).status === 200, { timeout: 30_000, message: '/readyz answering 200 after the store returned' });
    const after = await f.upload(conversation_id, await pdf(3), 'invoice-after.pdf');
    expect(after.status).toBe(201);
    const afterId = after.body.document_id as string;
    expect((await s.api('GET', `/api/v1/documents/${beforeId}/download`)).status).toBe(200);
    const afterVerification = await f.verify(conversation_id, afterId);

    for (const [verificationId, documentId] of [
      [duringVerification, beforeId],
      [afterVerification, afterId],
    ] as const) {
      const results = await eventually(async () => {
        const r = await s.api('GET', `/api/v1/conversations/${conversation_id}/verifications/${verificationId}`);
        return r.body.status === 'ready' ? (r.body.result.check_results as { issue_id: string; text: string }[]) : undefined;
      }, 120_000);
      expect(JSON.stringify(results)).not.toMatch(FILE_PROBLEM);
      // The job is recorded done just after the verification is: wait for it, bounded.
      await waitFor(async () => (await jobOf(verificationId))?.status === 'done', { timeout: 30_000, message: `job of verification ${verificationId} done` });
      const doc = await s.d.ctx.db.selectFrom('documents').select('document_type').where('id', '=', documentId).executeTakeFirstOrThrow();
      expect(doc.document_type).toBe('invoice');
    }
    // The failures against the store were a dependency outage: they spent none of the job's attempts.
    expect((await jobOf(duringVerification))!.attempts).toBe(1);

    // The case result (its reports are stored in the bucket too) carries no finding about a stored file.
    expect((await f.complete(conversation_id)).status).toBeLessThan(300);
    const caseResult = await f.caseResult(case_id);
    expect(JSON.stringify(caseResult)).not.toMatch(FILE_PROBLEM);
    const findings = await s.d.ctx.db.selectFrom('findings').select(['code', 'text']).where('conversation_id', '=', conversation_id).execute();
    expect(JSON.stringify(findings)).not.toMatch(FILE_PROBLEM);
  }, 300_000);
});
