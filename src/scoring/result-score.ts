// The score a case result carries: the case's entities, their ownership chain and the transaction
// under the configured policy, with every factor, and the row that keeps it (case_scores) so it can
// be explained later exactly as it was given. Pure: the caller reads and writes.
import type { CaseRow, EntityRow } from '../db/schema.ts';
import { applyOwnership } from '../entities/ownership/case-ownership.ts';
import { scoreCase, type CaseScoring } from './case-score.ts';
import type { ScoringPolicy } from './policy.ts';
import type { Severity } from './score.ts';
import { caseDataOf, entityDetailsOf } from '../db/stored-json.ts';

export interface ResultScoreInput {
  findings: { severity: Severity }[];
  rejectedDocuments: number;
}

export function scoreForResult(caseRow: CaseRow, rows: EntityRow[], input: ResultScoreInput, policy: ScoringPolicy, uboThreshold: number): CaseScoring {
  const entities = rows.map((r) => entityDetailsOf(r));
  const { facts } = applyOwnership(entities, caseRow.main_entity_id, uboThreshold);
  const data = caseDataOf(caseRow);
  return scoreCase(
    {
      referenceDate: caseRow.created_at.slice(0, 10),
      mainEntityId: caseRow.main_entity_id,
      entities,
      accountOwnerIds: rows.filter((r) => r.role === 'account_owner').map((r) => r.id),
      findings: input.findings,
      rejectedDocuments: input.rejectedDocuments,
      chain: facts,
      transaction:
        caseRow.case_kind === 'monitoring'
          ? {
              direction: data.trx_direction ?? null,
              amount: data.trx_amount ?? null,
              currency: data.trx_currency ?? null,
              counterpartyName: data.trx_counterparty_full_name ?? null,
              ultimateDebtor: data.ultimate_debtor ?? null,
              ultimateCreditor: data.ultimate_creditor ?? null,
            }
          : null,
    },
    policy,
  );
}

/** The stored form of a case's score (case_scores). */
export function scoreRow(caseId: string, scoring: CaseScoring, scoredAt: string) {
  return { case_id: caseId, policy_version: scoring.policy_version, score: scoring.score, risk_level: scoring.risk_level, factors: JSON.stringify(scoring.factors), scored_at: scoredAt };
}
