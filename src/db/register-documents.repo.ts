// SQL for register filings stored as a case's documents (source 'register').
import type { Db } from './db.ts';
import type { DocumentRow } from './schema.ts';

/** Inserts a register document unless one with the same id exists (ids derive from the filing). */
export async function insertRegisterDocument(db: Db, row: DocumentRow): Promise<void> {
  await db
    .insertInto('documents')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function documentExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('documents').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A stored copy of the same public filing (any case): register documents are public, stored once. */
export function findRegisterCopy(db: Db, sourceUrl: string) {
  return db
    .selectFrom('documents')
    .select(['blob_sha256', 'size_bytes', 'media_type', 'file_name'])
    .where('source', '=', 'register')
    .where('source_url', '=', sourceUrl)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}
