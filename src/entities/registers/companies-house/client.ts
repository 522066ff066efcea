// HTTP to the Companies House REST and document APIs: HTTP Basic with the API key as username,
// answers cached in the database (found and not-found alike), the register's rate limit kept,
// and document downloads following the redirect to the file without sending the key along.
import crypto from 'node:crypto';
import type { Db } from '../../../db/db.ts';
import type { RateLimitStore } from '../../../db/rate-limit-store.ts';
import { findCached, storeCached } from '../../../db/register-cache.repo.ts';
import { RegisterUnavailable } from '../connector.ts';
import { SlidingWindowLimiter, realClock, type Clock } from './rate-limit.ts';

export interface CompaniesHouseOptions {
  apiUrl: string;
  documentApiUrl: string;
  apiKey: string;
  cacheTtlMs: number;
  timeoutMs: number;
  /** Requests allowed per window (Companies House: 600 per 5 minutes). */
  rateLimit: { requests: number; windowMs: number };
  maxDocumentBytes: number;
  clock?: Clock;
  /**
   * Counters shared by every process on the database (PostgreSQL): the register's limit is per
   * key, so all processes together keep to it, each also pacing itself with its own limiter.
   */
  shared?: RateLimitStore;
}

const RETRY_AFTER_ERROR_MS = 30_000;

export class CompaniesHouseClient {
  readonly limiter: SlidingWindowLimiter;
  private readonly clock: Clock;
  /** Requests actually sent (cache misses), for tests and logs. */
  requests = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: CompaniesHouseOptions,
  ) {
    this.clock = opts.clock ?? realClock;
    this.limiter = new SlidingWindowLimiter(opts.rateLimit.requests, opts.rateLimit.windowMs, this.clock);
  }

  private auth(): string {
    return `Basic ${Buffer.from(`${this.opts.apiKey}:`).toString('base64')}`;
  }

  /** The key of the shared window: derived from the API key, which itself is never stored. */
  private get windowKey(): string {
    return `companies-house:${crypto.createHash('sha256').update(this.opts.apiKey).digest('hex').slice(0, 24)}`;
  }

  private async send(url: string, accept: string): Promise<Response> {
    const slot = await this.limiter.acquire();
    if (!slot.ok) throw new RegisterUnavailable('Companies House rate limit reached', slot.retryAt);
    const { shared } = this.opts;
    if (shared) {
      const window = await shared.hit(this.windowKey, this.opts.rateLimit.windowMs);
      if (window.count > this.opts.rateLimit.requests) {
        this.limiter.blockUntil(window.resetAt);
        throw new RegisterUnavailable('Companies House rate limit reached (counted across every process)', window.resetAt);
      }
    }
    this.requests++;
    let res: Response;
    try {
      res = await fetch(url, { headers: { authorization: this.auth(), accept }, redirect: 'manual', signal: AbortSignal.timeout(this.opts.timeoutMs) });
    } catch (err) {
      throw new RegisterUnavailable(`Companies House did not answer (${(err as Error).name})`, this.clock.now() + RETRY_AFTER_ERROR_MS);
    }
    if (res.status === 429) {
      const after = Number(res.headers.get('retry-after'));
      const until = this.clock.now() + (Number.isFinite(after) && after > 0 ? after * 1000 : this.opts.rateLimit.windowMs);
      this.limiter.blockUntil(until);
      await shared?.block(this.windowKey, until);
      await res.body?.cancel();
      throw new RegisterUnavailable('Companies House answered 429 (too many requests)', until);
    }
    if (res.status >= 500) {
      await res.body?.cancel();
      throw new RegisterUnavailable(`Companies House answered ${res.status}`, this.clock.now() + RETRY_AFTER_ERROR_MS);
    }
    return res;
  }

  /** GET a JSON resource of the REST API by path; null when the register has no such thing (404). */
  async json<T>(path: string, is: (v: unknown) => v is T): Promise<T | null> {
    return this.cachedJson(`ch:${path}`, `${this.opts.apiUrl}${path}`, is);
  }

  /** GET a document's metadata; `link` is the `document_metadata` link of a filing. */
  async documentMetadata<T>(link: string, is: (v: unknown) => v is T): Promise<T | null> {
    const path = new URL(link, this.opts.documentApiUrl).pathname;
    return this.cachedJson(`ch-doc:${path}`, `${this.opts.documentApiUrl}${path}`, is);
  }

  private async cachedJson<T>(key: string, url: string, is: (v: unknown) => v is T): Promise<T | null> {
    const cached = await findCached(this.db, key);
    if (cached && this.clock.now() - cached.fetched_at < this.opts.cacheTtlMs) return cached.status === 200 ? answerOf(cached.body, url, is) : null;
    const res = await this.send(url, 'application/json');
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel();
      await storeCached(this.db, key, 404, '', this.clock.now());
      return null;
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new Error(`Companies House answered ${res.status} for ${new URL(url).pathname}`);
    }
    const text = await res.text();
    const body = answerOf(text, url, is);
    await storeCached(this.db, key, 200, text, this.clock.now());
    return body;
  }

  /** The document's file in `mediaType`, following the redirect to where it is stored. */
  async documentContent(metadataLink: string, mediaType: string): Promise<Buffer | null> {
    const path = new URL(metadataLink, this.opts.documentApiUrl).pathname;
    let res = await this.send(`${this.opts.documentApiUrl}${path}/content`, mediaType);
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 3; hops++) {
      const location = res.headers.get('location');
      await res.body?.cancel();
      if (!location) return null;
      // The file lives elsewhere behind a signed link: the API key must not travel there.
      res = await fetch(new URL(location, this.opts.documentApiUrl), { redirect: 'manual', signal: AbortSignal.timeout(this.opts.timeoutMs) });
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      return null;
    }
    const declared = Number(res.headers.get('content-length'));
    if (declared > this.opts.maxDocumentBytes) {
      await res.body?.cancel();
      return null;
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    return bytes.length > this.opts.maxDocumentBytes ? null : bytes;
  }
}

/** An answer's JSON, refused when it is not JSON or not the resource asked for. */
function answerOf<T>(text: string, url: string, is: (v: unknown) => v is T): T {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Error(`Companies House answered something that is not JSON for ${new URL(url).pathname}`);
  }
  if (!is(v)) throw new Error(`Companies House answered something unexpected for ${new URL(url).pathname}`);
  return v;
}
