// Administrators see and replace their organisation's questionnaire; anyone else gets a 404 here.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Session } from './sessions.service.ts';
import { adminOnly, csrfChecked, viewerOf, type BackofficeDeps } from './guards.ts';
import { questionnairePage, type QuestionnairePageData } from './views/questionnaire-page.ts';
import { AppError } from '../http/errors.ts';

export function questionnaireRoutes(app: FastifyInstance, deps: BackofficeDeps): void {
  const { services, log } = deps;
  type Extra = Pick<QuestionnairePageData, 'flash' | 'errors' | 'draft'>;
  const show = async (reply: FastifyReply, session: Session, extra: Extra, status = 200) => {
    const clientId = session.user.client_id;
    const [current, versions] = await Promise.all([services.clients.questionnaire(clientId), services.clients.questionnaireVersions(clientId)]);
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(questionnairePage({ viewer: viewerOf(session), json: JSON.stringify(current.definition, null, 2), custom: current.custom, version: current.definition.version, versions, ...extra }));
  };

  app.get('/backoffice/questionnaire', { schema: { hide: true }, preHandler: adminOnly }, async (request, reply) => show(reply, request.backoffice!, {}));

  app.post('/backoffice/questionnaire', { schema: { hide: true }, preHandler: [adminOnly, csrfChecked] }, async (request, reply) => {
    const session = request.backoffice!;
    const text = String((request.body as Record<string, unknown>).definition ?? '');
    try {
      const saved = await services.clients.saveQuestionnaire(session.user.client_id, text, session.user.username);
      log.info({ by: session.user.id, version: saved.version }, 'questionnaire saved');
      return show(reply, session, { flash: { kind: 'success', text: `Version ${saved.version} saved; new onboarding conversations use it.` } });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 400) throw err;
      return show(reply, session, { errors: err.details.length ? err.details : [{ path: '', message: err.message }], draft: text }, 400);
    }
  });
}
