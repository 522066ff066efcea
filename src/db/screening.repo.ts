// SQL of screening: list versions and their entries written in large batches (one multi-row
// statement per chunk, the same text on SQLite and PostgreSQL apart from placeholders), candidate
// entries found through the blocking keys, and the hits of cases with the analysts' decisions.
import { CompiledQuery } from 'kysely';
import type { Db, Dialect } from './db.ts';
import type { FindingRow } from './schema.ts';
import type { ScreeningHitsTable, ScreeningListVersionsTable } from './screening-schema.ts';
import { preparedQuery } from './sqlite/prepared.ts';

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

const activeListQuery = preparedQuery([], (db) => db.selectFrom('screening_list_versions').select('id').where('status', '=', 'active').limit(1));

/** Whether any list version is in force: at once where the database answers at once (the embedded one, outside a transaction). */
export function hasActiveList(db: Db): boolean | Promise<boolean> {
  const direct = activeListQuery.now(db, {});
  if (direct) return direct.rows.length > 0;
  return activeListQuery(db, {}).then((r) => r.rows.length > 0);
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
 * The blocking index of one version, read whole from the database the first time a screening
 * needs it and kept by the process: entry ids are numbered, and each key holds the numbers of its
 * entries (ascending) and the size of the entry's name under that key, all in three flat arrays.
 * A version's keys never change once written; versions no longer active are let go. About 30
 * bytes per key row and 80 per entry (the ids): some 200 MB for a list of a million entries.
 */
interface VersionPostings {
  ids: string[];
  /** Key → its position in `offsets`; its entries are entries[offsets[i]] to entries[offsets[i + 1]]. */
  keys: Map<string, number>;
  offsets: Int32Array;
  entries: Int32Array;
  sizes: Uint8Array;
  /** Scratch space of the counting, one slot per entry. */
  counts: Uint8Array;
  least: Uint8Array;
}
const INDEX_PAGE = 20_000;
const loaded = new WeakMap<Db, Map<string, Promise<VersionPostings>>>();

async function versionPostings(db: Db, versionIds: string[]): Promise<VersionPostings[]> {
  let cache = loaded.get(db);
  if (!cache) loaded.set(db, (cache = new Map()));
  for (const v of cache.keys()) if (!versionIds.includes(v)) cache.delete(v);
  const versions = cache;
  return Promise.all(
    versionIds.map((v) => {
      let p = versions.get(v);
      if (!p) {
        p = loadVersionPostings(db, v);
        versions.set(v, p);
        p.catch(() => versions.delete(v));
      }
      return p;
    }),
  );
}

/**
 * Reads a version's keys in pages, in entry order (so entries are numbered in id order and each
 * key's entries come out ascending), then lays them out key by key in the flat arrays.
 */
async function loadVersionPostings(db: Db, versionId: string): Promise<VersionPostings> {
  const ids: string[] = [];
  const keys = new Map<string, number>();
  let rowKeys = new Int32Array(1 << 16);
  let rowEntries = new Int32Array(1 << 16);
  let rowSizes = new Uint8Array(1 << 16);
  let n = 0;
  let after: { entry: string; key: string } | null = null;
  for (;;) {
    const from: { entry: string; key: string } | null = after;
    const rows: { key: string; entry_id: string; size: number }[] = await db
      .selectFrom('screening_keys')
      .select(['key', 'entry_id', 'size'])
      .where('version_id', '=', versionId)
      .$if(from !== null, (qb) => qb.where((eb) => eb(eb.refTuple('entry_id', 'key'), '>', eb.tuple(from!.entry, from!.key))))
      .orderBy('entry_id')
      .orderBy('key')
      .limit(INDEX_PAGE)
      .execute();
    if (n + rows.length > rowKeys.length) {
      const grow = Math.max(rowKeys.length * 2, n + rows.length);
      rowKeys = grown(rowKeys, grow);
      rowEntries = grown(rowEntries, grow);
      rowSizes = grown(rowSizes, grow);
    }
    for (const r of rows) {
      let k = keys.get(r.key);
      if (k === undefined) keys.set(r.key, (k = keys.size));
      if (ids[ids.length - 1] !== r.entry_id) ids.push(r.entry_id);
      rowKeys[n] = k;
      rowEntries[n] = ids.length - 1;
      rowSizes[n] = Number(r.size);
      n++;
    }
    if (rows.length < INDEX_PAGE) break;
    const last: { key: string; entry_id: string } = rows[rows.length - 1]!;
    after = { entry: last.entry_id, key: last.key };
  }
  // Counting sort by key: each key's rows keep their (ascending) entry order.
  const offsets = new Int32Array(keys.size + 1);
  for (let i = 0; i < n; i++) offsets[rowKeys[i]! + 1]!++;
  for (let k = 0; k < keys.size; k++) offsets[k + 1]! += offsets[k]!;
  const next = offsets.slice(0, keys.size);
  const entries = new Int32Array(n);
  const sizes = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const at = next[rowKeys[i]!]!++;
    entries[at] = rowEntries[i]!;
    sizes[at] = rowSizes[i]!;
  }
  return { ids, keys, offsets, entries, sizes, counts: new Uint8Array(ids.length), least: new Uint8Array(ids.length) };
}

function grown<T extends Int32Array | Uint8Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}

const NO_ENTRIES: Posting = { entries: new Int32Array(0), sizes: new Uint8Array(0) };

/** The entries under one key of a version (views on the flat arrays). */
function postingOf(p: VersionPostings, key: string): Posting {
  const k = p.keys.get(key);
  if (k === undefined) return NO_ENTRIES;
  const from = p.offsets[k]!;
  const to = p.offsets[k + 1]!;
  return { entries: p.entries.subarray(from, to), sizes: p.sizes.subarray(from, to) };
}

interface Posting {
  entries: Int32Array;
  sizes: Uint8Array;
}

/** Position of `n` in an ascending array, or -1. */
function indexOf(sorted: Int32Array, n: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v === n) return mid;
    if (v < n) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The weight the `limit`-th entry reaches, from a histogram of weights (0 when fewer entries). */
function weightAtRank(hist: number[], limit: number): number {
  let seen = 0;
  for (let w = hist.length - 1; w > 0; w--) {
    seen += hist[w] ?? 0;
    if (seen >= limit) return w;
  }
  return 0;
}

/**
 * Counts, for one version, the weight of the keys each entry shares with a name, and returns the
 * `limit` entries of greatest weight reaching `need` (ties: shortest name, then id). The keys are
 * read rarest first, and a key stops bringing in new entries once an entry it has not yet seen
 * could no longer reach the `limit` best (the weight of the keys left is below the weight of the
 * `limit`-th entry so far): the common keys then only add to the entries already counted. The
 * result is exactly that of counting every entry of every key.
 */
function bestOfVersion(p: VersionPostings, keys: string[], need: number, limit: number): { id: string; w: number; size: number }[] {
  const ks = keys.map((k) => ({ w: k.startsWith('j:') ? 2 : 1, post: postingOf(p, k) })).sort((a, b) => a.post.entries.length - b.post.entries.length);
  let rest = ks.reduce((sum, k) => sum + k.w, 0);
  const hist: number[] = new Array(rest + 1).fill(0);
  const touched: number[] = [];
  const { counts, least } = p;
  let i = 0;
  for (; i < ks.length; i++) {
    if (rest < need || (touched.length >= limit && rest < weightAtRank(hist, limit))) break;
    const { w, post } = ks[i]!;
    const { entries, sizes } = post;
    for (let j = 0; j < entries.length; j++) {
      const n = entries[j]!;
      const c = counts[n]!;
      if (c === 0) {
        touched.push(n);
        least[n] = sizes[j]!;
      } else if (sizes[j]! < least[n]!) least[n] = sizes[j]!;
      hist[c]!--;
      hist[c + w]!++;
      counts[n] = c + w;
    }
    rest -= w;
  }
  // The keys left only add to entries already counted: through the key's entries when it is
  // short, else by looking each counted entry up in it.
  for (; i < ks.length; i++) {
    const { w, post } = ks[i]!;
    const { entries, sizes } = post;
    if (entries.length <= touched.length * 8) {
      for (let j = 0; j < entries.length; j++) {
        const n = entries[j]!;
        if (counts[n] === 0) continue;
        counts[n] += w;
        if (sizes[j]! < least[n]!) least[n] = sizes[j]!;
      }
    } else {
      for (const n of touched) {
        const at = indexOf(entries, n);
        if (at < 0) continue;
        counts[n] += w;
        if (sizes[at]! < least[n]!) least[n] = sizes[at]!;
      }
    }
  }
  // The cut: every entry above the weight of the limit-th, and at that weight as many as fit.
  const final: number[] = new Array(hist.length).fill(0);
  for (const n of touched) if (counts[n]! >= need) final[counts[n]!]!++;
  const cut = Math.max(need, weightAtRank(final, limit));
  const found: { id: string; w: number; size: number }[] = [];
  for (const n of touched) {
    if (counts[n]! >= cut) found.push({ id: p.ids[n]!, w: counts[n]!, size: least[n]! });
    counts[n] = 0;
  }
  return found;
}

/**
 * The `limit` entries sharing most keys; among those sharing as many at the cut, those sharing the
 * shortest names (a name of two words sharing both is likelier the same than one of six), then
 * the first by id.
 */
function mostShared(found: { id: string; w: number; size: number }[], limit: number): string[] {
  if (found.length <= limit) return found.map((f) => f.id);
  found.sort((a, b) => b.w - a.w || a.size - b.size || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return found.slice(0, limit).map((f) => f.id);
}

/**
 * Entries of the given versions sharing enough blocking keys with a name: a joined-name key (`j:`)
 * counts 2, a token key 1; entries reaching `need` are returned, those sharing most first, at most
 * `limit`. The counting is done on the version's keys held in memory (read from the index once).
 */
export async function candidateEntries(db: Db, versionIds: string[], keys: string[], need: number, limit: number): Promise<EntryRow[]> {
  if (!versionIds.length || !keys.length) return [];
  const unique = [...new Set(keys)];
  const found: { id: string; w: number; size: number }[] = [];
  for (const p of await versionPostings(db, versionIds)) found.push(...bestOfVersion(p, unique, need, limit));
  if (!found.length) return [];
  return entriesById(db, mostShared(found, limit));
}

type EntryRow = { id: string; version_id: string; list_entry_id: string; kind: string; topic: string; name: string; details: string };

/**
 * Entries recently compared, by id: names of common words bring the same entries up screening
 * after screening, and an entry's row never changes (a new list version has new ids). Bounded;
 * the least recently used go first.
 */
const ENTRY_CACHE = 50_000;
const entriesOf = new WeakMap<Db, Map<string, EntryRow>>();

async function entriesById(db: Db, ids: string[]): Promise<EntryRow[]> {
  let cache = entriesOf.get(db);
  if (!cache) entriesOf.set(db, (cache = new Map()));
  const out: EntryRow[] = [];
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
    for (const row of await db.selectFrom('screening_entries').selectAll().where('id', 'in', missing).execute()) {
      out.push(row);
      cache.set(row.id, row);
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
