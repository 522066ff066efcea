// The guarded HTTP client against real loopback servers: private addresses refused unless
// allowed (by literal and by name), only http(s), no redirects, a deadline, a bounded answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { GuardedHttpClient, OutboundError } from '../../src/outbound/http-client.ts';

let server: http.Server;
let base: string;
const hits: string[] = [];

setupAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    req.on('end', () => {
      if (req.url === '/redirect') return res.writeHead(301, { location: '/target' }).end();
      if (req.url === '/big') return res.writeHead(200).end('x'.repeat(1_000_000));
      if (req.url === '/hang') return; // never answers
      res.writeHead(200, { 'content-type': 'text/plain' }).end('fine');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const client = (policy: 'false' | 'loopback' | 'true', timeoutMs = 5000) => new GuardedHttpClient({ policy, timeoutMs, maxBodyBytes: 1024, userAgent: 'test' });

async function failure(p: Promise<unknown>): Promise<OutboundError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

describe('guarded outbound HTTP', () => {
  it('refuses loopback by default, by address and by name, without sending anything', async () => {
    const c = client('false');
    const before = hits.length;
    expect((await failure(c.post(`${base}/a`, {}, '{}'))).kind).toBe('refused_address');
    const byName = await failure(c.post(base.replace('127.0.0.1', 'localhost') + '/b', {}, '{}'));
    expect(byName.kind).toBe('refused_address');
    expect(byName.message).toMatch(/localhost resolves to .* private, loopback or link-local/);
    expect((await failure(c.post('http://[::1]:9/c', {}, '{}'))).kind).toBe('refused_address');
    expect((await failure(c.post('http://169.254.169.254/latest/meta-data', {}, '{}'))).kind).toBe('refused_address');
    expect(hits.length).toBe(before);
    c.close();
  });

  it('with loopback allowed, still refuses other private addresses', async () => {
    const c = client('loopback');
    expect((await c.post(`${base}/ok`, {}, '{}')).body).toBe('fine');
    expect((await failure(c.post('http://10.0.0.1/x', {}, '{}'))).kind).toBe('refused_address');
    expect((await failure(c.post('http://192.168.1.1/x', {}, '{}'))).kind).toBe('refused_address');
    c.close();
  });

  it('calls only http and https URLs', async () => {
    const c = client('true');
    expect((await failure(c.post('ftp://127.0.0.1/x', {}, '{}'))).kind).toBe('invalid_url');
    expect((await failure(c.post('file:///etc/passwd', {}, '{}'))).kind).toBe('invalid_url');
    expect((await failure(c.post('not a url', {}, '{}'))).kind).toBe('invalid_url');
    c.close();
  });

  it('does not follow redirects', async () => {
    const c = client('loopback');
    const res = await c.post(`${base}/redirect`, {}, '{}');
    expect(res.status).toBe(301);
    expect(res.location).toBe('/target');
    expect(hits).not.toContain('/target');
    c.close();
  });

  it('reads at most the configured bytes of an answer', async () => {
    const c = client('loopback');
    const res = await c.post(`${base}/big`, {}, '{}');
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(1024);
    c.close();
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const c = client('loopback', 300);
    const err = await failure(c.post(`${base}/hang`, {}, '{}'));
    expect(err.kind).toBe('timeout');
    c.close();
  });

  it('reports a refused connection', async () => {
    const c = client('loopback');
    const err = await failure(c.post('http://127.0.0.1:9/x', {}, '{}'));
    expect(err.kind).toBe('connection');
    expect(err.message).toMatch(/ECONNREFUSED/);
    c.close();
  });
});
