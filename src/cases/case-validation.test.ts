import { describe, expect, it } from 'vitest';
import { amountToDecimalString, isCountryCode, isCurrencyCode, validateCaseData } from './case-validation.ts';
import { MODULES_BY_CONTEXT, validateModules } from './modules.ts';

describe('codes and amounts', () => {
  it('knows ISO 3166-1 alpha-2 and ISO 4217 codes', () => {
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('gb')).toBe(false);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('EURO')).toBe(false);
    expect(isCurrencyCode('ABC')).toBe(false);
  });

  it('keeps amounts that round-trip exactly', () => {
    expect(amountToDecimalString(15250.75)).toBe('15250.75');
    expect(amountToDecimalString(0.1)).toBe('0.1');
    expect(amountToDecimalString(0)).toBeNull();
    expect(amountToDecimalString(1e21)).toBeNull();
    expect(amountToDecimalString(1234567890123456.7)).toBeNull();
  });
});

describe('module contexts', () => {
  it('has the four lists of the contract', () => {
    expect(MODULES_BY_CONTEXT.onboarding).toEqual(['documents_verification']);
    expect(MODULES_BY_CONTEXT.monitoring).toHaveLength(12);
    expect(MODULES_BY_CONTEXT.onboarding_follow_up).toHaveLength(9);
    expect(MODULES_BY_CONTEXT.monitoring_follow_up).toHaveLength(8);
  });

  it('lets other_document and follow_up repeat, nothing else', () => {
    const od = { module: 'other_document', document_name: 'A', question: 'Q' };
    const fu = { module: 'follow_up', subject: 'S', question: 'Q' };
    expect(validateModules('monitoring', [od, od, fu, fu], '/m')).toEqual([]);
    expect(validateModules('monitoring', [{ module: 'contract' }, { module: 'contract' }], '/m')).toHaveLength(1);
  });

  it('makes follow_up.subject optional only in onboarding follow-ups', () => {
    expect(validateModules('onboarding_follow_up', [{ module: 'follow_up', question: 'Q' }], '/m')).toEqual([]);
    expect(validateModules('monitoring_follow_up', [{ module: 'follow_up', question: 'Q' }], '/m')[0]!.path).toBe('/m/0/subject');
  });
});

describe('case data', () => {
  const base = { case_kind: 'monitoring' as const, company_full_name: 'A Ltd', company_country_code: 'GB', trx_direction: 'incoming' as const, modules: [{ module: 'invoice' as const }] };
  it('accepts a minimal monitoring case', () => {
    expect(validateCaseData(base)).toEqual([]);
  });
  it('checks industry code formats per classification', () => {
    const codes = [
      { classification: 'UKSIC2007' as const, code: '62012' },
      { classification: 'NACE' as const, code: '62.01' },
      { classification: 'MCC' as const, code: '5999' },
      { classification: 'NAICS' as const, code: '541511' },
    ];
    expect(validateCaseData({ ...base, company_industry_classification: codes })).toEqual([]);
    expect(validateCaseData({ ...base, company_industry_classification: [{ classification: 'NAICS', code: 'x1' }] })).toHaveLength(1);
  });
});
