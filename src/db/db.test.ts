// The embedded database's WAL checkpoints run in a thread of their own (checkpointer.worker.mjs),
// so commits on the main thread never wait for the log to be copied into the database file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DbHandle } from './db.ts';

let handle: DbHandle | undefined;
let dir = '';
afterEach(async () => {
  await handle?.close();
  handle = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it('checkpoints the WAL in the background and leaves the main connection a high threshold', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-db-'));
    handle = openDatabase({ databaseUrl: '', dataDir: dir });
    await migrateToLatest(handle.db);
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(rows[0]!.wal_autocheckpoint).toBe(16384);

    await sql`create table filler (id integer primary key, body text)`.execute(handle.db);
    const dbFile = path.join(dir, 'dossier.sqlite');
    const before = fs.statSync(dbFile).size;
    for (let i = 0; i < 20; i++) await sql`insert into filler (body) values (${'x'.repeat(20_000)})`.execute(handle.db);
    expect(fs.statSync(path.join(dir, 'dossier.sqlite-wal')).size).toBeGreaterThan(400_000);
    // The main connection would not checkpoint before 16384 pages of log: only the thread copies
    // the new rows into the database file, within a few of its ticks.
    const until = Date.now() + 5000;
    while (fs.statSync(dbFile).size < before + 400_000 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(fs.statSync(dbFile).size).toBeGreaterThanOrEqual(before + 400_000);
    const { rows: counted } = await sql<{ n: number }>`select count(*) as n from filler`.execute(handle.db);
    expect(counted[0]!.n).toBe(20);
  });

  it('closes cleanly, the checkpoint thread included', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-db-'));
    handle = openDatabase({ databaseUrl: '', dataDir: dir });
    await migrateToLatest(handle.db);
    await handle.close();
    handle = undefined;
    // The last connection to close folds the log into the file and removes it.
    expect(fs.existsSync(path.join(dir, 'dossier.sqlite-wal'))).toBe(false);
  });
});
