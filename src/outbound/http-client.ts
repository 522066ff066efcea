// The one way Dossier calls addresses chosen by its clients and users (webhooks, the website check)
// or its operator (the sanctions lists' sources): http(s) only; every
// address a name resolves to is checked before connecting (the checked address is the one
// connected to, so DNS cannot swap it afterwards); one deadline covers connect, answer and body;
// redirects are never followed; at most a few KB of the answer are read, unless it is downloaded to
// a file (then up to a stated size). Connections are kept alive and reused per host.
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { refusedAddress, type PrivatePolicy } from './addresses.ts';

export interface OutboundOptions {
  policy: PrivatePolicy;
  timeoutMs: number;
  /** Bytes of the answer read at most (the rest is discarded). */
  maxBodyBytes: number;
  userAgent: string;
  /** Names answered from this table instead of DNS (address, and a port that replaces the URL's), still checked against `policy`. */
  hosts?: ReadonlyMap<string, { address: string; port?: number }>;
}

export interface OutboundResponse {
  status: number;
  latencyMs: number;
  /** The first bytes of the answer, as text. */
  body: string;
  location: string | undefined;
  contentType?: string | undefined;
}

export type OutboundErrorKind = 'invalid_url' | 'refused_address' | 'dns' | 'timeout' | 'connection' | 'too_large';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    readonly latencyMs = 0,
  ) {
    super(message);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;
/** The one form of dns.lookup this client calls: every address of a name. */
type LookupAll = (hostname: string, options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

export class GuardedHttpClient {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(private readonly opts: OutboundOptions) {
    const lookup = this.lookup.bind(this);
    const agentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, scheduling: 'lifo' as const, lookup };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
  }

  /** Resolves a name and refuses the connection if any of its addresses is not allowed. */
  private lookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
    const fixed = this.opts.hosts?.get(hostname.toLowerCase());
    const resolve: LookupAll = fixed ? (_name, _opts, cb) => cb(null, [{ address: fixed.address, family: net.isIP(fixed.address) || 4 }]) : dns.lookup;
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = addresses.map((a) => refusedAddress(a.address, this.opts.policy)).find((r) => r !== null);
      if (refused) return callback(Object.assign(new OutboundError('refused_address', `${hostname} resolves to ${refused}`), { code: 'EREFUSEDADDRESS' }), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }

  /** POSTs `body`; resolves with any HTTP answer, rejects with an OutboundError when there is none. */
  post(rawUrl: string, headers: Record<string, string>, body: string): Promise<OutboundResponse> {
    return this.send('POST', rawUrl, headers, body);
  }

  /** GETs a page the same way (redirects are returned, not followed: the caller checks each hop). */
  get(rawUrl: string, headers: Record<string, string> = {}): Promise<OutboundResponse> {
    return this.send('GET', rawUrl, headers, null);
  }

  /**
   * GETs `rawUrl` into `file` when it answers 200, streaming (memory stays flat), at most
   * `maxBytes` (more fails with too_large and leaves a partial file for the caller to remove). Any
   * other answer is returned as by get(), nothing written. The deadline covers the whole download.
   */
  download(rawUrl: string, file: string, maxBytes: number): Promise<OutboundResponse & { bytes: number }> {
    return this.send('GET', rawUrl, {}, null, { file, maxBytes }) as Promise<OutboundResponse & { bytes: number }>;
  }

  private send(method: 'GET' | 'POST', rawUrl: string, headers: Record<string, string>, body: string | null, sink?: { file: string; maxBytes: number }): Promise<OutboundResponse> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return Promise.reject(new OutboundError('invalid_url', 'the webhook URL is not a valid URL'));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new OutboundError('invalid_url', `only http and https URLs are called, not ${url.protocol}`));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host)) {
      const refused = refusedAddress(host, this.opts.policy);
      if (refused) return Promise.reject(new OutboundError('refused_address', refused));
    }
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const payload = body === null ? null : Buffer.from(body);
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        fn();
      };
      const fail = (kind: OutboundErrorKind, message: string) => settle(() => reject(new OutboundError(kind, message, elapsed())));
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method,
        ...(this.opts.hosts?.get(host.toLowerCase())?.port ? { port: this.opts.hosts.get(host.toLowerCase())!.port } : {}),
        agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
        headers: { 'user-agent': this.opts.userAgent, ...(payload ? { 'content-length': String(payload.length) } : {}), ...headers },
      });
      const deadline = setTimeout(() => request.destroy(new OutboundError('timeout', `no complete answer within ${this.opts.timeoutMs} ms`)), this.opts.timeoutMs);
      request.on('error', (err) => {
        if (err instanceof OutboundError) return fail(err.kind, err.message);
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return fail('dns', `${host} could not be resolved (${code})`);
        fail('connection', code ? `${code}: ${err.message}` : err.message);
      });
      request.on('response', (res) => {
        if (sink && res.statusCode === 200) {
          let bytes = 0;
          const out = fs.createWriteStream(sink.file);
          out.on('error', (err) => {
            res.destroy();
            fail('connection', `could not write ${sink.file}: ${err.message}`);
          });
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > sink.maxBytes) {
              res.destroy();
              out.destroy();
              return fail('too_large', `the answer is larger than ${sink.maxBytes} bytes`);
            }
            if (!out.write(chunk)) {
              res.pause();
              out.once('drain', () => res.resume());
            }
          });
          res.on('end', () =>
            out.end(() => settle(() => resolve({ status: 200, latencyMs: elapsed(), body: '', location: undefined, contentType: res.headers['content-type'], bytes } as OutboundResponse))),
          );
          res.on('close', () => {
            if (!res.complete) out.destroy();
          });
          res.on('error', (err) => {
            out.destroy();
            fail(err instanceof OutboundError ? err.kind : 'connection', err.message);
          });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          settle(() =>
            resolve({ status: res.statusCode ?? 0, latencyMs: elapsed(), body: Buffer.concat(chunks).toString('utf8'), location: res.headers.location, contentType: res.headers['content-type'] }),
          );
        res.on('data', (chunk: Buffer) => {
          if (size >= this.opts.maxBodyBytes) return;
          chunks.push(chunk.subarray(0, this.opts.maxBodyBytes - size));
          size += chunk.length;
          // Enough read: drop the rest (and the connection) rather than download a large answer.
          if (size >= this.opts.maxBodyBytes) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', (err) => fail(err instanceof OutboundError ? err.kind : 'connection', err.message));
      });
      request.end(payload ?? undefined);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
