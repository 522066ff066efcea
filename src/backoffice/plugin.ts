// The back office as one encapsulated Fastify context: cookies, form bodies and its static assets,
// the session of every request, security headers, CSRF checks on every form, HTML error pages, and
// the routes (sign-in, cases, documents and reports, users). The web report (/reports/{id}) lives
// here too, because it is read with a back-office session.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { toAppError } from '../http/error-handler.ts';
import type { Session } from './sessions.service.ts';
import { errorPage } from './views/error-page.ts';
import { loginRedirect, viewerOf, type BackofficeDeps } from './guards.ts';
import { authRoutes } from './auth.routes.ts';
import { casesRoutes } from './cases.routes.ts';
import { filesRoutes } from './files.routes.ts';
import { usersRoutes } from './users.routes.ts';
import { brandRoutes } from './brand.routes.ts';
import { questionnaireRoutes } from './questionnaire.routes.ts';
import { jobsRoutes } from './jobs.routes.ts';
import { decisionsRoutes } from './decisions.routes.ts';
import { screeningRoutes } from './screening.routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    backoffice: Session | null;
  }
}

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/backoffice');

export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** A cross-site POST is refused whatever it carries: the Origin, when sent, must be ours. */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'null') return false;
  const own = [new URL(publicUrl).origin, `${request.protocol}://${request.headers.host ?? ''}`];
  return own.includes(origin);
}

export const backofficeRoutes: FastifyPluginAsync<BackofficeDeps> = async (app, deps) => {
  await app.register(async (bo) => {
    if (!bo.hasRequestDecorator('cookies')) await bo.register(cookie);
    if (!bo.hasContentTypeParser('application/x-www-form-urlencoded')) await bo.register(formbody, { bodyLimit: 256 * 1024 });
    await bo.register(fastifyStatic, { root: WEB_DIR, prefix: '/backoffice/assets/', decorateReply: false, index: false, maxAge: 3600_000 });
    bo.decorateRequest('backoffice', null);

    bo.addHook('onRequest', async (request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'same-origin').header('Cross-Origin-Opener-Policy', 'same-origin');
      if (request.url.startsWith('/backoffice/assets/')) return;
      reply.header('Cache-Control', 'private, no-store').header('Content-Security-Policy', PAGE_CSP).header('X-Frame-Options', 'DENY');
      if (request.method === 'POST' && !sameOrigin(request, deps.config.PUBLIC_URL)) {
        return reply.status(403).type('text/html; charset=utf-8').send(errorPage(403, null));
      }
      const token = request.cookies[deps.sessions.cookieName];
      request.backoffice = await deps.sessions.load(token);
      if (token && !request.backoffice) reply.clearCookie(deps.sessions.cookieName, deps.sessions.cookieOptions());
    });

    bo.setErrorHandler((err, request, reply) => {
      const appError = toAppError(err as Error);
      const status = appError?.statusCode ?? 500;
      if (!appError) request.log.error({ err }, 'back-office page failed');
      if (appError?.retryAfterSeconds !== undefined) reply.header('Retry-After', String(appError.retryAfterSeconds));
      const viewer = request.backoffice ? viewerOf(request.backoffice) : null;
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .send(errorPage(status, viewer, status === 500 ? request.id : appError?.message));
    });

    authRoutes(bo, deps);
    casesRoutes(bo, deps);
    filesRoutes(bo, deps);
    usersRoutes(bo, deps);
    brandRoutes(bo, deps);
    questionnaireRoutes(bo, deps);
    jobsRoutes(bo, deps);
    decisionsRoutes(bo, deps);
    screeningRoutes(bo, deps);
    // Any other back-office address: the same page as an id that is not there.
    bo.get('/backoffice/*', { schema: { hide: true } }, async (request, reply) => {
      if (!request.backoffice) return loginRedirect(request, reply);
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(errorPage(404, viewerOf(request.backoffice)));
    });
  });
};
