// Connection limits of the HTTP server: how many connections it holds at once, in total (kept below
// the process's open-file limit, read at start) and per client address. A connection over a cap is
// answered at once (503 over the total, 429 over its address's share, both with Retry-After) and
// closed, before any of its request is read: it never reaches a route, so shedding it does no work
// and cannot half-run a request. The HTTP time limits (headers, whole request, keep-alive,
// inactivity) are the server's own settings, worked out here from the configuration.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type http from 'node:http';
import type { Logger } from 'pino';
import type { Config, TrustProxy } from '../config.ts';

/** Open files assumed when the limit cannot be read (the usual soft limit of Linux and macOS shells). */
const FALLBACK_FILE_LIMIT = 1024;
/** Seconds a shed client is asked to wait. */
const RETRY_AFTER_SECONDS = 5;
/** How long a shed connection may linger, its answer unread, before it is destroyed (ms). */
const SHED_LINGER_MS = 2000;

export interface FileLimit {
  limit: number;
  /** Where the limit came from. */
  source: 'proc' | 'ulimit' | 'assumed';
}

/** The soft open-file limit of `Max open files` in /proc/self/limits, or null when absent or unlimited. */
export function parseProcLimits(text: string): number | null {
  const m = /^Max open files\s+(\S+)/m.exec(text);
  if (!m || !/^\d+$/.test(m[1]!)) return null;
  return Number(m[1]);
}

/** The process's open-file limit: /proc/self/limits on Linux, else `ulimit -n` of a shell, else 1024. */
export function readFileLimit(): FileLimit {
  try {
    const limit = parseProcLimits(fs.readFileSync('/proc/self/limits', 'utf8'));
    if (limit) return { limit, source: 'proc' };
  } catch {
    // not Linux: ask a shell, which inherits the limit
  }
  try {
    const out = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { timeout: 2000, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (/^\d+$/.test(out)) return { limit: Number(out), source: 'ulimit' };
  } catch {
    // no shell
  }
  return { limit: FALLBACK_FILE_LIMIT, source: 'assumed' };
}

/** Open files kept for everything but client connections: a quarter of the limit, at least 256. */
export function reservedFiles(fileLimit: number): number {
  return Math.max(256, Math.ceil(fileLimit / 4));
}

/** The total connection cap: the configured one (0: as many as the limit allows), never above the limit less the reserve. */
export function connectionCap(configured: number, fileLimit: number): number {
  const allowed = Math.max(16, fileLimit - reservedFiles(fileLimit));
  return configured > 0 ? Math.min(configured, allowed) : allowed;
}

/** Node's HTTP server settings from the configuration (Fastify takes requestTimeout, keepAliveTimeout and connectionTimeout itself). */
export function httpServerTimeouts(config: Config) {
  const shortest = Math.min(config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS);
  return {
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.HTTP_SOCKET_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      // Node looks for requests past these deadlines every 30 s by default: a stalled request
      // would then stay up to 30 s longer than its limit.
      connectionsCheckingInterval: Math.min(5000, Math.max(100, Math.floor(shortest / 4))),
    },
  };
}

/** Whether a connection's address belongs to a trusted proxy, whose connections carry many clients. */
function proxyMatcher(trust: TrustProxy): (address: string) => boolean {
  if (trust === false) return () => false;
  if (trust === true || typeof trust === 'number') return () => true;
  const list = new net.BlockList();
  for (const entry of trust) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
    } else if (entry === 'linklocal') {
      list.addSubnet('169.254.0.0', 16, 'ipv4');
      list.addSubnet('fe80::', 10, 'ipv6');
    } else if (entry === 'uniquelocal') {
      for (const [p, b] of [
        ['10.0.0.0', 8],
        ['172.16.0.0', 12],
        ['192.168.0.0', 16],
      ] as const)
        list.addSubnet(p, b, 'ipv4');
      list.addSubnet('fc00::', 7, 'ipv6');
    } else {
      const [address, bits] = entry.split('/') as [string, string | undefined];
      const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    }
  }
  return (address) => {
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const [ip, type] = v4 ? [v4, 'ipv4' as const] : [address, net.isIP(address) === 6 ? ('ipv6' as const) : ('ipv4' as const)];
    return net.isIP(ip) !== 0 && list.check(ip, type);
  };
}

export interface ConnectionStats {
  open: number;
  max_connections: number;
  max_connections_per_address: number;
  file_descriptor_limit: number;
  file_descriptor_limit_source: FileLimit['source'];
  shed_total: number;
  shed_per_address: number;
}

function shedAnswer(status: 429 | 503, error: string, message: string): string {
  const body = JSON.stringify({ error, message });
  const reason = status === 429 ? 'Too Many Requests' : 'Service Unavailable';
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Retry-After: ${RETRY_AFTER_SECONDS}`,
    'Connection: close',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

/**
 * Puts the caps in front of `server`'s HTTP handling: connections are counted as they open and
 * close, and one over a cap gets its answer and is closed without reaching the HTTP parser.
 * Call once the server exists (Fastify creates it with the instance), before it listens.
 */
export function guardConnections(server: http.Server, opts: { config: Config; fileLimit: FileLimit; log: Logger }): { stats(): ConnectionStats } {
  const { config, fileLimit, log } = opts;
  const max = connectionCap(config.HTTP_MAX_CONNECTIONS, fileLimit.limit);
  const perAddress = config.HTTP_MAX_CONNECTIONS_PER_ADDRESS;
  const isProxy = proxyMatcher(config.TRUST_PROXY);
  if (config.HTTP_MAX_CONNECTIONS > max) log.warn({ configured: config.HTTP_MAX_CONNECTIONS, max, fileLimit: fileLimit.limit }, 'HTTP_MAX_CONNECTIONS lowered to stay below the open-file limit');
  let open = 0;
  let shedTotal = 0;
  let shedPerAddress = 0;
  const byAddress = new Map<string, number>();
  let lastWarning = 0;

  const shed = (socket: net.Socket, answer: string, facts: Record<string, unknown>) => {
    socket.on('error', () => undefined);
    // Read and drop what the client still sends, so closing does not reset the connection before
    // the client has read the answer.
    socket.resume();
    socket.end(answer);
    setTimeout(() => socket.destroy(), SHED_LINGER_MS).unref();
    const now = Date.now();
    if (now - lastWarning > 10_000) {
      lastWarning = now;
      log.warn({ ...facts, shedTotal, shedPerAddress }, 'connections refused: over the connection cap');
    }
  };

  const admit = (socket: net.Socket): boolean => {
    const address = socket.remoteAddress ?? '';
    if (open >= max) {
      shedTotal++;
      shed(socket, shedAnswer(503, 'server_busy', `The server holds its most connections (${max}); try again in a few seconds.`), { open, max });
      return false;
    }
    const mine = byAddress.get(address) ?? 0;
    if (perAddress > 0 && mine >= perAddress && !isProxy(address)) {
      shedPerAddress++;
      shed(socket, shedAnswer(429, 'too_many_connections', `This address holds its most connections at once (${perAddress}); close some or try again in a few seconds.`), { address, perAddress });
      return false;
    }
    open++;
    byAddress.set(address, mine + 1);
    socket.once('close', () => {
      open--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
    return true;
  };

  // The HTTP server's own connection handling (its parser) runs only for admitted connections.
  const listeners = server.listeners('connection') as ((socket: net.Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: net.Socket) => {
    if (!admit(socket)) return;
    for (const listener of listeners) listener.call(server, socket);
  });

  return {
    stats: () => ({
      open,
      max_connections: max,
      max_connections_per_address: perAddress,
      file_descriptor_limit: fileLimit.limit,
      file_descriptor_limit_source: fileLimit.source,
      shed_total: shedTotal,
      shed_per_address: shedPerAddress,
    }),
  };
}
