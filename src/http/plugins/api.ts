// The public API's scope (registered under /api/v1): every request authenticated as an API client,
// then counted against that client's rate limit; the routes themselves are registered into it by
// the app (src/app.ts), those that take multipart bodies in a child scope that alone pays for the
// multipart parser (it hooks every request of its scope).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../../config.ts';
import { requireApiClient, type ApiCredentialCheck } from '../auth.ts';
import { AppError } from '../errors.ts';
import type { RateLimitStore } from '../../db/rate-limit-store.ts';

export interface ApiOptions {
  config: Pick<Config, 'RATE_LIMIT_PER_MINUTE' | 'MAX_FILE_BYTES'>;
  clients: ApiCredentialCheck;
  /** Counters shared by every process (PostgreSQL); this process's own otherwise. */
  rateLimits: RateLimitStore;
  /** Registers the routes that take multipart bodies. */
  uploads(scope: FastifyInstance): PromiseLike<unknown>;
  /** Registers the other routes. */
  routes(api: FastifyInstance): PromiseLike<unknown>;
}

export const apiPlugin: FastifyPluginAsync<ApiOptions> = async (api, { config, clients, rateLimits, uploads, routes }) => {
  if (config.RATE_LIMIT_PER_MINUTE > 0) {
    // Counted after authentication, per verified client: a guessed password is never a fresh
    // budget (wrong passwords meet the lock-out rules instead), and nobody else can spend a
    // client's budget.
    await api.register(rateLimit, {
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      hook: 'preHandler',
      // Several processes on one database spend one budget; alone, the plugin's own memory counts.
      ...(rateLimits.shared ? { store: fastifyRateLimitStore(rateLimits) } : {}),
      keyGenerator: (req) => (req.apiClient ? `client:${req.apiClient.id}` : `ip:${req.ip}`),
      errorResponseBuilder: (_req, c) => new AppError('rate_limited', `Too many requests; this client may send ${c.max} per minute. Retry after ${Math.ceil(c.ttl / 1000)} s.`),
    });
  }
  api.addHook('onRequest', requireApiClient(clients));
  await api.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      // Generous part limits cap abuse; the route itself insists on exactly one part named "file".
      limits: { fileSize: config.MAX_FILE_BYTES, files: 2, fields: 4, parts: 6, headerPairs: 100 },
    });
    await uploads(scope);
  });
  await routes(api);
};

type IncrCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * The store interface of @fastify/rate-limit (`store` option) over a RateLimitStore: it constructs
 * the class itself, so the store is bound here.
 */
function fastifyRateLimitStore(store: RateLimitStore) {
  return class SharedCounterStore {
    incr(key: string, cb: IncrCallback, timeWindow: number): void {
      store.hit(`api:${key}`, timeWindow).then(
        ({ count, resetAt }) => cb(null, { current: count, ttl: Math.max(0, resetAt - Date.now()) }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): SharedCounterStore {
      return new SharedCounterStore();
    }
  };
}
