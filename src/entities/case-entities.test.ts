import { describe, expect, it } from 'vitest';
import { buildCaseEntities, legalTypeOf, looksLikePerson } from './case-entities.ts';

describe('entities from case data', () => {
  it('reads the legal form as written', () => {
    expect(legalTypeOf('Acme Trading Ltd.')).toBe('Ltd.');
    expect(legalTypeOf('Globex GmbH & Co. KG')).toBe('GmbH & Co. KG');
    expect(legalTypeOf('Acme')).toBeNull();
  });

  it('tells persons from companies among counterparties', () => {
    expect(looksLikePerson('John Smith')).toBe(true);
    expect(looksLikePerson('Globex GmbH')).toBe(false);
    expect(looksLikePerson('Acme')).toBe(false);
    expect(looksLikePerson('Blue Ocean Shipping 24')).toBe(false);
  });

  it('builds the company, the account owner and the counterparty with its role', () => {
    let n = 0;
    const e = buildCaseEntities(
      {
        case_kind: 'monitoring',
        company_full_name: 'Acme Ltd',
        company_country_code: 'GB',
        company_reg_date: '2010-01-01',
        user_full_name: 'Ann Lee',
        trx_direction: 'incoming',
        trx_counterparty_full_name: 'Globex GmbH',
        trx_amount: 10.5,
        trx_currency: 'EUR',
        modules: [{ module: 'invoice' }],
      },
      () => `id-${++n}`,
    );
    expect(e.mainEntityId).toBe('id-1');
    expect(e.accountOwnerIds).toEqual(['id-2']);
    const company = e.entities[0]!;
    expect(company.type === 'company' && company.counterparties).toEqual([
      { entity_id: 'id-3', nature_of_relationship: 'Payer of an incoming transaction (10.5 EUR)', counterparty_role: ['customer'] },
    ]);
    expect(company.type === 'company' && company.incorporation_date).toBe('2010-01-01');
  });
});
