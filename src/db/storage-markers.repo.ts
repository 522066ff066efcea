// Markers of the blob folders processes sharing this database write to (see migration 012).
import type { Db } from './db.ts';

export async function listStorageMarkers(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('storage_markers').select('name').orderBy('created_at').execute();
  return rows.map((r) => r.name);
}

export async function recordStorageMarker(db: Db, name: string, at: string): Promise<void> {
  await db
    .insertInto('storage_markers')
    .values({ name, created_at: at })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function removeStorageMarker(db: Db, name: string): Promise<void> {
  await db.deleteFrom('storage_markers').where('name', '=', name).execute();
}
