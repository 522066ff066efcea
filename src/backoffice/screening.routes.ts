// The analyst's decision on a screening hit (true or false match, with a reason), and the panel the
// case page shows. The hit must belong to a case of the analyst's organisation.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.ts';
import { csrfChecked, type BackofficeDeps } from './guards.ts';
import type { Flash } from './views/layout.ts';

export const SCREENING_NOTICES: Record<string, Flash> = {
  'screening-decided': { kind: 'success', text: 'Your decision on the screening hit is recorded; the case findings follow it.' },
};

export function screeningRoutes(app: FastifyInstance, deps: BackofficeDeps): void {
  const { screening } = deps.services;
  app.post('/backoffice/cases/:case_id/screening/:hit_id', { schema: { hide: true }, preHandler: csrfChecked }, async (request, reply) => {
    const { case_id, hit_id } = request.params as { case_id: string; hit_id: string };
    const body = request.body as Record<string, unknown>;
    const status = body.status;
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (status !== 'true_match' && status !== 'false_match') throw new AppError('invalid_request', 'Choose whether the hit is a true or a false match.');
    if (!reason) throw new AppError('invalid_request', 'Give the reason for your decision; it is kept with the hit.');
    const user = request.backoffice!.user;
    const done = await screening.decide(user.client_id, case_id, hit_id, { status, reason: reason.slice(0, 2000), by: user.username, byId: user.id });
    if (!done) throw new AppError('not_found', 'There is no such screening hit.');
    return reply.redirect(`/backoffice/cases/${case_id}?notice=screening-decided#screening`, 303);
  });
}
