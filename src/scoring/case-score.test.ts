import { describe, expect, it } from 'vitest';
import { buildCaseEntities, newCompany, newPerson, type CompanyDetails, type EntityDetails } from '../entities/case-entities.ts';
import { applyOwnership, UNRESOLVED_ITEM } from '../entities/ownership/case-ownership.ts';
import { scoreCase, type CaseScoreInput } from './case-score.ts';
import { loadPolicy } from './policy.ts';

const policy = loadPolicy();

function input(entities: EntityDetails[], over: Partial<CaseScoreInput> = {}): CaseScoreInput {
  const { entities: owned, facts } = applyOwnership(entities, 'main', 0.25);
  return { referenceDate: '2026-11-21', mainEntityId: 'main', entities: owned, accountOwnerIds: [], findings: [], rejectedDocuments: 0, chain: facts, transaction: null, ...over };
}

function company(over: Partial<CompanyDetails> = {}): CompanyDetails {
  return { ...newCompany('main', 'Acme Ltd', 'GB'), incorporation_date: '2010-01-01', company_status: 'active', ...over };
}

describe('case scoring policy', () => {
  it('is the baseline for a plain, old, active company with a known owner', () => {
    const owner = newPerson('p', 'Ann Lee');
    const s = scoreCase(input([company({ shareholders: [{ entity_id: 'p', ownership: { fraction: 1 } }] }), owner]), policy);
    expect(s).toMatchObject({ score: policy.baseline, risk_level: 'low', policy_version: policy.version });
    expect(s.factors.map((f) => f.factor)).toEqual(['baseline']);
  });

  it('adds up countries, industry, opacity, age, PEPs and findings, and explains each', () => {
    const owner = { ...newPerson('p', 'Ann Lee'), residency_country_code: 'IR', is_pep_self_assessment: true };
    const leaf = { ...newCompany('leaf', 'Offshore Ltd', 'VG'), additional_details: [{ item_id: UNRESOLVED_ITEM, value: 'outside' }] };
    const nominee = newPerson('n', 'Nick Nominee');
    const main = company({
      incorporation_date: '2026-06-01',
      registered_industry_codes: [{ classification: 'UKSIC2007', code: '92000' }],
      shareholders: [
        { entity_id: 'p', ownership: { range: [0.25, 0.5] } },
        { entity_id: 'leaf', ownership: { range: [0.5, 0.75] } },
      ],
      directors: [{ person_entity_id: 'n', nominal: true }],
    });
    const s = scoreCase(input([main, owner, leaf, nominee], { findings: [{ severity: 'warning' }] }), policy);
    const byFactor = Object.fromEntries(s.factors.map((f) => [f.factor, f.points]));
    expect(byFactor).toMatchObject({
      baseline: 10,
      findings_warning: 8,
      country_owners_directors: 33.8,
      industry: 25,
      ownership_unresolved: 12,
      ownership_bands_only: 5,
      nominee_directors: 10,
      company_age: 15,
      pep: 20,
    });
    expect(s.score).toBe(100);
    expect(s.risk_level).toBe('high');
    expect(s.factors.find((f) => f.factor === 'country_owners_directors')!.detail).toContain('IR: FATF high-risk jurisdiction (call for action) (list of 2025-10-24)');
  });

  it('counts circular holdings, an unknown incorporation date and transaction facts', () => {
    const a = {
      ...newCompany('a', 'Alpha Ltd', 'GB'),
      shareholders: [
        { entity_id: 'main', ownership: { fraction: 0.3 } },
        { entity_id: 'p', ownership: { fraction: 0.7 } },
      ],
    };
    const main = company({ incorporation_date: '', shareholders: [{ entity_id: 'a', ownership: { fraction: 1 } }] });
    const s = scoreCase(
      input([main, a, newPerson('p', 'Ann Lee')], {
        transaction: { direction: 'incoming', amount: 150000, currency: 'EUR', counterpartyName: 'Globex GmbH', ultimateDebtor: 'Initech SA', ultimateCreditor: null },
      }),
      policy,
    );
    expect(s.factors.map((f) => f.factor)).toEqual(['baseline', 'ownership_circular', 'company_age_unknown', 'transaction_amount', 'third_party_payment']);
  });

  it('gives the same score for the same inputs', () => {
    const { entities } = buildCaseEntities(
      { case_kind: 'onboarding', company_full_name: 'Acme Ltd', company_country_code: 'KP', user_full_name: 'Ann Lee', modules: [{ module: 'documents_verification' }] },
      (() => {
        const ids = ['main', 'owner'];
        return () => ids.shift()!;
      })(),
    );
    expect(scoreCase(input(entities), policy)).toEqual(scoreCase(input(entities), policy));
    expect(scoreCase(input(entities), policy).factors[1]).toMatchObject({ factor: 'country_main_company', points: 45 });
  });
});
