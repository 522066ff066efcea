import { describe, expect, it } from 'vitest';
import { useTempSqlite } from '../../../test/helpers/database.ts';
import { WriteBatcher } from './write-batcher.ts';
import { preparedQuery } from './prepared.ts';

const store = useTempSqlite();

const user = (id: string) => ({
  id,
  username: id,
  password_hash: 'x',
  name: id,
  webhook_url: null,
  webhook_username: null,
  webhook_password: null,
  webhook_secret: null,
  created_at: 't',
  updated_at: 't',
});

describe('write batcher', () => {
  it('commits concurrent writes together and gives each its own result', async () => {
    const b = new WriteBatcher(store().db);
    const ids = Array.from({ length: 20 }, (_, i) => `ok-${i}`);
    const results = await Promise.all(ids.map((id) => b.run(async (trx) => (await trx.insertInto('api_clients').values(user(id)).execute(), id))));
    expect(results).toEqual(ids);
    const n = await store().db.selectFrom('api_clients').select('id').where('id', 'like', 'ok-%').execute();
    expect(n).toHaveLength(20);
  });

  it('keeps the good writes when one write of the batch fails', async () => {
    const b = new WriteBatcher(store().db);
    const outcomes = await Promise.allSettled([
      b.run((trx) => trx.insertInto('api_clients').values(user('a-1')).execute()),
      b.run((trx) => trx.insertInto('api_clients').values(user('ok-0')).execute()), // duplicate key
      b.run((trx) => trx.insertInto('api_clients').values(user('a-2')).execute()),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await store().db.selectFrom('api_clients').select('id').where('id', 'in', ['a-1', 'a-2']).execute();
    expect(rows).toHaveLength(2);
  });

  const insertClient = preparedQuery(['id', 'username', 'name'], (db, p) => db.insertInto('api_clients').values({ ...user('x'), id: p.id, username: p.username, name: p.name }));

  // With the SQLite statement cache the statements run synchronously in the shared transaction;
  // without it (as on PostgreSQL) each is awaited through the query builder.
  for (const mode of ['synchronous', 'awaited'] as const) {
    it(`runs prepared statements (${mode}), keeping the good ones when one fails`, async () => {
      const b = new WriteBatcher(store().db, { sqlite: mode === 'synchronous' ? store().sqlite : undefined });
      const id = (n: string) => `${mode}-${n}`;
      let after = 0;
      const outcomes = await Promise.allSettled([
        b.write([insertClient.bind({ id: id('1'), username: id('1'), name: 'one' }), insertClient.bind({ id: id('2'), username: id('2'), name: 'two' })]),
        // The second statement repeats a key: this write fails as a whole, its first statement too.
        b.write([insertClient.bind({ id: id('3'), username: id('3'), name: 'three' }), insertClient.bind({ id: id('1'), username: id('1b'), name: 'dup' })]),
        b.write([insertClient.bind({ id: id('4'), username: id('4'), name: 'four' })], async () => {
          after++;
        }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const rows = await store().db.selectFrom('api_clients').select(['id', 'name']).where('id', 'like', `${mode}-%`).orderBy('id').execute();
      expect(rows).toEqual([
        { id: id('1'), name: 'one' },
        { id: id('2'), name: 'two' },
        { id: id('4'), name: 'four' },
      ]);
      expect(after).toBeGreaterThanOrEqual(1);
    });
  }
});
