// Names that differ only in case are one name (back-office users and API clients), existing clashes
// are reported and kept, and /readyz answers not ready while a write cannot get through (a table
// every request writes locked by another session; on SQLite the database's write lock).
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { scaled, startServer, waitFor, type TestServer } from '../helpers/server.ts';
import { createTestStorage, holdDatabaseLock } from '../helpers/database.ts';
import { signInHttp } from '../backoffice/helpers.ts';
import { onboardingCase } from '../helpers/factories.ts';
import { migrateToLatest, openDatabase } from '../../src/db/db.ts';

let s: TestServer;
setupAll(async () => {
  s = await startServer({ DB_LOCK_TIMEOUT_MS: 400 }, { worker: false });
  await s.d.services.users.create({ username: 'admina', clientUsername: s.client.username, role: 'admin', password: 'admina-password-1' });
}, 60_000);
afterAll(() => s?.close());

describe('usernames are unique without regard to case', () => {
  it('refuses a back-office user whose name differs from another only in case, with a clear message', async () => {
    const session = await signInHttp(s.url, 'admina', 'admina-password-1');
    for (const username of ['ADMINA', 'AdminA']) {
      const res = await session.post('/backoffice/users', { username, role: 'admin' });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('differ only in case');
    }
    await expect(s.d.services.users.create({ username: 'ＡＤＭＩＮＡ'.normalize('NFKC'), clientUsername: s.client.username })).rejects.toThrow(/already exists/);
    const rows = await s.d.ctx.db.selectFrom('users').select('username').execute();
    expect(rows.filter((r) => r.username.toLowerCase() === 'admina')).toHaveLength(1);
  });

  it('refuses an API client whose name differs from another only in case', async () => {
    await expect(s.d.services.clients.create({ username: s.client.username.toUpperCase(), password: 'another-password-1' })).rejects.toThrow(/differ only in case/);
    const rows = await s.d.ctx.db.selectFrom('api_clients').select('username').execute();
    expect(rows.filter((r) => r.username.toLowerCase() === s.client.username)).toHaveLength(1);
  });

  it('lets two creations at once of names differing in case make exactly one', async () => {
    const results = await Promise.allSettled(['twin-user', 'TWIN-USER', 'Twin-User'].map((username) => s.d.services.users.create({ username, clientUsername: s.client.username })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/already exists/);
  });
});

describe('migration 020 on a database that already holds clashing names', () => {
  it('keeps both rows, reports the clash, and refuses a third spelling', { timeout: scaled(60_000) }, async () => {
    const storage = await createTestStorage();
    const h = openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await migrateToLatest(h.db);
      // Back to the database as it was before 020, holding two names that differ only in case.
      await sql`drop table health_probe`.execute(h.db);
      for (const table of ['api_clients', 'users']) {
        await sql`drop index ${sql.raw(`${table}_folded_username`)}`.execute(h.db);
        await sql`alter table ${sql.table(table)} drop column username_key`.execute(h.db);
      }
      await sql`delete from kysely_migration where name = '020-folded-usernames'`.execute(h.db);
      const now = new Date().toISOString();
      await sql`insert into api_clients (id, username, password_hash, name, created_at, updated_at) values ('c-1', 'bank', 'x', 'Bank', ${now}, ${now})`.execute(h.db);
      for (const [id, username, at] of [
        ['u-1', 'admina', '2026-01-01T00:00:00.000Z'],
        ['u-2', 'ADMINA', '2026-02-01T00:00:00.000Z'],
      ] as const) {
        await sql`insert into users (id, client_id, username, password_hash, role, created_at) values (${id}, 'c-1', ${username}, 'x', 'admin', ${at})`.execute(h.db);
      }
      expect(await migrateToLatest(h.db)).toEqual(['020-folded-usernames']);
      const users = await h.db.selectFrom('users').select(['id', 'username', 'username_key']).orderBy('created_at').execute();
      expect(users).toEqual([
        { id: 'u-1', username: 'admina', username_key: 'admina' },
        { id: 'u-2', username: 'ADMINA', username_key: null },
      ]);
      expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/"ADMINA" \(u-2\) clashes with "admina"/);
      // Going forward the folded name is unique.
      await expect(
        sql`insert into users (id, client_id, username, password_hash, role, created_at, username_key) values ('u-3', 'c-1', 'AdMinA', 'x', 'admin', ${now}, 'admina')`.execute(h.db),
      ).rejects.toThrow();
    } finally {
      warn.mockRestore();
      await h.close();
      await storage.drop();
    }
  });
});

/** Holds a lock a writing request would wait for: on PostgreSQL reads of cases still work, every insert or update of a case waits; on SQLite the write lock. */
const holdWriteLock = () => holdDatabaseLock(s.storage, 'LOCK TABLE cases IN EXCLUSIVE MODE');

describe('/readyz and the write path', () => {
  it('answers not ready, naming the database, while writes are locked out, and ready again after', { timeout: scaled(60_000) }, async () => {
    const bounded = { signal: AbortSignal.timeout(scaled(20_000)) };
    expect((await fetch(`${s.url}/readyz`, bounded)).status).toBe(200);
    const release = await holdWriteLock();
    try {
      const ready = await fetch(`${s.url}/readyz`, { signal: AbortSignal.timeout(scaled(20_000)) });
      expect(ready.status).toBe(503);
      const body = await ready.json();
      expect(body).toMatchObject({ status: 'not_ready', error: 'not_ready', not_ready: ['database'] });
      expect(body.message).toMatch(/takes no write/);
      expect(body.details.connections.max_connections).toBeGreaterThan(0);
      // A request that writes a case is indeed refused meanwhile.
      const res = await s.api('POST', '/api/v1/cases', onboardingCase());
      expect(res.status).toBe(503);
    } finally {
      await release();
    }
    await waitFor(async () => (await fetch(`${s.url}/readyz`)).status === 200, { message: '/readyz to answer ready once the lock is released' });
  });
});
