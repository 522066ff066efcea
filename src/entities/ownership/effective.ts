// Effective ownership of one company: the stake every terminal owner (a person, or a company whose
// own owners are not known) holds through all paths, shares multiplied along each path and summed
// across paths. Circular holdings are solved as the linear system they are (f = b + M·f), never
// walked round and round. Bands are carried as intervals: stakes only ever multiply and add, both
// monotone, so the low ends give the lowest possible result and the high ends the highest. Pure.
import type { Ownership } from '../case-entities.ts';
import { compileGraph, type CompiledGraph, type NodeKind, type OwnershipInput } from './graph.ts';
import { toOwnership } from './interval.ts';

export interface TerminalStake {
  id: string;
  kind: NodeKind;
  low: number;
  high: number;
  ownership: Ownership;
  /** A company whose chain could not be followed. */
  unresolved: boolean;
}

export interface EffectiveOwnership {
  root: string;
  /** Terminal owners with a possible stake, in id order. */
  terminals: TerminalStake[];
  /** Groups of companies that hold each other, reached from the root (ids in order). */
  cycles: string[][];
  /** Whether any stake on the way is a band or unknown rather than exact. */
  bands: boolean;
  /** Companies whose stated exact stakes added up to more than 1 (scaled down). */
  inconsistent: string[];
}

/** Largest group of mutually holding companies solved by elimination; larger ones iterate. */
const DENSE_LIMIT = 160;
const MAX_SWEEPS = 5000;

export function effectiveOwnership(input: OwnershipInput | CompiledGraph, rootId: string): EffectiveOwnership {
  const g = 'start' in input ? input : compileGraph(input);
  const root = g.index.get(rootId);
  const empty: EffectiveOwnership = { root: rootId, terminals: [], cycles: [], bands: false, inconsistent: [] };
  if (root === undefined || g.isPerson[root]) return empty;

  const { nodes: compNodes, start: compStart } = stronglyConnected(g, root);
  const n = g.ids.length;
  const local = new Int32Array(n).fill(-1);
  const term = [new Float64Array(n), new Float64Array(n)];
  const inflow = [new Float64Array(n), new Float64Array(n)];
  const stakes = [g.lo, g.hi];
  inflow[0]![root] = 1;
  inflow[1]![root] = 1;
  const touched = new Uint8Array(n);
  const cycles: string[][] = [];
  let bands = false;
  const inconsistent = new Set(g.inconsistent);
  const reachedInconsistent: string[] = [];
  const f: Float64Array[] = [new Float64Array(0), new Float64Array(0)];

  // Tarjan emits owners before what they own; flow runs from the root outward, so walk backwards.
  for (let ci = compStart.length - 2; ci >= 0; ci--) {
    const from = compStart[ci]!;
    const to = compStart[ci + 1]!;
    const k = to - from;
    const cyclic = k > 1 || selfHeld(g, compNodes[from]!);
    for (let m = from; m < to; m++) {
      const c = compNodes[m]!;
      if (inconsistent.size && inconsistent.has(g.ids[c]!)) reachedInconsistent.push(g.ids[c]!);
      for (let e = g.start[c]!; e < g.start[c + 1]!; e++) if (g.lo[e] !== g.hi[e]) bands = true;
    }
    if (cyclic) {
      cycles.push(Array.from(compNodes.subarray(from, to), (m) => g.ids[m]!).sort());
      for (let m = from; m < to; m++) local[compNodes[m]!] = m - from;
      const group = groupOf(g, compNodes, from, to, local);
      for (let pass = 0; pass < 2; pass++) f[pass] = solveGroup(group, compNodes, from, inflow[pass]!, pass);
    } else {
      const c = compNodes[from]!;
      f[0] = Float64Array.of(inflow[0]![c]!);
      f[1] = Float64Array.of(inflow[1]![c]!);
    }
    for (let pass = 0; pass < 2; pass++) {
      const flow = f[pass]!;
      const w = stakes[pass]!;
      const tm = term[pass]!;
      const inf = inflow[pass]!;
      for (let m = from; m < to; m++) {
        const c = compNodes[m]!;
        const fc = flow[m - from]!;
        if (!(fc > 0)) continue;
        if (g.start[c] === g.start[c + 1]) {
          if (c !== root) {
            tm[c]! += fc;
            touched[c] = 1;
          }
          continue;
        }
        for (let e = g.start[c]!; e < g.start[c + 1]!; e++) {
          const o = g.owner[e]!;
          const s = w[e]!;
          if (!(s > 0) || (cyclic && local[o] !== -1)) continue;
          if (g.isPerson[o]) {
            tm[o]! += fc * s;
            touched[o] = 1;
          } else inf[o]! += fc * s;
        }
      }
    }
    if (cyclic) for (let m = from; m < to; m++) local[compNodes[m]!] = -1;
  }

  const terminals: TerminalStake[] = [];
  for (let t = 0; t < n; t++) {
    if (!touched[t] || !(term[1]![t]! > 0)) continue;
    const ownership = toOwnership(term[0]![t]!, term[1]![t]!);
    const [low, high] = 'fraction' in ownership ? [ownership.fraction, ownership.fraction] : ownership.range;
    terminals.push({ id: g.ids[t]!, kind: g.isPerson[t] ? 'person' : 'company', low, high, ownership, unresolved: !!g.unresolved[t] });
  }
  return { root: rootId, terminals, cycles, bands, inconsistent: reachedInconsistent.sort() };
}

function selfHeld(g: CompiledGraph, c: number): boolean {
  for (let k = g.start[c]!; k < g.start[c + 1]!; k++) if (g.owner[k] === c) return true;
  return false;
}

/** Holdings inside a group of companies that hold each other, as arrays by holder (CSR). */
interface Group {
  k: number;
  start: Int32Array;
  src: Int32Array;
  w: [Float64Array, Float64Array];
  leaves: [boolean, boolean];
}

function groupOf(g: CompiledGraph, nodes: Int32Array, from: number, to: number, local: Int32Array): Group {
  const k = to - from;
  const start = new Int32Array(k + 1);
  const leaves: [boolean, boolean] = [false, false];
  for (let m = from; m < to; m++) {
    const c = nodes[m]!;
    for (let e = g.start[c]!; e < g.start[c + 1]!; e++) {
      const o = local[g.owner[e]!]!;
      if (o === -1) {
        if (g.lo[e]! > 0) leaves[0] = true;
        if (g.hi[e]! > 0) leaves[1] = true;
      } else start[o + 1]!++;
    }
  }
  for (let i = 0; i < k; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, k);
  const src = new Int32Array(start[k]!);
  const wLo = new Float64Array(start[k]!);
  const wHi = new Float64Array(start[k]!);
  for (let m = from; m < to; m++) {
    const c = nodes[m]!;
    for (let e = g.start[c]!; e < g.start[c + 1]!; e++) {
      const o = local[g.owner[e]!]!;
      if (o === -1) continue;
      const p = fill[o]!++;
      src[p] = m - from;
      wLo[p] = g.lo[e]!;
      wHi[p] = g.hi[e]!;
    }
  }
  return { k, start, src, w: [wLo, wHi], leaves };
}

/**
 * Flow through a group of companies that hold each other: f = b + M·f, where M[o][c] is o's stake
 * in c. When the stakes leave the group (the usual case) the solution is finite and f ≥ b; when it
 * is not (high ends of bands that add up to more than 1 round a loop), the high pass is unbounded
 * (capped to 1 later) and the low pass keeps b, which is always a true lower bound.
 */
function solveGroup(group: Group, nodes: Int32Array, from: number, inflow: Float64Array, pass: number): Float64Array {
  const b = new Float64Array(group.k);
  for (let i = 0; i < group.k; i++) b[i] = inflow[nodes[from + i]!]!;
  // Nothing leaves the group: whatever flows in stays there and reaches no terminal owner.
  if (!group.leaves[pass]) return new Float64Array(group.k);
  const f = group.k <= DENSE_LIMIT ? solveDense(group, pass, b) : solveIterative(group, pass, b);
  let valid = f !== null;
  for (let i = 0; valid && i < group.k; i++) valid = Number.isFinite(f![i]!) && f![i]! >= b[i]! - 1e-12;
  if (valid) {
    for (let i = 0; i < group.k; i++) if (f![i]! < b[i]!) f![i] = b[i]!;
    return f!;
  }
  return pass === 1 ? new Float64Array(group.k).fill(Infinity) : b;
}

/** Gaussian elimination with partial pivoting on (I − M) f = b. */
function solveDense(group: Group, pass: number, b: Float64Array): Float64Array | null {
  const k = group.k;
  const a = new Float64Array(k * k);
  for (let i = 0; i < k; i++) a[i * k + i] = 1;
  const w = group.w[pass]!;
  for (let o = 0; o < k; o++) for (let p = group.start[o]!; p < group.start[o + 1]!; p++) a[o * k + group.src[p]!]! -= w[p]!;
  const x = Float64Array.from(b);
  for (let col = 0; col < k; col++) {
    let piv = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(a[r * k + col]!) > Math.abs(a[piv * k + col]!)) piv = r;
    if (Math.abs(a[piv * k + col]!) < 1e-13) return null;
    if (piv !== col) {
      for (let c = 0; c < k; c++) [a[col * k + c], a[piv * k + c]] = [a[piv * k + c]!, a[col * k + c]!];
      [x[col], x[piv]] = [x[piv]!, x[col]!];
    }
    const p = a[col * k + col]!;
    for (let r = col + 1; r < k; r++) {
      const factor = a[r * k + col]! / p;
      if (factor === 0) continue;
      for (let c = col; c < k; c++) a[r * k + c]! -= factor * a[col * k + c]!;
      x[r]! -= factor * x[col]!;
    }
  }
  for (let r = k - 1; r >= 0; r--) {
    let s = x[r]!;
    for (let c = r + 1; c < k; c++) s -= a[r * k + c]! * x[c]!;
    x[r] = s / a[r * k + r]!;
  }
  return x;
}

/** Gauss–Seidel sweeps for large groups; converges exactly when the dense solve would be valid. */
function solveIterative(group: Group, pass: number, b: Float64Array): Float64Array | null {
  const { k, start, src } = group;
  const w = group.w[pass]!;
  const f = Float64Array.from(b);
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let change = 0;
    let size = 0;
    for (let i = 0; i < k; i++) {
      let v = b[i]!;
      for (let p = start[i]!; p < start[i + 1]!; p++) v += w[p]! * f[src[p]!]!;
      const d = v - f[i]!;
      if (d > change) change = d;
      else if (-d > change) change = -d;
      if (v > size) size = v;
      f[i] = v;
    }
    if (!(size < 1e12)) return null;
    if (change <= 1e-14 * (size > 1 ? size : 1)) return f;
  }
  return null;
}

/**
 * Iterative Tarjan over companies reachable from the root (edges: company → company owner). Groups
 * come out owners first, each as a run of `nodes` from start[i] to start[i + 1], members in order.
 */
function stronglyConnected(g: CompiledGraph, root: number): { nodes: Int32Array; start: Int32Array } {
  const n = g.ids.length;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  let sp = 0;
  const out = new Int32Array(n);
  let outLen = 0;
  const starts: number[] = [0];
  const call = new Int32Array(n);
  const edgePos = new Int32Array(n);
  let cp = 0;
  let counter = 0;
  order[root] = low[root] = counter++;
  stack[sp++] = root;
  onStack[root] = 1;
  call[cp] = root;
  edgePos[cp++] = g.start[root]!;
  while (cp > 0) {
    const top = cp - 1;
    const v = call[top]!;
    const p = edgePos[top]!;
    if (p < g.start[v + 1]!) {
      edgePos[top] = p + 1;
      const w = g.owner[p]!;
      if (g.isPerson[w]) continue;
      if (order[w] === -1) {
        order[w] = low[w] = counter++;
        stack[sp++] = w;
        onStack[w] = 1;
        call[cp] = w;
        edgePos[cp++] = g.start[w]!;
      } else if (onStack[w] && order[w]! < low[v]!) low[v] = order[w]!;
      continue;
    }
    cp--;
    if (cp > 0) {
      const parent = call[cp - 1]!;
      if (low[v]! < low[parent]!) low[parent] = low[v]!;
    }
    if (low[v] === order[v]) {
      const begin = outLen;
      let w: number;
      do {
        w = stack[--sp]!;
        onStack[w] = 0;
        out[outLen++] = w;
      } while (w !== v);
      out.subarray(begin, outLen).sort();
      starts.push(outLen);
    }
  }
  return { nodes: out.subarray(0, outLen), start: Int32Array.from(starts) };
}
