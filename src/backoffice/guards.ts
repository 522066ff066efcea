// Who may see what in the back office: signed-in users, administrators, and forms that carry the
// session's CSRF token. Used as preHandlers by every back-office route.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Links } from '../lib/links.ts';
import { sameSecret, type SessionService } from './sessions.service.ts';
import { errorPage } from './views/error-page.ts';
import type { Viewer } from './views/layout.ts';
import type { Session } from './sessions.service.ts';
import type { BackofficeServices } from './api-services.ts';
import type { CaseViewService } from './case-view.service.ts';
import type { CaseListService } from './case-list.service.ts';
import type { ClientJobsService } from './jobs-of-client.ts';

/** The back office's own services besides those the API uses. */
export interface BackofficePageServices extends BackofficeServices {
  caseView: CaseViewService;
  caseList: CaseListService;
  clientJobs: ClientJobsService;
}

/** What the back office's routes are given (never the services' context: they act through services). */
export interface BackofficeDeps {
  services: BackofficePageServices;
  sessions: SessionService;
  config: Pick<Config, 'PUBLIC_URL' | 'LOGIN_LOCKOUT_MINUTES' | 'LOGIN_MAX_FAILURES'>;
  links: Pick<Links, 'dialog'>;
  log: Logger;
}

export function viewerOf(session: Session): Viewer {
  return {
    username: session.user.username,
    role: session.user.role,
    clientName: session.clientName,
    csrfToken: session.csrfToken,
    webhookWithoutCredentials: session.webhookWithoutCredentials,
  };
}

/** Where a signed-out visitor is sent: the sign-in page, which brings them back afterwards. */
export function loginRedirect(request: FastifyRequest, reply: FastifyReply) {
  const next = request.method === 'GET' ? request.url : '/backoffice/cases';
  return reply.redirect(`/backoffice/login?next=${encodeURIComponent(next)}`, 303);
}

/** preHandler: a signed-in user, else the sign-in page. */
export async function signedIn(request: FastifyRequest, reply: FastifyReply) {
  if (!request.backoffice) return loginRedirect(request, reply);
}

/** preHandler: an administrator; anyone else gets the same 404 as for a page that does not exist. */
export async function adminOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!request.backoffice) return loginRedirect(request, reply);
  if (request.backoffice.user.role !== 'admin')
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(errorPage(404, viewerOf(request.backoffice)));
}

/** preHandler for forms of signed-in users: the session's CSRF token must come back with the form. */
export async function csrfChecked(request: FastifyRequest, reply: FastifyReply) {
  if (!request.backoffice) return loginRedirect(request, reply);
  const sent = (request.body as Record<string, unknown> | undefined)?._csrf;
  if (!sameSecret(typeof sent === 'string' ? sent : undefined, request.backoffice.csrfToken)) {
    request.log.warn({ userId: request.backoffice.user.id }, 'back-office form refused: CSRF token missing or wrong');
    return reply
      .status(403)
      .type('text/html; charset=utf-8')
      .send(errorPage(403, viewerOf(request.backoffice)));
  }
}
