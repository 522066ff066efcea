// Liveness and readiness for orchestrators: /healthz answers while the process serves, /readyz only
// when the database (a read and a small write, each with a short lock timeout), DATA_DIR, its free
// space, (STORAGE=s3) the bucket and (REDIS_URL) Redis are fit for work (each failing part is
// named). Both answers of /readyz carry `details`: the connection caps in force and how many
// connections are open.
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import type { ConnectionStats } from '../connection-limits.ts';
import { checkReadiness, notConfiguredChecks } from '../readiness.ts';

export const healthPlugin: FastifyPluginAsync<{ ctx: ServiceContext; connections: () => ConnectionStats }> = async (app, { ctx, connections }) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const readiness = await checkReadiness(ctx);
    const details = { connections: connections() };
    // Ready, and what is not configured yet: the checks the reports will say did not run.
    if (readiness.ready) {
      const missing = await notConfiguredChecks(ctx);
      return missing.length ? { status: 'ready', details, not_configured: missing } : { status: 'ready', details };
    }
    ctx.log.warn({ failed: readiness.failed }, 'readiness check failed');
    const parts = readiness.failed.map((f) => f.part);
    return reply.status(503).send({
      status: 'not_ready',
      error: 'not_ready',
      message: `Not ready: ${readiness.failed.map((f) => f.problem).join('; ')}.`,
      not_ready: [...new Set(parts)],
      details,
    });
  });
};
