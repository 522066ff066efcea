// The ownership chart's data and layout: holdings read from the spec's flat entity list, stakes
// written as exact or banded percentages, owners placed above what they own, a circular holding
// drawn once, and shareholders outside the case still shown.
import { describe, expect, it } from 'vitest';
import { OWNERSHIP_IDS as id, company, ownershipData, person } from '../../test/fixtures/ownership.ts';
import { CHART, formatStake, layoutOwnership, ownershipFromEntities, ownershipSentences, wrapName } from './ownership.ts';

describe('formatStake', () => {
  it('writes exact stakes and register bands as percentages', () => {
    expect(formatStake({ fraction: 0.25 })).toBe('25 %');
    expect(formatStake({ fraction: 1 / 3 })).toBe('33.33 %');
    expect(formatStake({ range: [0.25, 0.5] })).toBe('25–50 %');
    expect(formatStake({ range: [0.125, 0.25] })).toBe('12.5–25 %');
    expect(formatStake(null)).toBe('—');
  });
});

describe('ownershipFromEntities', () => {
  it('reads every holding and the main company UBOs from the flat entity list', () => {
    const data = ownershipData();
    expect(data.shareholdings).toHaveLength(6);
    expect(data.shareholdings).toContainEqual({ owner_id: id.zeta, owned_id: id.main, ownership: { range: [0.25, 0.5] } });
    expect(data.ubos.map((u) => u.person_entity_id)).toEqual([id.ivan, id.elodie]);
    expect(data.entities.find((e) => e.entity_id === id.ivan)).toEqual({ entity_id: id.ivan, type: 'person', name: 'Иван Петров', country_code: 'RU' });
    expect(ownershipSentences(data).holdings).toContain('Иван Петров holds 100 % of ООО «Северный Холдинг»');
  });
});

describe('layoutOwnership', () => {
  it('puts owners above what they own, the main company alone at the bottom', () => {
    const layout = layoutOwnership(ownershipData());
    const at = new Map(layout.nodes.map((n) => [n.entity_id, n]));
    expect(at.get(id.main)!.layer).toBe(0);
    expect([id.holdco, id.zeta, id.jane].map((e) => at.get(e)!.layer)).toEqual([1, 1, 1]);
    expect([id.ivan, id.elodie, id.outside].map((e) => at.get(e)!.layer)).toEqual([2, 2, 2]);
    expect(at.get(id.ivan)!.y).toBeLessThan(at.get(id.holdco)!.y);
    expect(at.get(id.holdco)!.y).toBeLessThan(at.get(id.main)!.y);
    expect(at.get(id.outside)).toMatchObject({ type: 'unknown', name: expect.stringContaining('Unknown entity') });
    for (const e of layout.edges) expect(e.y1).toBeLessThan(e.y2);
    // Boxes of one layer never overlap and all lie inside the drawing.
    for (const a of layout.nodes) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x + CHART.nodeWidth).toBeLessThanOrEqual(layout.width);
      for (const b of layout.nodes) if (a !== b && a.layer === b.layer) expect(Math.abs(a.x - b.x)).toBeGreaterThanOrEqual(CHART.nodeWidth);
    }
    // Owners sit over what they own: Ivan over the holding company, Élodie over Ζήτα.
    expect(at.get(id.ivan)!.x).toBe(at.get(id.holdco)!.x);
    expect(at.get(id.elodie)!.x).toBe(at.get(id.zeta)!.x);
  });

  it('draws a circular holding once instead of looping', () => {
    const a = company('a', 'Alpha Ltd', 'GB', { shareholders: [{ entity_id: 'b', ownership: { fraction: 0.5 } }] });
    const b = company('b', 'Beta Ltd', 'GB', {
      shareholders: [
        { entity_id: 'a', ownership: { fraction: 0.3 } },
        { entity_id: 'p', ownership: { fraction: 0.7 } },
      ],
    });
    const layout = layoutOwnership(ownershipFromEntities('a', [a, b, person('p', 'Pat', 'Smith', 'GB')]));
    expect(layout.nodes.map((n) => n.entity_id).sort()).toEqual(['a', 'b', 'p']);
    expect(layout.edges).toHaveLength(3);
  });

  it('shows a company without known shareholders on its own', () => {
    const layout = layoutOwnership(ownershipFromEntities('a', [company('a', 'Alpha Ltd', 'GB')]));
    expect(layout.nodes).toHaveLength(1);
    expect(layout.edges).toHaveLength(0);
  });
});

describe('wrapName', () => {
  it('splits long names over two lines and shortens what still does not fit', () => {
    expect(wrapName('Acme Ltd')).toEqual(['Acme Ltd']);
    expect(wrapName('Ζήτα Συμμετοχές Ανώνυμη Εταιρεία Συμμετοχών', 24)).toEqual(['Ζήτα Συμμετοχές Ανώνυμη', 'Εταιρεία Συμμετοχών']);
    const lines = wrapName('The Extremely Long Name of a Holding Company Registered Somewhere Far Away', 24);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect([...lines[1]!].length).toBeLessThanOrEqual(24);
  });
});
