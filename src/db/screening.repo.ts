// SQL of screening: list versions and their entries written in large batches (one multi-row
// statement per chunk, the same text on SQLite and PostgreSQL apart from placeholders), candidate
// entries found through the blocking keys, and the hits of cases with the analysts' decisions.
import type { Db, Dialect } from './db.ts';
import { insertFlat } from './flat-insert.ts';
import type { ListEntry } from './list-entry.ts';
import type { FindingRow } from './schema.ts';
import { listEntryOf } from './stored-json.ts';
import type { ScreeningHitsTable, ScreeningListVersionsTable } from './screening-schema.ts';
import { bestOfVersion, type Counted, mostShared, namesOf, type TokensOf, versionIndexes } from './screening-index.ts';

export type ListVersionRow = ScreeningListVersionsTable;
export type ScreeningHitRow = ScreeningHitsTable;

/** Rows a statement when a list version's entries and keys are written. */
const CHUNK = 400;

export const ENTRY_COLUMNS = ['id', 'version_id', 'list_entry_id', 'kind', 'topic', 'name', 'details', 'tokens'] as const;
export const KEY_COLUMNS = ['version_id', 'key', 'entry_id', 'size'] as const;

/** Writes one batch of entries and their keys (flat values in column order) in one transaction; an entry id seen before in the version is kept as first written. */
export async function insertEntryBatch(db: Db, dialect: Dialect, entries: unknown[], keys: unknown[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertFlat(trx, dialect, 'screening_entries', ENTRY_COLUMNS, entries, 'on conflict (id) do nothing', CHUNK);
    await insertFlat(trx, dialect, 'screening_keys', KEY_COLUMNS, keys, '', CHUNK);
  });
}

export async function insertListVersion(db: Db, row: ListVersionRow): Promise<void> {
  await db.insertInto('screening_list_versions').values(row).execute();
}

export function findActiveVersion(db: Db, listName: string): Promise<ListVersionRow | undefined> {
  return db.selectFrom('screening_list_versions').selectAll().where('list_name', '=', listName).where('status', '=', 'active').executeTakeFirst();
}

export function listActiveVersions(db: Db): Promise<ListVersionRow[]> {
  return db.selectFrom('screening_list_versions').selectAll().where('status', '=', 'active').orderBy('list_name').execute();
}

/** Whether any list version is in force (one indexed row read; callers on hot paths keep the answer a moment, see screeningInForce). */
export async function hasActiveList(db: Db): Promise<boolean> {
  return (await db.selectFrom('screening_list_versions').select('id').where('status', '=', 'active').limit(1).executeTakeFirst()) !== undefined;
}

export function listAllVersions(db: Db): Promise<ListVersionRow[]> {
  return db.selectFrom('screening_list_versions').selectAll().orderBy('list_name').orderBy('created_at').execute();
}

export async function countEntriesOfVersion(db: Db, versionId: string): Promise<number> {
  const r = await db
    .selectFrom('screening_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('version_id', '=', versionId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Makes a fully written version the list's active one; the one it replaces becomes superseded. */
export async function activateVersion(db: Db, v: { id: string; listName: string; versionDate: string; entryCount: number; at: string }): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom('screening_list_versions').select('id').where('list_name', '=', v.listName).where('status', '=', 'active').execute();
    await trx.updateTable('screening_list_versions').set({ status: 'superseded' }).where('list_name', '=', v.listName).where('status', '=', 'active').execute();
    await trx.updateTable('screening_list_versions').set({ status: 'active', activated_at: v.at, version_date: v.versionDate, entry_count: v.entryCount }).where('id', '=', v.id).execute();
    return old.map((o) => o.id);
  });
}

/** Drops the entries and keys of a version (superseded or failed); its row stays as the record of the import. */
export async function dropVersionEntries(db: Db, versionId: string): Promise<void> {
  await db.deleteFrom('screening_keys').where('version_id', '=', versionId).execute();
  await db.deleteFrom('screening_entries').where('version_id', '=', versionId).execute();
}

export async function markVersionFailed(db: Db, versionId: string): Promise<void> {
  await db.updateTable('screening_list_versions').set({ status: 'failed' }).where('id', '=', versionId).execute();
}

export interface Candidate {
  id: string;
  versionId: string;
  kind: string;
  /** The entry's names (its name, then its aliases) as folded tokens. */
  names: string[][];
}

/**
 * Entries of the given versions sharing enough blocking keys with a name: a joined-name key (`j:`)
 * counts 2, a token key 1; entries reaching `need` are returned, those sharing most first, at most
 * `limit`, with their names as tokens (from the index in memory: nothing is read from the
 * database once the versions' indexes are).
 */
export async function candidateNames(db: Db, versionIds: string[], keys: string[], need: number, limit: number, tokensOf: TokensOf): Promise<Candidate[]> {
  if (!versionIds.length || !keys.length) return [];
  const unique = [...new Set(keys)];
  const found: Counted[] = [];
  for (const p of await versionIndexes(db, versionIds, tokensOf)) found.push(...bestOfVersion(p, unique, need, limit));
  return mostShared(found, limit).map((c) => ({ id: c.index.ids[c.n]!, versionId: c.index.versionId, kind: c.index.kinds[c.n]!, names: namesOf(c.index, c.n) }));
}

/** An entry read in full: its id, its version and its details decoded. */
export interface StoredEntry {
  id: string;
  versionId: string;
  entry: ListEntry;
}

/**
 * Entries recently read in full, by id: names of common words bring the same entries up screening
 * after screening, and an entry's row never changes (a new list version has new ids). Bounded;
 * the least recently used go first.
 */
const ENTRY_CACHE = 50_000;
const entriesOf = new WeakMap<Db, Map<string, StoredEntry>>();

/** The entries of the given ids, their details decoded (once: the recently read ones are kept decoded). */
export async function entriesById(db: Db, ids: string[]): Promise<StoredEntry[]> {
  let cache = entriesOf.get(db);
  if (!cache) entriesOf.set(db, (cache = new Map()));
  const out: StoredEntry[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const row = cache.get(id);
    if (!row) {
      missing.push(id);
      continue;
    }
    cache.delete(id);
    cache.set(id, row);
    out.push(row);
  }
  if (missing.length) {
    for (const row of await db.selectFrom('screening_entries').select(['id', 'version_id', 'details']).where('id', 'in', missing).execute()) {
      const read = { id: row.id, versionId: row.version_id, entry: listEntryOf(row) };
      out.push(read);
      cache.set(row.id, read);
    }
    for (const id of cache.keys()) {
      if (cache.size <= ENTRY_CACHE) break;
      cache.delete(id);
    }
  }
  return out;
}

/** Every case with its client, for screening them all again after a list changed. */
export function listCasesToScreen(db: Db): Promise<{ id: string }[]> {
  return db.selectFrom('cases').select('id').orderBy('created_at').execute();
}

export function listHitsOfCase(db: Db, caseId: string): Promise<ScreeningHitRow[]> {
  return db.selectFrom('screening_hits').selectAll().where('case_id', '=', caseId).orderBy('score', 'desc').orderBy('id').execute();
}

export function findHit(db: Db, clientId: string, caseId: string, hitId: string): Promise<ScreeningHitRow | undefined> {
  return db.selectFrom('screening_hits').selectAll().where('id', '=', hitId).where('case_id', '=', caseId).where('client_id', '=', clientId).executeTakeFirst();
}

/** The columns of a decision (status, reason, who, when, and the hit as it was then). */
export type DecisionColumns = 'status' | 'decision_reason' | 'decided_by' | 'decided_at' | `decided_${'version_id' | 'matcher_version' | 'threshold' | 'score' | 'matched_name' | 'reasons' | 'entry'}`;
/** A hit no analyst has decided on yet: open, every decision column empty. */
export const UNDECIDED = {
  status: 'open',
  decision_reason: null,
  decided_by: null,
  decided_at: null,
  decided_version_id: null,
  decided_matcher_version: null,
  decided_threshold: null,
  decided_score: null,
  decided_matched_name: null,
  decided_reasons: null,
  decided_entry: null,
} as const;

/** Writes a screening's hits: new ones inserted, known ones refreshed (their decision kept), the rest of the case no longer current. */
export async function storeScreening(db: Db, caseId: string, hits: Omit<ScreeningHitRow, DecisionColumns>[], at: string): Promise<void> {
  await db.updateTable('screening_hits').set({ current: 0 }).where('case_id', '=', caseId).execute();
  for (const h of hits) {
    await db
      .insertInto('screening_hits')
      .values({ ...h, ...UNDECIDED })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          version_id: h.version_id,
          score: h.score,
          matched_name: h.matched_name,
          reasons: h.reasons,
          entry: h.entry,
          entity_name: h.entity_name,
          topic: h.topic,
          matcher_version: h.matcher_version,
          threshold: h.threshold,
          current: 1,
          screened_at: at,
        }),
      )
      .execute();
  }
}

/** Records a decision on a hit, with a copy of the hit as the analyst saw it (what the decision can be replayed against). */
export async function decideHit(db: Db, hit: ScreeningHitRow, d: { status: 'true_match' | 'false_match' | 'open'; reason: string; by: string; at: string }): Promise<void> {
  await db
    .updateTable('screening_hits')
    .set({
      status: d.status,
      decision_reason: d.reason,
      decided_by: d.by,
      decided_at: d.at,
      decided_version_id: hit.version_id,
      decided_matcher_version: hit.matcher_version,
      decided_threshold: hit.threshold,
      decided_score: hit.score,
      decided_matched_name: hit.matched_name,
      decided_reasons: hit.reasons,
      decided_entry: hit.entry,
    })
    .where('id', '=', hit.id)
    .execute();
}

/** A conversation's findings of source 'screening'. */
export function listScreeningFindings(db: Db, conversationId: string): Promise<FindingRow[]> {
  return db.selectFrom('findings').selectAll().where('conversation_id', '=', conversationId).where('source', '=', 'screening').orderBy('position').execute();
}

/** Replaces a conversation's findings of source 'screening'. */
export async function replaceScreeningFindings(db: Db, conversationId: string, rows: FindingRow[]): Promise<void> {
  await db.deleteFrom('findings').where('conversation_id', '=', conversationId).where('source', '=', 'screening').execute();
  if (rows.length) await db.insertInto('findings').values(rows).execute();
}
