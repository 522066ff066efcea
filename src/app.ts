// Builds the whole service from a configuration: database, blobs, jobs, services and the HTTP
// server. Used by the CLI and by the tests, so both run exactly the same code.
import crypto from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { type Config, readerSettings } from './config.ts';
import type { ServiceContext } from './context.ts';
import { openDatabase, migrateToLatest, type DbHandle } from './db/db.ts';
import { SearchIndexer } from './db/search-indexer.ts';
import { blobFolder, createBlobStore } from './storage/create.ts';
import { checkSharedBlobFolder } from './storage/shared-folder.ts';
import { WriteBatcher } from './db/sqlite/write-batcher.ts';
import { JobQueue } from './jobs/queue.ts';
import { JobRunner } from './jobs/runner.ts';
import { retryPolicyOf } from './jobs/retry-policy.ts';
import type { JobWorker } from './jobs/backend.ts';
import { PgBossBackend } from './jobs/pgboss.ts';
import { PgBossWorker } from './jobs/pgboss-worker.ts';
import { TableJobBackend } from './jobs/table-backend.ts';
import { makeLinks } from './lib/links.ts';
import { buildServices, registerDeliveryHandlers, registerJobHandlers, type Services } from './services.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { openApiPlugin } from './http/plugins/openapi.ts';
import { apiPlugin } from './http/plugins/api.ts';
import { healthPlugin } from './http/plugins/health.ts';
import { metricsPlugin } from './http/plugins/metrics.ts';
import { timedWorker } from './metrics/jobs.ts';
import { landingPlugin } from './http/plugins/landing.ts';
import { casesRoutes } from './cases/cases.routes.ts';
import { screeningRoutes } from './screening/screening.routes.ts';
import { conversationsRoutes, documentUploadRoute } from './conversations/conversations.routes.ts';
import { backofficeRoutes } from './backoffice/plugin.ts';
import { dialogRoutes } from './dialog/dialog.routes.ts';
import { closeReaders, configureReaders } from './document-engine/index.ts';
import { createRateLimitStore } from './db/rate-limit-store.ts';
import { RedisRateLimitStore } from './http/redis-rate-limits.ts';
import { clientsWithoutUsernameKey } from './db/clients.repo.ts';
import { usersWithoutUsernameKey } from './db/users.repo.ts';
import { guardConnections, httpServerTimeouts, readFileLimit, type FileLimit } from './http/connection-limits.ts';

export interface Dossier {
  config: Config;
  ctx: ServiceContext;
  services: Services;
  http: FastifyInstance;
  runner: JobWorker;
  /** Runs webhook and e-mail deliveries (DELIVERY_CONCURRENCY), beside `runner`. */
  deliveryRunner: JobWorker;
  dbHandle: DbHandle;
  /** Starts the job runner in this process. */
  startWorker(): void;
  /** Serves /healthz, /readyz and /metrics (no API routes) on their own port, for the worker role; resolves to its address. */
  serveOps(port: number, host: string): Promise<string>;
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
  configureReaders(readerSettings(config));
  const onIdleError = (err: Error) => log.warn({ err }, 'a database connection failed');
  const dbHandle = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError,
    poolMax: config.DATABASE_POOL_MAX,
    timeouts: { statementMs: config.DB_STATEMENT_TIMEOUT_MS, lockMs: config.DB_LOCK_TIMEOUT_MS, connectMs: config.DB_CONNECT_TIMEOUT_MS },
  });
  if (opts.migrate !== false) {
    // Migrations may wait for another process's migration and build indexes for a while: on
    // PostgreSQL they run on their own connection, without the request timeouts.
    const migration = config.DATABASE_URL ? openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, onIdleError, poolMax: 2 }) : null;
    try {
      const applied = await migrateToLatest((migration ?? dbHandle).db);
      if (applied.length) log.info({ applied }, 'database migrated');
      await reportUsernameClashes(dbHandle.db, log);
    } finally {
      await migration?.close();
    }
  }
  if (config.DATABASE_URL && config.STORAGE === 'fs') {
    // Processes sharing a PostgreSQL database must share their blob folder too (or use STORAGE=s3).
    await checkSharedBlobFolder(dbHandle.db, blobFolder(config), config.DATA_DIR).catch(async (err) => {
      await dbHandle.close();
      throw err;
    });
  }
  // JOBS_BACKEND=pg-boss: jobs on pg-boss's queues (PostgreSQL); otherwise the jobs table.
  const boss =
    config.JOBS_BACKEND === 'pg-boss'
      ? new PgBossBackend(dbHandle.db, dbHandle.dialect, {
          databaseUrl: config.DATABASE_URL,
          maxAttempts: config.JOBS_MAX_ATTEMPTS,
          expireSeconds: config.JOBS_EXPIRE_SECONDS,
          log: log.child({ component: 'pg-boss' }),
        })
      : null;
  const jobs = new JobQueue(boss ?? new TableJobBackend(dbHandle.db, { maxAttempts: config.JOBS_MAX_ATTEMPTS }));
  const ctx: ServiceContext = {
    config,
    db: dbHandle.db,
    dialect: dbHandle.dialect,
    blobs: await createBlobStore(config),
    jobs,
    links: makeLinks(config.PUBLIC_URL),
    log,
    writes: new WriteBatcher(dbHandle.db, { sqlite: dbHandle.sqlite }),
    searchIndex: new SearchIndexer(dbHandle.db, dbHandle.dialect, log.child({ component: 'search-index' }), { delayMs: config.SEARCH_INDEX_DELAY_MS, batch: 2000 }),
    rateLimits: config.REDIS_URL
      ? new RedisRateLimitStore(config.REDIS_URL, log.child({ component: 'rate-limits' }))
      : createRateLimitStore(dbHandle.db, dbHandle.dialect, log.child({ component: 'rate-limits' })),
  };
  const services = buildServices(ctx);
  const worker = (component: string, concurrency: number): JobWorker =>
    boss
      ? new PgBossWorker(boss, log.child({ component }), {
          concurrency,
          pollMs: config.JOBS_POLL_MS,
          claimPauseMs: config.JOBS_CLAIM_PAUSE_MS,
          retry: retryPolicyOf(config),
          clientSlots: config.JOBS_CLIENT_SLOTS,
        })
      : new JobRunner(ctx.db, ctx.dialect, log.child({ component }), {
          concurrency,
          pollMs: config.JOBS_POLL_MS,
          leaseMs: config.JOBS_LEASE_MS,
          claimPauseMs: config.JOBS_CLAIM_PAUSE_MS,
          retry: retryPolicyOf(config),
          clientSlots: config.JOBS_CLIENT_SLOTS,
        });
  const runner = worker('jobs', config.JOBS_CONCURRENCY);
  registerJobHandlers(timedWorker(runner, log.child({ component: 'jobs' })), services);
  jobs.onEnqueued(() => runner.poke());
  const deliveryRunner = worker('delivery', config.DELIVERY_CONCURRENCY);
  registerDeliveryHandlers(timedWorker(deliveryRunner, log.child({ component: 'delivery' })), services);
  jobs.onEnqueued(() => deliveryRunner.poke());
  // pg-boss starts (its schema, and jobs left in the jobs table moved over) before anything is enqueued.
  if (boss) {
    await boss.start().catch(async (err) => {
      await dbHandle.close();
      throw err;
    });
  }
  // The open-file limit, read once: the connection caps stay below it.
  const fileLimit = readFileLimit();
  const http = await buildHttp(ctx, services, fileLimit);

  let workerStarted = false;
  let ops: FastifyInstance | null = null;
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
      for (const w of [runner, deliveryRunner]) void Promise.resolve(w.start()).catch((err) => log.error({ err }, 'the job worker did not start'));
      // Catch up with cases queued before a stop.
      ctx.searchIndex.nudge();
      // Lists fetched on a schedule: the run due now, once however many workers start.
      void services.listFetch.schedule().catch((err) => log.error({ err }, 'the fetching of the lists could not be scheduled'));
    },
    async serveOps(port, host) {
      ops ??= await buildOpsHttp(ctx, fileLimit);
      return ops.listen({ port, host });
    },
    async close() {
      // Requests in flight may finish; a client that never reads its answer cannot hold the stop.
      const force = setTimeout(() => http.server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS).unref();
      await http.close();
      clearTimeout(force);
      if (workerStarted) await Promise.all([runner.stop(config.SHUTDOWN_TIMEOUT_MS), deliveryRunner.stop(config.SHUTDOWN_TIMEOUT_MS)]);
      await boss?.stop(config.SHUTDOWN_TIMEOUT_MS).catch((err) => log.warn({ err }, 'pg-boss did not stop cleanly'));
      // The worker's health and metrics answer until its jobs in flight have finished.
      await ops?.close();
      // The reading threads (and their OCR engines) outlive no job once the runner has stopped.
      await closeReaders();
      services.webhooks.close();
      services.mail.close();
      services.websites.close();
      await ctx.searchIndex.close();
      ctx.rateLimits.close();
      await dbHandle.close();
    },
  };
}

/** Usernames that clashed (differing only in case or form) when they were folded: named at every start until renamed. */
async function reportUsernameClashes(db: DbHandle['db'], log: Logger): Promise<void> {
  const [clients, users] = await Promise.all([clientsWithoutUsernameKey(db), usersWithoutUsernameKey(db)]);
  if (clients.length || users.length) {
    log.warn({ clients, users }, 'usernames that differ only in case from an older one: they still sign in, but rename or retire them (usernames are unique without regard to case)');
  }
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

async function buildHttp(ctx: ServiceContext, services: Services, fileLimit: FileLimit): Promise<FastifyInstance> {
  const { config } = ctx;
  // Fastify's instance is typed by the logger it is given; ours is used through Fastify's own logger interface.
  const loggerInstance: FastifyBaseLogger = ctx.log;
  const app = Fastify({
    loggerInstance,
    bodyLimit: config.MAX_JSON_BYTES,
    // Time limits on every connection: headers, whole request, keep-alive, inactivity.
    ...httpServerTimeouts(config),
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
  });
  const connections = guardConnections(app.server, { config, fileLimit, log: ctx.log.child({ component: 'http' }) });
  app.decorate('services', services);
  app.decorateRequest('apiClient', null);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  registerErrorHandling(app);
  await app.register(metricsPlugin, { token: config.METRICS_TOKEN, queueStats: () => ctx.jobs.queueStats() });

  await app.register(openApiPlugin, { publicUrl: config.PUBLIC_URL });
  await app.register(apiPlugin, {
    prefix: '/api/v1',
    config,
    clients: services.clients,
    rateLimits: ctx.rateLimits,
    uploads: (scope) => scope.register(documentUploadRoute, { documents: services.documents }),
    routes: async (api) => {
      await api.register(casesRoutes, { cases: services.cases, conversations: services.conversations, reports: services.reports });
      await api.register(screeningRoutes, { screening: services.screening });
      await api.register(conversationsRoutes, {
        conversations: services.conversations,
        documents: services.documents,
        verifications: services.verifications,
        comments: services.comments,
        reports: services.reports,
      });
    },
  });
  await app.register(backofficeRoutes, { services, sessions: services.sessions, config, links: ctx.links, log: ctx.log });
  await app.register(dialogRoutes, { services, config, rateLimits: ctx.rateLimits });
  await app.register(healthPlugin, { ctx, connections: connections.stats });
  await app.register(landingPlugin, { publicUrl: config.PUBLIC_URL });
  return app;
}

/** The worker's own small server: health, readiness and metrics, nothing else. */
async function buildOpsHttp(ctx: ServiceContext, fileLimit: FileLimit): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = ctx.log;
  const app = Fastify({
    loggerInstance,
    ...httpServerTimeouts(ctx.config),
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    forceCloseConnections: true,
  });
  const connections = guardConnections(app.server, { config: ctx.config, fileLimit, log: ctx.log.child({ component: 'ops-http' }) });
  registerErrorHandling(app);
  await app.register(metricsPlugin, { token: ctx.config.METRICS_TOKEN, queueStats: () => ctx.jobs.queueStats() });
  await app.register(healthPlugin, { ctx, connections: connections.stats });
  return app;
}
