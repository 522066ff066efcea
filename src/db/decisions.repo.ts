// SQL for the analyst's decisions: document decisions, case decision steps, the case's workflow
// row (decision state, assignee, next review, what the API results show), the review queue, the
// case list's workflow filters and each client's case.decided webhook setting.
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from './db.ts';
import type { Database } from './schema.ts';
import type { CaseDecisionsTable, CaseWorkflowTable, DocumentDecisionsTable } from './decisions.schema.ts';
import { preparedQuery } from './sqlite/prepared.ts';

export type DocumentDecisionRow = DocumentDecisionsTable;
export type CaseDecisionRow = CaseDecisionsTable;
export type CaseWorkflowRow = CaseWorkflowTable;

export async function insertDocumentDecisions(db: Db, rows: DocumentDecisionRow[]): Promise<void> {
  if (rows.length) await db.insertInto('document_decisions').values(rows).execute();
}

/** Every document decision of a case, oldest first (the last one per document stands). */
export function listDocumentDecisions(db: Db, caseId: string): Promise<DocumentDecisionRow[]> {
  return db.selectFrom('document_decisions').selectAll().where('case_id', '=', caseId).orderBy('decided_at').orderBy('id').execute();
}

export async function insertCaseDecision(db: Db, row: CaseDecisionRow): Promise<void> {
  await db.insertInto('case_decisions').values(row).execute();
}

/** The case's decision steps, oldest first. */
export function listCaseDecisions(db: Db, caseId: string): Promise<CaseDecisionRow[]> {
  return db.selectFrom('case_decisions').selectAll().where('case_id', '=', caseId).orderBy('decided_at').orderBy('id').execute();
}

export function findWorkflow(db: Db, caseId: string): Promise<CaseWorkflowRow | undefined> {
  return db.selectFrom('case_workflow').selectAll().where('case_id', '=', caseId).executeTakeFirst();
}

/** Reads the workflow row and, on PostgreSQL, locks it until the transaction ends. */
export function lockWorkflow(db: Db, dialect: 'sqlite' | 'postgres', caseId: string): Promise<CaseWorkflowRow | undefined> {
  return db
    .selectFrom('case_workflow')
    .selectAll()
    .where('case_id', '=', caseId)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function saveWorkflow(db: Db, row: CaseWorkflowRow): Promise<void> {
  const { case_id: _id, client_id: _client, ...rest } = row;
  await db
    .insertInto('case_workflow')
    .values(row)
    .onConflict((oc) => oc.column('case_id').doUpdateSet(rest))
    .execute();
}

const overlayQuery = preparedQuery(['caseId'], (db, p) => db.selectFrom('case_workflow').select(['overlay']).where('case_id', '=', p.caseId));

/** What the API results show of a case's decisions (JSON), at once where the database answers at once. */
export function findOverlay(db: Db, caseId: string): string | null | Promise<string | null> {
  const direct = overlayQuery.now(db, { caseId });
  if (direct) return (direct.rows[0] as { overlay: string | null } | undefined)?.overlay ?? null;
  return overlayQuery(db, { caseId }).then((r) => (r.rows[0] as { overlay: string | null } | undefined)?.overlay ?? null);
}

/** Overlays of the cases holding one conversation. */
export async function findOverlayOfConversation(db: Db, conversationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('conversations')
    .innerJoin('case_workflow', 'case_workflow.case_id', 'conversations.case_id')
    .select('case_workflow.overlay')
    .where('conversations.id', '=', conversationId)
    .executeTakeFirst();
  return row?.overlay ?? null;
}

export interface WorkflowFilter {
  decision?: string;
  review?: 'due' | '';
  waiting?: 'client' | '';
  assigneeId?: string;
}

/** Whether any workflow filter is set. */
export function workflowFiltered(f: WorkflowFilter): boolean {
  return Boolean(f.decision || f.review || f.waiting || f.assigneeId);
}

/** The case list's workflow filters, as conditions on `cases`. */
export function workflowFilters<O>(qb: SelectQueryBuilder<Database, 'cases', O>, clientId: string, f: WorkflowFilter, now: string): SelectQueryBuilder<Database, 'cases', O> {
  let q = qb;
  if (f.decision === 'undecided') {
    q = q.where((eb) =>
      eb.not(eb.exists(eb.selectFrom('case_workflow').select('case_workflow.case_id').whereRef('case_workflow.case_id', '=', 'cases.id').where('case_workflow.decision_state', '!=', 'undecided'))),
    );
  } else if (f.decision) {
    const state = f.decision;
    q = q.where('cases.id', 'in', (eb) =>
      eb.selectFrom('case_workflow').select('case_workflow.case_id').where('case_workflow.client_id', '=', clientId).where('case_workflow.decision_state', '=', state),
    );
  }
  if (f.review === 'due') {
    q = q.where('cases.id', 'in', (eb) =>
      eb.selectFrom('case_workflow').select('case_workflow.case_id').where('case_workflow.client_id', '=', clientId).where('case_workflow.review_due_at', '<=', now),
    );
  }
  if (f.assigneeId) {
    const id = f.assigneeId;
    q = q.where('cases.id', 'in', (eb) => eb.selectFrom('case_workflow').select('case_workflow.case_id').where('case_workflow.client_id', '=', clientId).where('case_workflow.assignee_id', '=', id));
  }
  if (f.waiting === 'client') {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('conversations')
          .select('conversations.id')
          .whereRef('conversations.case_id', '=', 'cases.id')
          .where('conversations.state', '=', 'open')
          .where('conversations.conversation_kind', 'in', ['onboarding_follow_up', 'monitoring_follow_up']),
      ),
    );
  }
  return q;
}

/** The workflow rows of some cases of one client (the case list's decision and assignee columns). */
export async function workflowsOf(db: Db, clientId: string, caseIds: string[]): Promise<Map<string, CaseWorkflowRow>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db.selectFrom('case_workflow').selectAll().where('client_id', '=', clientId).where('case_id', 'in', caseIds).execute();
  return new Map(rows.map((r) => [r.case_id, r]));
}

export interface QueueRow {
  case_id: string;
  company_full_name: string;
  company_country_code: string;
  risk_level: string | null;
  score: number | null;
  decision_state: string;
  assignee_id: string | null;
  assignee_name: string | null;
  review_due_at: string | null;
}

/**
 * The review queue of one client: cases whose review is due by `until` (earliest first), and cases
 * waiting for a second approval.
 */
export async function reviewQueue(db: Db, clientId: string, until: string, limit = 200): Promise<{ due: QueueRow[]; secondApproval: QueueRow[] }> {
  const base = () =>
    db
      .selectFrom('case_workflow')
      .innerJoin('cases', 'cases.id', 'case_workflow.case_id')
      .select([
        'case_workflow.case_id',
        'cases.company_full_name',
        'cases.company_country_code',
        'cases.risk_level',
        'cases.score',
        'case_workflow.decision_state',
        'case_workflow.assignee_id',
        'case_workflow.assignee_name',
        'case_workflow.review_due_at',
      ])
      .where('case_workflow.client_id', '=', clientId)
      .where('cases.client_id', '=', clientId);
  const [due, secondApproval] = await Promise.all([
    base().where('case_workflow.review_due_at', '<=', until).orderBy('case_workflow.review_due_at').limit(limit).execute(),
    base().where('case_workflow.decision_state', '=', 'awaiting_second_approval').orderBy('case_workflow.updated_at').limit(limit).execute(),
  ]);
  return { due, secondApproval };
}

export async function caseDecidedWebhookOn(db: Db, clientId: string): Promise<boolean> {
  const row = await db.selectFrom('client_decision_settings').select('case_decided_webhook').where('client_id', '=', clientId).executeTakeFirst();
  return row?.case_decided_webhook === 1;
}

export async function setCaseDecidedWebhook(db: Db, clientId: string, on: boolean): Promise<void> {
  const updated_at = new Date().toISOString();
  await db
    .insertInto('client_decision_settings')
    .values({ client_id: clientId, case_decided_webhook: on ? 1 : 0, updated_at })
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ case_decided_webhook: on ? 1 : 0, updated_at }))
    .execute();
}

/** The client's documents of a case (withdrawn ones left out), for the decision forms. */
export function decidableDocuments(db: Db, clientId: string, caseId: string) {
  return db
    .selectFrom('documents')
    .select(['id', 'conversation_id', 'file_name', 'document_type', 'document_name', 'rejected', 'source', 'created_at'])
    .where('client_id', '=', clientId)
    .where('case_id', '=', caseId)
    .where('withdrawn_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
