// Request counters behind every rate limit (API clients, dialog conversations and addresses, the
// Companies House window): fixed windows per key. One process on SQLite counts in memory; on
// PostgreSQL every process counts in one table (migration 013), so N processes behind a load
// balancer allow the configured number once, not N times. Ended windows are removed in the
// background.
import type { Db, Dialect } from './db.ts';
import { countRequest, deleteEndedWindows, exhaustWindow, type WindowCount } from './rate-limits.repo.ts';

export type { WindowCount };

export interface RateLimitStore {
  /** Whether every process sharing the database shares these counters. */
  readonly shared: boolean;
  /** Counts one request for `key` in its window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Spends the budget of `key` until `until` (epoch ms). */
  block(key: string, until: number): Promise<void>;
  /** Rejects when the counters cannot be reached (readiness); stores in this process or in the database have nothing more to check. */
  check?(): Promise<void>;
  close(): void;
}

/** Counters of this process alone: the embedded default, where one process serves everything. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly shared = false;
  private readonly windows = new Map<string, WindowCount>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    return this.hitNow(key, windowMs);
  }

  /** The same as `hit`, answered at once. */
  hitNow(key: string, windowMs: number): WindowCount {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { ...w };
  }

  async block(key: string, until: number): Promise<void> {
    const w = this.windows.get(key);
    this.windows.set(key, { count: Number.MAX_SAFE_INTEGER, resetAt: Math.max(until, w?.resetAt ?? 0) });
  }

  close(): void {
    this.windows.clear();
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/** Counters in the database, shared by every process on it: one upsert per request. */
export class DatabaseRateLimitStore implements RateLimitStore {
  readonly shared = true;
  private readonly cleaner: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    log: { warn(obj: object, msg: string): void },
    cleanEveryMs = 60_000,
  ) {
    this.cleaner = setInterval(() => {
      deleteEndedWindows(this.db, Date.now()).catch((err: unknown) => log.warn({ err }, 'ended rate-limit windows could not be removed'));
    }, cleanEveryMs).unref();
  }

  hit(key: string, windowMs: number): Promise<WindowCount> {
    return countRequest(this.db, key, windowMs, Date.now());
  }

  block(key: string, until: number): Promise<void> {
    return exhaustWindow(this.db, key, until);
  }

  close(): void {
    clearInterval(this.cleaner);
  }
}

/** PostgreSQL: counters shared through the database; SQLite: one process, counters in memory. */
export function createRateLimitStore(db: Db, dialect: Dialect, log: { warn(obj: object, msg: string): void }): RateLimitStore {
  return dialect === 'postgres' ? new DatabaseRateLimitStore(db, log) : new MemoryRateLimitStore();
}

/**
 * Counts one request against a limit of `max` per `windowMs`; 0 when allowed, else the seconds
 * until the window ends (at least 1). A `max` of 0 turns the limit off.
 */
export async function limitWait(store: RateLimitStore, key: string, max: number, windowMs: number, now: () => number = Date.now): Promise<number> {
  if (max <= 0) return 0;
  const { count, resetAt } = await store.hit(key, windowMs);
  return count > max ? Math.max(1, Math.ceil((resetAt - now()) / 1000)) : 0;
}
