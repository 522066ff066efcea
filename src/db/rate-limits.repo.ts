// SQL for the shared request counters (migration 013): one row per key and fixed window, counted
// by a single upsert so that concurrent processes never both take the last request of a budget.
import { sql } from 'kysely';
import type { Db } from './db.ts';

export interface WindowCount {
  /** Requests counted in the window, this one included. */
  count: number;
  /** Epoch ms at which the window ends. */
  resetAt: number;
}

/** Counts one request for `key`; a window that has ended starts again with this request. */
export async function countRequest(db: Db, key: string, windowMs: number, now: number): Promise<WindowCount> {
  const resetAt = now + windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** Spends the whole budget of `key` until `until` (the other side said "too many requests"). */
export async function exhaustWindow(db: Db, key: string, until: number): Promise<void> {
  const full = 2_000_000_000;
  await db
    .insertInto('rate_limits')
    .values({ key, count: full, reset_at: until })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: full,
        reset_at: sql<number>`case when rate_limits.reset_at > ${until} then rate_limits.reset_at else ${until} end`,
      }),
    )
    .execute();
}

/** Removes the windows that ended before `now`; returns how many. */
export async function deleteEndedWindows(db: Db, now: number): Promise<number> {
  const res = await db.deleteFrom('rate_limits').where('reset_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
