// Back-office sign-in over real HTTP: the web report link sends a signed-out user to the sign-in
// page and back, the session cookie's attributes, CSRF on every form, lock-out after repeated
// failures (lifted by a password reset), sign-out, session expiry, and a user of another API client
// meeting only 404s.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { basic, startServer, type TestServer } from '../helpers/server.ts';
import { loadConfig } from '../../src/config.ts';
import { SessionService } from '../../src/backoffice/sessions.service.ts';
import { safeNext } from '../../src/backoffice/auth.routes.ts';
import { csrfOf, formBody, seedCase, signInHttp, type SeededCase } from './helpers.ts';

let s: TestServer;
let a: SeededCase;
const analyst = { username: 'ana', password: 'ana-password-123' };

setupAll(async () => {
  s = await startServer({ LOGIN_MAX_FAILURES: 3, LOGIN_LOCKOUT_MINUTES: 5 });
  await s.d.services.users.create({ ...analyst, clientUsername: 'bank-a' });
  a = await seedCase(s, s.api, { complete: true });
});
afterAll(() => s?.close());

async function loginPage(next = '') {
  const res = await fetch(`${s.url}/backoffice/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  const cookie = /dossier_login_csrf=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))![1]!;
  return { cookie: `dossier_login_csrf=${cookie}`, csrf: csrfOf(await res.text()) };
}

async function postLogin(username: string, password: string, next = '/backoffice/cases') {
  const page = await loginPage();
  return fetch(`${s.url}/backoffice/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: page.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody({ username, password, _csrf: page.csrf, next }),
  });
}

describe('signing in', () => {
  it('sends a signed-out visitor of a web report to the sign-in page and back', async () => {
    const report = `/reports/${a.conversation_id}`;
    const first = await fetch(`${s.url}${report}`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/backoffice/login?next=${encodeURIComponent(report)}`);
    const res = await postLogin(analyst.username, analyst.password, report);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(report);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('dossier_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    const page = await fetch(`${s.url}${report}`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('Acme Trading Ltd');
  });

  it('marks the cookie Secure (with the __Host- prefix) when Dossier is reached over TLS', () => {
    const config = loadConfig({}, { PUBLIC_URL: 'https://dossier.example.com', DATA_DIR: s.storage.dataDir });
    const sessions = new SessionService({ ...s.d.ctx, config });
    expect(sessions.cookieName).toBe('__Host-dossier_session');
    expect(sessions.cookieOptions()).toEqual({ path: '/', httpOnly: true, sameSite: 'lax', secure: true });
  });

  it('returns only to its own pages', () => {
    expect(safeNext('/reports/abc')).toBe('/reports/abc');
    expect(safeNext('/backoffice/cases?q=x')).toBe('/backoffice/cases?q=x');
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/api/v1/cases', 'javascript:alert(1)', undefined]) {
      expect(safeNext(bad)).toBe('/backoffice/cases');
    }
  });

  it('refuses a sign-in form without its CSRF token', async () => {
    const res = await fetch(`${s.url}/backoffice/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody({ username: analyst.username, password: analyst.password, _csrf: 'forged' }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('dossier_session='))).toBe(false);
  });

  it('refuses a form of a signed-in user without the session CSRF token, or from another site', async () => {
    const session = await signInHttp(s.url, analyst.username, analyst.password);
    const form = { conversation_id: a.conversation_id, issue_id: a.issues[0]!.issue_id, comment_text: 'forged' };
    const noToken = await fetch(`${s.url}/backoffice/cases/${a.case_id}/comments`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody(form),
    });
    expect(noToken.status).toBe(403);
    const otherSite = await fetch(`${s.url}/backoffice/cases/${a.case_id}/comments`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: session.cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody({ ...form, _csrf: session.csrf }),
    });
    expect(otherSite.status).toBe(403);
    const comments = await s.d.ctx.db.selectFrom('comments').selectAll().where('comment_text', '=', 'forged').execute();
    expect(comments).toHaveLength(0);
  });

  it('locks a username after repeated failures, whether or not it exists, until a password reset', async () => {
    await s.d.services.users.create({ username: 'lock-me', clientUsername: 'bank-a', password: 'lock-me-password-1' });
    for (let i = 0; i < 3; i++) expect((await postLogin('lock-me', 'wrong-password')).status).toBe(401);
    const locked = await postLogin('lock-me', 'lock-me-password-1');
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Too many failed sign-ins for this username/);
    for (let i = 0; i < 3; i++) await postLogin('nobody-here', 'wrong-password');
    expect(await (await postLogin('nobody-here', 'whatever-password')).text()).toMatch(/Too many failed sign-ins for this username/);

    const { password } = await s.d.services.users.resetPassword('lock-me');
    expect((await postLogin('lock-me', password)).status).toBe(303);
  });

  it('ends every session of a user whose password is reset', async () => {
    await s.d.services.users.create({ username: 'reset-me', clientUsername: 'bank-a', password: 'reset-me-password-1' });
    const session = await signInHttp(s.url, 'reset-me', 'reset-me-password-1');
    expect((await session.get('/backoffice/cases')).status).toBe(200);
    await s.d.services.users.resetPassword('reset-me', 'reset-me-password-2');
    expect((await session.get('/backoffice/cases')).status).toBe(303);
  });

  it('signs out, after which the session cookie is worthless', async () => {
    const session = await signInHttp(s.url, analyst.username, analyst.password);
    const out = await session.post('/backoffice/logout', {});
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/backoffice/login?notice=signed-out');
    const after = await session.get(`/reports/${a.conversation_id}`);
    expect(after.status).toBe(303);
    expect(after.headers.get('location')).toMatch(/^\/backoffice\/login\?next=/);
  });

  it('ends a session left idle too long', async () => {
    const session = await signInHttp(s.url, analyst.username, analyst.password);
    await s.d.ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: Date.now() - 2 * 3600_000 })
      .execute();
    expect((await session.get('/backoffice/cases')).status).toBe(303);
  });

  it('still lets a script read a web report with the user credentials over HTTP Basic', async () => {
    const ok = await fetch(`${s.url}/reports/${a.conversation_id}`, { headers: { authorization: basic(analyst) } });
    expect(ok.status).toBe(200);
    const wrong = await fetch(`${s.url}/reports/${a.conversation_id}`, { headers: { authorization: basic(s.client) } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
  });
});

describe('another organisation', () => {
  it('meets only 404s for the cases, documents and reports of another API client', async () => {
    const b = await s.newClient('bank-b');
    await s.d.services.users.create({ username: 'bob', clientUsername: 'bank-b', password: 'bob-password-1234' });
    const own = await seedCase(s, b, { company: 'Bravo Holdings Ltd', ownership: false });
    const session = await signInHttp(s.url, 'bob', 'bob-password-1234');
    const docId = (await s.d.ctx.db.selectFrom('documents').select('id').where('case_id', '=', a.case_id).executeTakeFirstOrThrow()).id;
    for (const path of [
      `/backoffice/cases/${a.case_id}`,
      `/backoffice/cases/${a.case_id}/follow-up`,
      `/reports/${a.conversation_id}`,
      `/backoffice/documents/${docId}/preview`,
      `/backoffice/documents/${docId}/download`,
      `/backoffice/conversations/${a.conversation_id}/report.pdf`,
      `/backoffice/cases/${a.case_id}/report.pdf`,
    ]) {
      const res = await session.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('Acme');
    }
    const posts: [string, Record<string, string>][] = [
      [`/backoffice/cases/${a.case_id}/comments`, { conversation_id: a.conversation_id, issue_id: a.issues[0]!.issue_id, comment_text: 'x' }],
      [`/backoffice/cases/${a.case_id}/follow-up`, { case_kind: 'monitoring_follow_up', modules: 'invoice' }],
      [`/backoffice/conversations/${a.conversation_id}/invitation`, {}],
    ];
    for (const [path, form] of posts) expect((await session.post(path, form)).status, path).toBe(404);
    const list = await (await session.get('/backoffice/cases')).text();
    expect(list).toContain('Bravo Holdings Ltd');
    expect(list).not.toContain('Acme Trading Ltd');
    expect((await session.get(`/backoffice/cases/${own.case_id}`)).status).toBe(200);
    const conversations = await s.d.ctx.db.selectFrom('conversations').select('id').where('case_id', '=', a.case_id).execute();
    expect(conversations).toHaveLength(1);
  });

  it("answers 404 to an administrator for another organisation's users and deliveries, and to ids that are not UUIDs", async () => {
    const c = await s.newClient('bank-c');
    await s.d.services.users.create({ username: 'cleo', clientUsername: 'bank-c', password: 'cleo-password-1234', role: 'admin' });
    const own = await seedCase(s, c, { company: 'Charlie Traders Ltd', ownership: false });
    const session = await signInHttp(s.url, 'cleo', 'cleo-password-1234');
    const ana = await s.d.ctx.db.selectFrom('users').select(['id', 'password_hash']).where('username', '=', 'ana').executeTakeFirstOrThrow();
    const clientA = await s.d.ctx.db.selectFrom('cases').select('client_id').where('id', '=', a.case_id).executeTakeFirstOrThrow();
    const [deliveryId] = await s.d.services.mail.inviteToConversation({ id: clientA.client_id }, a.conversation_id, ['someone@example.com']);
    const posts = [
      `/backoffice/users/${ana.id}/reset-password`,
      `/backoffice/deliveries/${deliveryId}/resend`,
      '/backoffice/users/not-an-id/reset-password',
      '/backoffice/deliveries/not-an-id/resend',
    ];
    for (const path of posts) expect((await session.post(path, {})).status, path).toBe(404);
    const after = await s.d.ctx.db.selectFrom('users').select('password_hash').where('id', '=', ana.id).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(ana.password_hash);
    for (const path of [
      '/backoffice/cases/not-an-id',
      '/backoffice/documents/not-an-id/preview',
      '/backoffice/conversations/not-an-id/report.pdf',
      '/backoffice/cases/not-an-id/report.pdf',
      '/reports/not-an-id',
      // Its own conversation, whose report is not generated yet: nothing at this address either.
      `/backoffice/conversations/${own.conversation_id}/report.pdf`,
      `/backoffice/cases/${own.case_id}/report.pdf`,
    ]) {
      expect((await session.get(path)).status, path).toBe(404);
    }
  });
});
