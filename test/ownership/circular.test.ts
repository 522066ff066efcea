// Circular holdings in a case's entities: solved, not looped, at any size, reported for scoring.
import { describe, expect, it } from 'vitest';
import { newCompany, newPerson, type CompanyDetails, type EntityDetails } from '../../src/entities/case-entities.ts';
import { applyOwnership } from '../../src/entities/ownership/case-ownership.ts';

const company = (id: string, shareholders: [string, number | [number, number]][]): CompanyDetails => ({
  ...newCompany(id, `${id} Ltd`, 'GB'),
  shareholders: shareholders.map(([entity_id, x]) => ({ entity_id, ownership: typeof x === 'number' ? { fraction: x } : { range: x } })),
});

describe('circular holdings', () => {
  it('solves two companies holding each other', () => {
    // Main is 20 % held by B and 80 % by Ann; B is 30 % held by Main and 70 % by Bob.
    // Main's stake flowing out: f = 1 + 0.3·0.2·f, so f = 1/0.94; Ann 0.8/0.94, Bob 0.7·0.2/0.94.
    const entities: EntityDetails[] = [
      company('main', [
        ['B', 0.2],
        ['ann', 0.8],
      ]),
      company('B', [
        ['main', 0.3],
        ['bob', 0.7],
      ]),
      newPerson('ann', 'Ann Lee'),
      newPerson('bob', 'Bob Ray'),
    ];
    const { entities: out, facts } = applyOwnership(entities, 'main', 0.1);
    const main = out.find((e) => e.entity_id === 'main') as CompanyDetails;
    expect(main.ultimate_beneficiary_owners).toEqual([
      { person_entity_id: 'ann', effective_ownership: { fraction: Math.round((0.8 / 0.94) * 1e10) / 1e10 } },
      { person_entity_id: 'bob', effective_ownership: { fraction: Math.round((0.14 / 0.94) * 1e10) / 1e10 } },
    ]);
    expect(facts.cycles).toEqual([['B', 'main']]);
    const b = out.find((e) => e.entity_id === 'B') as CompanyDetails;
    // From B's side: g = 1 + 0.2·0.3·g; Bob 0.7/0.94, Ann 0.3·0.8/0.94.
    expect(b.ultimate_beneficiary_owners.map((u) => u.person_entity_id)).toEqual(['bob', 'ann']);
  });

  it('solves a long loop with bands and keeps the result within [0, 1]', () => {
    const n = 500;
    const entities: EntityDetails[] = [];
    for (let i = 0; i < n; i++) {
      entities.push(
        company(`c${i}`, [
          [`c${(i + 1) % n}`, [0.5, 0.75]],
          [`p${i}`, [0.25, 0.5]],
        ]),
        newPerson(`p${i}`, `Person ${i}`),
      );
    }
    const { entities: out, facts } = applyOwnership(entities, 'c0', 0.25);
    const main = out.find((e) => e.entity_id === 'c0') as CompanyDetails;
    expect(facts.cycles).toHaveLength(1);
    expect(facts.cycles[0]).toHaveLength(n);
    // p0 holds directly 25–50 %; through the loop it can reach more, never more than 100 %.
    const p0 = main.ultimate_beneficiary_owners.find((u) => u.person_entity_id === 'p0')!;
    expect('range' in p0.effective_ownership && p0.effective_ownership.range[0]).toBeGreaterThanOrEqual(0.25);
    expect('range' in p0.effective_ownership && p0.effective_ownership.range[1]).toBeLessThanOrEqual(1);
  });

  it('reports a closed loop with no way out and names no owner through it', () => {
    const entities: EntityDetails[] = [
      company('main', [
        ['A', 0.6],
        ['ann', 0.4],
      ]),
      company('A', [['B', 1]]),
      company('B', [['A', 1]]),
      newPerson('ann', 'Ann Lee'),
    ];
    const { entities: out, facts } = applyOwnership(entities, 'main', 0.25);
    expect((out[0] as CompanyDetails).ultimate_beneficiary_owners).toEqual([{ person_entity_id: 'ann', effective_ownership: { fraction: 0.4 } }]);
    expect(facts.cycles).toEqual([['A', 'B']]);
  });
});
