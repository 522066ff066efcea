// Bounded waits: a lock held by another database session makes requests fail fast with 503
// database_busy and Retry-After (and /readyz not ready on PostgreSQL) instead of hanging for as long
// as the lock is held; a data directory short of free space makes /readyz not ready.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { holdDatabaseLock } from '../helpers/database.ts';
import { basic, startServer, type TestServer } from '../helpers/server.ts';

const LOCK_TIMEOUT_MS = 400;
let s: TestServer;

setupAll(async () => {
  s = await startServer({ DB_LOCK_TIMEOUT_MS: LOCK_TIMEOUT_MS, STORAGE: 'fs' }, { worker: false }); // the blob folder is filled below
  await s.newClient('busy-api');
}, 60_000);
afterAll(() => s?.close());

/** Holds the lock another session would: an exclusive table lock on PostgreSQL, the write lock on SQLite. */
const holdLock = () => holdDatabaseLock(s.storage, 'LOCK TABLE api_clients, login_attempts, cases IN ACCESS EXCLUSIVE MODE');

const bounded = (ms: number) => ({ signal: AbortSignal.timeout(ms) });

describe('a lock held elsewhere', () => {
  it('answers 503 database_busy with Retry-After while the lock is still held, and /readyz names the database', async () => {
    const release = await holdLock();
    try {
      const res = await fetch(`${s.url}/api/v1/cases/00000000-0000-4000-8000-000000000000/result`, {
        headers: { authorization: basic({ username: 'busy-api', password: 'busy-api-password-1' }) },
        ...bounded(20_000),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: 'database_busy' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      if (s.storage.databaseUrl) {
        const ready = await fetch(`${s.url}/readyz`, bounded(20_000));
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ status: 'not_ready', not_ready: ['database'] });
      }
    } finally {
      await release();
    }
    const ready = await fetch(`${s.url}/readyz`, bounded(20_000));
    expect(ready.status).toBe(200);
    // Once the lock is gone the same credentials work.
    const res = await fetch(`${s.url}/api/v1/cases/00000000-0000-4000-8000-000000000000/result`, {
      headers: { authorization: basic({ username: 'busy-api', password: 'busy-api-password-1' }) },
      ...bounded(20_000),
    });
    expect(res.status).toBe(404);
  }, 60_000);
});

describe('the data directory', () => {
  it('makes /readyz not ready, naming the disk, when free space is under MIN_FREE_DISK_MB', async () => {
    const stats = await fsp.statfs(s.storage.dataDir);
    const freeMb = Math.floor((Number(stats.bavail) * Number(stats.bsize)) / 1048576);
    const full = await startServer({ MIN_FREE_DISK_MB: freeMb + 1_000_000, STORAGE: 'fs' }, { worker: false });
    try {
      const ready = await fetch(`${full.url}/readyz`, bounded(20_000));
      expect(ready.status).toBe(503);
      const body = await ready.json();
      expect(body).toMatchObject({ status: 'not_ready', error: 'not_ready', not_ready: ['disk_space'] });
      expect(body.message).toMatch(/MIN_FREE_DISK_MB/);
    } finally {
      await full.close();
    }
  }, 60_000);

  // File permissions do not stop root, so this one runs only as another user.
  const asRoot = process.getuid?.() === 0;
  it.skipIf(asRoot)(`makes /readyz not ready, naming the data directory, when it cannot be written${asRoot ? ' (runs only as a user other than root)' : ''}`, async () => {
    const dir = path.join(s.storage.dataDir, 'blobs', 'tmp');
    await fsp.chmod(dir, 0o500);
    try {
      const ready = await fetch(`${s.url}/readyz`, bounded(20_000));
      expect(ready.status).toBe(503);
      expect((await ready.json()).not_ready).toContain('data_dir');
    } finally {
      await fsp.chmod(dir, 0o700);
    }
  });
});
