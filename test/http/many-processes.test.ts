// Several `dossier serve` processes on one database, as behind a load balancer. On PostgreSQL
// they share the rate limit of an API client (two processes with 20 a minute let 20 through, not
// 40), and three processes started together on an empty database all come up, with exactly one
// API client and one back-office user between them. On SQLite one process serves alone: its
// limit is checked the same way.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { basic, freePort, scaled, startServer, waitFor, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { createTestStorage, postgresBaseUrl, type TestStorage } from '../helpers/database.ts';
import { flows } from '../helpers/factories.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { migrateToLatest, openDatabase } from '../../src/db/db.ts';
import { redisAnswers as isRedisAnswering, redisUrl } from '../helpers/redis.ts';

type Child = ChildProcess & { output: () => string };

async function startServe(env: Record<string, string>): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const child = runDossier(['serve'], { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function ready(p: { child: Child; url: string }): Promise<void> {
  await waitFor(
    async () => {
      if (p.child.exitCode !== null) throw new Error(`dossier serve exited (${p.child.exitCode}):\n${p.child.output()}`);
      const res = await fetch(`${p.url}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
      return res?.status === 200;
    },
    { timeout: 90_000, interval: 100, message: `${p.url}/readyz` },
  );
}

async function stop(children: Child[]): Promise<void> {
  await Promise.all(
    children.map(async (c) => {
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
      const end = await exited(c);
      expect(end.code, c.output()).toBe(0);
    }),
  );
}

const processes = postgresBaseUrl ? 2 : 1;

const redisAnswers = await isRedisAnswering();

describe(`the API rate limit with ${processes} serve process${processes > 1 ? 'es' : ''} on one database`, { timeout: scaled(180_000) }, () => {
  sharedLimits(processes, {});
});

describe.skipIf(!redisAnswers)(`the API rate limit with 2 serve processes counting in Redis${redisAnswers ? '' : ` (skipped: no Redis answers at ${redisUrl})`}`, { timeout: scaled(180_000) }, () => {
  sharedLimits(2, { REDIS_URL: redisUrl });
});

function sharedLimits(processes: number, extraEnv: Record<string, string>): void {
  let storage: TestStorage;
  let s: TestServer;
  const children: Child[] = [];
  let urls: string[] = [];

  setupAll(async () => {
    storage = await createTestStorage();
    // This in-process server creates the client and its case without counting (its limit is off).
    s = await startServer({ RATE_LIMIT_PER_MINUTE: 0 }, { worker: false, storage });
    const env = {
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      RATE_LIMIT_PER_MINUTE: '20',
      DIALOG_RATE_LIMIT_PER_MINUTE: '10',
      API_USERNAME: s.client.username,
      API_PASSWORD: s.client.password,
      ADMIN_PASSWORD: 'admin-password-1234',
      ...extraEnv,
    };
    const started = [];
    for (let i = 0; i < processes; i++) started.push(await startServe(env));
    children.push(...started.map((p) => p.child));
    await Promise.all(started.map(ready));
    urls = started.map((p) => p.url);
  });
  afterAll(async () => {
    await stop(children);
    await s?.close();
    await storage?.drop();
  });

  it('lets exactly 20 of 40 parallel requests through, the others 429 rate_limited', async () => {
    const { case_id } = await flows(s.api).createCase();
    const auth = basic(s.client);
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await fetch(`${urls[i % urls.length]}/api/v1/cases/${case_id}/result`, { headers: { authorization: auth } });
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
      }),
    );
    const ok = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(20);
    expect(limited).toHaveLength(20);
    for (const a of ok) expect(a.body).toMatchObject({ case_id, status: 'not_ready' });
    for (const a of limited) {
      expect(a.body.error).toBe('rate_limited');
      expect(typeof a.body.message).toBe('string');
      expect(a.body.message).toMatch(/20 per minute/);
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
    }
    // Another client's budget is its own.
    const other = await s.newClient(`other-${crypto.randomBytes(3).toString('hex')}`);
    const res = await fetch(`${urls[0]}/api/v1/cases/${case_id}/result`, { headers: { authorization: basic(other.creds) } });
    expect(res.status).toBe(404);
  });

  it('lets exactly 10 of 20 parallel dialog requests of one conversation through', async () => {
    const { conversation_id } = await flows(s.api).createCase();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(`${urls[i % urls.length]}/dialog/api/${conversation_id}/state`);
        const body = (await res.json()) as { error?: string };
        return res.status === 429 ? `429 ${body.error}` : String(res.status);
      }),
    );
    expect(statuses.filter((st) => st === '200')).toHaveLength(10);
    expect(statuses.filter((st) => st === '429 rate_limited')).toHaveLength(10);
  });
}

describe.skipIf(!postgresBaseUrl)('three serve processes starting together on an empty PostgreSQL database (skipped on SQLite: one process owns the file)', { timeout: scaled(180_000) }, () => {
  let storage: TestStorage;
  const children: Child[] = [];

  setupAll(async () => {
    storage = await createTestStorage();
  });
  afterAll(async () => {
    await stop(children);
    await storage?.drop();
  });

  it('all come up, with one API client and one back-office user between them', async () => {
    const env = { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, API_USERNAME: 'bank', API_PASSWORD: 'api-password-1234', ADMIN_PASSWORD: 'admin-password-1234' };
    const started = await Promise.all([0, 1, 2].map(() => startServe(env)));
    children.push(...started.map((p) => p.child));
    await Promise.all(started.map(ready));
    for (const p of started) {
      const res = await fetch(`${p.url}/api/v1/cases/${crypto.randomUUID()}/result`, { headers: { authorization: basic({ username: 'bank', password: 'api-password-1234' }) } });
      expect(res.status, p.child.output()).toBe(404);
    }
    const handle = openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
    try {
      // Nothing left to apply: the processes applied every migration.
      expect(await migrateToLatest(handle.db)).toEqual([]);
      const clients = await handle.db.selectFrom('api_clients').select('username').execute();
      const users = await handle.db.selectFrom('users').select(['username', 'role']).execute();
      expect(clients).toEqual([{ username: 'bank' }]);
      expect(users).toEqual([{ username: 'admin', role: 'admin' }]);
    } finally {
      await handle.close();
    }
  });
});

describe('three serve processes starting together on an embedded database that has no client or user yet', { timeout: scaled(180_000) }, () => {
  // The embedded database has no start-up lock: the file is migrated first (migrations on one
  // SQLite file are one process's job), then the processes race to create the first rows.
  let storage: TestStorage;
  const children: Child[] = [];

  setupAll(async () => {
    storage = await createTestStorage();
    const handle = openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
    await migrateToLatest(handle.db);
    await handle.close();
  });
  afterAll(async () => {
    await stop(children);
    await storage?.drop();
  });

  it('all come up: the processes that lose the race to create them find them created', async () => {
    const env = { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, API_USERNAME: 'bank', API_PASSWORD: 'api-password-1234', ADMIN_PASSWORD: 'admin-password-1234' };
    const started = await Promise.all([0, 1, 2].map(() => startServe(env)));
    children.push(...started.map((p) => p.child));
    await Promise.all(started.map(ready));
    const handle = openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
    try {
      expect(await handle.db.selectFrom('api_clients').select('username').execute()).toEqual([{ username: 'bank' }]);
      expect(await handle.db.selectFrom('users').select(['username', 'role']).execute()).toEqual([{ username: 'admin', role: 'admin' }]);
    } finally {
      await handle.close();
    }
    const signIn = await fetch(`${started[2]!.url}/api/v1/cases/${crypto.randomUUID()}/result`, { headers: { authorization: basic({ username: 'bank', password: 'api-password-1234' }) } });
    expect(signIn.status).toBe(404);
  });
});
