// Prometheus metrics over HTTP: every answered request is counted by route pattern and status
// class (registered with fastify-plugin, so the hook sees the whole app), and GET /metrics returns
// this process's metrics. With METRICS_TOKEN set, /metrics asks for `Authorization: Bearer <token>`;
// without it the endpoint is open: it shows counts, durations, route patterns and job names, no
// personal data, but put it behind the token (or keep it off the public proxy) when the port is
// reachable from outside.
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { QueueStats } from '../../jobs/backend.ts';
import { processMetrics } from '../../metrics/metrics.ts';
import { AppError } from '../errors.ts';

export interface MetricsOptions {
  /** The bearer token /metrics asks for; empty: no token. */
  token: string;
  queueStats(): Promise<QueueStats[]>;
}

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

const metricsPluginAsync: FastifyPluginAsync<MetricsOptions> = async (app, { token, queueStats }) => {
  const metrics = processMetrics();
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token) {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!given || !sameToken(given, token)) {
        reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthorized', 'The metrics need the bearer token METRICS_TOKEN.');
      }
    }
    const text = await metrics.render(queueStats);
    return reply.header('Content-Type', metrics.contentType).header('Cache-Control', 'no-store').send(text);
  });
};

export const metricsPlugin = fp(metricsPluginAsync, { name: 'dossier-metrics' });
