// Request counters in Redis (REDIS_URL), for deployments that run one: the same fixed windows as the
// PostgreSQL table (src/db/rate-limit-store.ts), each a key counted by one atomic script (INCR,
// then the window's expiry on its first request), removed by Redis when the window ends. A Redis
// that does not answer within a bounded time makes the request a 503, never a 500.
import { Redis } from 'ioredis';
import type { RateLimitStore, WindowCount } from '../db/rate-limit-store.ts';
import { AppError } from './errors.ts';

const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const unavailable = (err: unknown) => new AppError('database_busy', `The rate-limit store (Redis) did not answer (${(err as Error).message}). Retry in a few seconds.`, [], 5);

export class RedisRateLimitStore implements RateLimitStore {
  readonly shared = true;
  private readonly redis: Redis;

  constructor(url: string, log: { warn(obj: object, msg: string): void }) {
    this.redis = new Redis(url, { commandTimeout: 2000, connectTimeout: 5000, maxRetriesPerRequest: 1, keyPrefix: 'dossier:rate:' });
    // A connection lost is retried by the client; each command meanwhile fails within its timeout.
    this.redis.on('error', (err: Error) => log.warn({ err }, 'the Redis connection of the rate limits failed'));
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    try {
      const [count, ttl] = (await this.redis.eval(HIT, 1, key, String(windowMs))) as [number, number];
      return { count, resetAt: now + ttl };
    } catch (err) {
      throw unavailable(err);
    }
  }

  async block(key: string, until: number): Promise<void> {
    try {
      await this.redis.set(key, '2000000000', 'PX', Math.max(1, until - Date.now()));
    } catch (err) {
      throw unavailable(err);
    }
  }

  /** Redis answers a PING (readiness: without it every rate-limited request is refused). */
  async check(): Promise<void> {
    const answer = await this.redis.ping();
    if (answer !== 'PONG') throw new Error(`Redis answered "${answer}" to PING`);
  }

  close(): void {
    this.redis.disconnect();
  }
}
