// The write batcher on the database the tests run against: on PostgreSQL the statements of a batch
// travel as one statement (combined-statements.ts). Rows that reference each other within one
// statement pass their foreign keys; a failing write fails alone; work after the statements sees
// their rows; parameters are numbered right across statements.
import { describe, expect, it } from 'vitest';
import { postgresBaseUrl, useTestDatabase } from '../../test/helpers/database.ts';
import { WriteBatcher } from './sqlite/write-batcher.ts';
import { preparedQuery } from './sqlite/prepared.ts';

const database = useTestDatabase();

const insertClient = preparedQuery(['id', 'username'], (db, p) =>
  db.insertInto('api_clients').values({
    id: p.id,
    username: p.username,
    password_hash: 'x',
    name: 'n',
    webhook_url: null,
    webhook_username: null,
    webhook_password: null,
    webhook_secret: null,
    created_at: 't',
    updated_at: 't',
  }),
);
const insertUser = preparedQuery(['id', 'clientId', 'username'], (db, p) =>
  db.insertInto('users').values({ id: p.id, client_id: p.clientId, username: p.username, password_hash: 'x', role: 'analyst', created_at: 't', last_login_at: null, password_changed_at: null }),
);

describe(`batched writes (${postgresBaseUrl ? 'PostgreSQL: one statement' : 'SQLite'})`, () => {
  it('writes rows that reference each other, keeps the good writes when one fails, and runs work after the rows', async () => {
    const b = new WriteBatcher(database().db, { sqlite: database().sqlite });
    const seen: number[] = [];
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 12 }, (_, i) => b.write([insertClient.bind({ id: `c${i}`, username: `c${i}` }), insertUser.bind({ id: `u${i}`, clientId: `c${i}`, username: `u${i}` })])),
      // A user of a client that does not exist: this write alone fails.
      b.write([insertUser.bind({ id: 'orphan', clientId: 'nobody', username: 'orphan' })]),
      b.write([insertClient.bind({ id: 'w', username: 'w' })], async (trx) => {
        seen.push((await trx.selectFrom('api_clients').select('id').where('id', '=', 'w').execute()).length);
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([...Array.from({ length: 12 }, () => 'fulfilled'), 'rejected', 'fulfilled']);
    expect(seen.at(-1)).toBe(1);
    const users = await database().db.selectFrom('users').select(['id', 'client_id', 'username']).orderBy('id').execute();
    expect(users).toHaveLength(12);
    for (const u of users) expect(u.client_id).toBe(`c${u.id.slice(1)}`);
    expect(users.map((u) => u.username)).toEqual(users.map((u) => u.id));
  });
});
