// The rules of the analyst's decisions, without I/O: the catalogues of reasons, the case decision
// steps with four eyes, the next review date, the module that asks the user for a new file, and
// what the API results show of the decisions.
import { isRecord, storedAs } from '../lib/stored-json.ts';
/** The follow-up kinds of the contract (cases/modules.ts). */
type FollowUpKind = 'onboarding_follow_up' | 'monitoring_follow_up';

export type DocumentDecision = 'accepted' | 'rejected';
export type CaseAction = 'approve' | 'reject' | 'request_information' | 'reopen';
export type DecisionState = 'undecided' | 'awaiting_second_approval' | 'approved' | 'rejected' | 'information_requested' | 'in_review';
export type RiskLevel = 'low' | 'medium' | 'high';

export const DECISION_STATES: readonly DecisionState[] = ['undecided', 'awaiting_second_approval', 'approved', 'rejected', 'information_requested', 'in_review'];
export const DECISION_STATE_LABELS: Record<DecisionState, string> = {
  undecided: 'Not decided',
  awaiting_second_approval: 'Waiting for a second approval',
  approved: 'Approved',
  rejected: 'Rejected',
  information_requested: 'More information requested',
  in_review: 'Under review',
};

/** Reasons an analyst may give for a document decision; "other" asks for the reason in words. */
export const DOCUMENT_REASONS: Record<DocumentDecision, Record<string, string>> = {
  accepted: {
    verified: 'Checked and matches the case',
    reading_problem_cleared: 'The reading problem was checked and is not a concern',
    other: 'Other (explain below)',
  },
  rejected: {
    illegible: 'Not readable or incomplete',
    expired: 'Expired or out of date',
    wrong_document: 'Not the document asked for',
    wrong_company: 'Names another company',
    suspected_tampering: 'Signs of alteration',
    other: 'Other (explain below)',
  },
};

export const CASE_REASONS: Record<Exclude<CaseAction, 'reopen'>, Record<string, string>> & { reopen: Record<string, string> } = {
  approve: {
    evidence_complete: 'Evidence complete and consistent',
    risk_accepted: 'Risk understood and accepted',
    other: 'Other (explain below)',
  },
  reject: {
    ownership_unclear: 'Ownership could not be established',
    documents_insufficient: 'Documents insufficient or not genuine',
    risk_too_high: 'Risk outside the appetite',
    sanctions_or_adverse: 'Sanctions or adverse information',
    other: 'Other (explain below)',
  },
  request_information: {
    documents_missing: 'Documents missing',
    clarification_needed: 'Answers need clarification',
    other: 'Other (explain below)',
  },
  reopen: {
    new_information: 'New information about the client',
    decided_in_error: 'Decided in error',
    periodic_review: 'Periodic review',
    other: 'Other (explain below)',
  },
};

export const CASE_ACTION_LABELS: Record<CaseAction | 'start_review', string> = {
  approve: 'Approve',
  reject: 'Reject',
  request_information: 'Request more information',
  reopen: 'Reopen',
  start_review: 'Start review',
};

export const MAX_REASON_TEXT = 2000;

export interface ReasonInput {
  code: string;
  text: string;
}

/** The problem with a reason, or null: a known code, and words when the code is "other" or required. */
export function reasonProblem(catalogue: Record<string, string>, r: ReasonInput, required: boolean): string | null {
  if (!r.code && !r.text) return required ? 'Choose a reason.' : null;
  if (r.code && !(r.code in catalogue)) return `"${r.code}" is not one of the reasons: ${Object.keys(catalogue).join(', ')}.`;
  if (r.code === 'other' && !r.text) return 'Explain the reason in words when you choose "Other".';
  if (!r.code && r.text && required) return 'Choose a reason from the list (and add words if needed).';
  if (r.text.length > MAX_REASON_TEXT) return `The explanation may be at most ${MAX_REASON_TEXT} characters long.`;
  return null;
}

export interface Approval {
  by_id: string;
  by: string;
  at: string;
}

export interface CaseStep {
  state: DecisionState;
  /** Approvals given since the case was last undecided (the first of four eyes). */
  approvals: Approval[];
}

export type StepOutcome = { ok: true; state: DecisionState; approvals: Approval[]; final: boolean } | { ok: false; code: 'conflict' | 'four_eyes'; message: string };

const FINAL: ReadonlySet<DecisionState> = new Set(['approved', 'rejected']);

export function isFinal(state: DecisionState): boolean {
  return FINAL.has(state);
}

/** Whether approving a case of this risk level takes two different analysts. */
export function needsFourEyes(riskLevel: string | null, levels: readonly string[]): boolean {
  return riskLevel !== null && levels.includes(riskLevel);
}

/** One case decision step: the state it leads to, or why it cannot be taken. */
export function caseStep(current: CaseStep, action: CaseAction, actor: { id: string; name: string }, o: { riskLevel: string | null; fourEyesLevels: readonly string[]; at: string }): StepOutcome {
  const decided = isFinal(current.state);
  if (action === 'reopen') {
    if (!decided && current.state !== 'information_requested') return { ok: false, code: 'conflict', message: 'Only an approved, rejected or information-requested case can be reopened.' };
    return { ok: true, state: 'undecided', approvals: [], final: false };
  }
  if (decided) return { ok: false, code: 'conflict', message: `The case is already ${current.state}; reopen it with a reason before deciding again.` };
  if (action === 'reject') return { ok: true, state: 'rejected', approvals: [], final: true };
  if (action === 'request_information') return { ok: true, state: 'information_requested', approvals: [], final: false };
  if (o.riskLevel === null) return { ok: false, code: 'conflict', message: 'The case is not scored yet; approve it once every conversation is finished and the case has its risk level.' };
  const approval = { by_id: actor.id, by: actor.name, at: o.at };
  if (!needsFourEyes(o.riskLevel, o.fourEyesLevels)) return { ok: true, state: 'approved', approvals: [approval], final: true };
  if (current.state !== 'awaiting_second_approval') return { ok: true, state: 'awaiting_second_approval', approvals: [approval], final: false };
  if (current.approvals.some((a) => a.by_id === actor.id)) {
    return { ok: false, code: 'four_eyes', message: `This ${o.riskLevel}-risk case needs a second approval from a different analyst; you gave the first one.` };
  }
  return { ok: true, state: 'approved', approvals: [...current.approvals, approval], final: true };
}

/** The next review date of an approved case: its risk level's interval from the approval. */
export function nextReviewAt(approvedAt: string, riskLevel: string | null, days: Record<RiskLevel, number>): string {
  const level: RiskLevel = riskLevel === 'low' || riskLevel === 'medium' || riskLevel === 'high' ? riskLevel : 'high';
  return new Date(Date.parse(approvedAt) + days[level] * 86_400_000).toISOString();
}

/** Follow-up modules that ask for a new copy of a document type, per follow-up kind. */
const NEW_FILE_MODULE: Record<FollowUpKind, Record<string, string>> = {
  monitoring_follow_up: {
    invoice: 'invoice',
    contract: 'contract',
    charter_agreement: 'charter_agreement',
    cargo_bill: 'cargo_bill',
    bill_of_lading: 'cargo_bill',
    company_proof_of_address: 'company_proof_of_address',
    proof_of_address: 'company_proof_of_address',
  },
  onboarding_follow_up: {
    invoice: 'invoice_with_client',
    invoice_with_client: 'invoice_with_client',
    invoice_from_supplier: 'invoice_from_supplier',
    contract: 'contract_with_client',
    contract_with_client: 'contract_with_client',
    contract_from_supplier: 'contract_from_supplier',
    license: 'license',
    business_license: 'license',
    proof_of_identity: 'proof_of_identity',
    passport: 'proof_of_identity',
    id_card: 'proof_of_identity',
  },
};

export interface NewFileModule {
  module: string;
  document_name?: string;
  question?: string;
  subject?: string;
}

/** The follow-up kind of a case kind. */
export function followUpKindOf(caseKind: string): FollowUpKind {
  return caseKind === 'monitoring' ? 'monitoring_follow_up' : 'onboarding_follow_up';
}

/**
 * The modules of one follow-up asking for new copies of rejected documents: the module of each
 * document's type where the follow-up kind has one (each once), else a requested other document
 * (monitoring) or a question (onboarding) naming the file and the reason.
 */
export function newFileModules(kind: FollowUpKind, docs: { document_type: string | null; document_name: string; file_name: string; reason: string }[]): NewFileModule[] {
  const out: NewFileModule[] = [];
  const seen = new Set<string>();
  for (const d of docs) {
    const module = d.document_type ? NEW_FILE_MODULE[kind][d.document_type] : undefined;
    const ask = `Please send a new copy of ${d.file_name}. ${d.reason}`.trim().slice(0, 4000);
    if (module) {
      if (!seen.has(module)) out.push({ module });
      seen.add(module);
    } else if (kind === 'monitoring_follow_up') {
      out.push({ module: 'other_document', document_name: (d.document_name || d.file_name).slice(0, 200), question: ask });
    } else {
      out.push({ module: 'follow_up', subject: `New copy of ${d.file_name}`.slice(0, 200), question: ask });
    }
  }
  return out;
}

/** The decision a client document shows in the API results (documented optional fields). */
export interface DocumentDecisionView {
  decision: DocumentDecision;
  reason_code: string | null;
  reason: string | null;
  decided_by: string;
  decided_at: string;
  new_file_conversation_id: string | null;
}

/** The case decision the API's case result shows (documented optional field `decision`). */
export interface CaseDecisionView {
  state: DecisionState;
  decided_by: string | null;
  decided_at: string | null;
  reason_code: string | null;
  reason: string | null;
  approvals: { decided_by: string; decided_at: string }[];
  next_review_at: string | null;
}

/** What the API results show of a case's decisions; stored with the workflow row. */
export interface Overlay {
  decision: CaseDecisionView | null;
  documents: Record<string, DocumentDecisionView>;
}

const isOverlay = (v: unknown): v is Overlay => isRecord(v) && 'decision' in v && (v.decision === null || isRecord(v.decision)) && isRecord(v.documents) && Object.values(v.documents).every(isRecord);

/** The stored overlay (case_workflows.overlay), checked. */
export function overlayOf(text: string): Overlay {
  return storedAs(text, 'case_workflows.overlay', isOverlay);
}

interface ApiDocument {
  document_id: string;
  rejected: boolean;
  [k: string]: unknown;
}

/**
 * A client document with the analyst's decision: `rejected` follows the decision, the reading's
 * own verdict stays as `rejected_on_reading`, and the decision is in `analyst_decision`.
 */
export function decidedDocument<T extends ApiDocument>(d: T, overlay: Overlay | null): T {
  const decision = overlay?.documents[d.document_id];
  if (!decision) return d;
  return { ...d, rejected: decision.decision === 'rejected', rejected_on_reading: d.rejected, analyst_decision: decision };
}

/** Endpoint 3's case result with the decisions: the documents as above and `decision`. */
export function decidedCaseResult(result: Record<string, unknown>, overlay: Overlay | null): Record<string, unknown> {
  if (!overlay) return result;
  const docs = (list: unknown) => (Array.isArray(list) ? list.map((d) => decidedDocument(d as ApiDocument, overlay)) : list);
  const entries = Array.isArray(result.conversation_results)
    ? result.conversation_results.map((e: Record<string, unknown>) => ({ ...e, client_documents: docs(e.client_documents) }))
    : result.conversation_results;
  return { ...result, conversation_results: entries, documents: docs(result.documents), decision: overlay.decision };
}
