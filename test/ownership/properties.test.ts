// Property tests of effective ownership: exact stakes never add up to more than 1, bands always
// contain the exact answer, order of input never matters, and an independent mass-flow simulation
// gives the same stakes (with and without circular holdings).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveOwnership } from '../../src/entities/ownership/effective.ts';
import type { Holding, OwnershipInput, OwnershipNode } from '../../src/entities/ownership/graph.ts';
import { contains } from '../../src/entities/ownership/interval.ts';

interface Generated {
  exact: OwnershipInput;
  banded: OwnershipInput;
}

const share = fc.double({ min: 0.01, max: 1, noNaN: true });
const widen = fc.double({ min: 0, max: 0.4, noNaN: true });

/** Random graphs of up to 10 companies and 6 persons, cycles and self-holdings included. */
const graphs: fc.Arbitrary<Generated> = fc
  .record({ companies: fc.integer({ min: 1, max: 10 }), persons: fc.integer({ min: 1, max: 6 }) })
  .chain(({ companies, persons }) =>
    fc.record({
      companies: fc.constant(companies),
      persons: fc.constant(persons),
      holdings: fc.array(
        fc.record({
          owners: fc.array(fc.record({ owner: fc.integer({ min: 0, max: companies + persons - 1 }), weight: share, below: widen, above: widen, exact: fc.boolean() }), {
            maxLength: 4,
          }),
          total: fc.double({ min: 0, max: 1, noNaN: true }),
          unresolved: fc.boolean(),
        }),
        { minLength: companies, maxLength: companies },
      ),
    }),
  )
  .map(({ companies, persons, holdings }) => {
    const id = (i: number) => (i < companies ? `C${i}` : `P${i - companies}`);
    const nodes: OwnershipNode[] = [];
    for (let i = 0; i < companies; i++) nodes.push({ id: id(i), kind: 'company', unresolved: holdings[i]!.unresolved && holdings[i]!.owners.length === 0 });
    for (let j = 0; j < persons; j++) nodes.push({ id: id(companies + j), kind: 'person' });
    const exact: Holding[] = [];
    const banded: Holding[] = [];
    holdings.forEach((c, i) => {
      const sum = c.owners.reduce((s, o) => s + o.weight, 0);
      for (const o of c.owners) {
        const x = (o.weight / sum) * c.total;
        exact.push({ owner: id(o.owner), owned: id(i), ownership: { fraction: x } });
        const range: [number, number] = [Math.max(0, x - o.below), Math.min(1, x + o.above)];
        banded.push({ owner: id(o.owner), owned: id(i), ownership: o.exact ? { fraction: x } : { range } });
      }
    });
    return { exact: { nodes, holdings: exact }, banded: { nodes, holdings: banded } };
  });

/** Independent check: push the root's whole stake outward step by step until (almost) none is left. */
function simulate(input: OwnershipInput, root: string): Map<string, number> {
  const kind = new Map(input.nodes.map((n) => [n.id, n.kind]));
  const owners = new Map<string, { owner: string; x: number }[]>();
  for (const h of input.holdings) {
    const x = h.ownership && 'fraction' in h.ownership ? h.ownership.fraction : NaN;
    if (!owners.has(h.owned)) owners.set(h.owned, []);
    owners.get(h.owned)!.push({ owner: h.owner, x });
  }
  const got = new Map<string, number>();
  let mass = new Map([[root, 1]]);
  for (let step = 0; step < 20000 && mass.size; step++) {
    const next = new Map<string, number>();
    let left = 0;
    for (const [c, m] of mass) {
      const list = owners.get(c) ?? [];
      if (list.length === 0) {
        if (c !== root) got.set(c, (got.get(c) ?? 0) + m);
        continue;
      }
      for (const { owner, x } of list) {
        const v = m * x;
        if (kind.get(owner) === 'person') got.set(owner, (got.get(owner) ?? 0) + v);
        else {
          next.set(owner, (next.get(owner) ?? 0) + v);
          left += v;
        }
      }
    }
    mass = next;
    if (left < 1e-15) break;
  }
  return got;
}

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('effective ownership properties', () => {
  it('exact stakes of all terminal owners never add up to more than 1', () => {
    fc.assert(
      fc.property(graphs, ({ exact }) => {
        const r = effectiveOwnership(exact, 'C0');
        const total = r.terminals.reduce((s, t) => s + t.low, 0);
        expect(r.terminals.every((t) => t.low === t.high)).toBe(true);
        expect(total).toBeLessThanOrEqual(1 + 1e-9);
      }),
      { numRuns: Number(process.env.OWNERSHIP_RUNS ?? 400) },
    );
  });

  it('matches a step-by-step simulation of the stake flowing outward', () => {
    fc.assert(
      fc.property(graphs, ({ exact }) => {
        const r = effectiveOwnership(exact, 'C0');
        const want = simulate(exact, 'C0');
        for (const t of r.terminals) expect(Math.abs(t.low - (want.get(t.id) ?? 0))).toBeLessThan(1e-8);
        for (const [id, v] of want) if (v > 1e-9) expect(r.terminals.some((t) => t.id === id)).toBe(true);
      }),
      { numRuns: Number(process.env.OWNERSHIP_RUNS ?? 300) },
    );
  });

  it('a range always contains the exact value when the exact stakes lie in the bands', () => {
    fc.assert(
      fc.property(graphs, ({ exact, banded }) => {
        const e = effectiveOwnership(exact, 'C0');
        const b = new Map(effectiveOwnership(banded, 'C0').terminals.map((t) => [t.id, t]));
        for (const t of e.terminals) {
          if (t.low < 1e-9) continue;
          const band = b.get(t.id);
          expect(band, `terminal ${t.id}`).toBeDefined();
          expect(contains(band!.ownership, t.low)).toBe(true);
        }
      }),
      { numRuns: Number(process.env.OWNERSHIP_RUNS ?? 400) },
    );
  });

  it('does not depend on the order of entities or holdings', () => {
    fc.assert(
      fc.property(graphs, fc.integer(), ({ banded }, seed) => {
        const again = { nodes: shuffled(banded.nodes, seed), holdings: shuffled(banded.holdings, seed ^ 0x5bd1e995) };
        expect(effectiveOwnership(again, 'C0')).toEqual(effectiveOwnership(banded, 'C0'));
      }),
      { numRuns: Number(process.env.OWNERSHIP_RUNS ?? 300) },
    );
  });
});
