import { describe, expect, it } from 'vitest';
import { loadPolicy } from './policy.ts';
import { findingsFactors, riskLevelOf } from './score.ts';

const policy = loadPolicy();

describe('the findings part of a case score', () => {
  it('counts each severity and unusable documents at the policy points, most severe first', () => {
    const factors = findingsFactors({ findings: [{ severity: 'warning' }, { severity: 'critical' }, { severity: 'warning' }, { severity: 'info' }], rejectedDocuments: 1 }, policy);
    expect(factors).toEqual([
      { factor: 'findings_critical', points: policy.findings.critical, detail: '1 critical finding' },
      { factor: 'findings_warning', points: 2 * policy.findings.warning, detail: '2 warning findings' },
      { factor: 'rejected_documents', points: policy.findings.rejected_document, detail: '1 document could not be used' },
    ]);
    expect(findingsFactors({ findings: [], rejectedDocuments: 0 }, policy)).toEqual([]);
  });

  it('reads the risk levels from the policy', () => {
    expect(riskLevelOf(policy.levels.medium - 1, policy)).toBe('low');
    expect(riskLevelOf(policy.levels.medium, policy)).toBe('medium');
    expect(riskLevelOf(policy.levels.high, policy)).toBe('high');
  });
});
