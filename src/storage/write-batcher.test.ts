import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, type DbHandle } from './db.ts';
import { WriteBatcher } from './write-batcher.ts';

let h: DbHandle;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-batch-'));
beforeAll(async () => {
  h = openDatabase({ databaseUrl: '', dataDir: dir });
  await migrateToLatest(h.db);
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const user = (id: string) => ({ id, username: id, password_hash: 'x', name: id, webhook_url: null, webhook_username: null, webhook_password: null, webhook_secret: null, created_at: 't', updated_at: 't' });

describe('write batcher', () => {
  it('commits concurrent writes together and gives each its own result', async () => {
    const b = new WriteBatcher(h.db);
    const ids = Array.from({ length: 20 }, (_, i) => `ok-${i}`);
    const results = await Promise.all(ids.map((id) => b.run(async (trx) => (await trx.insertInto('api_clients').values(user(id)).execute(), id))));
    expect(results).toEqual(ids);
    const n = await h.db.selectFrom('api_clients').select('id').where('id', 'like', 'ok-%').execute();
    expect(n).toHaveLength(20);
  });

  it('keeps the good writes when one write of the batch fails', async () => {
    const b = new WriteBatcher(h.db);
    const outcomes = await Promise.allSettled([
      b.run((trx) => trx.insertInto('api_clients').values(user('a-1')).execute()),
      b.run((trx) => trx.insertInto('api_clients').values(user('ok-0')).execute()), // duplicate key
      b.run((trx) => trx.insertInto('api_clients').values(user('a-2')).execute()),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await h.db.selectFrom('api_clients').select('id').where('id', 'in', ['a-1', 'a-2']).execute();
    expect(rows).toHaveLength(2);
  });
});
