// Administrators manage the users of their own organisation; anyone else gets a 404 here.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Session } from './sessions.service.ts';
import { adminOnly, csrfChecked, viewerOf, type BackofficeDeps } from './guards.ts';
import { usersPage, type UserListItem } from './views/users-page.ts';
import type { Role } from '../users/users.service.ts';

export function usersRoutes(app: FastifyInstance, deps: BackofficeDeps): void {
  const { services, log } = deps;

  const list = async (session: Session): Promise<UserListItem[]> => {
    const users = await services.users.list(session.user.client_id);
    return Promise.all(users.map(async (user) => ({ user, lockedUntil: await services.users.lockedUntil(user.username) })));
  };
  type Extra = Omit<Parameters<typeof usersPage>[0], 'viewer' | 'users'>;
  const show = async (reply: FastifyReply, session: Session, extra: Extra, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(usersPage({ viewer: viewerOf(session), users: await list(session), ...extra }));

  app.get('/backoffice/users', { schema: { hide: true }, preHandler: adminOnly }, async (request, reply) => show(reply, request.backoffice!, {}));

  app.post('/backoffice/users', { schema: { hide: true }, preHandler: [adminOnly, csrfChecked] }, async (request, reply) => {
    const session = request.backoffice!;
    const body = request.body as Record<string, unknown>;
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const role: Role = body.role === 'admin' ? 'admin' : 'analyst';
    try {
      const { password } = await services.users.create({ username, clientUsername: session.clientUsername, role });
      log.info({ by: session.user.id, role }, 'back-office user created');
      return show(reply, session, { shownPassword: { username, password } });
    } catch (err) {
      return show(reply, session, { errors: [err instanceof Error ? err.message : String(err)], form: { username, role } }, 400);
    }
  });

  app.post('/backoffice/users/:user_id/reset-password', { schema: { hide: true }, preHandler: [adminOnly, csrfChecked] }, async (request, reply) => {
    const session = request.backoffice!;
    const { user_id } = request.params as { user_id: string };
    const user = await services.users.ofClient(session.user.client_id, user_id);
    const { password } = await services.users.resetPassword(user.username);
    log.info({ by: session.user.id, userId: user.id }, 'back-office password reset');
    // Resetting one's own password ends one's own session too.
    if (user.id === session.user.id) reply.clearCookie(deps.sessions.cookieName, deps.sessions.cookieOptions());
    return show(reply, session, { shownPassword: { username: user.username, password } });
  });
}
