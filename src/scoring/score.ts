// The risk score of a case or conversation from its findings: 0–100, higher is riskier, with the
// factors that produced it. Pure and deterministic; the full policy (countries, industries,
// ownership) extends these factors.
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

export const SCORING_POLICY = {
  version: '2026-11-1',
  base: 10,
  perSeverity: { info: 0, warning: 8, critical: 25 } as Record<Severity, number>,
  rejectedDocument: 15,
  levels: { medium: 30, high: 60 },
};

export function scoreFindings(input: { findings: { severity: Severity }[]; rejectedDocuments: number }): Scoring {
  const factors: ScoreFactor[] = [{ factor: 'baseline', points: SCORING_POLICY.base, detail: `policy ${SCORING_POLICY.version}` }];
  for (const severity of ['critical', 'warning', 'info'] as const) {
    const n = input.findings.filter((f) => f.severity === severity).length;
    const points = n * SCORING_POLICY.perSeverity[severity];
    if (n > 0 && points > 0) factors.push({ factor: `findings_${severity}`, points, detail: `${n} ${severity} finding${n === 1 ? '' : 's'}` });
  }
  if (input.rejectedDocuments > 0) {
    factors.push({
      factor: 'rejected_documents',
      points: input.rejectedDocuments * SCORING_POLICY.rejectedDocument,
      detail: `${input.rejectedDocuments} document${input.rejectedDocuments === 1 ? '' : 's'} could not be used`,
    });
  }
  const score = Math.min(
    100,
    factors.reduce((s, f) => s + f.points, 0),
  );
  const risk_level = score >= SCORING_POLICY.levels.high ? 'high' : score >= SCORING_POLICY.levels.medium ? 'medium' : 'low';
  return { score, risk_level, factors };
}
