// The one place that reads the environment. Every variable is declared here with its default and
// a description; `loadConfig` validates them all at start-up and fails with a clear message.
import net from 'node:net';
import path from 'node:path';
import { parseOriginList } from './lib/origins.ts';

type Parser<T> = (raw: string, name: string) => T;

interface VariableSpec<T> {
  description: string;
  default: string | undefined;
  parse: Parser<T>;
}

class ConfigError extends Error {}

const str: Parser<string> = (raw) => raw;
const int =
  (min: number, max: number): Parser<number> =>
  (raw, name) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    }
    return n;
  };
const num =
  (min: number, max: number): Parser<number> =>
  (raw, name) => {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max) throw new ConfigError(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
    return n;
  };
const oneOf =
  <T extends string>(...values: T[]): Parser<T> =>
  (raw, name) => {
    if (!values.includes(raw as T)) throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
    return raw as T;
  };
const bool: Parser<boolean> = (raw, name) => {
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off', ''].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
};
const url: Parser<string> = (raw, name) => {
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    return raw.replace(/\/+$/, '');
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL such as https://dossier.example.com, got "${raw}"`);
  }
};
// Kept exactly as given (a receiver may care about a trailing slash).
const optionalUrl: Parser<string> = (raw, name) => (raw === '' ? '' : (url(raw, name), raw));
const positiveNumber: Parser<number> = (raw, name) => {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > 1000) throw new ConfigError(`${name} must be a number above 0 and at most 1000, got "${raw}"`);
  return n;
};
const riskLevelList: Parser<('low' | 'medium' | 'high')[]> = (raw, name) => {
  const levels = raw.split(/[\s,]+/).filter(Boolean);
  const wrong = levels.find((l) => !['low', 'medium', 'high'].includes(l));
  if (wrong !== undefined) throw new ConfigError(`${name} must list risk levels among low, medium and high, got "${wrong}"`);
  return [...new Set(levels)] as ('low' | 'medium' | 'high')[];
};
const smtpUrl: Parser<string> = (raw, name) => {
  if (raw === '' || /^smtps?:\/\/[^/]+/.test(raw)) return raw;
  throw new ConfigError(`${name} must be empty or an smtp:// or smtps:// URL, got "${raw.replace(/\/\/.*@/, '//***@')}"`);
};
const fraction: Parser<number> = (raw, name) => {
  const n = Number(raw);
  if (raw === '' || !Number.isFinite(n) || n <= 0 || n > 1) throw new ConfigError(`${name} must be a fraction above 0 and at most 1 (e.g. 0.25), got "${raw}"`);
  return n;
};
const databaseUrl: Parser<string> = (raw, name) => {
  if (raw === '' || /^postgres(ql)?:\/\//.test(raw)) return raw;
  throw new ConfigError(`${name} must be empty (embedded SQLite) or a postgres:// URL, got "${raw.replace(/\/\/.*@/, '//***@')}"`);
};

const redisUrl: Parser<string> = (raw, name) => {
  if (raw === '' || /^rediss?:\/\/[^/]/.test(raw)) return raw;
  throw new ConfigError(`${name} must be empty or a redis:// or rediss:// URL, got "${raw.replace(/\/\/.*@/, '//***@')}"`);
};

/** false, true (trust every proxy), a number of proxy hops, or the proxies' addresses and ranges. */
export type TrustProxy = boolean | number | string[];
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const trustProxy: Parser<TrustProxy> = (raw, name) => {
  if (['', 'false', '0'].includes(raw.toLowerCase())) return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) return int(1, 32)(raw, name);
  const entries = raw.split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!(PROXY_NAMES.includes(entry) || (family !== 0 && bitsOk && extra === undefined))) {
      throw new ConfigError(`${name} must be false, a number of proxy hops (1-32), or proxy addresses and ranges such as "10.0.0.0/8, ::1" or "loopback"; "${entry}" is none of these`);
    }
  }
  return entries;
};

const originList: Parser<string[]> = (raw, name) => {
  try {
    return parseOriginList(raw);
  } catch (err) {
    throw new ConfigError(`${name}: ${(err as Error).message}`);
  }
};

const hostTable: Parser<Map<string, { address: string; port?: number }>> = (raw, name) => {
  const table = new Map<string, { address: string; port?: number }>();
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const m = /^([a-z0-9.-]+)=(?:\[([0-9a-f:.]+)\]|([0-9.]+))(?::(\d{1,5}))?$/i.exec(entry);
    const address = m ? (m[2] ?? m[3])! : '';
    const port = m?.[4] ? Number(m[4]) : undefined;
    if (!m || net.isIP(address) === 0 || (port !== undefined && (port < 1 || port > 65535))) {
      throw new ConfigError(`${name} must be name=address or name=address:port pairs such as "shop.example=192.0.2.10:8080", got "${entry}"`);
    }
    table.set(m[1]!.toLowerCase(), port === undefined ? { address } : { address, port });
  }
  return table;
};

/** A sanctions or PEP list fetched on a schedule: its name, the file's URL, and for OFAC's CSV its alias and address files. */
export interface ListSource {
  name: string;
  url: string;
  alt?: string;
  add?: string;
}

const listSources: Parser<ListSource[]> = (raw, name) => {
  const out: ListSource[] = [];
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const m = /^([\w.-]{1,64})=(.+)$/.exec(entry);
    const urls = m ? m[2]!.split('|') : [];
    const bad = urls.find((u) => !/^https?:\/\/[^\s|]+$/i.test(u) || !URL.canParse(u));
    if (!m || urls.length > 3 || bad !== undefined) {
      throw new ConfigError(`${name} must be name=url pairs such as "ofac-sdn=https://example.org/sdn.csv" (for OFAC's CSV, name=sdn-url|alt-url|add-url), got "${entry}"`);
    }
    if (out.some((o) => o.name === m[1])) throw new ConfigError(`${name} names the list "${m[1]}" twice`);
    out.push({ name: m[1]!, url: urls[0]!, ...(urls[1] ? { alt: urls[1] } : {}), ...(urls[2] ? { add: urls[2] } : {}) });
  }
  return out;
};

const languageList: Parser<string[]> = (raw, name) => {
  const codes = raw
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((c) => c.toLowerCase());
  const bad = codes.find((c) => !/^[a-z]{2}$/.test(c));
  if (bad !== undefined) throw new ConfigError(`${name} must be two-letter language codes such as "en, de", got "${bad}"`);
  return [...new Set(codes)];
};

/** Every variable Dossier reads, in the order the README documents them. */
export const variables = {
  PORT: { description: 'TCP port the HTTP server listens on.', default: '3000', parse: int(0, 65535) },
  HOST: { description: 'Interface to bind; use 0.0.0.0 to accept connections from other machines.', default: '127.0.0.1', parse: str },
  PUBLIC_URL: {
    description: 'Address clients and users reach Dossier at; used in every link Dossier hands out. Defaults to http://localhost:PORT.',
    default: undefined,
    parse: url,
  },
  DATA_DIR: { description: 'Folder for the SQLite file, document blobs and generated reports.', default: './data', parse: str },
  DATABASE_URL: {
    description: 'Empty for the embedded SQLite file in DATA_DIR; a postgres:// URL to use PostgreSQL.',
    default: '',
    parse: databaseUrl,
  },
  STORAGE: {
    description: 'Where document files and reports are kept: fs (DATA_DIR/blobs; every process must see the same folder) or s3 (a bucket of an S3 API, for processes on several machines).',
    default: 'fs',
    parse: oneOf('fs', 's3'),
  },
  S3_ENDPOINT: { description: 'STORAGE=s3: address of the S3 API (e.g. https://s3.example.com:9000); empty for AWS S3 itself.', default: '', parse: optionalUrl },
  S3_BUCKET: { description: 'STORAGE=s3: the bucket (it must exist; /readyz checks it).', default: '', parse: str },
  S3_REGION: { description: 'STORAGE=s3: region of the bucket.', default: 'us-east-1', parse: str },
  S3_ACCESS_KEY_ID: { description: 'STORAGE=s3: access key; empty to use the usual AWS sources (AWS_* variables, instance role).', default: '', parse: str },
  S3_SECRET_ACCESS_KEY: { description: 'STORAGE=s3: secret key of S3_ACCESS_KEY_ID.', default: '', parse: str },
  S3_FORCE_PATH_STYLE: {
    description: 'STORAGE=s3: address the bucket in the path (https://host/bucket/key) instead of the host name; most S3 APIs other than AWS need true.',
    default: 'false',
    parse: bool,
  },
  API_USERNAME: {
    description: 'Username of the API client created on an empty database.',
    default: 'dossier',
    parse: str,
  },
  API_PASSWORD: {
    description:
      'Password of that API client: set when the client is created (when empty one is generated and printed once), and on an existing database applied at start when it differs from the stored one.',
    default: '',
    parse: str,
  },
  ADMIN_USERNAME: {
    description: 'Back-office user created on an empty database (signs in to web reports).',
    default: 'admin',
    parse: str,
  },
  ADMIN_PASSWORD: {
    description:
      'Password of that back-office user: set when the user is created (when empty one is generated and printed once), and on an existing database applied at start when it differs (the user is signed out).',
    default: '',
    parse: str,
  },
  LOG_LEVEL: {
    description: 'pino log level.',
    default: 'info',
    parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
  },
  MAX_JSON_BYTES: { description: 'Largest JSON request body accepted (bytes).', default: String(1024 * 1024), parse: int(1024, 64 * 1024 * 1024) },
  MAX_FILE_BYTES: { description: 'Largest uploaded document accepted (bytes).', default: String(25 * 1024 * 1024), parse: int(1, 1024 * 1024 * 1024) },
  MAX_PDF_PAGES: { description: 'Largest number of pages read from one PDF.', default: '100', parse: int(1, 100000) },
  READ_MAX_DOCUMENT_MEGAPIXELS: {
    description:
      'Reading budget of one document: megapixels decoded, checked before decoding. An image (TIFF, PNG, JPEG, WEBP) costs pages × pixels per page, read from its header; a PDF costs the pixels of each page it reads by OCR (its scan, or the page rendered at 200 dpi). Pages beyond it are not read (finding read_budget_reached). About 2 s of reading per 200.',
    default: '200',
    parse: int(1, 1_000_000),
  },
  READ_MAX_CONVERSATION_MEGAPIXELS: {
    description:
      'Reading budget of all the documents of one conversation together (megapixels decoded); a document read when it is spent gets read_budget_reached. It bounds what one dialog link can cost everyone else.',
    default: '2000',
    parse: int(1, 100_000_000),
  },
  READ_MAX_CLIENT_MEGAPIXELS_PER_HOUR: {
    description: "Reading budget of one API client's documents uploaded in the last hour (megapixels decoded), so one client cannot take every reading thread.",
    default: '20000',
    parse: int(1, 1_000_000_000),
  },
  RATE_LIMIT_PER_MINUTE: {
    description: 'API requests allowed per API client per minute (0 turns the limit off).',
    default: '6000',
    parse: int(0, 10_000_000),
  },
  JOBS_RUN_IN_PROCESS: {
    description: 'Whether `dossier serve` also runs background jobs (`npm start` always does).',
    default: 'false',
    parse: bool,
  },
  JOBS_CONCURRENCY: {
    description: "Background jobs one process runs at once. One API client's jobs take at most JOBS_CLIENT_SLOTS of them.",
    default: '2',
    parse: int(1, 64),
  },
  JOBS_CLIENT_SLOTS: {
    description:
      "Most of a process's JOBS_CONCURRENCY slots that one API client's jobs (the verifications that read its documents) hold at once. 0: all of them but one, which stays free for other clients' work. Set it to JOBS_CONCURRENCY on an instance with a single client.",
    default: '0',
    parse: int(0, 64),
  },
  JOBS_POLL_MS: { description: 'How often an idle worker looks for due jobs (ms).', default: '500', parse: int(10, 60000) },
  JOBS_LEASE_MS: {
    description: 'How long a worker holds a job before another may take it over if the holder stops renewing (ms).',
    default: '30000',
    parse: int(200, 3_600_000),
  },
  JOBS_MAX_ATTEMPTS: {
    description: 'Attempts a job failing on its own gets before it is marked failed (a dependency outage — storage, database, a register — does not spend attempts; see JOBS_RETRY_HOURS).',
    default: '8',
    parse: int(1, 1000),
  },
  JOBS_RETRY_HOURS: {
    description: 'How long after its first failure a job is still retried (hours): a job waiting out a storage, database or register outage retries until then, then fails for good.',
    default: '6',
    parse: num(0.001, 24 * 30),
  },
  JOBS_RETRY_MAX_DELAY_SECONDS: {
    description: 'Longest wait between two attempts of a job (s); the wait doubles from 1 s with ±20 % jitter up to this. A queue whose dependency is down pauses as long.',
    default: '120',
    parse: int(1, 3600),
  },
  JOBS_BACKEND: {
    description:
      'Where jobs wait: table (the jobs table, polled; SQLite or PostgreSQL) or pg-boss (PostgreSQL only: queues with retries, dead-letter queues and singleton finalization; jobs still queued in the table move over at the first start).',
    default: 'table',
    parse: oneOf('table', 'pg-boss'),
  },
  JOBS_EXPIRE_SECONDS: {
    description:
      'JOBS_BACKEND=pg-boss: how long a job whose worker stopped renewing it (a killed or frozen process) stays active before another worker takes it over (s); running jobs renew it every third of this.',
    default: '30',
    parse: int(3, 86_400),
  },
  SEARCH_INDEX_DELAY_MS: {
    description:
      'SQLite only: how long after a case is created the back office search index takes it in (ms); a burst of new cases is indexed in one transaction. Until then searches still find the case, by scanning the few not yet indexed.',
    default: '250',
    parse: int(0, 600_000),
  },
  JOBS_CLAIM_PAUSE_MS: {
    description: 'Fault injection for crash tests: pause after a job is claimed and before it runs (ms). Keep 0 in production.',
    default: '0',
    parse: int(0, 600000),
  },
  SHUTDOWN_TIMEOUT_MS: {
    description: 'How long a stopping process waits for requests and jobs in flight (ms).',
    default: '15000',
    parse: int(0, 600000),
  },
  WORKER_HTTP_PORT: {
    description: 'Port on HOST where `dossier worker` answers /healthz, /readyz and /metrics (no API routes); 0 turns it off.',
    default: '9464',
    parse: int(0, 65535),
  },
  METRICS_TOKEN: {
    description: 'Bearer token /metrics asks for (Authorization: Bearer <token>); empty leaves /metrics open (it holds no personal data).',
    default: '',
    parse: str,
  },
  AUTH_CACHE_TTL_MS: {
    description: 'How long a verified API credential is remembered so requests skip the scrypt check (ms; 0 to check every time).',
    default: '60000',
    parse: int(0, 3_600_000),
  },
  WEBHOOK_URL: {
    description: 'Webhook URL of the API client named API_USERNAME, applied at start-up when set (otherwise set per client with `dossier clients set-webhook`).',
    default: '',
    parse: optionalUrl,
  },
  WEBHOOK_USERNAME: { description: 'Basic-auth username Dossier sends to that webhook, applied at start-up when set.', default: '', parse: str },
  WEBHOOK_PASSWORD: { description: 'Basic-auth password Dossier sends to that webhook, applied at start-up when set.', default: '', parse: str },
  WEBHOOK_SECRET: {
    description: 'Signing secret of that webhook (X-Dossier-Signature), applied at start-up when set.',
    default: '',
    parse: str,
  },
  WEBHOOK_TIMEOUT_MS: { description: 'How long one webhook attempt may take before it counts as failed (ms).', default: '10000', parse: int(100, 120_000) },
  OUTBOUND_ALLOW_PRIVATE: {
    description: 'Whether webhooks may go to private addresses: false (refuse private, loopback and link-local), loopback (allow loopback only) or true (allow all).',
    default: 'false',
    parse: oneOf('false', 'loopback', 'true'),
  },
  WEBSITE_CHECK_ALLOW_PRIVATE: {
    description: 'Whether the website check may visit private addresses: false (refuse private, loopback and link-local), loopback (allow loopback only) or true (allow all).',
    default: 'false',
    parse: oneOf('false', 'loopback', 'true'),
  },
  WEBSITE_CHECK_TIMEOUT_MS: { description: 'How long the website check waits for one page, redirects included one by one (ms).', default: '5000', parse: int(100, 60_000) },
  WEBSITE_CHECK_HOSTS: {
    description:
      'Names the website check resolves itself, like a hosts file: name=address or name=address:port pairs, comma-separated (closed networks, tests). The address is still subject to WEBSITE_CHECK_ALLOW_PRIVATE.',
    default: '',
    parse: hostTable,
  },
  DOCUMENT_LANGUAGES: {
    description:
      'Languages (ISO 639-1 codes, comma-separated) documents are accepted in without a translation; a document read in another language asks for an English one. `dossier clients set-document-languages` sets them per client.',
    default: 'en',
    parse: languageList,
  },
  DELIVERY_CONCURRENCY: { description: 'Webhook and e-mail deliveries one process runs at once (separate from JOBS_CONCURRENCY).', default: '16', parse: int(1, 256) },
  DELIVERY_RETRY_SCALE: {
    description: 'Multiplies every delay of the delivery retry schedule and its 3-day window (tests use a small value). Keep 1 in production.',
    default: '1',
    parse: positiveNumber,
  },
  SMTP_URL: {
    description: 'SMTP server for e-mail, e.g. smtp://user:pass@host:587 or smtps://…:465; empty writes e-mails as .eml files under DATA_DIR/mail.',
    default: '',
    parse: smtpUrl,
  },
  MAIL_FROM: { description: 'Sender of the e-mails Dossier sends.', default: 'Dossier <no-reply@localhost>', parse: str },
  OPERATOR_NAME: {
    description: 'Name of the organisation that runs Dossier, shown in the dialog ("Requested by …") for API clients without a display name of their own.',
    default: '',
    parse: (raw, name) => {
      if (raw.length > 120) throw new ConfigError(`${name} may be at most 120 characters long`);
      return raw.trim();
    },
  },
  OPERATOR_CONTACT_EMAIL: {
    description: "Contact address shown in the dialog's footer for API clients without a support contact of their own.",
    default: '',
    parse: (raw, name) => {
      if (raw !== '' && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(raw)) throw new ConfigError(`${name} must be an e-mail address such as privacy@bank.example, got "${raw}"`);
      return raw;
    },
  },
  OPERATOR_PRIVACY_URL: {
    description: "Privacy notice linked in the dialog's footer for API clients without one of their own.",
    default: '',
    parse: optionalUrl,
  },
  DIALOG_ORIGINS: {
    description:
      'Origins (space- or comma-separated, e.g. https://bank.example) allowed to embed the dialog in an iframe and to receive its postMessage, for API clients without their own list (`dossier clients set-dialog-origins`).',
    default: '',
    parse: originList,
  },
  DIALOG_RATE_LIMIT_PER_MINUTE: {
    description: 'Requests to the dialog allowed per conversation per minute (0 turns the limit off).',
    default: '300',
    parse: int(0, 1_000_000),
  },
  DIALOG_IP_RATE_LIMIT_PER_MINUTE: {
    description: 'Requests to the dialog allowed per IP address per minute, across conversations (0 turns the limit off).',
    default: '1200',
    parse: int(0, 10_000_000),
  },
  SESSION_IDLE_MINUTES: { description: 'Back office: a session unused this long ends (minutes).', default: '60', parse: int(1, 7 * 24 * 60) },
  SESSION_MAX_HOURS: { description: 'Back office: a session ends this long after sign-in, however busy (hours).', default: '12', parse: int(1, 24 * 30) },
  LOGIN_MAX_FAILURES: {
    description: 'Back office and API: failed sign-ins in a row that lock a username (of a user or an API client) for LOGIN_LOCKOUT_MINUTES.',
    default: '5',
    parse: int(1, 1000),
  },
  LOGIN_LOCKOUT_MINUTES: {
    description: 'Back office and API: how long a locked username stays locked (minutes); each further failure past the limit doubles it, up to a day.',
    default: '15',
    parse: int(1, 24 * 60),
  },
  LOGIN_KNOWN_SOURCE_DAYS: {
    description:
      'Back office and API: an address that signed in to an account successfully stays known to it this long (days); lock-outs of the account and throttles of other addresses do not apply to it (0 turns this off).',
    default: '30',
    parse: int(0, 30),
  },
  TRUST_PROXY: {
    description:
      'Reverse proxies in front of Dossier whose X-Forwarded-For is believed, so per-address limits see the client: false, a number of hops, or addresses and ranges (e.g. "10.0.0.0/8, loopback").',
    default: 'false',
    parse: trustProxy,
  },
  HTTP_HEADERS_TIMEOUT_MS: {
    description: 'Longest a client may take to send the headers of a request before its connection is closed (ms).',
    default: '10000',
    parse: int(500, 600_000),
  },
  HTTP_REQUEST_TIMEOUT_MS: {
    description: 'Longest a client may take to send a whole request, headers and body (an upload included), before it is answered 408 and its connection closed (ms).',
    default: '120000',
    parse: int(1000, 3_600_000),
  },
  HTTP_KEEP_ALIVE_TIMEOUT_MS: {
    description: "How long an idle kept-alive connection stays open waiting for the next request (ms); behind a proxy that keeps connections longer, set it above the proxy's idle timeout.",
    default: '10000',
    parse: int(100, 600_000),
  },
  HTTP_SOCKET_TIMEOUT_MS: {
    description: 'A connection on which nothing is sent or received this long, a request in progress included, is closed (ms).',
    default: '120000',
    parse: int(1000, 3_600_000),
  },
  HTTP_MAX_CONNECTIONS: {
    description:
      'Most connections the HTTP server holds open at once; further ones are answered 503 with Retry-After and closed. 0: worked out from the open-file limit read at start (the limit less a quarter, at least 256, kept for the database, files and outbound calls). A larger value is lowered to that.',
    default: '0',
    parse: int(0, 1_000_000),
  },
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: {
    description:
      'Most connections one client address may hold open at once; further ones are answered 429 with Retry-After and closed (0: no cap). Connections from proxies named in TRUST_PROXY are not capped by address (a number of hops or true: none are).',
    default: '128',
    parse: int(0, 1_000_000),
  },
  DB_STATEMENT_TIMEOUT_MS: {
    description: 'PostgreSQL: longest one statement may run before it is cancelled and the request answered 503 database_busy (ms; 0 for no limit).',
    default: '30000',
    parse: int(0, 3_600_000),
  },
  DB_LOCK_TIMEOUT_MS: {
    description: 'Longest a statement waits for a lock held elsewhere before the request is answered 503 database_busy (ms); on SQLite the busy timeout.',
    default: '5000',
    parse: int(1, 600_000),
  },
  DB_CONNECT_TIMEOUT_MS: {
    description: 'PostgreSQL: longest a request waits for a connection from the pool (or for a new one) before it is answered 503 database_busy (ms).',
    default: '10000',
    parse: int(100, 600_000),
  },
  REDIS_URL: {
    description: 'Optional redis:// (or rediss://) URL: when set, every process keeps its rate-limit counters there instead of in PostgreSQL (or, on SQLite, in memory).',
    default: '',
    parse: redisUrl,
  },
  DATABASE_POOL_MAX: {
    description: "PostgreSQL: most connections one process opens (its pool); every process of a deployment together must stay below the server's max_connections (see PostgreSQL and many processes).",
    default: '10',
    parse: int(1, 1000),
  },
  READER_THREADS: {
    description: 'Threads one process reads documents in (text layer, OCR), each with its own memory; 0 for one per core.',
    default: '0',
    parse: int(0, 64),
  },
  OCR_SECOND_ENGINE: {
    description:
      'Whether identity pages, pages in Chinese or Japanese and pages tesseract reads with low confidence are read again by the second OCR engine (PaddleOCR), whose reading is kept page by page on the evidence; false reads with tesseract alone.',
    default: 'true',
    parse: bool,
  },
  OCR_ARABIC: {
    description:
      'Whether pages tesseract reads with low confidence in English (not identity pages, not Chinese or Japanese) are read again with Arabic data, at most 2 pages a document; the Arabic reading is kept when it is clearly more confident and mostly Arabic letters; false reads with the English data alone.',
    default: 'true',
    parse: bool,
  },
  OCR_EUROPEAN: {
    description:
      "Whether pages whose English reading shows another European language (French, German, Spanish, Italian, Portuguese, Dutch, Polish, Swedish, Czech, Romanian, Turkish by their common words; Greek by the noise the English data makes of it) are read again with that language's tesseract data, at most 3 pages a document; that reading is kept when it is at least as confident and keeps the language's words (Greek: clearly more confident and mostly Greek letters); false reads with the English data alone.",
    default: 'true',
    parse: bool,
  },
  OCR_SECOND_ENGINE_THREADS: {
    description: 'How many reading threads of one process may run the second OCR engine at once (about 1 GB of memory each while a page is read).',
    default: '1',
    parse: int(1, 64),
  },
  MIN_FREE_DISK_MB: {
    description: '/readyz answers not ready when DATA_DIR has less free space than this (MB).',
    default: '100',
    parse: int(0, 100_000_000),
  },
  COMPANIES_HOUSE_API_KEY: {
    description: 'API key of the UK Companies House public data API; when set, GB cases with a registration number are looked up there (owners, directors, filings).',
    default: '',
    parse: str,
  },
  COMPANIES_HOUSE_API_URL: { description: 'Base URL of the Companies House REST API.', default: 'https://api.company-information.service.gov.uk', parse: url },
  COMPANIES_HOUSE_DOCUMENT_API_URL: { description: 'Base URL of the Companies House document API (filing PDFs).', default: 'https://document-api.company-information.service.gov.uk', parse: url },
  COMPANIES_HOUSE_RATE_LIMIT: {
    description: 'Companies House requests allowed per COMPANIES_HOUSE_RATE_WINDOW_MS (the register allows 600 per 5 minutes per key).',
    default: '600',
    parse: int(1, 100_000),
  },
  COMPANIES_HOUSE_RATE_WINDOW_MS: { description: 'Window of COMPANIES_HOUSE_RATE_LIMIT (ms).', default: '300000', parse: int(1000, 86_400_000) },
  REGISTER_CACHE_TTL_MS: { description: 'How long answers of register APIs are kept and reused (ms).', default: '86400000', parse: int(0, 365 * 86_400_000) },
  REGISTER_TIMEOUT_MS: { description: 'How long one request to a register may take (ms).', default: '15000', parse: int(100, 300_000) },
  REGISTER_MAX_COMPANIES: { description: 'Most companies read from registers for one case while following ownership chains.', default: '50', parse: int(1, 10_000) },
  REGISTER_MAX_DEPTH: { description: 'Most levels of corporate owners followed above the case company.', default: '10', parse: int(0, 100) },
  REGISTER_FILINGS_PER_COMPANY: { description: 'Register filings kept as official_registers documents per company of a resolved chain.', default: '1', parse: int(0, 20) },
  REFERENCE_DATA_DIR: {
    description: 'Optional folder with newer industry code lists (UK SIC 2007, NACE Rev. 2, NAICS 2022, MCC) in the upstream layout; each list it holds replaces the one Dossier ships.',
    default: '',
    parse: str,
  },
  UBO_THRESHOLD: {
    description:
      'Effective ownership (fraction of 1) below which an ultimate beneficial owner is flagged (additional_details below_ubo_threshold:<id>); every natural person at the end of a chain is listed whatever the threshold.',
    default: '0.25',
    parse: fraction,
  },
  SCORING_POLICY_FILE: { description: 'Risk-scoring policy (JSON, versioned); empty for the built-in src/scoring/policy.json.', default: '', parse: str },
  SCREENING_MATCH_THRESHOLD: {
    description: 'Screening: score (0–1, after birth date, country and identifier checks) from which a list entry is a hit on a company or person of a case; below it nothing is recorded.',
    default: '0.85',
    parse: fraction,
  },
  SCREENING_STRONG_THRESHOLD: {
    description: 'Screening: score from which an open hit is a critical finding (sanctions lists) or a warning (PEP lists); hits between the match threshold and this one are info findings.',
    default: '0.92',
    parse: fraction,
  },
  SCREENING_MAX_CANDIDATES: {
    description:
      'Screening: most list entries compared in full per screened name: those sharing two of its words (one for a one-word name) or its joined form in the blocking index, the ones sharing most first.',
    default: '500',
    parse: int(10, 100000),
  },
  SCREENING_LIST_URLS: {
    description:
      "Screening: lists fetched and imported on a schedule (SCREENING_FETCH_INTERVAL_MINUTES), as name=url pairs separated by commas or spaces; for OFAC's CSV name=sdn-url|alt-url|add-url. The format is recognised from the content, as by `dossier lists import`. Empty: lists are imported by hand only.",
    default: '',
    parse: listSources,
  },
  SCREENING_FETCH_INTERVAL_MINUTES: {
    description: 'Screening: how often the lists of SCREENING_LIST_URLS are fetched (minutes; runs at whole multiples of it since midnight UTC, and once when a worker starts).',
    default: '1440',
    parse: int(5, 43_200),
  },
  SCREENING_FETCH_ALLOW_PRIVATE: {
    description:
      'Whether list URLs may be on private addresses: false (refuse private, loopback and link-local), loopback (allow loopback only) or true (allow all, for a mirror inside your network).',
    default: 'false',
    parse: oneOf('false', 'loopback', 'true'),
  },
  SCREENING_FETCH_TIMEOUT_MS: { description: 'Screening: how long one list file may take to download, in full (ms).', default: '600000', parse: int(1000, 3_600_000) },
  SCREENING_FETCH_MAX_MB: { description: 'Screening: largest list file downloaded (MB); a larger one is not imported.', default: '2048', parse: int(1, 100_000) },
  FOUR_EYES_RISK_LEVELS: {
    description: 'Risk levels (low, medium, high; comma-separated, empty for none) at which approving a case in the back office takes two different analysts.',
    default: 'high',
    parse: riskLevelList,
  },
  REVIEW_INTERVAL_DAYS_LOW: { description: 'Days from the approval of a low-risk case to its next review (0: due at once).', default: '1095', parse: int(0, 3650) },
  REVIEW_INTERVAL_DAYS_MEDIUM: { description: 'Days from the approval of a medium-risk case to its next review (0: due at once).', default: '730', parse: int(0, 3650) },
  REVIEW_INTERVAL_DAYS_HIGH: { description: 'Days from the approval of a high-risk case to its next review (0: due at once).', default: '365', parse: int(0, 3650) },
} satisfies Record<string, VariableSpec<unknown>>;

type Variables = typeof variables;
type RawConfig = { [K in keyof Variables]: ReturnType<Variables[K]['parse']> };

export interface Config extends RawConfig {
  /** PUBLIC_URL with its default applied. */
  PUBLIC_URL: string;
  /** Absolute DATA_DIR. */
  DATA_DIR: string;
}

export type ConfigOverrides = Partial<{ [K in keyof Variables]: string | number | boolean }>;

/** The table seen variable by variable: each one's parser gives that variable's value. */
const specs: { [K in keyof Variables]: VariableSpec<RawConfig[K]> } = variables;
const NAMES = Object.keys(variables) as (keyof Variables)[];

/** Reads one variable into the configuration being built. */
function readVariable<K extends keyof Variables>(out: Partial<RawConfig>, name: K, raw: string): void {
  out[name] = specs[name].parse(raw, name);
}

/** Whether every variable has its value (each has a default but PUBLIC_URL, whose default is applied before). */
function isComplete(out: Partial<RawConfig>): out is RawConfig {
  return NAMES.every((name) => out[name] !== undefined);
}

/**
 * Reads and validates the configuration from an environment (process.env by default), with
 * optional overrides (used by tests and the CLI). Throws a ConfigError naming the variable at fault.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const out: Partial<RawConfig> = {};
  const problems: string[] = [];
  for (const name of NAMES) {
    const override = overrides[name];
    const raw = override !== undefined ? String(override) : (env[name] ?? specs[name].default);
    if (raw === undefined) continue;
    try {
      readVariable(out, name, raw.trim());
    } catch (err) {
      problems.push(err instanceof ConfigError ? err.message : `${name}: ${String(err)}`);
    }
  }
  if (out.STORAGE === 's3' && !out.S3_BUCKET) problems.push('S3_BUCKET must name a bucket when STORAGE=s3');
  if (out.STORAGE === 's3' && Boolean(out.S3_ACCESS_KEY_ID) !== Boolean(out.S3_SECRET_ACCESS_KEY)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  if (typeof out.HTTP_HEADERS_TIMEOUT_MS === 'number' && typeof out.HTTP_REQUEST_TIMEOUT_MS === 'number' && out.HTTP_HEADERS_TIMEOUT_MS > out.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS must not be above HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)');
  }
  if (out.JOBS_BACKEND === 'pg-boss' && !out.DATABASE_URL) problems.push('JOBS_BACKEND=pg-boss needs PostgreSQL (DATABASE_URL)');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  out.PUBLIC_URL ??= `http://localhost:${out.PORT}`;
  if (!isComplete(out)) throw new ConfigError(`Invalid configuration: ${NAMES.filter((n) => out[n] === undefined).join(', ')} not set`);
  return { ...out, DATA_DIR: path.resolve(out.DATA_DIR) };
}

export function isConfigError(err: unknown): err is Error {
  return err instanceof ConfigError;
}

/** Markdown table of every variable, for the README and `dossier config`. */
export function describeVariables(): string {
  const rows = Object.entries(variables).map(([name, spec]) => `| \`${name}\` | ${spec.default === undefined ? '' : `\`${spec.default}\``} | ${spec.description} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The reading pool's settings (threads, the second OCR engine, the Arabic and European readings) as a config gives them. */
export function readerSettings(config: Pick<Config, 'READER_THREADS' | 'OCR_SECOND_ENGINE' | 'OCR_SECOND_ENGINE_THREADS' | 'OCR_ARABIC' | 'OCR_EUROPEAN'>) {
  return {
    threads: config.READER_THREADS,
    secondEngine: config.OCR_SECOND_ENGINE,
    secondEngineThreads: config.OCR_SECOND_ENGINE_THREADS,
    arabic: config.OCR_ARABIC,
    european: config.OCR_EUROPEAN,
  };
}
