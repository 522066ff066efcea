// /readyz with REDIS_URL: the rate limits' counters live in Redis, and without it every
// rate-limited request is refused, so the process is ready only while Redis answers a PING;
// otherwise not ready, naming rate_limits. Liveness is unaffected.
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { redisAnswers as isRedisAnswering, redisUrl } from '../helpers/redis.ts';

async function readiness(s: TestServer) {
  const res = await fetch(`${s.url}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string; not_ready?: string[]; message?: string } };
}

const redisAnswers = await isRedisAnswering();

describe('readiness with a Redis that does not answer', () => {
  let s: TestServer;
  setupAll(async () => {
    const port = await freePort(); // nothing listens there
    s = await startServer({ REDIS_URL: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is not ready and names rate_limits and REDIS_URL', async () => {
    const { status, body } = await readiness(s);
    expect(status).toBe(503);
    expect(body.not_ready).toEqual(['rate_limits']);
    expect(body.message).toMatch(/Redis \(REDIS_URL\), which holds the rate limits, did not answer/);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });
});

describe.skipIf(!redisAnswers)(`readiness with Redis answering${redisAnswers ? '' : ` (skipped: no Redis answers at ${redisUrl})`}`, () => {
  let s: TestServer;
  setupAll(async () => {
    s = await startServer({ REDIS_URL: redisUrl });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is ready', async () => {
    expect(await readiness(s)).toMatchObject({ status: 200, body: { status: 'ready' } });
  });
});
