import { describe, expect, it } from 'vitest';
import { newCompany, newPerson, type PersonDetails } from './case-entities.ts';
import { applyDeclarations, declarationPeople, parseDeclarationIssue, readDeclaredValue, readEmail, readLinkedinProfile, readPhone } from './declarations.ts';

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

describe("the account owner's contact details", () => {
  it('reads an e-mail address, the domain in lower case', () => {
    expect(readEmail(' Jane.Doe@Example.CO.UK ')).toBe('Jane.Doe@example.co.uk');
    for (const bad of ['jane', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', 'a@b@example.com', 'jane@example.c0m', `${'x'.repeat(65)}@example.com`])
      expect(readEmail(bad), bad).toBeNull();
  });

  it('reads a telephone number loosely and stores its digits after an optional +', () => {
    expect(readPhone('+44 (20) 7946-0958')).toBe('+442079460958');
    expect(readPhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(readPhone('030 1234567')).toBe('0301234567');
    for (const bad of ['12345', '1'.repeat(21), '+44 20 7946 0958 ext. 2', '44+20 1234567', 'call me', '+44.20.7946.0958']) expect(readPhone(bad), bad).toBeNull();
  });

  it('takes only https LinkedIn profile addresses, without query or fragment', () => {
    expect(readLinkedinProfile('https://www.linkedin.com/in/jane-doe/?utm=x#top')).toBe('https://www.linkedin.com/in/jane-doe/');
    expect(readLinkedinProfile('https://de.LinkedIn.com/in/jane')).toBe('https://de.linkedin.com/in/jane');
    for (const bad of [
      'http://www.linkedin.com/in/jane',
      'https://www.linkedin.com/company/acme',
      'https://linkedin.com.evil.example/in/jane',
      'https://evil-linkedin.com/in/jane',
      'https://www.linkedin.com/in/',
      'https://user@www.linkedin.com/in/jane',
      'www.linkedin.com/in/jane',
      'https://example.com/?u=https://www.linkedin.com/in/jane',
    ])
      expect(readLinkedinProfile(bad), bad).toBeNull();
  });

  it('fills contact fields only where no other source filled them', () => {
    const filled = { ...person('a', 'Ann', 'Owner'), email: 'ann@register.example' };
    const [p] = applyDeclarations([filled], new Map([['a', { email: 'ann@declared.example', phone: '+441234567' }]]));
    expect(p).toMatchObject({ email: 'ann@register.example', phone: '+441234567', linkedin_profile: null });
    expect(readDeclaredValue('phone', 'unknown')).toEqual({ value: undefined });
    expect(parseDeclarationIssue('declaration:linkedin_profile')).toEqual({ field: 'linkedin_profile', entityId: null });
  });
});
