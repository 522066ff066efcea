import { describe, expect, it } from 'vitest';
import { describeFiling, normalizeCompanyNumber, ownerOfPsc, ownershipOfNatures, personNameOf, ukRegistrationOf } from './mapping.ts';

describe('Companies House mapping', () => {
  it('turns PSC bands of natures_of_control into ranges', () => {
    expect(ownershipOfNatures(['ownership-of-shares-25-to-50-percent', 'voting-rights-25-to-50-percent'])).toEqual({ range: [0.25, 0.5] });
    expect(ownershipOfNatures(['ownership-of-shares-50-to-75-percent'])).toEqual({ range: [0.5, 0.75] });
    expect(ownershipOfNatures(['ownership-of-shares-75-to-100-percent-as-trust'])).toEqual({ range: [0.75, 1] });
    expect(ownershipOfNatures(['right-to-share-surplus-assets-25-to-50-percent-limited-liability-partnership'])).toEqual({ range: [0.25, 0.5] });
    expect(ownershipOfNatures(['ownership-of-shares-more-than-25-percent-registered-overseas-entity'])).toEqual({ range: [0.25, 1] });
    expect(ownershipOfNatures(['voting-rights-75-to-100-percent', 'right-to-appoint-and-remove-directors'])).toBeNull();
  });

  it('normalises company numbers', () => {
    expect(normalizeCompanyNumber('1234567')).toBe('01234567');
    expect(normalizeCompanyNumber('sc 12345')).toBe('SC012345');
    expect(normalizeCompanyNumber('OC301234')).toBe('OC301234');
  });

  it('reads names with titles, officer order and name elements', () => {
    expect(personNameOf('SMITH, Jane Elizabeth')).toEqual({ full: 'Jane Elizabeth Smith', first: 'Jane Elizabeth', last: 'Smith' });
    expect(personNameOf("O'BRIEN, Sean")).toMatchObject({ last: "O'Brien" });
    expect(personNameOf('Mr John Albert Doe')).toEqual({ full: 'John Albert Doe', first: 'John Albert', last: 'Doe' });
    expect(personNameOf('x', { title: 'Mrs', forename: 'Jane', surname: 'Smith' })).toEqual({ full: 'Jane Smith', first: 'Jane', last: 'Smith' });
  });

  it('follows only corporate owners registered in the UK', () => {
    expect(ukRegistrationOf({ country_registered: 'England And Wales', registration_number: '1234567' })).toBe('01234567');
    expect(ukRegistrationOf({ place_registered: 'Companies House', registration_number: 'SC123456' })).toBe('SC123456');
    expect(ukRegistrationOf({ country_registered: 'Jersey', place_registered: 'JFSC', registration_number: '123456' })).toBeNull();
    expect(ownerOfPsc({ kind: 'super-secure-person-with-significant-control' })).toEqual({ statement: 'super-secure-person-with-significant-control' });
    expect(ownerOfPsc({ kind: 'individual-person-with-significant-control', name: 'A B', ceased_on: '2020-01-01' })).toBeNull();
  });

  it('describes filings in words', () => {
    expect(describeFiling({ transaction_id: 't', description: 'confirmation-statement-with-updates', description_values: { made_up_date: '2025-01-15' } })).toBe(
      'Confirmation statement made on 2025-01-15 with updates',
    );
    expect(describeFiling({ transaction_id: 't', description: 'change-registered-office-address-company-with-date-old-address-new-address', description_values: { change_date: '2024-01-02' } })).toBe(
      'Change registered office address company with date old address new address (change date 2024-01-02)',
    );
  });
});
