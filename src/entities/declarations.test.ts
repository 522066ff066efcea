import { describe, expect, it } from 'vitest';
import { newCompany, newPerson, type PersonDetails } from './case-entities.ts';
import { applyDeclarations, declarationPeople, parseDeclarationIssue, readDeclaredValue } from './declarations.ts';

const person = (id: string, first: string, last: string): PersonDetails => ({ ...newPerson(id, last), first_name: first, last_name: last });

describe('who is asked for declarations', () => {
  it('lists the account owner first, then directors and beneficial owners, each once with all their roles', () => {
    const main = {
      ...newCompany('m', 'Acme Ltd', 'GB'),
      directors: [
        { person_entity_id: 'd', nominal: false },
        { person_entity_id: 'o', nominal: false },
        { person_entity_id: 'x', nominal: false },
      ],
      shareholders: [{ entity_id: 'o', ownership: { fraction: 1 } }],
    };
    const people = declarationPeople([main, person('a', 'Ann', 'Owner'), person('d', 'Dan', 'Director'), person('o', 'Olga', 'Holder')], ['a'], 'm', 0.25);
    expect(people).toEqual([
      { entity_id: 'a', name: 'Ann Owner', roles: ['account_owner'] },
      { entity_id: 'd', name: 'Dan Director', roles: ['director'] },
      { entity_id: 'o', name: 'Olga Holder', roles: ['director', 'beneficial_owner'] },
    ]);
  });
});

describe('declared values', () => {
  it('reads yes/no/unknown, country codes and tax numbers, and refuses anything else', () => {
    expect(readDeclaredValue('is_pep_self_assessment', 'Yes')).toEqual({ value: true });
    expect(readDeclaredValue('is_us_person', 'false')).toEqual({ value: false });
    expect(readDeclaredValue('is_us_person', 'unknown')).toEqual({ value: undefined });
    expect(readDeclaredValue('is_us_person', 'perhaps')).toBeNull();
    expect(readDeclaredValue('tax_residency_country_code', 'de')).toEqual({ value: 'DE' });
    expect(readDeclaredValue('tax_residency_country_code', 'XX')).toBeNull();
    expect(readDeclaredValue('tax_residence_number', 'x'.repeat(51))).toBeNull();
    expect(parseDeclarationIssue('declaration:is_us_person')).toEqual({ field: 'is_us_person', entityId: null });
    expect(parseDeclarationIssue('declaration:is_us_person:abc')).toEqual({ field: 'is_us_person', entityId: 'abc' });
    expect(parseDeclarationIssue('declaration:age')).toBe('bad_field');
    expect(parseDeclarationIssue('company_name_absent:1')).toBeNull();
  });

  it('fills only declared fields of persons', () => {
    const [p] = applyDeclarations([person('a', 'Ann', 'Owner')], new Map([['a', { is_pep_self_assessment: true }]]));
    expect(p).toMatchObject({ is_pep_self_assessment: true, is_us_person: null, tax_residency_country_code: null });
  });
});
