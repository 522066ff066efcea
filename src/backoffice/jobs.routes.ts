// Administrators see the background jobs (queue counts, their organisation's failed jobs) and retry
// failed ones; anyone else gets a 404.
import type { FastifyInstance } from 'fastify';
import { adminOnly, csrfChecked, viewerOf, type BackofficeDeps } from './guards.ts';
import { jobsPage } from './views/jobs-page.ts';
import type { Flash } from './views/layout.ts';

const ID = /^[0-9a-f-]{36}$/i;

export function jobsRoutes(app: FastifyInstance, deps: BackofficeDeps): void {
  const jobs = deps.services.clientJobs;
  const { log } = deps;

  app.get('/backoffice/jobs', { schema: { hide: true }, preHandler: adminOnly }, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const retried = typeof q.retried === 'string' && /^\d{1,9}$/.test(q.retried) ? Number(q.retried) : null;
    const flash: Flash | null =
      retried === null
        ? null
        : { kind: retried ? 'success' : 'info', text: retried ? `${retried} job${retried === 1 ? '' : 's'} queued again.` : 'No job was retried (it may have been retried already).' };
    const [stats, failed] = await Promise.all([jobs.queueStats(), jobs.failed(request.backoffice!.user.client_id, 500)]);
    return reply.type('text/html; charset=utf-8').send(jobsPage({ viewer: viewerOf(request.backoffice!), stats, failed, backend: jobs.backend, flash }));
  });

  app.post('/backoffice/jobs/retry', { schema: { hide: true }, preHandler: [adminOnly, csrfChecked] }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const all = body.all === '1';
    const id = typeof body.id === 'string' && ID.test(body.id) ? body.id : null;
    // Only the organisation's own failed jobs (and those of none) are retried from here.
    const mine = all || id ? (await jobs.failed(request.backoffice!.user.client_id, 100_000)).map((j) => j.id) : [];
    const targets = all ? mine : id && mine.includes(id) ? [id] : [];
    const n = targets.length ? await jobs.retry(targets) : 0;
    log.info({ by: request.backoffice!.user.id, jobs: n, all, id }, 'failed jobs retried from the back office');
    return reply.redirect(`/backoffice/jobs?retried=${n}`, 303);
  });
}
