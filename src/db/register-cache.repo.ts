// SQL for the cache of register answers.
import type { Db } from './db.ts';

export function findCached(db: Db, key: string) {
  return db.selectFrom('register_cache').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function storeCached(db: Db, key: string, status: number, body: string, fetchedAt: number): Promise<void> {
  await db
    .insertInto('register_cache')
    .values({ key, status, body, fetched_at: fetchedAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ status, body, fetched_at: fetchedAt }))
    .execute();
}
