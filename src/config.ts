// The one place that reads the environment. Every variable is declared here with its default and
// a description; `loadConfig` validates them all at start-up and fails with a clear message.
import path from 'node:path';

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
const databaseUrl: Parser<string> = (raw, name) => {
  if (raw === '' || /^postgres(ql)?:\/\//.test(raw)) return raw;
  throw new ConfigError(`${name} must be empty (embedded SQLite) or a postgres:// URL, got "${raw.replace(/\/\/.*@/, '//***@')}"`);
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
  API_USERNAME: {
    description: 'Username of the API client created on an empty database.',
    default: 'dossier',
    parse: str,
  },
  API_PASSWORD: {
    description: 'Password of that first API client; when empty a password is generated and printed once.',
    default: '',
    parse: str,
  },
  ADMIN_USERNAME: {
    description: 'Back-office user created on an empty database (signs in to web reports).',
    default: 'admin',
    parse: str,
  },
  ADMIN_PASSWORD: {
    description: 'Password of that first back-office user; when empty one is generated and printed once.',
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
  JOBS_CONCURRENCY: { description: 'Background jobs one process runs at once.', default: '2', parse: int(1, 64) },
  JOBS_POLL_MS: { description: 'How often an idle worker looks for due jobs (ms).', default: '500', parse: int(10, 60000) },
  JOBS_LEASE_MS: {
    description: 'How long a worker holds a job before another may take it over if the holder stops renewing (ms).',
    default: '30000',
    parse: int(200, 3_600_000),
  },
  JOBS_MAX_ATTEMPTS: { description: 'Attempts before a job is marked failed.', default: '8', parse: int(1, 1000) },
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
  AUTH_CACHE_TTL_MS: {
    description: 'How long a verified API credential is remembered so requests skip the scrypt check (ms; 0 to check every time).',
    default: '60000',
    parse: int(0, 3_600_000),
  },
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

/**
 * Reads and validates the configuration from an environment (process.env by default), with
 * optional overrides (used by tests and the CLI). Throws a ConfigError naming the variable at fault.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(variables) as [keyof Variables, VariableSpec<unknown>][]) {
    const override = overrides[name];
    const raw = override !== undefined ? String(override) : (env[name] ?? spec.default);
    if (raw === undefined) continue;
    try {
      out[name] = spec.parse(raw.trim(), name);
    } catch (err) {
      problems.push(err instanceof ConfigError ? err.message : `${name}: ${String(err)}`);
    }
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  const config = out as unknown as Config;
  config.DATA_DIR = path.resolve(config.DATA_DIR);
  config.PUBLIC_URL ??= `http://localhost:${config.PORT}`;
  return config;
}

export function isConfigError(err: unknown): err is Error {
  return err instanceof ConfigError;
}

/** Markdown table of every variable, for the README and `dossier config`. */
export function describeVariables(): string {
  const rows = Object.entries(variables).map(
    ([name, spec]) => `| \`${name}\` | ${spec.default === undefined ? '' : `\`${spec.default}\``} | ${spec.description} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
