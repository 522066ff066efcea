// Sign-in and sign-out. The sign-in form carries a CSRF token bound to a short-lived cookie (there is
// no session yet); a successful sign-in starts a new session and returns to where the user was going.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sameSecret } from './sessions.service.ts';
import { csrfChecked, type BackofficeDeps } from './guards.ts';
import { secondsUntil } from '../http/errors.ts';
import { SMALL_BODY_BYTES } from '../http/schemas.ts';
import { loginPage } from './views/login-page.ts';
import type { Flash } from './views/layout.ts';

const LOGIN_CSRF_COOKIE = 'dossier_login_csrf';

/** Only our own pages: a relative path under the back office or a web report, never another site. */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000) return '/backoffice/cases';
  if (!/^\/(backoffice\/|backoffice$|reports\/)/.test(next) || next.startsWith('//') || /[\\\r\n]/.test(next)) return '/backoffice/cases';
  return next;
}

const NOTICES: Record<string, Flash> = {
  'signed-out': { kind: 'success', text: 'You are signed out.' },
  expired: { kind: 'info', text: 'Your session has ended. Sign in again to continue.' },
};

function timeText(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(11, 16)} UTC`;
}

export function authRoutes(app: FastifyInstance, deps: BackofficeDeps): void {
  const { sessions, services, config } = deps;
  const lockMinutes = config.LOGIN_LOCKOUT_MINUTES;
  const maxFailures = config.LOGIN_MAX_FAILURES;

  const showLogin = (reply: FastifyReply, status: number, o: { next: string; username?: string; error?: string; notice?: Flash | null }) => {
    const csrf = randomToken();
    reply.setCookie(LOGIN_CSRF_COOKIE, csrf, { path: '/backoffice/login', httpOnly: true, sameSite: 'strict', secure: sessions.secure, maxAge: 3600 });
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(loginPage({ csrf, ...o }));
  };

  // The back office's address, with or without the closing slash: the case list (sign-in first when signed out).
  for (const entry of ['/backoffice', '/backoffice/']) {
    app.get(entry, { schema: { hide: true } }, async (request, reply) =>
      reply.redirect(request.backoffice ? '/backoffice/cases' : `/backoffice/login?next=${encodeURIComponent('/backoffice/cases')}`, 303),
    );
  }

  app.get('/backoffice/login', { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const query = request.query as { next?: string; notice?: string };
    const next = safeNext(query.next);
    if (request.backoffice) return reply.redirect(next, 303);
    return showLogin(reply, 200, { next, notice: NOTICES[query.notice ?? ''] ?? null });
  });

  app.post('/backoffice/login', { schema: { hide: true }, bodyLimit: SMALL_BODY_BYTES }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const next = safeNext(body.next);
    const username = typeof body.username === 'string' ? body.username.trim().slice(0, 200) : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!sameSecret(typeof body._csrf === 'string' ? body._csrf : undefined, request.cookies[LOGIN_CSRF_COOKIE])) {
      return showLogin(reply, 403, { next, username, error: 'The sign-in form had expired. Please sign in again.' });
    }
    if (!username || !password) return showLogin(reply, 400, { next, username, error: 'Enter your username and password.' });
    const result = await services.users.signIn(username, password, request.ip);
    if (!result.ok) {
      const error =
        result.reason === 'locked'
          ? `Too many failed sign-ins for this username. Try again after ${timeText(result.retryAt!)}, or ask an administrator to reset the password.`
          : result.reason === 'throttled'
            ? `Too many failed sign-ins from this network. Try again after ${timeText(result.retryAt!)}.`
            : `The username or password is wrong. After ${maxFailures} failed attempts in a row, sign-in is locked for ${lockMinutes} minutes (longer after further failures).`;
      request.log.info({ reason: result.reason }, 'back-office sign-in refused');
      if (result.retryAt) reply.header('Retry-After', String(secondsUntil(result.retryAt)));
      return showLogin(reply, result.reason === 'invalid' ? 401 : 429, { next, username, error });
    }
    await sessions.destroy(request.cookies[sessions.cookieName]);
    const { token } = await sessions.create(result.user, { ip: request.ip, userAgent: request.headers['user-agent'] });
    reply.setCookie(sessions.cookieName, token, sessions.cookieOptions());
    reply.clearCookie(LOGIN_CSRF_COOKIE, { path: '/backoffice/login' });
    return reply.redirect(next, 303);
  });

  app.post('/backoffice/logout', { schema: { hide: true }, bodyLimit: SMALL_BODY_BYTES, preHandler: csrfChecked }, async (request, reply) => {
    await sessions.destroy(request.cookies[sessions.cookieName]);
    reply.clearCookie(sessions.cookieName, sessions.cookieOptions());
    return reply.redirect('/backoffice/login?notice=signed-out', 303);
  });
}
