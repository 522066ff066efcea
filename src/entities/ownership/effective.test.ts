import { describe, expect, it } from 'vitest';
import { effectiveOwnership } from './effective.ts';
import type { Holding, OwnershipNode } from './graph.ts';
import { belowThreshold, ultimateOwners, withDeclared } from './ubo.ts';

const person = (id: string): OwnershipNode => ({ id, kind: 'person' });
const company = (id: string, unresolved = false): OwnershipNode => ({ id, kind: 'company', unresolved });
const h = (owner: string, owned: string, x: number | [number, number] | null): Holding => ({
  owner,
  owned,
  ownership: x === null ? null : Array.isArray(x) ? { range: x } : { fraction: x },
});
const stakes = (r: ReturnType<typeof effectiveOwnership>) => Object.fromEntries(r.terminals.map((t) => [t.id, t.ownership]));

describe('effective ownership', () => {
  it('multiplies along a chain and adds across branches', () => {
    const r = effectiveOwnership({ nodes: [company('R'), company('A'), company('B'), person('P')], holdings: [h('A', 'R', 0.5), h('B', 'R', 0.5), h('P', 'A', 0.4), h('P', 'B', 0.6)] }, 'R');
    expect(stakes(r)).toEqual({ P: { fraction: 0.5 } });
    expect(r.bands).toBe(false);
    expect(r.cycles).toEqual([]);
  });

  it('carries register bands as intervals and caps the sum at 1', () => {
    const r = effectiveOwnership(
      {
        nodes: [company('R'), company('A'), company('B'), person('P')],
        holdings: [h('A', 'R', [0.5, 0.75]), h('B', 'R', [0.25, 0.5]), h('P', 'A', [0.5, 0.75]), h('P', 'B', [0.75, 1])],
      },
      'R',
    );
    expect(stakes(r)).toEqual({ P: { range: [0.4375, 1] } });
    expect(r.bands).toBe(true);
  });

  it('solves cross-holdings instead of looping', () => {
    const r = effectiveOwnership({ nodes: [company('A'), company('B'), person('X'), person('Y')], holdings: [h('B', 'A', 0.2), h('X', 'A', 0.8), h('A', 'B', 0.3), h('Y', 'B', 0.7)] }, 'A');
    const x = 0.8 / 0.94;
    const y = (0.7 * 0.2) / 0.94;
    expect(r.terminals.find((t) => t.id === 'X')!.low).toBeCloseTo(x, 10);
    expect(r.terminals.find((t) => t.id === 'Y')!.low).toBeCloseTo(y, 10);
    expect(r.cycles).toEqual([['A', 'B']]);
  });

  it('treats own shares held by the company as shared out among the other owners', () => {
    const r = effectiveOwnership({ nodes: [company('R'), person('P')], holdings: [h('R', 'R', 0.1), h('P', 'R', 0.9)] }, 'R');
    expect(stakes(r)).toEqual({ P: { fraction: 1 } });
    expect(r.cycles).toEqual([['R']]);
  });

  it('reaches no one through a closed loop and says so', () => {
    const r = effectiveOwnership({ nodes: [company('R'), company('A'), company('B')], holdings: [h('A', 'R', 1), h('B', 'A', 1), h('A', 'B', 1)] }, 'R');
    expect(r.terminals).toEqual([]);
    expect(r.cycles).toEqual([['A', 'B']]);
  });

  it('bounds a loop whose band tops add up to more than 1', () => {
    const r = effectiveOwnership(
      {
        nodes: [company('R'), company('A'), company('B'), person('P')],
        holdings: [h('A', 'R', 1), h('B', 'A', [0.5, 0.75]), h('P', 'A', [0.25, 0.5]), h('A', 'B', [0.75, 1]), h('P', 'B', [0, 0.25])],
      },
      'R',
    );
    const p = r.terminals.find((t) => t.id === 'P')!;
    expect(p.high).toBe(1);
    expect(p.low).toBeGreaterThan(0.25);
  });

  it('keeps companies whose owners are unknown as terminal owners', () => {
    const r = effectiveOwnership({ nodes: [company('R'), company('L', true), person('P')], holdings: [h('L', 'R', 0.4), h('P', 'R', 0.6)] }, 'R');
    expect(r.terminals.map((t) => [t.id, t.kind, t.unresolved, t.ownership])).toEqual([
      ['L', 'company', true, { fraction: 0.4 }],
      ['P', 'person', false, { fraction: 0.6 }],
    ]);
  });

  it('reads an unknown stake as anything from 0 to 1', () => {
    const r = effectiveOwnership({ nodes: [company('R'), company('A'), person('P')], holdings: [h('A', 'R', 0.6), h('P', 'A', null)] }, 'R');
    expect(stakes(r)).toEqual({ P: { range: [0, 0.6] } });
  });

  it('scales exact stakes that add up to more than 1', () => {
    const r = effectiveOwnership({ nodes: [company('R'), person('P'), person('Q')], holdings: [h('P', 'R', 0.8), h('Q', 'R', 0.8)] }, 'R');
    expect(stakes(r)).toEqual({ P: { fraction: 0.5 }, Q: { fraction: 0.5 } });
    expect(r.inconsistent).toEqual(['R']);
  });

  it('adds share classes held by the same owner', () => {
    const r = effectiveOwnership({ nodes: [company('R'), person('P')], holdings: [h('P', 'R', 0.2), h('P', 'R', 0.3)] }, 'R');
    expect(stakes(r)).toEqual({ P: { fraction: 0.5 } });
  });

  it('solves a ring of many companies by iteration', () => {
    const nodes: OwnershipNode[] = [];
    const holdings: Holding[] = [];
    const n = 400;
    for (let i = 0; i < n; i++) {
      nodes.push(company(`C${i}`), person(`P${i}`));
      holdings.push(h(`C${(i + 1) % n}`, `C${i}`, 0.5), h(`P${i}`, `C${i}`, 0.5));
    }
    const r = effectiveOwnership({ nodes, holdings }, 'C0');
    const total = r.terminals.reduce((s, t) => s + t.low, 0);
    expect(total).toBeCloseTo(1, 9);
    expect(r.terminals.find((t) => t.id === 'P0')!.low).toBeCloseTo(0.5 / (1 - 0.5 ** n), 10);
    expect(r.cycles).toHaveLength(1);
  });
});

describe('ultimate beneficial owners', () => {
  it('lists every person at the end of a chain, largest first, and tells apart those that cannot reach the threshold', () => {
    const r = effectiveOwnership({ nodes: [company('R'), person('P'), person('Q'), person('S')], holdings: [h('P', 'R', 0.3), h('Q', 'R', [0.2, 0.3]), h('S', 'R', 0.2)] }, 'R');
    expect(ultimateOwners(r)).toEqual([
      { person_entity_id: 'P', effective_ownership: { fraction: 0.3 } },
      { person_entity_id: 'Q', effective_ownership: { range: [0.2, 0.3] } },
      { person_entity_id: 'S', effective_ownership: { fraction: 0.2 } },
    ]);
    expect(belowThreshold(r, 0.25)).toEqual(['S']);
    expect(belowThreshold(r, 0.1)).toEqual([]);
  });

  it('narrows an unknown chain with the stake a register declares', () => {
    const r = effectiveOwnership({ nodes: [company('R'), company('A'), person('P')], holdings: [h('A', 'R', 0.6), h('P', 'A', null)] }, 'R');
    const { result, disagreements } = withDeclared(r, [{ id: 'P', ownership: { fraction: 0.3 } }]);
    expect(ultimateOwners(result)).toEqual([{ person_entity_id: 'P', effective_ownership: { fraction: 0.3 } }]);
    expect(disagreements).toEqual([]);
    expect(withDeclared(r, [{ id: 'P', ownership: { fraction: 0.9 } }]).disagreements).toEqual(['P']);
  });
});
