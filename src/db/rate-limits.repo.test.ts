// The shared request counters, on the database the tests run against (SQLite, or PostgreSQL with
// DATABASE_URL): an upsert counts atomically, a window that ended starts again, a block spends the
// budget, and ended windows are removed.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/helpers/database.ts';
import { countRequest, deleteEndedWindows, exhaustWindow } from './rate-limits.repo.ts';

const database = useTestDatabase();

describe('rate-limit counters', () => {
  it('count one window per key and start again when it has ended', async () => {
    const { db } = database();
    expect(await countRequest(db, 'a', 60_000, 1000)).toEqual({ count: 1, resetAt: 61_000 });
    expect(await countRequest(db, 'a', 60_000, 2000)).toEqual({ count: 2, resetAt: 61_000 });
    expect(await countRequest(db, 'b', 60_000, 2000)).toEqual({ count: 1, resetAt: 62_000 });
    expect(await countRequest(db, 'a', 60_000, 61_000)).toEqual({ count: 1, resetAt: 121_000 });
  });

  it('never give two concurrent requests the same count', async () => {
    const counts = await Promise.all(Array.from({ length: 50 }, () => countRequest(database().db, 'burst', 60_000, Date.now())));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('spend a budget until a block ends, and remove ended windows', async () => {
    const { db } = database();
    await exhaustWindow(db, 'blocked', 500_000);
    const during = await countRequest(db, 'blocked', 60_000, 100_000);
    expect(during.count).toBeGreaterThan(1_000_000);
    expect(during.resetAt).toBe(500_000);
    expect((await countRequest(db, 'blocked', 60_000, 500_000)).count).toBe(1);
    await countRequest(db, 'old', 1000, 0);
    expect(await deleteEndedWindows(db, 400_000)).toBeGreaterThanOrEqual(2);
    const left = await db.selectFrom('rate_limits').select('key').execute();
    expect(left.map((r) => r.key).sort()).toEqual(['blocked', 'burst']);
  });
});
