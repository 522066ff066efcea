// The shareholding graph in a compact, canonical form: nodes numbered in id order, each company's
// direct owners in owner order with their stakes as intervals. Numbering by id (never by input
// order) is what makes every result independent of the order holdings are given in. Pure.
import type { Ownership } from '../case-entities.ts';
import { toInterval } from './interval.ts';

export type NodeKind = 'person' | 'company';

export interface OwnershipNode {
  id: string;
  kind: NodeKind;
  /** A company whose owners could not be followed (outside the covered registers, unpublished). */
  unresolved?: boolean;
}

/** `owner` holds `ownership` of `owned`; null ownership means the stake is not known. */
export interface Holding {
  owner: string;
  owned: string;
  ownership: Ownership | null;
}

export interface OwnershipInput {
  nodes: OwnershipNode[];
  holdings: Holding[];
}

export interface CompiledGraph {
  ids: string[];
  index: Map<string, number>;
  isPerson: Uint8Array;
  unresolved: Uint8Array;
  /** Owners of node i are owner[start[i] .. start[i+1]), with stakes [lo, hi]. */
  start: Int32Array;
  owner: Int32Array;
  lo: Float64Array;
  hi: Float64Array;
  /** Companies whose exact (lower) stakes added up to more than 1 and were scaled down to 1. */
  inconsistent: string[];
}

export function compileGraph(input: OwnershipInput): CompiledGraph {
  // First sight of every id, with what it is; holdings keep first-sight numbers until ids are sorted.
  const seen = new Map<string, number>();
  const firstIds: string[] = [];
  const flags: number[] = []; // bit 1: person, bit 2: unresolved
  const number = (id: string): number => {
    let i = seen.get(id);
    if (i === undefined) {
      i = firstIds.length;
      seen.set(id, i);
      firstIds.push(id);
      flags.push(0);
    }
    return i;
  };
  // A node given twice keeps the most specific facts: person beats company, unresolved sticks.
  for (const nd of input.nodes) flags[number(nd.id)]! |= (nd.kind === 'person' ? 1 : 0) | (nd.unresolved ? 2 : 0);
  const m = input.holdings.length;
  const hOwner = new Int32Array(m);
  const hOwned = new Int32Array(m);
  const hLo = new Float64Array(m);
  const hHi = new Float64Array(m);
  for (let e = 0; e < m; e++) {
    const h = input.holdings[e]!;
    hOwner[e] = number(h.owner);
    hOwned[e] = number(h.owned);
    const o = h.ownership as { fraction?: number; range?: [number, number] } | null;
    if (o && typeof o.fraction === 'number' && Number.isFinite(o.fraction)) {
      const x = o.fraction < 0 ? 0 : o.fraction > 1 ? 1 : o.fraction;
      hLo[e] = x;
      hHi[e] = x;
    } else {
      const [lo, hi] = toInterval(h.ownership);
      hLo[e] = lo;
      hHi[e] = hi;
    }
  }

  const n = firstIds.length;
  const ids = firstIds.slice().sort();
  const rank = new Int32Array(n);
  const index = new Map<string, number>();
  for (let r = 0; r < n; r++) {
    index.set(ids[r]!, r);
    rank[seen.get(ids[r]!)!] = r;
  }
  const isPerson = new Uint8Array(n);
  const unresolved = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    isPerson[rank[i]!] = flags[i]! & 1;
    unresolved[rank[i]!] = (flags[i]! >> 1) & 1;
  }

  // Counting sort of holdings by owned node; persons own, they are never owned. A holding of
  // nothing is kept: it still says who the owners are, so the company is no leaf.
  const eOwned = new Int32Array(m);
  const eOwner = new Int32Array(m);
  const eLo = new Float64Array(m);
  const eHi = new Float64Array(m);
  const count = new Int32Array(n + 1);
  let kept = 0;
  for (let e = 0; e < m; e++) {
    const owned = rank[hOwned[e]!]!;
    if (isPerson[owned]) continue;
    eOwned[kept] = owned;
    eOwner[kept] = rank[hOwner[e]!]!;
    eLo[kept] = hLo[e]!;
    eHi[kept] = hHi[e]!;
    count[owned + 1]!++;
    kept++;
  }
  for (let i = 0; i < n; i++) count[i + 1]! += count[i]!;
  const pos = count.slice(0, n);
  const order = new Int32Array(kept);
  for (let e = 0; e < kept; e++) order[pos[eOwned[e]!]!++] = e;
  const cmp = (a: number, b: number) => eOwner[a]! - eOwner[b]! || eLo[a]! - eLo[b]! || eHi[a]! - eHi[b]!;

  // Within each company: owners in index order, duplicate owner entries (share classes) added up.
  const start = new Int32Array(n + 1);
  const owner = new Int32Array(kept);
  const lo = new Float64Array(kept);
  const hi = new Float64Array(kept);
  const inconsistent: string[] = [];
  let w = 0;
  for (let i = 0; i < n; i++) {
    start[i] = w;
    const s = count[i]!;
    const e = count[i + 1]!;
    if (e - s > 1) sortSlice(order, s, e, cmp);
    const first = w;
    let sumLo = 0;
    for (let k = s; k < e; k++) {
      const edge = order[k]!;
      const o = eOwner[edge]!;
      if (w > first && owner[w - 1] === o) {
        lo[w - 1] = Math.min(1, lo[w - 1]! + eLo[edge]!);
        hi[w - 1] = Math.min(1, hi[w - 1]! + eHi[edge]!);
      } else {
        owner[w] = o;
        lo[w] = eLo[edge]!;
        hi[w] = eHi[edge]!;
        w++;
      }
    }
    for (let k = first; k < w; k++) sumLo += lo[k]!;
    if (sumLo > 1 + 1e-12) {
      // Stakes that cannot all be true at once: scale the certain parts so they add up to 1.
      inconsistent.push(ids[i]!);
      for (let k = first; k < w; k++) {
        const exact = lo[k] === hi[k];
        lo[k] = lo[k]! / sumLo;
        if (exact) hi[k] = lo[k]!;
      }
    }
  }
  start[n] = w;
  return { ids, index, isPerson, unresolved, start, owner: owner.subarray(0, w), lo: lo.subarray(0, w), hi: hi.subarray(0, w), inconsistent };
}

/** Sorts order[s..e) by owner, then stake (never by input position); insertion sort for short runs. */
function sortSlice(order: Int32Array, s: number, e: number, cmp: (a: number, b: number) => number): void {
  if (e - s > 32) {
    order.set(Array.from(order.subarray(s, e)).sort(cmp), s);
    return;
  }
  for (let i = s + 1; i < e; i++) {
    const v = order[i]!;
    let j = i - 1;
    while (j >= s && cmp(order[j]!, v) > 0) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = v;
  }
}
