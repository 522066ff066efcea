// The vocabulary of a risk score (0–100, higher is riskier, with the factors that produced it) and
// the part findings play in it. There is one policy (policy.json, see policy.ts) and one score per
// case (case-score.ts); a conversation's findings are a share of that score, never a score of their
// own. Pure and deterministic.
import type { ScoringPolicy } from './policy.ts';

export type Severity = 'info' | 'warning' | 'critical';

export interface ScoreFactor {
  factor: string;
  points: number;
  detail: string;
}

export interface Scoring {
  score: number;
  risk_level: 'low' | 'medium' | 'high';
  factors: ScoreFactor[];
}

export interface FindingsInput {
  findings: { severity: Severity }[];
  rejectedDocuments: number;
}

/** The factors findings and unusable documents add to a case score under the policy, most severe first. */
export function findingsFactors(input: FindingsInput, policy: Pick<ScoringPolicy, 'findings'>): ScoreFactor[] {
  const factors: ScoreFactor[] = [];
  for (const severity of ['critical', 'warning', 'info'] as const) {
    const n = input.findings.filter((f) => f.severity === severity).length;
    const points = n * policy.findings[severity];
    if (points !== 0) factors.push({ factor: `findings_${severity}`, points, detail: `${n} ${severity} finding${n === 1 ? '' : 's'}` });
  }
  if (input.rejectedDocuments > 0) {
    const points = input.rejectedDocuments * policy.findings.rejected_document;
    if (points !== 0)
      factors.push({
        factor: 'rejected_documents',
        points,
        detail: `${input.rejectedDocuments} document${input.rejectedDocuments === 1 ? '' : 's'} could not be used`,
      });
  }
  return factors;
}

/** The risk level a score falls in under the policy. */
export function riskLevelOf(score: number, policy: Pick<ScoringPolicy, 'levels'>): Scoring['risk_level'] {
  return score >= policy.levels.high ? 'high' : score >= policy.levels.medium ? 'medium' : 'low';
}
