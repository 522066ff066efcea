// /readyz with REDIS_URL: the rate limits' counters live in Redis, and without it every
// rate-limited request is refused, so the process is ready only while Redis answers a PING;
// otherwise not ready, naming rate_limits. Liveness is unaffected.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';

async function readiness(s: TestServer) {
  const res = await fetch(`${s.url}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string; not_ready?: string[]; message?: string } };
}

/** Redis: TEST_REDIS_URL, else the machine's on 127.0.0.1:6379 when it answers. */
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const u = new URL(redisUrl);
  const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) }, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
  socket.setTimeout(1000, () => {
    socket.destroy();
    resolve(false);
  });
});

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
    expect(await readiness(s)).toEqual({ status: 200, body: { status: 'ready' } });
  });
});
