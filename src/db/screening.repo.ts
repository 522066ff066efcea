// SQL of screening: list versions and their entries written in large batches (one multi-row
// statement per chunk, the same text on SQLite and PostgreSQL apart from placeholders), candidate
// entries found through the blocking keys, and the hits of cases with the analysts' decisions.
import { CompiledQuery } from 'kysely';
import type { Db, Dialect } from './db.ts';
import type { FindingRow } from './schema.ts';
import type { ScreeningHitsTable, ScreeningListVersionsTable } from './screening-schema.ts';

export type ListVersionRow = ScreeningListVersionsTable;
export type ScreeningHitRow = ScreeningHitsTable;

const texts = new Map<string, string>();
function insertText(dialect: Dialect, table: string, columns: readonly string[], rows: number, conflict: string): string {
  const key = `${dialect}:${table}:${rows}`;
  let text = texts.get(key);
  if (text) return text;
  let p = 0;
  const ph = () => (dialect === 'postgres' ? `$${++p}` : '?');
  text = `insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: rows }, () => `(${columns.map(ph).join(', ')})`).join(', ')} ${conflict}`;
  texts.set(key, text);
  return text;
}

const CHUNK = 400;
async function insertFlat(db: Db, dialect: Dialect, table: string, columns: readonly string[], values: unknown[], conflict: string): Promise<void> {
  const width = columns.length;
  const rows = values.length / width;
  for (let i = 0; i < rows; i += CHUNK) {
    const n = Math.min(CHUNK, rows - i);
    await db.executeQuery(CompiledQuery.raw(insertText(dialect, table, columns, n, conflict), values.slice(i * width, (i + n) * width)));
  }
}

export const ENTRY_COLUMNS = ['id', 'version_id', 'list_entry_id', 'kind', 'topic', 'name', 'details'] as const;
export const KEY_COLUMNS = ['version_id', 'key', 'entry_id', 'size'] as const;

/** Writes one batch of entries and their keys (flat values in column order) in one transaction; an entry id seen before in the version is kept as first written. */
export async function insertEntryBatch(db: Db, dialect: Dialect, entries: unknown[], keys: unknown[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertFlat(trx, dialect, 'screening_entries', ENTRY_COLUMNS, entries, 'on conflict (id) do nothing');
    await insertFlat(trx, dialect, 'screening_keys', KEY_COLUMNS, keys, '');
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

/** Whether any list version is in force (one indexed row read). */
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

/**
 * The entries of one version under each blocking key, as read once from the index: entry ids are
 * numbered per version and each key keeps the numbers of its entries, so that a name made of
 * common words is counted in memory rather than grouped again by the database on every screening.
 * A version's keys never change once written; what is kept is bounded and dropped whole when full.
 */
interface VersionPostings {
  ids: string[];
  numbers: Map<string, number>;
  keys: Map<string, { entries: Int32Array; sizes: Uint8Array }>;
  counts: Uint8Array;
  sizes: Uint8Array;
}
const POSTINGS_LIMIT = 2_000_000;
const postingsOf = new WeakMap<Db, { size: number; versions: Map<string, VersionPostings> }>();

async function versionPostings(db: Db, versionIds: string[], keys: string[]): Promise<VersionPostings[]> {
  let cache = postingsOf.get(db);
  if (!cache) postingsOf.set(db, (cache = { size: 0, versions: new Map() }));
  const missing = new Set<string>();
  for (const v of versionIds) for (const k of keys) if (!cache.versions.get(v)?.keys.has(k)) missing.add(k);
  if (missing.size) {
    if (cache.size > POSTINGS_LIMIT) {
      cache.versions.clear();
      cache.size = 0;
      for (const k of keys) missing.add(k);
    }
    const rows = await db
      .selectFrom('screening_keys')
      .select(['version_id', 'key', 'entry_id', 'size'])
      .where('key', 'in', [...missing])
      .where('version_id', 'in', versionIds)
      .execute();
    const grouped = new Map<string, { entries: number[]; sizes: number[] }>();
    for (const v of versionIds) {
      let p = cache.versions.get(v);
      if (!p) cache.versions.set(v, (p = { ids: [], numbers: new Map(), keys: new Map(), counts: new Uint8Array(0), sizes: new Uint8Array(0) }));
      for (const k of missing) grouped.set(`${v}\0${k}`, { entries: [], sizes: [] });
    }
    for (const r of rows) {
      const p = cache.versions.get(r.version_id)!;
      let n = p.numbers.get(r.entry_id);
      if (n === undefined) {
        n = p.ids.length;
        p.ids.push(r.entry_id);
        p.numbers.set(r.entry_id, n);
      }
      const g = grouped.get(`${r.version_id}\0${r.key}`)!;
      g.entries.push(n);
      g.sizes.push(Number(r.size));
    }
    for (const v of versionIds) {
      const p = cache.versions.get(v)!;
      for (const k of missing) {
        const g = grouped.get(`${v}\0${k}`)!;
        p.keys.set(k, { entries: Int32Array.from(g.entries), sizes: Uint8Array.from(g.sizes) });
        cache.size += g.entries.length;
      }
      if (p.counts.length < p.ids.length) {
        p.counts = new Uint8Array(Math.max(p.ids.length, p.counts.length * 2));
        p.sizes = new Uint8Array(p.counts.length);
      }
    }
  }
  return versionIds.map((v) => cache.versions.get(v)!);
}

/**
 * The `limit` entries sharing most keys; among those sharing as many at the cut, those sharing the
 * shortest names (a name of two words sharing both is likelier the same than one of six), then
 * the first by id.
 */
function mostShared(found: { id: string; w: number; size: number }[], limit: number): string[] {
  if (found.length <= limit) return found.map((f) => f.id);
  const byWeight = new Map<number, { id: string; size: number }[]>();
  for (const f of found) {
    const group = byWeight.get(f.w);
    if (group) group.push(f);
    else byWeight.set(f.w, [f]);
  }
  const out: string[] = [];
  for (const w of [...byWeight.keys()].sort((a, b) => b - a)) {
    const group = byWeight.get(w)!;
    if (out.length + group.length <= limit) {
      for (const f of group) out.push(f.id);
      continue;
    }
    group.sort((a, b) => a.size - b.size || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const f of group.slice(0, limit - out.length)) out.push(f.id);
    break;
  }
  return out;
}

/**
 * Entries of the given versions sharing enough blocking keys with a name: a joined-name key (`j:`)
 * counts 2, a token key 1; entries reaching `need` are returned, those sharing most first, at most
 * `limit`. The counting is done on the version's keys held in memory (read from the index once).
 */
export async function candidateEntries(
  db: Db,
  versionIds: string[],
  keys: string[],
  need: number,
  limit: number,
): Promise<{ id: string; version_id: string; list_entry_id: string; kind: string; topic: string; name: string; details: string }[]> {
  if (!versionIds.length || !keys.length) return [];
  const unique = [...new Set(keys)];
  const found: { id: string; w: number; size: number }[] = [];
  for (const p of await versionPostings(db, versionIds, unique)) {
    const touched: number[] = [];
    for (const k of unique) {
      const weight = k.startsWith('j:') ? 2 : 1;
      const { entries, sizes } = p.keys.get(k)!;
      for (let i = 0; i < entries.length; i++) {
        const n = entries[i]!;
        if (p.counts[n] === 0) {
          touched.push(n);
          p.sizes[n] = sizes[i]!;
        } else if (sizes[i]! < p.sizes[n]!) p.sizes[n] = sizes[i]!;
        p.counts[n] += weight;
      }
    }
    for (const n of touched) {
      if (p.counts[n]! >= need) found.push({ id: p.ids[n]!, w: p.counts[n]!, size: p.sizes[n]! });
      p.counts[n] = 0;
    }
  }
  if (!found.length) return [];
  return db.selectFrom('screening_entries').selectAll().where('id', 'in', mostShared(found, limit)).execute();
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

/** Writes a screening's hits: new ones inserted, known ones refreshed (their decision kept), the rest of the case no longer current. */
export async function storeScreening(db: Db, caseId: string, hits: Omit<ScreeningHitRow, 'status' | 'decision_reason' | 'decided_by' | 'decided_at'>[], at: string): Promise<void> {
  await db.updateTable('screening_hits').set({ current: 0 }).where('case_id', '=', caseId).execute();
  for (const h of hits) {
    await db
      .insertInto('screening_hits')
      .values({ ...h, status: 'open', decision_reason: null, decided_by: null, decided_at: null })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          version_id: h.version_id,
          score: h.score,
          matched_name: h.matched_name,
          reasons: h.reasons,
          entry: h.entry,
          entity_name: h.entity_name,
          topic: h.topic,
          current: 1,
          screened_at: at,
        }),
      )
      .execute();
  }
}

export async function decideHit(db: Db, hitId: string, d: { status: 'true_match' | 'false_match' | 'open'; reason: string; by: string; at: string }): Promise<void> {
  await db.updateTable('screening_hits').set({ status: d.status, decision_reason: d.reason, decided_by: d.by, decided_at: d.at }).where('id', '=', hitId).execute();
}

/** Replaces a conversation's findings of source 'screening'. */
export async function replaceScreeningFindings(db: Db, conversationId: string, rows: FindingRow[]): Promise<void> {
  await db.deleteFrom('findings').where('conversation_id', '=', conversationId).where('source', '=', 'screening').execute();
  if (rows.length) await db.insertInto('findings').values(rows).execute();
}
