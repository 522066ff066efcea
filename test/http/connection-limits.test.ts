// Hostile clients at the connection level: a thousand request bodies that never finish, headers
// that never end, and one address (or everyone) opening more connections than its share. The server
// keeps answering others, closes the stalled connections within the configured time limits, and
// answers connections over a cap at once with 429/503 and Retry-After instead of holding them.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { scaled, startServer, waitFor, type TestServer } from '../helpers/server.ts';
import { parseProcLimits } from '../../src/http/connection-limits.ts';

/** A connection that sent part of a request and then nothing more. */
interface Stalled {
  socket: net.Socket;
  /** What the server sent back, as text. */
  answer: string;
  sentAt: number;
  closedAt: number | null;
}

function stall(port: number, from: string, partial: string): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    const s: Stalled = { socket, answer: '', sentAt: 0, closedAt: null };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (s.answer += chunk));
    socket.on('close', () => (s.closedAt = Date.now()));
    socket.on('error', (err) => (s.sentAt === 0 ? reject(err) : undefined));
    socket.once('connect', () => {
      socket.write(partial);
      s.sentAt = Date.now();
      resolve(s);
    });
  });
}

/** POST /backoffice/login announcing a longer body than it sends. */
const STALLED_LOGIN = 'POST /backoffice/login HTTP/1.1\r\nHost: dossier.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nusername=admin&pass';
const STALLED_HEADERS = 'GET /healthz HTTP/1.1\r\nHost: dossier.test\r\nX-Slow: ';

/** GET a path from a chosen local address; resolves with the status and body, whatever they are. */
function getFrom(port: number, from: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ port, host: '127.0.0.1', localAddress: from, path, agent: false, timeout: scaled(5000) }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to ${path} from ${from}`)));
    req.on('error', reject);
  });
}

async function openConnections(s: TestServer): Promise<number> {
  const res = await fetch(`${s.url}/readyz`, { signal: AbortSignal.timeout(scaled(10_000)) });
  return (await res.json()).details.connections.open;
}

const port = (s: TestServer) => Number(new URL(s.url).port);

// Both ends of every connection live in this process: it needs two descriptors per connection.
const fileLimit = (() => {
  try {
    return parseProcLimits(fs.readFileSync('/proc/self/limits', 'utf8')) ?? 1024;
  } catch {
    return 1024;
  }
})();
const STALLED = Math.min(1000, Math.floor((fileLimit - 400) / 2));
const scaledNote = STALLED < 1000 ? ` (scaled down from 1,000: this process may open ${fileLimit} files)` : '';

describe('time limits on every connection', () => {
  const REQUEST_TIMEOUT_MS = 10_000;
  const HEADERS_TIMEOUT_MS = 1000;
  let s: TestServer;
  setupAll(async () => {
    s = await startServer({ HTTP_REQUEST_TIMEOUT_MS: REQUEST_TIMEOUT_MS, HTTP_HEADERS_TIMEOUT_MS: HEADERS_TIMEOUT_MS, HTTP_MAX_CONNECTIONS_PER_ADDRESS: 0 }, { worker: false });
  }, 60_000);
  afterAll(() => s?.close());

  it(`${STALLED} stalled login bodies leave /healthz answering at once and are closed within HTTP_REQUEST_TIMEOUT_MS${scaledNote}`, { timeout: scaled(120_000) }, async () => {
    const stalled: Stalled[] = [];
    try {
      for (let i = 0; i < STALLED; i += 100) {
        stalled.push(...(await Promise.all(Array.from({ length: Math.min(100, STALLED - i) }, () => stall(port(s), '127.0.0.2', STALLED_LOGIN)))));
      }
      // The server holds them (a busy machine may take a while to open them all, but not the limit).
      const held = stalled.filter((c) => c.closedAt === null).length;
      expect(held).toBeGreaterThan(STALLED / 2);
      expect(await openConnections(s)).toBeGreaterThanOrEqual(held);

      const health = await fetch(`${s.url}/healthz`, { signal: AbortSignal.timeout(scaled(1000)) });
      expect(health.status).toBe(200);

      // Each is closed by the server once the whole-request limit has passed (Node looks every
      // quarter of the shortest limit), answered 408, none before its time.
      await waitFor(() => stalled.every((c) => c.closedAt !== null), { timeout: REQUEST_TIMEOUT_MS + 5000, message: 'every stalled body to be closed' });
      const lateness = stalled.map((c) => c.closedAt! - c.sentAt - REQUEST_TIMEOUT_MS);
      expect(Math.min(...lateness)).toBeGreaterThanOrEqual(-100);
      expect(Math.max(...lateness)).toBeLessThanOrEqual(scaled(5000));
      expect(stalled.filter((c) => !c.answer.startsWith('HTTP/1.1 408'))).toHaveLength(0);
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    } finally {
      for (const c of stalled) c.socket.destroy();
    }
  });

  it('closes a connection whose headers never end within HTTP_HEADERS_TIMEOUT_MS', { timeout: scaled(60_000) }, async () => {
    const c = await stall(port(s), '127.0.0.2', STALLED_HEADERS);
    try {
      await waitFor(() => c.closedAt !== null, { timeout: HEADERS_TIMEOUT_MS + 5000, message: 'the connection with unfinished headers to be closed' });
      expect(c.answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      c.socket.destroy();
    }
  });

  it('refuses a sign-in body larger than a sign-in form needs with 413', async () => {
    const res = await fetch(`${s.url}/backoffice/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=admin&password=${'x'.repeat(20 * 1024)}`,
      signal: AbortSignal.timeout(scaled(10_000)),
    });
    expect(res.status).toBe(413);
  });
});

describe('connection caps', () => {
  const PER_ADDRESS = 5;
  const TOTAL = 8;
  let s: TestServer;
  setupAll(async () => {
    s = await startServer({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: PER_ADDRESS, HTTP_MAX_CONNECTIONS: TOTAL, HTTP_REQUEST_TIMEOUT_MS: 60_000 }, { worker: false });
  }, 60_000);
  afterAll(() => s?.close());

  it('answers an address over its share 429 with Retry-After at once, while other addresses are served', { timeout: scaled(60_000) }, async () => {
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => stall(port(s), '127.0.0.3', STALLED_LOGIN)));
    try {
      const over = await stall(port(s), '127.0.0.3', STALLED_LOGIN);
      await waitFor(() => over.closedAt !== null, { timeout: 5000, message: 'the connection over the address cap to be answered and closed' });
      expect(over.answer).toMatch(/^HTTP\/1\.1 429/);
      expect(over.answer).toMatch(/\r\nRetry-After: \d+\r\n/i);
      expect(over.answer).toContain('"error":"too_many_connections"');
      // Another address is served, and the held ones are still open.
      const other = await getFrom(port(s), '127.0.0.4', '/healthz');
      expect(other.status).toBe(200);
      expect(held.filter((c) => c.closedAt !== null)).toHaveLength(0);
    } finally {
      for (const c of held) c.socket.destroy();
    }
    // Once its connections are closed, the address is served again.
    const again = await waitFor(async () => {
      const r = await getFrom(port(s), '127.0.0.3', '/healthz');
      return r.status === 200 ? r : undefined;
    });
    expect(again.body).toContain('ok');
  });

  it('answers 503 with Retry-After over the total cap, and /readyz states the caps and the open-file limit', { timeout: scaled(60_000) }, async () => {
    const held = [
      ...(await Promise.all(Array.from({ length: PER_ADDRESS }, () => stall(port(s), '127.0.0.5', STALLED_LOGIN)))),
      ...(await Promise.all(Array.from({ length: TOTAL - PER_ADDRESS }, () => stall(port(s), '127.0.0.6', STALLED_LOGIN)))),
    ];
    try {
      await waitFor(async () => {
        const r = await getFrom(port(s), '127.0.0.7', '/healthz');
        return r.status === 503 ? r : undefined;
      });
      const over = await getFrom(port(s), '127.0.0.7', '/api/v1/openapi.json');
      expect(over.status).toBe(503);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(over.body)).toMatchObject({ error: 'server_busy' });
    } finally {
      for (const c of held) c.socket.destroy();
    }
    const ready = await waitFor(async () => {
      const r = await fetch(`${s.url}/readyz`);
      return r.status === 200 ? r.json() : undefined;
    });
    expect(ready).toMatchObject({
      status: 'ready',
      details: { connections: { max_connections: TOTAL, max_connections_per_address: PER_ADDRESS, file_descriptor_limit: fileLimit } },
    });
    expect(ready.details.connections.shed_total).toBeGreaterThanOrEqual(2);
  });
});
