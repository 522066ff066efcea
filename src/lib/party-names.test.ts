import { describe, expect, it } from 'vitest';
import { casePartyNames, documentPartyNames, entityNames } from './party-names.ts';

describe('the names a case is searched by', () => {
  it('takes companies and persons of the entities, and the parties documents name, normalised and once each', () => {
    expect(entityNames({ type: 'person', first_name: 'Ingrid', last_name: 'Vasquez-Holm', company_full_name: undefined })).toEqual(['Ingrid Vasquez-Holm']);
    expect(entityNames({ type: 'company', company_full_name: 'Zöllner GmbH' })).toEqual(['Zöllner GmbH']);
    expect(
      documentPartyNames({
        fields: {
          seller: { name: 'Acme Ltd', address: 'Via Roma 12' },
          buyer: { name: 'Globex GmbH' },
          parties: [{ name: 'Initech SA' }, { role: 'witness' }],
          directors: [{ name: 'Dan Director' }],
          shareholders: [{ name: 'Olga Holder', shares: 10 }],
          given_names: 'John',
          surname: 'Doe',
        },
      }),
    ).toEqual(['Acme Ltd', 'Globex GmbH', 'Initech SA', 'Dan Director', 'Olga Holder', 'John Doe']);
    expect(documentPartyNames({ company_name: 'Register Co', holder: 'Jane Public' })).toEqual(['Register Co', 'Jane Public']);
    expect(documentPartyNames('not an object')).toEqual([]);
    expect(casePartyNames([{ company_full_name: 'Zöllner GmbH' }, { first_name: 'Jane', last_name: 'Doe' }], [{ fields: { buyer: { name: 'ZÖLLNER GMBH' } } }, null])).toBe('zollner gmbh | jane doe');
  });
});
