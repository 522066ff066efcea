// Liveness and readiness for orchestrators: /healthz answers while the process serves, /readyz only
// when the database, DATA_DIR, its free space, (STORAGE=s3) the bucket and (REDIS_URL) Redis are fit
// for work (each failing part is named).
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { checkReadiness, notConfiguredChecks } from '../readiness.ts';

export const healthPlugin: FastifyPluginAsync<{ ctx: ServiceContext }> = async (app, { ctx }) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const readiness = await checkReadiness(ctx);
    // Ready, and what is not configured yet: the checks the reports will say did not run.
    if (readiness.ready) {
      const missing = await notConfiguredChecks(ctx);
      return missing.length ? { status: 'ready', not_configured: missing } : { status: 'ready' };
    }
    ctx.log.warn({ failed: readiness.failed }, 'readiness check failed');
    const parts = readiness.failed.map((f) => f.part);
    return reply.status(503).send({
      status: 'not_ready',
      error: 'not_ready',
      message: `Not ready: ${readiness.failed.map((f) => f.problem).join('; ')}.`,
      not_ready: [...new Set(parts)],
    });
  });
};
