// The `dossier` command: start | serve | worker | migrate | clients … | users … | config.
import { parseArgs } from 'node:util';
import { describeVariables, isConfigError, loadConfig, type Config } from './config.ts';
import { buildDossier, createLogger, type Dossier } from './app.ts';
import type { Logger } from 'pino';
import { openDatabase, migrateToLatest } from './db/db.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { ClientsService } from './clients/clients.service.ts';
import { UsersService, type Role } from './users/users.service.ts';
import { setDialogOriginsCommand } from './dialog/dialog.cli.ts';
import { setDocumentLanguagesCommand } from './verifications/languages.cli.ts';
import { DialogService } from './dialog/dialog.service.ts';
import { BRAND_USAGE, brandCommand } from './clients/brand.cli.ts';
import { openJobQueue } from './jobs/open.ts';
import { JOBS_USAGE, jobsCommand } from './jobs/jobs.cli.ts';
import { applyWebhookEnvironment, webhookCredentialWarnings } from './delivery/webhooks/webhooks.admin.ts';
import { setWebhookCommand, webhooksCommand } from './delivery/webhooks/webhooks.cli.ts';
import { registersCommand } from './entities/registers/registers.cli.ts';
import { questionnaireCommand } from './clients/questionnaire.cli.ts';
import { LISTS_USAGE, listsCommand } from './screening/lists.cli.ts';
import { SCREENING_USAGE, screeningCommand } from './screening/explain.cli.ts';
import { notConfiguredChecks } from './http/readiness.ts';

const USAGE = `Usage: dossier <command>

  start                      serve the API, dialog and back office, and run jobs (what npm start runs)
  serve                      serve HTTP only (jobs too when JOBS_RUN_IN_PROCESS=true)
  worker                     run background jobs only (/healthz, /readyz, /metrics on WORKER_HTTP_PORT)
  migrate                    apply database migrations and exit
  clients create <username> [--name N] [--password P]
  clients list
  clients rotate-password <username> [--password P]
  clients set-dialog-origins <username> [origin…]   origins that may embed the client's dialogs (none: no other site)
  clients set-document-languages <username> [code…]   languages its documents need no translation in (none: DOCUMENT_LANGUAGES)
  clients set-webhook <username> --url U [--webhook-username X] [--webhook-password Y] [--secret S]   ("" clears one)
  ${BRAND_USAGE}
  users create <username> --client <api-username> [--role analyst|admin] [--password P]
  users list
  users reset-password <username> [--password P]   (also signs the user out and lifts a lock-out)
  webhooks list [--status pending|delivered|failed|skipped] [--client U] [--channel webhook|email] [--limit N]
  webhooks show <delivery-or-event-id>       a delivery and every attempt
  webhooks resend <delivery-or-event-id>     send again (same event id), with a fresh retry round
  ${JOBS_USAGE}
  registers import <file> --format psc|bods   load a Companies House PSC snapshot (JSON lines) or BODS 0.4 file into the local register
  ${LISTS_USAGE}
  ${SCREENING_USAGE}
  questionnaire set --client <name> <file.json>   save a new version of an API client's questionnaire
  questionnaire show --client <name>              print the questionnaire in force (the default when none was set)
  config                     print every configuration variable with its default

Configuration comes from environment variables; see \`dossier config\` and the README.`;

async function main(argv: string[]): Promise<number> {
  // Names are free text (a name may start with a dash): this command reads its own arguments.
  if (argv[0] === 'screening') {
    const threshold = loadConfig().SCREENING_MATCH_THRESHOLD;
    return screeningCommand(argv.slice(1), threshold, { stdin: process.stdin, out: (l) => console.log(l), err: (l) => console.error(l) });
  }
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      password: { type: 'string' },
      client: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      url: { type: 'string' },
      'webhook-username': { type: 'string' },
      'webhook-password': { type: 'string' },
      secret: { type: 'string' },
      status: { type: 'string' },
      channel: { type: 'string' },
      limit: { type: 'string' },
      all: { type: 'boolean' },
      format: { type: 'string' },
      topic: { type: 'string' },
      alt: { type: 'string' },
      add: { type: 'string' },
      'display-name': { type: 'string' },
      logo: { type: 'string' },
      colour: { type: 'string' },
      color: { type: 'string' },
      'support-email': { type: 'string' },
      'support-phone': { type: 'string' },
      'support-url': { type: 'string' },
      'privacy-url': { type: 'string' },
    },
  });
  const [command, sub, arg] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (command === 'config') {
    console.log(describeVariables());
    return 0;
  }
  const config = loadConfig();
  switch (command) {
    case 'start':
      return runServer(config, { http: true, worker: true });
    case 'serve':
      return runServer(config, { http: true, worker: config.JOBS_RUN_IN_PROCESS });
    case 'worker':
      return runServer(config, { http: false, worker: true });
    case 'migrate':
      return withDb(config, async () => 0);
    case 'clients':
      return withDb(config, async (db) => {
        const clients = new ClientsService(db, 0);
        if (sub === 'create' && arg) {
          const { client, password } = await clients.create({ username: arg, name: values.name, password: values.password });
          console.log(`Created API client ${client.username} (${client.id}).`);
          if (!values.password) console.log(`Password (shown once): ${password}`);
        } else if (sub === 'list') {
          for (const c of await clients.list()) console.log(`${c.username}\t${c.name}\t${c.id}\t${c.created_at}`);
        } else if (sub === 'set-dialog-origins' && arg) {
          return setDialogOriginsCommand(db, arg, positionals.slice(3));
        } else if (sub === 'set-document-languages' && arg) {
          return setDocumentLanguagesCommand(db, arg, positionals.slice(3));
        } else if (sub === 'rotate-password' && arg) {
          const password = await clients.rotatePassword(arg, values.password);
          console.log(`New password for ${arg}${values.password ? ' set' : ` (shown once): ${password}`}. Running servers accept it at once and forget the old one within AUTH_CACHE_TTL_MS.`);
        } else if (sub === 'set-webhook' && arg) {
          return setWebhookCommand(db, arg, values, config.OUTBOUND_ALLOW_PRIVATE);
        } else if (sub === 'brand' && arg) {
          return brandCommand(clients, arg, values);
        } else {
          console.error(USAGE);
          return 1;
        }
        return 0;
      });
    case 'users':
      return withDb(config, async (db) => {
        const users = new UsersService(db);
        if (sub === 'create' && arg && values.client) {
          const { user, password } = await users.create({ username: arg, clientUsername: values.client, role: values.role as Role | undefined, password: values.password });
          console.log(`Created ${user.role} ${user.username} for API client ${values.client}.`);
          if (!values.password) console.log(`Password (shown once): ${password}`);
        } else if (sub === 'list') {
          for (const u of await users.list()) console.log(`${u.username}\t${u.role}\t${u.client_id}\t${u.created_at}`);
        } else if (sub === 'reset-password' && arg) {
          const { password, sessionsEnded } = await users.resetPassword(arg, values.password);
          console.log(`New password for ${arg}${values.password ? ' set' : ` (shown once): ${password}`}. Sessions ended: ${sessionsEnded}; any lock-out is lifted.`);
        } else {
          console.error(USAGE);
          return 1;
        }
        return 0;
      });
    case 'webhooks':
      return withDb(config, (db) => withJobQueue(config, db, (jobs) => webhooksCommand(db, jobs, sub, arg, values)));
    case 'jobs':
      return withDb(config, (db) => withJobQueue(config, db, (jobs) => jobsCommand(jobs, sub, positionals.slice(2), values)));
    case 'questionnaire':
      return withDb(config, (db) => questionnaireCommand(db, sub, values.client, arg));
    case 'lists':
      return withDb(config, (db) =>
        withJobQueue(config, db, (jobs) => listsCommand({ config, db, dialect: config.DATABASE_URL ? 'postgres' : 'sqlite', jobs, log: createLogger(config) }, sub, arg, values)),
      );
    case 'registers':
      return withDb(config, (db) => registersCommand(db, config.DATABASE_URL ? 'postgres' : 'sqlite', sub, arg, values.format));
    default:
      console.error(`Unknown command "${command}".\n\n${USAGE}`);
      return 1;
  }
}

async function withJobQueue(config: Config, db: ReturnType<typeof openDatabase>['db'], fn: (jobs: Awaited<ReturnType<typeof openJobQueue>>['queue']) => Promise<number>): Promise<number> {
  const jobs = await openJobQueue(config, db, config.DATABASE_URL ? 'postgres' : 'sqlite', createLogger(config));
  try {
    return await fn(jobs.queue);
  } finally {
    await jobs.close();
  }
}

async function withDb(config: Config, fn: (db: ReturnType<typeof openDatabase>['db']) => Promise<number>): Promise<number> {
  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * The API client API_USERNAME and the back-office user ADMIN_USERNAME. On an empty database they
 * are created (passwords printed once unless API_PASSWORD / ADMIN_PASSWORD give them). On an
 * existing one, API_PASSWORD and ADMIN_PASSWORD, when set, become their passwords if they differ
 * from the stored ones: the environment wins, and each change is logged and shown at start.
 */
async function bootstrap(d: Dossier, log: Logger): Promise<string[]> {
  const lines: string[] = [];
  const { config, services } = d;
  const fromEnv = async <T>(variable: string, apply: () => Promise<T>): Promise<T> => {
    try {
      return await apply();
    } catch (err) {
      throw new Error(`${variable}: ${(err as Error).message}`);
    }
  };
  // Processes started together on an empty embedded database (which has no start-up lock) may both
  // find no client or user: the one whose insert loses finds it created and goes on as on an
  // existing database.
  const firstOrExisting = async <T>(count: () => Promise<number>, variable: string, create: () => Promise<T>): Promise<T | undefined> => {
    if ((await count()) > 0) return undefined;
    try {
      return await fromEnv(variable, create);
    } catch (err) {
      if ((await count()) > 0) return undefined;
      throw err;
    }
  };
  const firstClient = await firstOrExisting(
    () => services.clients.count(),
    'API_PASSWORD',
    () => services.clients.create({ username: config.API_USERNAME, password: config.API_PASSWORD || undefined }),
  );
  if (firstClient) {
    const { client, password } = firstClient;
    lines.push(`API client "${client.username}" created.${config.API_PASSWORD ? ' Its password is API_PASSWORD.' : ` Password (shown once, keep it): ${password}`}`);
  } else if (config.API_PASSWORD) {
    const applied = await fromEnv('API_PASSWORD', () => services.clients.applyPassword(config.API_USERNAME, config.API_PASSWORD));
    if (applied) {
      log.info({ client: config.API_USERNAME }, 'API_PASSWORD applied to the API client');
      lines.push(`API client "${config.API_USERNAME}": password changed to API_PASSWORD (it differed from the stored one).`);
    } else if (applied === null) {
      lines.push(`API_PASSWORD not applied: there is no API client named "${config.API_USERNAME}". Create it with: npm run dossier -- clients create ${config.API_USERNAME} --password <password>`);
    }
  }
  const firstUser = await firstOrExisting(
    () => services.users.count(),
    'ADMIN_PASSWORD',
    async () =>
      services.users.create({
        username: config.ADMIN_USERNAME,
        clientUsername: (await services.clients.list())[0]!.username,
        role: 'admin',
        password: config.ADMIN_PASSWORD || undefined,
      }),
  );
  if (firstUser) {
    const { user, password } = firstUser;
    lines.push(`Back-office user "${user.username}" created.${config.ADMIN_PASSWORD ? ' Its password is ADMIN_PASSWORD.' : ` Password (shown once, keep it): ${password}`}`);
  } else if (config.ADMIN_PASSWORD) {
    const applied = await fromEnv('ADMIN_PASSWORD', () => services.users.applyPassword(config.ADMIN_USERNAME, config.ADMIN_PASSWORD));
    if (applied) {
      log.info({ user: config.ADMIN_USERNAME }, 'ADMIN_PASSWORD applied to the back-office user (their sessions ended)');
      lines.push(`Back-office user "${config.ADMIN_USERNAME}": password changed to ADMIN_PASSWORD (it differed from the stored one; their sessions ended).`);
    } else if (applied === null) {
      lines.push(
        `ADMIN_PASSWORD not applied: there is no back-office user named "${config.ADMIN_USERNAME}". Create it with: npm run dossier -- users create ${config.ADMIN_USERNAME} --client ${config.API_USERNAME} --role admin --password <password>`,
      );
    }
  }
  return lines;
}

/** At most this many API clients are named in one line of the start banner. */
const NAMED_CLIENTS = 5;

function someClients(usernames: string[]): string {
  const named = usernames.slice(0, NAMED_CLIENTS).map((u) => `"${u}"`);
  return usernames.length > NAMED_CLIENTS ? `${named.join(', ')} and ${usernames.length - NAMED_CLIENTS} more` : named.join(', ');
}

/** What is not configured yet (webhooks, dialog framing, screening lists, register keys, SMTP), each with how to set it; empty when all is. */
async function notConfigured(d: Dossier): Promise<string[]> {
  const { config } = d;
  const dialog = new DialogService(d.ctx, d.services);
  const clients = await d.services.clients.list();
  const withoutWebhook = clients.filter((c) => !c.webhook_url).map((c) => c.username);
  const withoutOrigins: string[] = [];
  for (const c of clients) if ((await dialog.originsFor(c.id)).length === 0) withoutOrigins.push(c.username);
  const lines: string[] = [];
  if (withoutWebhook.length) {
    lines.push(
      `Webhook URL    none for API client ${someClients(withoutWebhook)}: results are only fetched over the API. Set WEBHOOK_URL (for "${config.API_USERNAME}") or run: npm run dossier -- clients set-webhook ${withoutWebhook[0]} --url https://…`,
    );
  }
  if (withoutOrigins.length) {
    lines.push(
      `Dialog origins none for API client ${someClients(withoutOrigins)}: only Dossier's own pages may frame the dialog (frame-ancestors 'self'). Set DIALOG_ORIGINS=https://bank.example (all clients without their own list) or run: npm run dossier -- clients set-dialog-origins ${withoutOrigins[0]} https://bank.example`,
    );
  }
  for (const missing of await notConfiguredChecks(d.ctx)) {
    lines.push(
      missing.part === 'screening_lists'
        ? 'Screening      no sanctions or PEP list imported: cases are not screened, and their reports say so. Run: npm run dossier -- lists import <file>'
        : 'Registers      no COMPANIES_HOUSE_API_KEY: UK companies are not looked up in Companies House, and their reports say so. Set COMPANIES_HOUSE_API_KEY=…',
    );
  }
  const unsetOperator = (['OPERATOR_NAME', 'OPERATOR_CONTACT_EMAIL', 'OPERATOR_PRIVACY_URL'] as const).filter((k) => !config[k]);
  if (unsetOperator.length) {
    lines.push(
      `Operator       no ${unsetOperator.join(', ')}: the dialog of an API client without its own brand names no organisation${unsetOperator.length > 1 ? ', contact or privacy notice' : ''}. Set them (or run: npm run dossier -- clients brand <client> …)`,
    );
  }
  if (!config.SMTP_URL) {
    lines.push(`SMTP           no SMTP_URL: e-mails are written to files (see E-mail above), not sent. Set SMTP_URL=smtp://user:password@host:587 (or smtps://…:465)`);
  }
  return lines.length ? ['Not configured yet:', ...lines.map((l) => `  ${l}`)] : [];
}

async function runServer(config: Config, roles: { http: boolean; worker: boolean }): Promise<number> {
  const log = createLogger(config);
  // On PostgreSQL, processes starting together migrate and create the first users one at a time.
  const { d, created, webhookEnv } = await withStartupLock(
    config.DATABASE_URL,
    async () => {
      const d = await buildDossier(config, { logger: log });
      try {
        const created = roles.http ? await bootstrap(d, log) : [];
        const webhookEnv = roles.http ? await applyWebhookEnvironment(d.ctx.db, config) : null;
        return { d, created, webhookEnv };
      } catch (err) {
        await d.close();
        throw err;
      }
    },
    { onError: (err) => log.warn({ err }, 'the start-up connection to the database failed') },
  );
  const webhookWarnings = await webhookCredentialWarnings(d.ctx.db);
  for (const warning of webhookWarnings) log.warn(warning);
  if (roles.worker) d.startWorker();
  if (roles.http) {
    await d.http.listen({ port: config.PORT, host: config.HOST });
    const u = config.PUBLIC_URL;
    const banner = [
      '',
      `Dossier is running${roles.worker ? ' (HTTP and background jobs)' : ' (HTTP only)'} on ${config.HOST}:${config.PORT}, data in ${config.DATABASE_URL ? 'PostgreSQL' : config.DATA_DIR}.`,
      `  API          ${u}/api/v1   (HTTP Basic: API client credentials)`,
      `  API docs     ${u}/docs     (OpenAPI: ${u}/api/v1/openapi.json)`,
      `  Dialog       ${u}/dialog?id=<conversation_id>`,
      `  Back office  ${u}/backoffice/   (sign in with a back-office user)`,
      `  Web reports  ${u}/reports/<conversation_id>   (back-office sign-in)`,
      `  Health       ${u}/healthz  ${u}/readyz  ${u}/metrics${config.METRICS_TOKEN ? ' (bearer METRICS_TOKEN)' : ''}`,
      `  E-mail       ${d.services.mail.describe()}`,
      ...(webhookEnv ? [`  ${webhookEnv}`] : []),
      ...webhookWarnings.map((w) => `  ${w}`),
      ...created.map((l) => `  ${l}`),
      ...(created.length ? [] : ['  Sign in with the API client and back-office users you created (dossier clients list, dossier users list).']),
      ...(await notConfigured(d)).map((l) => `  ${l}`),
      '',
    ];
    process.stdout.write(`${banner.join('\n')}\n`);
  } else if (config.WORKER_HTTP_PORT > 0) {
    const address = await d.serveOps(config.WORKER_HTTP_PORT, config.HOST);
    log.info({ address }, 'worker running; /healthz, /readyz and /metrics on its own port');
  } else {
    log.info('worker running');
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: finishing requests and jobs in flight');
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 5000).unref();
    await d.close();
    clearTimeout(force);
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return new Promise<number>(() => {});
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (isConfigError(err)) console.error(err.message);
    else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
