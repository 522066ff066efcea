// The screening index of a list version, read whole from the database the first time a screening
// needs it and kept by the process (a version's entries and keys never change once written;
// versions no longer active are let go). Two parts, in flat arrays:
// - the blocking keys: each key holds the numbers of its entries (ascending) and the size of the
//   entry's name under that key;
// - every entry's names as folded tokens (a dictionary of tokens, and per name the numbers of its
//   tokens), so a screening compares a name with its candidates before reading any in full.
// About 30 bytes per key row, 80 per entry (its id) and 4 per name token: some 350 MB for a list
// of a million entries (measured: bench/README.md).
import type { Db } from './db.ts';
import { listEntryOf } from './stored-json.ts';

export interface VersionIndex {
  versionId: string;
  /** Entry ids, in the database's order of ids; an entry's number is its place here. */
  ids: string[];
  kinds: string[];
  /** Entry n's names are names nameStart[n] to nameStart[n + 1]; name m's tokens are tokenIds[tokenStart[m]] to tokenIds[tokenStart[m + 1]]. */
  nameStart: Int32Array;
  tokenStart: Int32Array;
  tokenIds: Int32Array;
  tokenText: string[];
  /** Key → its position in `offsets`; its entries are entries[offsets[i]] to entries[offsets[i + 1]]. */
  keys: Map<string, number>;
  offsets: Int32Array;
  entries: Int32Array;
  sizes: Uint8Array;
  /** Scratch space of the counting, one slot per entry. */
  counts: Uint8Array;
  least: Uint8Array;
}

/** Works out an entry's tokens (as stored in screening_entries.tokens) from its names, for versions imported before they were stored. */
export type TokensOf = (entry: { kind: string; name: string; aliases: string[] }) => string;

const PAGE = 20_000;
const loaded = new WeakMap<Db, Map<string, Promise<VersionIndex>>>();

/** The index of each given version, read once per process; versions not asked for any more are let go. */
export function versionIndexes(db: Db, versionIds: string[], tokensOf: TokensOf): Promise<VersionIndex[]> {
  let cache = loaded.get(db);
  if (!cache) loaded.set(db, (cache = new Map()));
  for (const v of cache.keys()) if (!versionIds.includes(v)) cache.delete(v);
  const versions = cache;
  return Promise.all(
    versionIds.map((v) => {
      let p = versions.get(v);
      if (!p) {
        p = loadVersionIndex(db, v, tokensOf);
        versions.set(v, p);
        p.catch(() => versions.delete(v));
      }
      return p;
    }),
  );
}

class Growing<T extends Int32Array | Uint8Array> {
  length = 0;
  constructor(public a: T) {}
  push(v: number): void {
    if (this.length === this.a.length) {
      const b = new (this.a.constructor as new (n: number) => T)(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.length++] = v;
  }
  done(): T {
    return this.a.slice(0, this.length) as T;
  }
}

/** Reads a version's entries (their names as tokens), in id order, then its keys in entry order, and lays them out. */
async function loadVersionIndex(db: Db, versionId: string, tokensOf: TokensOf): Promise<VersionIndex> {
  const ids: string[] = [];
  const kinds: string[] = [];
  const nameStart = new Growing(new Int32Array(1 << 16));
  const tokenStart = new Growing(new Int32Array(1 << 16));
  const tokenIds = new Growing(new Int32Array(1 << 18));
  const dictionary = new Map<string, number>();
  const tokenText: string[] = [];
  let after: string | null = null;
  for (;;) {
    const from: string | null = after;
    const rows = await db
      .selectFrom('screening_entries')
      .select(['id', 'kind', 'tokens'])
      .select((eb) => eb.case().when('tokens', 'is', null).then(eb.ref('details')).else(null).end().as('details'))
      .where('version_id', '=', versionId)
      .$if(from !== null, (qb) => qb.where('id', '>', from!))
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const r of rows) {
      ids.push(r.id);
      kinds.push(r.kind);
      nameStart.push(tokenStart.length);
      const text = r.tokens ?? namesAsTokens(r.kind, r.details, tokensOf);
      for (const name of text.split('\n')) {
        tokenStart.push(tokenIds.length);
        if (!name) continue;
        for (const token of name.split(' ')) {
          let t = dictionary.get(token);
          if (t === undefined) {
            dictionary.set(token, (t = tokenText.length));
            tokenText.push(token);
          }
          tokenIds.push(t);
        }
      }
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  nameStart.push(tokenStart.length);
  tokenStart.push(tokenIds.length);

  const keys = new Map<string, number>();
  const rowKeys = new Growing(new Int32Array(1 << 16));
  const rowEntries = new Growing(new Int32Array(1 << 16));
  const rowSizes = new Growing(new Uint8Array(1 << 16));
  // Keys come in the same order of entry ids as the entries above: each key row's entry is found
  // by walking forward.
  let at = 0;
  let afterKey: { entry: string; key: string } | null = null;
  for (;;) {
    const from: { entry: string; key: string } | null = afterKey;
    const rows: { key: string; entry_id: string; size: number }[] = await db
      .selectFrom('screening_keys')
      .select(['key', 'entry_id', 'size'])
      .where('version_id', '=', versionId)
      .$if(from !== null, (qb) => qb.where((eb) => eb(eb.refTuple('entry_id', 'key'), '>', eb.tuple(from!.entry, from!.key))))
      .orderBy('entry_id')
      .orderBy('key')
      .limit(PAGE)
      .execute();
    for (const r of rows) {
      let k = keys.get(r.key);
      if (k === undefined) keys.set(r.key, (k = keys.size));
      while (at < ids.length && ids[at] !== r.entry_id) at++;
      if (at === ids.length) throw new Error(`screening index of version ${versionId}: key ${r.key} of entry ${r.entry_id}, which is not among the version's entries`);
      rowKeys.push(k);
      rowEntries.push(at);
      rowSizes.push(Number(r.size));
    }
    if (rows.length < PAGE) break;
    const last = rows[rows.length - 1]!;
    afterKey = { entry: last.entry_id, key: last.key };
  }
  // Counting sort by key: each key's rows keep their (ascending) entry order.
  const n = rowKeys.length;
  const offsets = new Int32Array(keys.size + 1);
  for (let i = 0; i < n; i++) offsets[rowKeys.a[i]! + 1]!++;
  for (let k = 0; k < keys.size; k++) offsets[k + 1]! += offsets[k]!;
  const next = offsets.slice(0, keys.size);
  const entries = new Int32Array(n);
  const sizes = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const to = next[rowKeys.a[i]!]!++;
    entries[to] = rowEntries.a[i]!;
    sizes[to] = rowSizes.a[i]!;
  }
  return {
    versionId,
    ids,
    kinds,
    nameStart: nameStart.done(),
    tokenStart: tokenStart.done(),
    tokenIds: tokenIds.done(),
    tokenText,
    keys,
    offsets,
    entries,
    sizes,
    counts: new Uint8Array(ids.length),
    least: new Uint8Array(ids.length),
  };
}

/** The tokens of an entry whose version was imported before they were stored, from its details. */
function namesAsTokens(kind: string, details: string | null, tokensOf: TokensOf): string {
  if (details === null) return '';
  const { name, aliases } = listEntryOf({ details });
  return tokensOf({ kind, name, aliases });
}

/** Entry n's names, each as its tokens. */
export function namesOf(p: VersionIndex, n: number): string[][] {
  const out: string[][] = [];
  for (let m = p.nameStart[n]!; m < p.nameStart[n + 1]!; m++) {
    const tokens: string[] = [];
    for (let t = p.tokenStart[m]!; t < p.tokenStart[m + 1]!; t++) tokens.push(p.tokenText[p.tokenIds[t]!]!);
    out.push(tokens);
  }
  return out;
}

interface Posting {
  entries: Int32Array;
  sizes: Uint8Array;
}
const NO_ENTRIES: Posting = { entries: new Int32Array(0), sizes: new Uint8Array(0) };

/** The entries under one key of a version (views on the flat arrays). */
function postingOf(p: VersionIndex, key: string): Posting {
  const k = p.keys.get(key);
  if (k === undefined) return NO_ENTRIES;
  const from = p.offsets[k]!;
  const to = p.offsets[k + 1]!;
  return { entries: p.entries.subarray(from, to), sizes: p.sizes.subarray(from, to) };
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

/** An entry found through the keys: its number in its version, the weight of the keys it shares, the size of its shortest name sharing them. */
export interface Counted {
  index: VersionIndex;
  n: number;
  w: number;
  size: number;
}

/**
 * Counts, for one version, the weight of the keys each entry shares with a name, and returns the
 * `limit` entries of greatest weight reaching `need` (and those tied at the cut). The keys are
 * read rarest first, and a key stops bringing in new entries once an entry it has not yet seen
 * could no longer reach the `limit` best (the weight of the keys left is below the weight of the
 * `limit`-th entry so far): the common keys then only add to the entries already counted. The
 * result is exactly that of counting every entry of every key.
 */
export function bestOfVersion(p: VersionIndex, keys: string[], need: number, limit: number): Counted[] {
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
  const found: Counted[] = [];
  for (const n of touched) {
    if (counts[n]! >= cut) found.push({ index: p, n, w: counts[n]!, size: least[n]! });
    counts[n] = 0;
  }
  return found;
}

/**
 * The `limit` entries sharing most keys; among those sharing as many at the cut, those sharing the
 * shortest names (a name of two words sharing both is likelier the same than one of six), then
 * the first by id. Chosen by weight and size first (small numbers, counted), so that only the
 * entries of the one weight and size cut at the limit are ordered by id: a common name ties
 * thousands of entries at the cut.
 */
export function mostShared(found: Counted[], limit: number): Counted[] {
  if (found.length <= limit) return found;
  const rank = (c: Counted) => (255 - c.w) * 256 + c.size;
  const counts = new Map<number, number>();
  for (const c of found) counts.set(rank(c), (counts.get(rank(c)) ?? 0) + 1);
  // The rank at which the limit is reached: every entry of a better rank is taken, and of that rank the first by id.
  let cut = -1;
  let before = 0;
  for (const [r, n] of [...counts].sort((a, b) => a[0] - b[0])) {
    cut = r;
    if (before + n >= limit) break;
    before += n;
  }
  const taken: Counted[] = [];
  const tied: Counted[] = [];
  for (const c of found) {
    const r = rank(c);
    if (r < cut) taken.push(c);
    else if (r === cut) tied.push(c);
  }
  tied.sort(byId);
  for (let i = 0; i < limit - before; i++) taken.push(tied[i]!);
  return taken.sort((a, b) => rank(a) - rank(b) || byId(a, b));
}

/** Entries by id. */
function byId(a: Counted, b: Counted): number {
  const x = a.index.ids[a.n]!;
  const y = b.index.ids[b.n]!;
  return x < y ? -1 : x > y ? 1 : 0;
}
