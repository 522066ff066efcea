// /readyz with STORAGE=s3: ready only while the bucket answers a HeadBucket with our credentials;
// otherwise not ready, naming object_storage.
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { createTestBucket, s3Endpoint, S3_SKIP_REASON, type TestBucket } from '../helpers/s3.ts';

async function readiness(s: TestServer) {
  const res = await fetch(`${s.url}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string; not_ready?: string[]; message?: string } };
}

describe('readiness with an unreachable S3 endpoint', () => {
  let s: TestServer;
  setupAll(async () => {
    const port = await freePort(); // nothing listens there
    s = await startServer({ STORAGE: 's3', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'dossier-files', S3_FORCE_PATH_STYLE: true, S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is not ready and names object_storage and the bucket', async () => {
    const { status, body } = await readiness(s);
    expect(status).toBe(503);
    expect(body.not_ready).toEqual(['object_storage']);
    expect(body.message).toMatch(/dossier-files/);
    // Liveness is unaffected: the process itself is fine.
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });
});

describe.skipIf(!s3Endpoint)(`readiness with a real S3 API${s3Endpoint ? '' : ` (${S3_SKIP_REASON})`}`, () => {
  let bucket: TestBucket;
  let good: TestServer;
  let absent: TestServer;
  setupAll(async () => {
    bucket = await createTestBucket();
    good = await startServer(bucket.overrides);
    absent = await startServer({ ...bucket.overrides, S3_BUCKET: `${bucket.settings.bucket}-absent` });
  });
  afterAll(async () => {
    await good?.close();
    await absent?.close();
    await bucket?.drop();
  });

  it('is ready when the bucket answers', async () => {
    expect(await readiness(good)).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('is not ready when the bucket does not exist, naming S3_BUCKET', async () => {
    const { status, body } = await readiness(absent);
    expect(status).toBe(503);
    expect(body.not_ready).toEqual(['object_storage']);
    expect(body.message).toMatch(/S3_BUCKET/);
  });
});
