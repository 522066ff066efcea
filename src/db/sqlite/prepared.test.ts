// Prepared queries: built once, run with new values; on SQLite they run straight on the connection
// unless a transaction holds it, so they never read another flow's uncommitted writes.
import { describe, expect, it } from 'vitest';
import { useTempSqlite } from '../../../test/helpers/database.ts';
import { preparedInsert, preparedQuery } from './prepared.ts';

const store = useTempSqlite();

const client = (id: string) => ({
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
const findName = preparedQuery(['id'], (db, p) => db.selectFrom('api_clients').select('name').where('id', '=', p.id));
const rename = preparedQuery(['id', 'name'], (db, p) => db.updateTable('api_clients').set({ name: p.name }).where('id', '=', p.id));

describe('prepared queries', () => {
  it('run with the values given each time', async () => {
    await store()
      .db.insertInto('api_clients')
      .values([client('p-1'), client('p-2')])
      .execute();
    expect((await findName(store().db, { id: 'p-1' })).rows).toEqual([{ name: 'p-1' }]);
    expect((await findName(store().db, { id: 'p-2' })).rows).toEqual([{ name: 'p-2' }]);
    expect((await rename(store().db, { id: 'p-2', name: 'renamed' })).numAffectedRows).toBe(1n);
    expect((await findName(store().db, { id: 'p-2' })).rows).toEqual([{ name: 'renamed' }]);
  });

  it('insert a row of the listed columns, each value bound by its column, now or later through the write batcher', async () => {
    const insertClient = preparedInsert('api_clients', ['id', 'username', 'password_hash', 'name', 'webhook_url', 'created_at', 'updated_at']);
    const { webhook_username: _u, webhook_password: _p, webhook_secret: _s, ...row } = client('p-insert');
    expect((await insertClient(store().db, row)).numAffectedRows).toBe(1n);
    const later = insertClient.bind({ ...row, id: 'p-later', username: 'p-later', name: 'later' });
    await store().db.executeQuery(later.compile(store().db));
    expect((await findName(store().db, { id: 'p-insert' })).rows).toEqual([{ name: 'p-insert' }]);
    expect((await findName(store().db, { id: 'p-later' })).rows).toEqual([{ name: 'later' }]);
  });

  it('refuse a build that leaves a value out', () => {
    const broken = preparedQuery(['id', 'name'], (db, p) => db.selectFrom('api_clients').select('name').where('id', '=', p.id));
    expect(() => broken(store().db, { id: 'x', name: 'y' })).toThrow(/does not use name/);
  });

  it('wait for an open transaction instead of reading its uncommitted writes', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const didInsert = new Promise<void>((r) => (inserted = r));
    const tx = store()
      .db.transaction()
      .execute(async (trx) => {
        await trx.insertInto('api_clients').values(client('p-uncommitted')).execute();
        inserted();
        await held;
      });
    await didInsert;
    let answer: unknown;
    const read = findName(store().db, { id: 'p-uncommitted' }).then((r) => (answer = r.rows));
    await new Promise((r) => setTimeout(r, 20));
    expect(answer).toBeUndefined();
    release();
    await tx;
    await read;
    expect(answer).toEqual([{ name: 'p-uncommitted' }]);
  });
});
