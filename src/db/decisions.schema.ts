// Tables of the analyst's decisions and the audit trail (migration 016).

/** One decision on one client document; the latest per document is the one that stands. */
export interface DocumentDecisionsTable {
  id: string;
  client_id: string;
  case_id: string;
  document_id: string;
  decision: 'accepted' | 'rejected';
  reason_code: string | null;
  reason_text: string | null;
  decided_by_id: string;
  decided_by_name: string;
  decided_at: string;
  /** The follow-up that asks the user for a new file, when one was opened with the decision. */
  follow_up_conversation_id: string | null;
}

/** One step of the case decision: approve, reject, request information, reopen, start review. */
export interface CaseDecisionsTable {
  id: string;
  client_id: string;
  case_id: string;
  action: string;
  /** The case's decision state after this step. */
  state_after: string;
  reason_code: string | null;
  reason_text: string | null;
  /** The risk level the case had when the step was taken. */
  risk_level: string | null;
  actor_id: string;
  actor_name: string;
  decided_at: string;
}

/** The case's current workflow state: one row per case that an analyst has acted on. */
export interface CaseWorkflowTable {
  case_id: string;
  client_id: string;
  decision_state: string;
  assignee_id: string | null;
  assignee_name: string | null;
  review_due_at: string | null;
  /** What the API results show of the decisions (JSON), or null when nothing was decided. */
  overlay: string | null;
  updated_at: string;
}

/** Per API client: whether the case.decided webhook is sent (off unless switched on). */
export interface ClientDecisionSettingsTable {
  client_id: string;
  case_decided_webhook: number;
  updated_at: string;
}

/** One analyst or system action on a case. Rows are only ever inserted. */
export interface AuditEventsTable {
  id: string;
  client_id: string;
  case_id: string;
  at: string;
  /** analyst: a back-office user; client_user: the company's user in the dialog; api: the API client; system: Dossier itself. */
  actor_kind: 'analyst' | 'client_user' | 'api' | 'system';
  actor_id: string | null;
  actor_name: string;
  action: string;
  subject: string | null;
  before_json: string | null;
  after_json: string | null;
}

export interface DecisionTables {
  document_decisions: DocumentDecisionsTable;
  case_decisions: CaseDecisionsTable;
  case_workflow: CaseWorkflowTable;
  client_decision_settings: ClientDecisionSettingsTable;
  audit_events: AuditEventsTable;
}
