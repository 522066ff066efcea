// The back office's address as printed at start and in the README, `/backoffice/` (and without the
// closing slash): the case list when signed in; the sign-in page when signed out, which then leads
// to the case list, never to "Not found".
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { csrfOf, formBody, seedCase, signInHttp } from './helpers.ts';

let s: TestServer;
const analyst = { username: 'ana', password: 'ana-password-123' };

setupAll(async () => {
  s = await startServer();
  await s.d.services.users.create({ ...analyst, clientUsername: 'bank-a' });
  await seedCase(s, s.api, { company: 'Entry Address Trading Ltd' });
});
afterAll(() => s?.close());

/** Signs in on the sign-in page a redirect led to, sending back the page's own `next`; returns where sign-in leads and the session cookie. */
async function signInAt(location: string): Promise<{ location: string; cookie: string }> {
  const page = await fetch(`${s.url}${location}`, { redirect: 'manual' });
  expect(page.status).toBe(200);
  const html = await page.text();
  const next = /name="next" value="([^"]*)"/
    .exec(html)![1]!
    .replace(/&#x2F;|&#47;/g, '/')
    .replace(/&amp;/g, '&');
  const loginCookie = page.headers
    .getSetCookie()
    .find((c) => c.startsWith('dossier_login_csrf='))!
    .split(';')[0]!;
  const res = await fetch(`${s.url}/backoffice/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: loginCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody({ ...analyst, _csrf: csrfOf(html), next }),
  });
  expect(res.status).toBe(303);
  return {
    location: res.headers.get('location')!,
    cookie: res.headers
      .getSetCookie()
      .find((c) => c.startsWith('dossier_session='))!
      .split(';')[0]!,
  };
}

describe('the back office address', () => {
  for (const address of ['/backoffice/', '/backoffice']) {
    it(`${address} signed out: sign-in, then the case list`, async () => {
      const first = await fetch(`${s.url}${address}`, { redirect: 'manual' });
      expect(first.status).toBe(303);
      const login = first.headers.get('location')!;
      expect(login).toMatch(/^\/backoffice\/login\?next=/);
      const signed = await signInAt(login);
      expect(signed.location).toBe('/backoffice/cases');
      const list = await fetch(`${s.url}${signed.location}`, { headers: { cookie: signed.cookie } });
      expect(list.status).toBe(200);
      expect(await list.text()).toContain('Entry Address Trading Ltd');
    });

    it(`${address} signed in: the case list`, async () => {
      const session = await signInHttp(s.url, analyst.username, analyst.password);
      const res = await session.get(address);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/backoffice/cases');
      const list = await session.get('/backoffice/cases');
      expect(list.status).toBe(200);
      expect(await list.text()).toContain('Entry Address Trading Ltd');
    });
  }

  it('a sign-in link that was made for /backoffice/ also ends on the case list', async () => {
    const signed = await signInAt(`/backoffice/login?next=${encodeURIComponent('/backoffice/')}`);
    const res = await fetch(`${s.url}${signed.location}`, { headers: { cookie: signed.cookie }, redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${s.url}/backoffice/cases`);
    expect(await res.text()).toContain('Entry Address Trading Ltd');
  });
});
