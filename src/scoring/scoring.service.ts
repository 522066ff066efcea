// Scores a case for its result: gathers the entities, the ownership chain and the transaction,
// applies the configured policy, and stores the score with every factor (case_scores) so it can be
// explained later exactly as it was given.
import type { ServiceContext } from '../context.ts';
import type { CaseRow } from '../db/schema.ts';
import type { EntityDetails } from '../entities/case-entities.ts';
import { listEntitiesOfCase } from '../db/entities.repo.ts';
import { applyOwnership } from '../entities/ownership/case-ownership.ts';
import { scoreCase, type CaseScoring } from './case-score.ts';
import { loadPolicy } from './policy.ts';
import type { Severity } from './score.ts';
import { upsertCaseScore } from '../db/scoring.repo.ts';

export async function scoreCaseForResult(ctx: ServiceContext, caseRow: CaseRow, input: { findings: { severity: Severity }[]; rejectedDocuments: number }): Promise<CaseScoring> {
  const rows = await listEntitiesOfCase(ctx.db, caseRow.id);
  const entities = rows.map((r) => JSON.parse(r.details) as EntityDetails);
  const { facts } = applyOwnership(entities, caseRow.main_entity_id, ctx.config.UBO_THRESHOLD);
  const data = JSON.parse(caseRow.case_data) as Record<string, unknown>;
  const str = (k: string) => (typeof data[k] === 'string' ? (data[k] as string) : null);
  const scoring = scoreCase(
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
              direction: str('trx_direction'),
              amount: typeof data.trx_amount === 'number' ? data.trx_amount : null,
              currency: str('trx_currency'),
              counterpartyName: str('trx_counterparty_full_name'),
              ultimateDebtor: str('ultimate_debtor'),
              ultimateCreditor: str('ultimate_creditor'),
            }
          : null,
    },
    loadPolicy(ctx.config.SCORING_POLICY_FILE),
  );
  await upsertCaseScore(ctx.db, {
    case_id: caseRow.id,
    policy_version: scoring.policy_version,
    score: scoring.score,
    risk_level: scoring.risk_level,
    factors: JSON.stringify(scoring.factors),
    scored_at: new Date().toISOString(),
  });
  return scoring;
}
