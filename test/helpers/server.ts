// Starts a real Dossier on a real port with a real database, and speaks HTTP to it.
import { afterAll } from 'vitest';
import { buildDossier, type Dossier } from '../../src/app.ts';
import { loadConfig, type ConfigOverrides } from '../../src/config.ts';
import { createTestStorage, type TestStorage } from './database.ts';
import { setupAll } from './setup.ts';
import { poll } from './wait.ts';
import { profileFor } from './profile.ts';
import { freePort } from './ports.ts';

export { freePort };

export { scaled, waitFor } from './wait.ts';

export interface ApiCredentials {
  username: string;
  password: string;
}

export interface TestServer {
  url: string;
  d: Dossier;
  storage: TestStorage;
  /** Credentials of the API client every test server starts with. */
  client: ApiCredentials;
  api: ApiCaller;
  /** An API caller with other credentials. */
  as(creds: ApiCredentials | null): ApiCaller;
  newClient(username: string): Promise<ApiCaller & { creds: ApiCredentials }>;
  close(): Promise<void>;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export type ApiCaller = (method: string, path: string, body?: unknown, init?: { headers?: Record<string, string>; raw?: BodyInit }) => Promise<ApiResponse>;

export function basic(creds: ApiCredentials): string {
  return `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}`;
}

function caller(url: string, creds: ApiCredentials | null): ApiCaller {
  return async (method, path, body, init = {}) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (creds) headers.authorization = basic(creds);
    let payload: BodyInit | undefined = init.raw;
    if (body !== undefined && payload === undefined) {
      headers['content-type'] ??= 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${url}${path}`, { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
}

export async function startServer(overrides: ConfigOverrides = {}, opts: { worker?: boolean; storage?: TestStorage } = {}): Promise<TestServer> {
  const storage = opts.storage ?? (await createTestStorage());
  const port = await freePort();
  const config = loadConfig(
    {},
    {
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      JOBS_POLL_MS: 50,
      SHUTDOWN_TIMEOUT_MS: 3000,
      ...profileFor(storage.databaseUrl),
      ...overrides,
    },
  );
  const d = await buildDossier(config);
  const client = { username: 'bank-a', password: 'bank-a-password-1' };
  if (!(await d.services.clients.list()).some((c) => c.username === client.username)) await d.services.clients.create(client);
  if (opts.worker !== false) d.startWorker();
  await d.http.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    d,
    storage,
    client,
    api: caller(url, client),
    as: (creds) => caller(url, creds),
    async newClient(username) {
      const creds = { username, password: `${username}-password-1` };
      await d.services.clients.create(creds);
      return Object.assign(caller(url, creds), { creds });
    },
    async close() {
      await d.close();
      if (!opts.storage) await storage.drop();
    },
  };
}

/**
 * A server shared by the tests of one file (or of the describe block it is called in): started
 * before them with setupAll, so a server that fails to start fails each test instead of skipping
 * it, and closed after them. Use the returned object in tests as the TestServer; `ready` runs once
 * the server is up (creating users, for instance) and fails the tests the same way.
 */
export function useServer(overrides: ConfigOverrides = {}, opts: { worker?: boolean; storage?: TestStorage } = {}, ready?: (s: TestServer) => unknown): TestServer {
  let server: TestServer | undefined;
  setupAll(async () => {
    server = await startServer(overrides, opts);
    await ready?.(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (key === 'then') return undefined; // not a promise, even when awaited
      if (!server) throw new Error('the test server is not running: it failed to start, or is used outside a test');
      const value = Reflect.get(server, key);
      return typeof value === 'function' ? value.bind(server) : value;
    },
  });
}

/**
 * Polls until `check` returns a value (not undefined), or fails after `timeoutMs` (stretched by
 * TEST_TIMEOUT_SCALE). The default deadline is generous: a busy machine is slow, not broken.
 */
export function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  return poll(check, (v): v is T => v !== undefined, { timeout: timeoutMs, interval: everyMs });
}
