// Builds the whole service from a configuration: database, blobs, jobs, services and the HTTP
// server. Used by the CLI and by the tests, so both run exactly the same code.
import crypto from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import type { ServiceContext } from './context.ts';
import { openDatabase, migrateToLatest, type DbHandle } from './db/db.ts';
import { SearchIndexer } from './db/search-indexer.ts';
import { blobFolder, createBlobStore } from './storage/create.ts';
import { checkSharedBlobFolder } from './storage/shared-folder.ts';
import { WriteBatcher } from './db/sqlite/write-batcher.ts';
import { JobQueue } from './jobs/queue.ts';
import { JobRunner } from './jobs/runner.ts';
import { makeLinks } from './lib/links.ts';
import { buildServices, registerDeliveryHandlers, registerJobHandlers, type Services } from './services.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { openApiPlugin } from './http/plugins/openapi.ts';
import { apiPlugin } from './http/plugins/api.ts';
import { healthPlugin } from './http/plugins/health.ts';
import { landingPlugin } from './http/plugins/landing.ts';
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
  if (config.DATABASE_URL && config.STORAGE === 'fs') {
    // Processes sharing a PostgreSQL database must share their blob folder too (or use STORAGE=s3).
    await checkSharedBlobFolder(dbHandle.db, blobFolder(config), config.DATA_DIR).catch(async (err) => {
      await dbHandle.close();
      throw err;
    });
  }
  const jobs = new JobQueue({ maxAttempts: config.JOBS_MAX_ATTEMPTS });
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
      services.websites.close();
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
  app.decorate('services', services);
  app.decorateRequest('apiClient', null);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  registerErrorHandling(app);

  await app.register(openApiPlugin, { publicUrl: config.PUBLIC_URL });
  await app.register(apiPlugin, {
    prefix: '/api/v1',
    config,
    clients: services.clients,
    uploads: (scope) => scope.register(documentUploadRoute, { documents: services.documents }),
    routes: async (api) => {
      await api.register(casesRoutes, { cases: services.cases, conversations: services.conversations, reports: services.reports });
      await api.register(conversationsRoutes, {
        conversations: services.conversations,
        documents: services.documents,
        verifications: services.verifications,
        comments: services.comments,
        reports: services.reports,
      });
    },
  });
  await app.register(backofficeRoutes, { ctx, services });
  await app.register(dialogRoutes, { ctx, services });
  await app.register(healthPlugin, { ctx });
  await app.register(landingPlugin, { publicUrl: config.PUBLIC_URL });
  return app;
}
