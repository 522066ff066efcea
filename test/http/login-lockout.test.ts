// Lock-outs under parallel attack: a burst of wrong passwords gets at most LOGIN_MAX_FAILURES of
// them checked, through the back-office form, HTTP Basic on /reports and the API, also when the
// burst is split over two servers sharing one database; and a flood from one address (seen behind
// a trusted proxy) never keeps a user out of the place the user signs in from.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { basic, startServer, type TestServer } from '../helpers/server.ts';
import { csrfOf, formBody } from '../backoffice/helpers.ts';

const MAX_FAILURES = 4;
let s: TestServer;
let twin: TestServer;

setupAll(async () => {
  s = await startServer({ LOGIN_MAX_FAILURES: MAX_FAILURES, TRUST_PROXY: 'loopback' }, { worker: false });
  // A second server on the same database: another process as far as the lock-out can tell.
  twin = await startServer({ LOGIN_MAX_FAILURES: MAX_FAILURES, TRUST_PROXY: 'loopback' }, { worker: false, storage: s.storage });
}, 60_000);
afterAll(async () => {
  await twin?.close();
  await s?.close();
});

async function postLogin(url: string, username: string, password: string, from?: string): Promise<number> {
  const headers = (extra: Record<string, string>) => ({ ...(from ? { 'x-forwarded-for': from } : {}), ...extra });
  const page = await fetch(`${url}/backoffice/login`, { headers: headers({}) });
  const cookie = /dossier_login_csrf=([^;]+)/.exec(page.headers.getSetCookie().join('\n'))![1]!;
  const res = await fetch(`${url}/backoffice/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: headers({ cookie: `dossier_login_csrf=${cookie}`, 'content-type': 'application/x-www-form-urlencoded' }),
    body: formBody({ username, password, _csrf: csrfOf(await page.text()), next: '/backoffice/cases' }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function getWithBasic(url: string, path: string, username: string, password: string): Promise<Response> {
  const res = await fetch(`${url}${path}`, { headers: { authorization: basic({ username, password }) }, redirect: 'manual' });
  await res.arrayBuffer();
  return res;
}

/** 30 wrong passwords at once and the right one sent last; statuses in sending order. */
async function burst(send: (password: string, i: number) => Promise<number>, right: string): Promise<number[]> {
  const all = Array.from({ length: 30 }, (_, i) => send(`wrong-password-${i}`, i));
  all.push(send(right, 30));
  return Promise.all(all);
}

/** At most MAX_FAILURES passwords were checked (a 401, or the right one let in); every other attempt was refused unchecked. */
function expectAtMostMaxChecked(statuses: number[], wrong: number, ok: (status: number) => boolean) {
  const checked = statuses.filter((st) => st === wrong || ok(st)).length;
  expect(checked).toBeLessThanOrEqual(MAX_FAILURES);
  expect(statuses.filter((st) => st === 429).length).toBe(statuses.length - checked);
}

const nowhere = '/api/v1/cases/00000000-0000-4000-8000-000000000000/result';

describe('parallel guessing', () => {
  it('lets a burst of parallel requests with the right API password through: none is taken for a failure', async () => {
    const client = await s.newClient('burst-right');
    const statuses = await Promise.all(Array.from({ length: 30 }, async () => (await getWithBasic(s.url, nowhere, 'burst-right', client.creds.password)).status));
    expect(statuses.every((st) => st === 404)).toBe(true);
  }, 60_000);

  it('lets parallel sign-ins with the right password in', async () => {
    await s.d.services.users.create({ username: 'busy-user', password: 'busy-user-password-1', clientUsername: 'bank-a' });
    const statuses = await Promise.all(Array.from({ length: 10 }, () => postLogin(s.url, 'busy-user', 'busy-user-password-1')));
    expect(statuses.every((st) => st === 303)).toBe(true);
  }, 60_000);

  it('checks at most LOGIN_MAX_FAILURES passwords of a sign-in burst over two servers, then keeps the account locked', async () => {
    await s.d.services.users.create({ username: 'burst-user', password: 'burst-user-password-1', clientUsername: 'bank-a' });
    const statuses = await burst((pw, i) => postLogin(i % 2 ? twin.url : s.url, 'burst-user', pw), 'burst-user-password-1');
    expectAtMostMaxChecked(statuses, 401, (st) => st === 303);
    expect(await postLogin(s.url, 'burst-user', 'burst-user-password-1')).toBe(429);
    expect(await s.d.services.users.lockedUntil('burst-user')).toBeGreaterThan(Date.now());
  }, 60_000);

  it('does the same for HTTP Basic on /reports', async () => {
    await s.d.services.users.create({ username: 'report-user', password: 'report-user-password-1', clientUsername: 'bank-a' });
    const report = '/reports/00000000-0000-4000-8000-000000000000';
    const statuses = await burst(async (pw) => (await getWithBasic(s.url, report, 'report-user', pw)).status, 'report-user-password-1');
    expectAtMostMaxChecked(statuses, 401, (st) => st === 404);
    const after = await getWithBasic(s.url, report, 'report-user', 'report-user-password-1');
    expect(after.status).toBe(429);
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);

  it('does the same for the API credentials, answering 429 rate_limited with Retry-After', async () => {
    const client = await s.newClient('burst-api');
    const statuses = await burst(async (pw, i) => (await getWithBasic(i % 2 ? twin.url : s.url, nowhere, 'burst-api', pw)).status, client.creds.password);
    expectAtMostMaxChecked(statuses, 401, (st) => st === 404);
    const after = await client('GET', nowhere);
    expect(after.status).toBe(429);
    expect(after.body.error).toBe('rate_limited');
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);

  it('answers 200 API guesses in a row with 429 once the limit is reached, never a fresh allowance per guess', async () => {
    await s.newClient('guessed-api');
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push((await getWithBasic(s.url, nowhere, 'guessed-api', `guess-${i}-password`)).status);
    expect(statuses.filter((st) => st === 401).length).toBe(MAX_FAILURES);
    expect(statuses.slice(MAX_FAILURES).every((st) => st === 429)).toBe(true);
  }, 60_000);
});

describe('a flood from one address', () => {
  const home = '203.0.113.7';
  const attacker = '198.51.100.9';

  it('does not keep the user out of the address the user signed in from', async () => {
    await s.d.services.users.create({ username: 'flo', password: 'flo-password-123', clientUsername: 'bank-a' });
    expect(await postLogin(s.url, 'flo', 'flo-password-123', home)).toBe(303);
    // Wrong passwords for the user and for many other names, from one address.
    for (let round = 0; round < 4; round++) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => postLogin(s.url, i % 2 ? 'flo' : `someone-${round}-${i}`, `wrong-${round}-${i}-password`, attacker)));
    }
    expect(await postLogin(s.url, `someone-new`, 'any-password-123', attacker)).toBe(429);
    // The account is locked for addresses it does not know, the attacker's included ...
    expect(await postLogin(s.url, 'flo', 'flo-password-123', attacker)).toBe(429);
    expect(await postLogin(s.url, 'flo', 'flo-password-123', '192.0.2.44')).toBe(429);
    // ... and the user still signs in from home.
    expect(await postLogin(s.url, 'flo', 'flo-password-123', home)).toBe(303);
  }, 60_000);

  it('sees each client behind a trusted proxy as its own address', async () => {
    for (let i = 0; i < 3; i++) expect(await postLogin(s.url, `nobody-${i}`, 'wrong-password-x', '198.51.100.200')).toBe(401);
    // Another client of the same proxy is not affected by those failures, nor by the flood above.
    await s.d.services.users.create({ username: 'proxied', password: 'proxied-password-1', clientUsername: 'bank-a' });
    expect(await postLogin(s.url, 'proxied', 'proxied-password-1', '198.51.100.201')).toBe(303);
  }, 60_000);
});
