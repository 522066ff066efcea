import { describe, expect, it } from 'vitest';
import { scoreFindings } from './score.ts';

describe('scoring', () => {
  it('is low with no findings and grows with severity', () => {
    expect(scoreFindings({ findings: [], rejectedDocuments: 0 })).toMatchObject({ score: 10, risk_level: 'low' });
    expect(scoreFindings({ findings: [{ severity: 'warning' }, { severity: 'warning' }, { severity: 'warning' }], rejectedDocuments: 0 }).risk_level).toBe('medium');
    expect(scoreFindings({ findings: [{ severity: 'critical' }, { severity: 'critical' }], rejectedDocuments: 1 }).risk_level).toBe('high');
  });
  it('caps at 100, ignores info, and explains itself', () => {
    const s = scoreFindings({ findings: Array(10).fill({ severity: 'critical' }), rejectedDocuments: 0 });
    expect(s.score).toBe(100);
    expect(s.factors.map((f) => f.factor)).toEqual(['baseline', 'findings_critical']);
    expect(scoreFindings({ findings: [{ severity: 'info' }], rejectedDocuments: 0 }).score).toBe(10);
  });
  it('is deterministic', () => {
    const input = { findings: [{ severity: 'warning' as const }], rejectedDocuments: 2 };
    expect(scoreFindings(input)).toEqual(scoreFindings(input));
  });
});
