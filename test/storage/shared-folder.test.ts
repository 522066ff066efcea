// STORAGE=fs on PostgreSQL: every process must see the same blob folder. A process whose DATA_DIR
// is not the folder the others write to refuses to start, naming DATA_DIR and STORAGE=s3; a single
// process, a restart, a second process on the same folder, and a folder wiped together with its
// database all start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { UnsharedStorageError } from '../../src/storage/shared-folder.ts';

const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const created: string[] = [];
async function freshDatabase(): Promise<string> {
  const name = `dossier_t_${crypto.randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  created.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const folders: string[] = [];
function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-shared-'));
  folders.push(dir);
  return dir;
}

/** The shared blob folder is STORAGE=fs's, whatever the suite's profile. */
const FS = { STORAGE: 'fs' } as const;
const storageOf = (databaseUrl: string, dataDir: string) => ({ storage: { databaseUrl, dataDir, drop: async () => {} }, worker: false });

describe.skipIf(!base)(`processes sharing a PostgreSQL database with STORAGE=fs${base ? '' : ' (needs PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL)'}`, () => {
  let url: string;
  let shared: string;
  setupAll(async () => {
    url = await freshDatabase();
    shared = folder();
  });
  afterAll(async () => {
    for (const name of created) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets a single process start, restart, and a second process run beside it on the same folder', async () => {
    const first = await startServer(FS, storageOf(url, shared));
    const second = await startServer(FS, storageOf(url, shared));
    await second.close();
    await first.close();
    const again = await startServer(FS, storageOf(url, shared));
    await again.close();
  }, 120_000);

  it('refuses a process whose DATA_DIR does not hold what the others stored, and leaves no trace', async () => {
    const running = await startServer(FS, storageOf(url, shared));
    try {
      const other = folder();
      const err = await startServer(FS, storageOf(url, other)).then(
        (s) => s.close().then(() => null),
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(UnsharedStorageError);
      const message = (err as Error).message;
      expect(message).toContain(`DATA_DIR=${other}`);
      expect(message).toContain('STORAGE=s3');
      // The refused process recorded nothing: the shared folder's processes still start.
      const more = await startServer(FS, storageOf(url, shared));
      await more.close();
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const { rows } = await db.query('SELECT name FROM storage_markers');
      await db.end();
      expect(rows.length).toBe(1); // the shared folder's marker only
      expect(fs.existsSync(path.join(shared, 'blobs', 'markers', rows[0].name))).toBe(true);
    } finally {
      await running.close();
    }
  }, 120_000);

  it('makes the dossier command exit with a message naming DATA_DIR and STORAGE=s3', async () => {
    const child = runDossier(['serve'], { ...FS, DATA_DIR: folder(), DATABASE_URL: url, PORT: String(await freePort()) });
    const { code } = await exited(child);
    expect(code).toBe(1);
    expect(child.output()).toMatch(/Refusing to start/);
    expect(child.output()).toMatch(/DATA_DIR=/);
    expect(child.output()).toMatch(/STORAGE=s3/);
  }, 120_000);

  it('starts on a folder wiped together with its database, and on a new database with an old folder', async () => {
    const db = await freshDatabase();
    const dir = folder();
    const before = await startServer(FS, storageOf(db, dir));
    await before.close();
    // Wipe both: the folder's content and the database's tables.
    for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    const c = new pg.Client({ connectionString: db });
    await c.connect();
    await c.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await c.end();
    const after = await startServer(FS, storageOf(db, dir));
    await after.close();
    // An old folder (its marker unknown to the database) on a new database.
    const fresh = await startServer(FS, storageOf(await freshDatabase(), shared));
    await fresh.close();
  }, 120_000);

  it('does not check folders with STORAGE=s3: each process may have its own DATA_DIR', async () => {
    const port = await freePort(); // startup does not touch the bucket
    const s3 = { STORAGE: 's3', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b', S3_FORCE_PATH_STYLE: true } as const;
    const s = await startServer(s3, storageOf(url, folder()));
    await s.close();
  }, 60_000);
});
