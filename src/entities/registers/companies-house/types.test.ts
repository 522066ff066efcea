import { describe, expect, it } from 'vitest';
import { isChCompanyProfile, isChList, isChOfficer } from './types.ts';

describe('reading an answer of Companies House', () => {
  it('takes a profile with its name and number', () => {
    expect(isChCompanyProfile({ company_name: 'EXAMPLE LTD', company_number: '01234567', sic_codes: ['62020'] })).toBe(true);
    expect(isChCompanyProfile({ company_name: 'EXAMPLE LTD' })).toBe(false);
    expect(isChCompanyProfile({ errors: [{ error: 'company-profile-not-found' }] })).toBe(false);
  });

  it('takes a list whose items are each of their kind, an empty page included', () => {
    const officers = isChList(isChOfficer);
    expect(officers({ items: [{ name: 'EXAMPLE, Ada', officer_role: 'director' }], total_results: 1 })).toBe(true);
    expect(officers({ total_results: 0 })).toBe(true);
    expect(officers({ items: [{ name: 'EXAMPLE, Ada' }] })).toBe(false);
    expect(officers([])).toBe(false);
  });
});
