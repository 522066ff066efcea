// Builds the whole service from a configuration: database, blobs, jobs, services and the HTTP
// server. Used by the CLI and by the tests, so both run exactly the same code.
import crypto from 'node:crypto';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import type { ServiceContext } from './context.ts';
import { openDatabase, migrateToLatest, type DbHandle } from './db/db.ts';
import { SearchIndexer } from './db/search-indexer.ts';
import { FsBlobStore } from './storage/blobs.ts';
import { WriteBatcher } from './db/sqlite/write-batcher.ts';
import { JobQueue } from './jobs/queue.ts';
import { JobRunner } from './jobs/runner.ts';
import { makeLinks } from './lib/links.ts';
import { buildServices, registerDeliveryHandlers, registerJobHandlers, type Services } from './services.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { AppError } from './http/errors.ts';
import { requireApiClient } from './http/auth.ts';
import { checkReadiness } from './http/readiness.ts';
import { casesRoutes } from './cases/cases.routes.ts';
import { conversationsRoutes, documentUploadRoute } from './conversations/conversations.routes.ts';
import { backofficeRoutes } from './backoffice/plugin.ts';
import { dialogRoutes } from './dialog/dialog.routes.ts';
import { closeReaders } from './document-engine/reading/index.ts';

export interface Dossier {
  config: Config;
  ctx: ServiceContext;
  services: Services;
  http: FastifyInstance;
  runner: JobRunner;
  /** Runs webhook and e-mail deliveries (DELIVERY_CONCURRENCY), beside `runner`. */
  deliveryRunner: JobRunner;
  dbHandle: DbHandle;
  /** Starts the job runner in this process. */
  startWorker(): void;
  /** Graceful stop: no new requests or jobs, in-flight ones finish, the database closes. */
  close(): Promise<void>;
}

export function createLogger(config: Config): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  });
}

export async function buildDossier(config: Config, opts: { logger?: Logger; migrate?: boolean } = {}): Promise<Dossier> {
  const log = opts.logger ?? createLogger(config);
  const onIdleError = (err: Error) => log.warn({ err }, 'an idle database connection failed');
  const dbHandle = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError,
    timeouts: { statementMs: config.DB_STATEMENT_TIMEOUT_MS, lockMs: config.DB_LOCK_TIMEOUT_MS, connectMs: config.DB_CONNECT_TIMEOUT_MS },
  });
  if (opts.migrate !== false) {
    // Migrations may wait for another process's migration and build indexes for a while: on
    // PostgreSQL they run on their own connection, without the request timeouts.
    const migration = config.DATABASE_URL ? openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, onIdleError }) : null;
    try {
      const applied = await migrateToLatest((migration ?? dbHandle).db);
      if (applied.length) log.info({ applied }, 'database migrated');
    } finally {
      await migration?.close();
    }
  }
  const jobs = new JobQueue({ maxAttempts: config.JOBS_MAX_ATTEMPTS });
  const ctx: ServiceContext = {
    config,
    db: dbHandle.db,
    dialect: dbHandle.dialect,
    blobs: new FsBlobStore(path.join(config.DATA_DIR, 'blobs')),
    jobs,
    links: makeLinks(config.PUBLIC_URL),
    log,
    writes: new WriteBatcher(dbHandle.db, { sqlite: dbHandle.sqlite }),
    searchIndex: new SearchIndexer(dbHandle.db, dbHandle.dialect, log.child({ component: 'search-index' }), { delayMs: config.SEARCH_INDEX_DELAY_MS, batch: 2000 }),
  };
  const services = buildServices(ctx);
  const runner = new JobRunner(ctx.db, ctx.dialect, log.child({ component: 'jobs' }), {
    concurrency: config.JOBS_CONCURRENCY,
    pollMs: config.JOBS_POLL_MS,
    leaseMs: config.JOBS_LEASE_MS,
    claimPauseMs: config.JOBS_CLAIM_PAUSE_MS,
  });
  registerJobHandlers(runner, services);
  jobs.onEnqueued(() => runner.poke());
  const deliveryRunner = new JobRunner(ctx.db, ctx.dialect, log.child({ component: 'delivery' }), {
    concurrency: config.DELIVERY_CONCURRENCY,
    pollMs: config.JOBS_POLL_MS,
    leaseMs: config.JOBS_LEASE_MS,
    claimPauseMs: config.JOBS_CLAIM_PAUSE_MS,
  });
  registerDeliveryHandlers(deliveryRunner, services);
  jobs.onEnqueued(() => deliveryRunner.poke());
  const http = await buildHttp(ctx, services);

  let workerStarted = false;
  return {
    config,
    ctx,
    services,
    http,
    runner,
    deliveryRunner,
    dbHandle,
    startWorker() {
      workerStarted = true;
      runner.start();
      deliveryRunner.start();
      // Catch up with cases queued before a stop.
      ctx.searchIndex.nudge();
    },
    async close() {
      // Requests in flight may finish; a client that never reads its answer cannot hold the stop.
      const force = setTimeout(() => http.server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS).unref();
      await http.close();
      clearTimeout(force);
      if (workerStarted) await Promise.all([runner.stop(config.SHUTDOWN_TIMEOUT_MS), deliveryRunner.stop(config.SHUTDOWN_TIMEOUT_MS)]);
      // The reading threads (and their OCR engines) outlive no job once the runner has stopped.
      await closeReaders();
      services.webhooks.close();
      services.mail.close();
      await ctx.searchIndex.close();
      await dbHandle.close();
    },
  };
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

async function buildHttp(ctx: ServiceContext, services: Services): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: config.MAX_JSON_BYTES,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    // Per-request access logs only at debug level: at info, a busy API would log twice per call.
    logController: new LogController({ disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace' }),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: true } },
    return503OnClosing: true,
    // A number of hops trusts that many proxies nearest to us, whatever their addresses.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    forceCloseConnections: 'idle',
  }) as unknown as FastifyInstance;
  app.decorateRequest('apiClient', null);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  registerErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dossier API',
        version: '1.0.0',
        description: 'Cases, conversations, documents and verifications for business client checks. All calls use HTTP Basic authentication.',
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: { securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } } },
      security: [{ basicAuth: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiConfig: { docExpansion: 'list', deepLinking: true } });

  await app.register(
    async (api) => {
      if (config.RATE_LIMIT_PER_MINUTE > 0) {
        // Counted after authentication, per verified client: a guessed password is never a fresh
        // budget (wrong passwords meet the lock-out rules instead), and nobody else can spend a
        // client's budget.
        await api.register(rateLimit, {
          max: config.RATE_LIMIT_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (req) => (req.apiClient ? `client:${req.apiClient.id}` : `ip:${req.ip}`),
          errorResponseBuilder: (_req, c) => new AppError('rate_limited', `Too many requests; this client may send ${c.max} per minute. Retry after ${Math.ceil(c.ttl / 1000)} s.`),
        });
      }
      api.addHook('onRequest', requireApiClient(services.clients));
      await api.register(async (uploads) => {
        await uploads.register(multipart, {
          throwFileSizeLimit: true,
          // Generous part limits cap abuse; the route itself insists on exactly one part named "file".
          limits: { fileSize: config.MAX_FILE_BYTES, files: 2, fields: 4, parts: 6, headerPairs: 100 },
        });
        documentUploadRoute(uploads, services);
      });
      casesRoutes(api, services);
      conversationsRoutes(api, services);
    },
    { prefix: '/api/v1' },
  );
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await backofficeRoutes(app, ctx, services);
  dialogRoutes(app, ctx, services);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const readiness = await checkReadiness(ctx);
    if (readiness.ready) return { status: 'ready' };
    ctx.log.warn({ failed: readiness.failed }, 'readiness check failed');
    const parts = readiness.failed.map((f) => f.part);
    return reply.status(503).send({
      status: 'not_ready',
      error: 'not_ready',
      message: `Not ready: ${readiness.failed.map((f) => f.problem).join('; ')}.`,
      not_ready: [...new Set(parts)],
    });
  });
  return app;
}
