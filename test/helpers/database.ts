// Gives each test server its own database: a temp folder for SQLite, or a fresh PostgreSQL
// database (created from TEST_DATABASE_URL/DATABASE_URL, dropped afterwards) when one is configured.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { setupAll } from './setup.ts';
import { migrateToLatest, openDatabase, type DbHandle } from '../../src/db/db.ts';

export const postgresBaseUrl = process.env.DATABASE_URL || '';

export interface TestStorage {
  dataDir: string;
  databaseUrl: string;
  drop(): Promise<void>;
}

export async function createTestStorage(): Promise<TestStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-test-'));
  if (!postgresBaseUrl) {
    return { dataDir, databaseUrl: '', drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `dossier_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresBaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresBaseUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresBaseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The database the tests run against (SQLite, or a fresh PostgreSQL database with DATABASE_URL)
 * for the tests of one file: migrated before them, closed and dropped after.
 */
export function useTestDatabase(): () => DbHandle {
  let storage: TestStorage | undefined;
  let handle: DbHandle | undefined;
  setupAll(async () => {
    storage = await createTestStorage();
    handle = openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await storage?.drop();
  });
  return () => handle!;
}

/** An embedded database in a temporary folder for the tests of one file: migrated before them, removed after. */
export function useTempSqlite(): () => DbHandle {
  let handle: DbHandle | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-db-'));
  beforeAll(async () => {
    handle = openDatabase({ databaseUrl: '', dataDir: dir });
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => handle!;
}

/**
 * Holds a lock from another session until the returned function releases it: on PostgreSQL,
 * `lockTables` (a `LOCK TABLE …` statement) in an open transaction; on SQLite, the database's write
 * lock (BEGIN IMMEDIATE).
 */
export async function holdDatabaseLock(storage: Pick<TestStorage, 'databaseUrl' | 'dataDir'>, lockTables: string): Promise<() => Promise<void>> {
  if (storage.databaseUrl) {
    const other = new pg.Client({ connectionString: storage.databaseUrl });
    await other.connect();
    await other.query('BEGIN');
    await other.query(lockTables);
    return async () => {
      await other.query('ROLLBACK');
      await other.end();
    };
  }
  const other = new SQLite(path.join(storage.dataDir, 'dossier.sqlite'));
  other.exec('BEGIN IMMEDIATE');
  return async () => {
    other.exec('ROLLBACK');
    other.close();
  };
}
