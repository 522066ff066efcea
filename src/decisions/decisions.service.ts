// The analyst's decisions on a case and its documents, assignment and reviews, with every step
// written to the audit trail in the same transaction. Document decisions can open a follow-up that
// asks the user for new files (through the case service, as the back office's follow-up form does);
// final case decisions can send the opt-in case.decided webhook. The services act for one API
// client: a case of another client answers 404.
import { newId } from '../lib/ids.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/db.ts';
import type { CaseRow } from '../db/schema.ts';
import type { UserRow } from '../db/users.repo.ts';
import { AppError, invalid } from '../http/errors.ts';
import { ownedCase, ownedConversation } from '../http/access.ts';
import { lockCase } from '../db/cases.repo.ts';
import { listConversationsOfCase } from '../db/conversations.repo.ts';
import { insertAudit, listAudit, listSystemSteps, type AuditRow, type NewAudit } from '../db/audit.repo.ts';
import { findClientById } from '../db/clients.repo.ts';
import {
  caseDecidedWebhookOn,
  decidableDocuments,
  findOverlay,
  findOverlayOfConversation,
  findWorkflow,
  insertCaseDecision,
  insertDocumentDecisions,
  listCaseDecisions,
  listDocumentDecisions,
  reviewQueue,
  saveWorkflow,
  setCaseDecidedWebhook,
  type CaseDecisionRow,
  type CaseWorkflowRow,
  type DocumentDecisionRow,
  type QueueRow,
} from '../db/decisions.repo.ts';
import { recordEvent } from '../delivery/events.ts';
import { resolveEntitiesJob } from '../entities/entities.jobs.ts';
import {
  CASE_REASONS,
  DOCUMENT_REASONS,
  MAX_REASON_TEXT,
  caseStep,
  followUpKindOf,
  needsFourEyes,
  newFileModules,
  nextReviewAt,
  reasonProblem,
  type Approval,
  type CaseAction,
  type CaseDecisionView,
  type CaseStep,
  type DecisionState,
  type DocumentDecision,
  type DocumentDecisionView,
  type Overlay,
  overlayOf,
  type ReasonInput,
} from './rules.ts';
import { storedObject } from '../lib/stored-json.ts';

/** Who acted: a back-office user, the company's user, the API client, or Dossier itself. */
export interface Actor {
  kind: 'analyst' | 'client_user' | 'api' | 'system';
  id: string | null;
  name: string;
}

export function actorOf(user: UserRow): Actor {
  return { kind: 'analyst', id: user.id, name: user.username };
}

/** Opens a follow-up conversation (the case service's endpoint-2 path). */
export interface FollowUpOpener {
  createFollowUp(
    client: { id: string },
    caseId: string,
    input: { case_kind: 'onboarding_follow_up' | 'monitoring_follow_up'; modules: { module: string; document_name?: string; question?: string; subject?: string }[] },
    author: 'api' | 'analyst',
  ): Promise<{ conversation_id: string }>;
}

/**
 * Checks run again when a review starts, besides the registers (services.ts gives the screening's
 * here); it runs in the review's transaction.
 */
export type ReviewHook = (trx: Db, caseRow: CaseRow) => Promise<void>;

export interface DecidableDocument {
  id: string;
  conversation_id: string;
  file_name: string;
  document_type: string | null;
  document_name: string;
  rejected_on_reading: boolean;
  source: string;
  decision: DocumentDecisionView | null;
}

export interface DecisionPanel {
  caseRow: CaseRow;
  state: DecisionState;
  decision: CaseDecisionView | null;
  approvals: Approval[];
  fourEyes: boolean;
  assignee: { id: string; name: string } | null;
  reviewDueAt: string | null;
  reviewDue: boolean;
  history: CaseDecisionRow[];
  documents: DecidableDocument[];
  audit: AuditRow[];
  /** The case's notes, oldest first. */
  notes: { by: string; at: string; text: string }[];
  /** Follow-up conversations of the case not finished yet: a decision waits for them, or takes a stated reason. */
  openFollowUps: number;
}

export type { AuditRow, QueueRow };

export const MAX_NOTE = 4000;

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/** The current step of a case from its decision history: the last state, and the approvals since. */
export function currentStep(history: CaseDecisionRow[]): CaseStep {
  let approvals: Approval[] = [];
  for (const h of history) approvals = h.action === 'approve' ? [...approvals, { by_id: h.actor_id, by: h.actor_name, at: h.decided_at }] : [];
  const last = history[history.length - 1];
  const state = (last?.state_after ?? 'undecided') as DecisionState;
  return { state, approvals: state === 'approved' || state === 'awaiting_second_approval' ? approvals : [] };
}

function latestByDocument(rows: DocumentDecisionRow[]): Map<string, DocumentDecisionRow> {
  const out = new Map<string, DocumentDecisionRow>();
  for (const r of rows) out.set(r.document_id, r);
  return out;
}

function documentView(r: DocumentDecisionRow): DocumentDecisionView {
  return {
    decision: r.decision,
    reason_code: r.reason_code,
    reason: reasonWords(DOCUMENT_REASONS[r.decision], r.reason_code, r.reason_text),
    decided_by: r.decided_by_name,
    decided_at: r.decided_at,
    new_file_conversation_id: r.follow_up_conversation_id,
  };
}

/** The reason as words: the catalogue's label, with the analyst's own words after it. */
function reasonWords(catalogue: Record<string, string>, code: string | null, text: string | null): string | null {
  const label = code && code !== 'other' ? catalogue[code] : null;
  if (label && text) return `${label}: ${text}`;
  return label ?? text ?? null;
}

function caseView(history: CaseDecisionRow[], reviewDueAt: string | null): CaseDecisionView | null {
  const last = history[history.length - 1];
  if (!last) return null;
  const step = currentStep(history);
  const catalogue = (CASE_REASONS as Record<string, Record<string, string>>)[last.action] ?? {};
  return {
    state: step.state,
    decided_by: last.actor_name,
    decided_at: last.decided_at,
    reason_code: last.reason_code,
    reason: reasonWords(catalogue, last.reason_code, last.reason_text),
    approvals: step.approvals.map((a) => ({ decided_by: a.by, decided_at: a.at })),
    next_review_at: reviewDueAt,
  };
}

/** Follow-up conversations not finished yet (open, or completed and still being read). */
function openFollowUps(conversations: { conversation_kind: string; state: string }[]): number {
  return conversations.filter((c) => c.conversation_kind.endsWith('_follow_up') && c.state !== 'ready').length;
}

/**
 * The audit trail with the case's creation first (the case row itself records when, and through
 * the API) and the automatic steps (documents checked, scoring and reports, deliveries) in time order.
 */
function withCreation(caseRow: CaseRow, rows: AuditRow[], system: AuditRow[], clientName: string): AuditRow[] {
  const created: AuditRow = {
    id: `created-${caseRow.id}`,
    client_id: caseRow.client_id,
    case_id: caseRow.id,
    at: caseRow.created_at,
    actor_kind: 'api',
    actor_id: null,
    actor_name: clientName,
    action: 'case.created',
    subject: `case ${caseRow.id}`,
    before_json: null,
    after_json: JSON.stringify({ kind: caseRow.case_kind, company: caseRow.company_full_name }),
  };
  // Stable: entries of the same instant keep their order, recorded actions before derived steps.
  return [created, ...[...rows, ...system].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))];
}

/** The text of a note in the audit trail (its after_json). */
function noteText(afterJson: string | null): string {
  const text = storedObject(afterJson ?? '{}', 'audit.after_json').text;
  return typeof text === 'string' ? text : '';
}

export class DecisionsService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly followUps: FollowUpOpener,
    /** Checks run again when a review starts (see ReviewHook); given in services.ts. */
    private readonly onReviewStarted?: ReviewHook,
  ) {}

  private caseOf(user: UserRow, caseId: string): Promise<CaseRow> {
    return ownedCase(this.ctx.db, user.client_id, caseId);
  }

  /** The API client's name, as the audit trail names it for what it did through the API. */
  private async clientName(clientId: string): Promise<string> {
    return (await findClientById(this.ctx.db, clientId))?.username ?? 'The API client';
  }

  /** Records one action on a case in the audit trail. */
  async audit(db: Db, caseRow: Pick<CaseRow, 'id' | 'client_id'>, actor: Actor, action: string, o: { subject?: string | null; before?: unknown; after?: unknown } = {}): Promise<void> {
    const row: NewAudit = {
      client_id: caseRow.client_id,
      case_id: caseRow.id,
      actor_kind: actor.kind,
      actor_id: actor.id,
      actor_name: actor.name,
      action,
      subject: o.subject ?? null,
      before_json: json(o.before),
      after_json: json(o.after),
    };
    await insertAudit(db, [row]);
  }

  /** Audits an action by a user on a case of theirs, given by id (document views, downloads, exports). */
  async auditForUser(user: UserRow, caseId: string, action: string, o: { subject?: string | null; after?: unknown } = {}): Promise<void> {
    await this.audit(this.ctx.db, { id: caseId, client_id: user.client_id }, actorOf(user), action, o);
  }

  /** Audits an action by a user on a conversation of theirs (its reports), under the conversation's case. */
  async auditConversationForUser(user: UserRow, conversationId: string, action: string, subject: string): Promise<void> {
    const conv = await ownedConversation(this.ctx.db, user.client_id, conversationId);
    await this.audit(this.ctx.db, { id: conv.case_id, client_id: user.client_id }, actorOf(user), action, { subject });
  }

  /** A note on the case: kept in the audit trail and listed in the decision panel. */
  async addNote(user: UserRow, caseId: string, text: string): Promise<void> {
    const caseRow = await this.caseOf(user, caseId);
    const note = text.trim();
    if (!note) throw invalid('Write the note before saving it.');
    if (note.length > MAX_NOTE) throw invalid(`A note may be at most ${MAX_NOTE} characters long.`);
    await this.audit(this.ctx.db, caseRow, actorOf(user), 'note.added', { after: { text: note } });
  }

  async panel(user: UserRow, caseId: string): Promise<DecisionPanel> {
    const caseRow = await this.caseOf(user, caseId);
    const db = this.ctx.db;
    const [workflow, history, docDecisions, docs, stored, conversations, steps, clientName] = await Promise.all([
      findWorkflow(db, caseRow.id),
      listCaseDecisions(db, caseRow.id),
      listDocumentDecisions(db, caseRow.id),
      decidableDocuments(db, user.client_id, caseRow.id),
      listAudit(db, user.client_id, caseRow.id),
      listConversationsOfCase(db, caseRow.id),
      listSystemSteps(db, user.client_id, caseRow.id),
      this.clientName(caseRow.client_id),
    ]);
    const audit = withCreation(caseRow, stored, steps, clientName);
    const latest = latestByDocument(docDecisions);
    const step = currentStep(history);
    const reviewDueAt = workflow?.review_due_at ?? null;
    return {
      caseRow,
      state: step.state,
      decision: caseView(history, reviewDueAt),
      approvals: step.approvals,
      fourEyes: needsFourEyes(caseRow.risk_level, this.ctx.config.FOUR_EYES_RISK_LEVELS),
      assignee: workflow?.assignee_id ? { id: workflow.assignee_id, name: workflow.assignee_name ?? '' } : null,
      reviewDueAt,
      reviewDue: reviewDueAt !== null && reviewDueAt <= new Date().toISOString(),
      history,
      documents: docs.map((d) => {
        const r = latest.get(d.id);
        return {
          id: d.id,
          conversation_id: d.conversation_id,
          file_name: d.file_name,
          document_type: d.document_type,
          document_name: d.document_name,
          rejected_on_reading: d.rejected === 1,
          source: d.source,
          decision: r ? documentView(r) : null,
        };
      }),
      audit,
      openFollowUps: openFollowUps(conversations),
      notes: audit.filter((a) => a.action === 'note.added').map((a) => ({ by: a.actor_name, at: a.at, text: noteText(a.after_json) })),
    };
  }

  /** The workflow row after a change, with the overlay the API results show rebuilt. */
  private async refresh(trx: Db, caseRow: CaseRow, change: Partial<Pick<CaseWorkflowRow, 'assignee_id' | 'assignee_name' | 'review_due_at'>> = {}): Promise<CaseWorkflowRow> {
    const [current, history, docs] = await Promise.all([findWorkflow(trx, caseRow.id), listCaseDecisions(trx, caseRow.id), listDocumentDecisions(trx, caseRow.id)]);
    const review_due_at = change.review_due_at !== undefined ? change.review_due_at : (current?.review_due_at ?? null);
    const documents: Record<string, DocumentDecisionView> = {};
    for (const [id, r] of latestByDocument(docs)) documents[id] = documentView(r);
    const overlay: Overlay = { decision: caseView(history, review_due_at), documents };
    const row: CaseWorkflowRow = {
      case_id: caseRow.id,
      client_id: caseRow.client_id,
      decision_state: currentStep(history).state,
      assignee_id: change.assignee_id !== undefined ? change.assignee_id : (current?.assignee_id ?? null),
      assignee_name: change.assignee_name !== undefined ? change.assignee_name : (current?.assignee_name ?? null),
      review_due_at,
      overlay: overlay.decision || Object.keys(documents).length ? JSON.stringify(overlay) : null,
      updated_at: new Date().toISOString(),
    };
    await saveWorkflow(trx, row);
    return row;
  }

  /**
   * Accepts or rejects documents of a case with a reason. With `newFile` (rejections only) one
   * follow-up asks the user for new copies; its conversation id is returned.
   */
  async decideDocuments(
    user: UserRow,
    caseId: string,
    input: { documentIds: string[]; decision: string; reason: ReasonInput; newFile: boolean },
  ): Promise<{ count: number; followUpConversationId: string | null }> {
    const caseRow = await this.caseOf(user, caseId);
    if (input.decision !== 'accepted' && input.decision !== 'rejected') throw invalid('Choose whether to accept or reject the documents.');
    const decision = input.decision as DocumentDecision;
    const ids = [...new Set(input.documentIds.filter(Boolean))];
    if (ids.length === 0) throw invalid('Tick at least one document to decide on.');
    if (ids.length > 200) throw invalid('Decide on at most 200 documents at once.');
    const problem = reasonProblem(DOCUMENT_REASONS[decision], input.reason, decision === 'rejected');
    if (problem) throw invalid(problem);
    if (input.newFile && decision !== 'rejected') throw invalid('A new file can only be asked for when rejecting.');
    const docs = await decidableDocuments(this.ctx.db, user.client_id, caseRow.id);
    const byId = new Map(docs.map((d) => [d.id, d]));
    const unknown = ids.find((id) => !byId.has(id));
    if (unknown) throw new AppError('unknown_document', `Document ${unknown} is not a document of this case.`);
    const chosen = ids.map((id) => byId.get(id)!);

    let followUpConversationId: string | null = null;
    if (input.newFile) {
      const words = reasonWords(DOCUMENT_REASONS.rejected, input.reason.code, input.reason.text) ?? '';
      const kind = followUpKindOf(caseRow.case_kind);
      const modules = newFileModules(
        kind,
        chosen.map((d) => ({ document_type: d.document_type, document_name: d.document_name, file_name: d.file_name, reason: words ? `Reason: ${words}.` : '' })),
      );
      const created = await this.followUps.createFollowUp({ id: user.client_id }, caseRow.id, { case_kind: kind, modules }, 'analyst');
      followUpConversationId = created.conversation_id;
    }
    const at = new Date().toISOString();
    const actor = actorOf(user);
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockCase(trx, this.ctx.dialect, caseRow.id);
      const before = latestByDocument(await listDocumentDecisions(trx, caseRow.id));
      const rows: DocumentDecisionRow[] = chosen.map((d) => ({
        id: newId(),
        client_id: caseRow.client_id,
        case_id: caseRow.id,
        document_id: d.id,
        decision,
        reason_code: input.reason.code || null,
        reason_text: input.reason.text || null,
        decided_by_id: user.id,
        decided_by_name: user.username,
        decided_at: at,
        follow_up_conversation_id: followUpConversationId,
      }));
      await insertDocumentDecisions(trx, rows);
      for (const r of rows) {
        const prev = before.get(r.document_id);
        await this.audit(trx, caseRow, actor, `document.${decision === 'accepted' ? 'accepted' : 'rejected'}`, {
          subject: `document ${byId.get(r.document_id)!.file_name} (${r.document_id})`,
          before: prev ? { decision: prev.decision, reason_code: prev.reason_code } : { decision: null, rejected_on_reading: byId.get(r.document_id)!.rejected === 1 },
          after: { decision, reason_code: r.reason_code, reason: r.reason_text, new_file_conversation_id: followUpConversationId },
        });
      }
      if (followUpConversationId) {
        await this.audit(trx, caseRow, actor, 'follow_up.created', { subject: `conversation ${followUpConversationId}`, after: { reason: 'new files for rejected documents', documents: ids } });
      }
      await this.refresh(trx, caseRow);
    });
    return { count: ids.length, followUpConversationId };
  }

  /** One case decision step (approve, reject, request information, reopen). */
  async decideCase(user: UserRow, caseId: string, action: string, reason: ReasonInput, o: { overrideReason?: string } = {}): Promise<{ state: DecisionState; final: boolean }> {
    const caseRow = await this.caseOf(user, caseId);
    if (!['approve', 'reject', 'request_information', 'reopen'].includes(action)) throw invalid('Choose approve, reject, request more information or reopen.');
    const act = action as CaseAction;
    const problem = reasonProblem(CASE_REASONS[act], reason, act !== 'approve');
    if (problem) throw invalid(problem);
    const actor = actorOf(user);
    let event: { state: DecisionState; view: CaseDecisionView | null } | null = null;
    const outcome = await this.ctx.db.transaction().execute(async (trx) => {
      const locked = (await lockCase(trx, this.ctx.dialect, caseRow.id)) ?? caseRow;
      const history = await listCaseDecisions(trx, caseRow.id);
      const current = currentStep(history);
      const at = new Date().toISOString();
      const step = caseStep(current, act, { id: user.id, name: user.username }, { riskLevel: locked.risk_level, fourEyesLevels: this.ctx.config.FOUR_EYES_RISK_LEVELS, at });
      if (!step.ok) throw new AppError('conflict', step.message);
      // Approving or rejecting waits for the case's open follow-ups, unless the analyst says why not.
      const open = act === 'approve' || act === 'reject' ? openFollowUps(await listConversationsOfCase(trx, caseRow.id)) : 0;
      const override = (o.overrideReason ?? '').trim();
      if (open > 0 && !override) {
        throw new AppError(
          'conflict',
          `${open === 1 ? 'A follow-up of this case is' : `${open} follow-ups of this case are`} still open: wait until the user has finished, or say why the case should be decided now under "Why decide now, while a follow-up is open?".`,
        );
      }
      if (override.length > MAX_REASON_TEXT) throw invalid(`The reason to decide while a follow-up is open may be at most ${MAX_REASON_TEXT} characters long.`);
      await insertCaseDecision(trx, {
        id: newId(),
        client_id: caseRow.client_id,
        case_id: caseRow.id,
        action: act,
        state_after: step.state,
        reason_code: reason.code || null,
        reason_text: reason.text || null,
        risk_level: locked.risk_level,
        actor_id: user.id,
        actor_name: user.username,
        decided_at: at,
      });
      const reviewDue = step.state === 'approved' ? nextReviewAt(at, locked.risk_level, this.reviewDays()) : step.state === 'rejected' || act === 'reopen' ? null : undefined;
      const row = await this.refresh(trx, locked, reviewDue === undefined ? {} : { review_due_at: reviewDue });
      await this.audit(trx, caseRow, actor, `case.${act}`, {
        before: { state: current.state, approvals: current.approvals.map((a) => a.by) },
        after: {
          state: step.state,
          approvals: step.approvals.map((a) => a.by),
          reason_code: reason.code || null,
          reason: reason.text || null,
          next_review_at: row.review_due_at,
          ...(open > 0 ? { open_follow_ups: open, decided_over_open_follow_up_because: override } : {}),
        },
      });
      if (step.state === 'approved' || step.state === 'rejected' || step.state === 'information_requested') {
        const view = row.overlay ? overlayOf(row.overlay).decision : null;
        if (await this.queueDecidedWebhook(trx, locked, view)) {
          await this.audit(trx, caseRow, { kind: 'system', id: null, name: 'Dossier' }, 'webhook.case_decided_queued', { after: { state: step.state } });
          event = { state: step.state, view };
        }
      }
      return step;
    });
    if (event) this.ctx.jobs.notify();
    return { state: outcome.state, final: outcome.final };
  }

  private reviewDays() {
    const c = this.ctx.config;
    return { low: c.REVIEW_INTERVAL_DAYS_LOW, medium: c.REVIEW_INTERVAL_DAYS_MEDIUM, high: c.REVIEW_INTERVAL_DAYS_HIGH };
  }

  /** Queues case.decided when the client switched it on; the event is tied to the case's latest conversation. */
  private async queueDecidedWebhook(trx: Db, caseRow: CaseRow, decision: CaseDecisionView | null): Promise<boolean> {
    if (!decision || !(await caseDecidedWebhookOn(trx, caseRow.client_id))) return false;
    const conversations = await listConversationsOfCase(trx, caseRow.id);
    const last = conversations[conversations.length - 1];
    if (!last) return false;
    await recordEvent(trx, this.ctx.jobs, {
      clientId: caseRow.client_id,
      caseId: caseRow.id,
      conversationId: last.id,
      type: 'case.decided',
      payload: {
        event: 'case.decided',
        case_id: caseRow.id,
        ...(caseRow.communication_id ? { communication_id: caseRow.communication_id } : {}),
        decision,
      },
    });
    return true;
  }

  /** Assigns the case to the user, or takes the assignment away. */
  async assign(user: UserRow, caseId: string, toMe: boolean): Promise<void> {
    const caseRow = await this.caseOf(user, caseId);
    await this.ctx.db.transaction().execute(async (trx) => {
      await lockCase(trx, this.ctx.dialect, caseRow.id);
      const before = await findWorkflow(trx, caseRow.id);
      await this.refresh(trx, caseRow, toMe ? { assignee_id: user.id, assignee_name: user.username } : { assignee_id: null, assignee_name: null });
      await this.audit(trx, caseRow, actorOf(user), toMe ? 'case.assigned' : 'case.unassigned', {
        before: { assignee: before?.assignee_name ?? null },
        after: { assignee: toMe ? user.username : null },
      });
    });
  }

  /**
   * Starts the periodic review of an approved case: the registers are looked up again (a new
   * entity-resolution job) and every review hook runs, then the analyst decides again.
   */
  async startReview(user: UserRow, caseId: string): Promise<void> {
    const caseRow = await this.caseOf(user, caseId);
    await this.ctx.db.transaction().execute(async (trx) => {
      const locked = (await lockCase(trx, this.ctx.dialect, caseRow.id)) ?? caseRow;
      const history = await listCaseDecisions(trx, caseRow.id);
      const current = currentStep(history);
      if (current.state !== 'approved') throw new AppError('conflict', 'A review starts on an approved case; this one is not approved.');
      const at = new Date().toISOString();
      const stepId = newId();
      await insertCaseDecision(trx, {
        id: stepId,
        client_id: caseRow.client_id,
        case_id: caseRow.id,
        action: 'start_review',
        state_after: 'in_review',
        reason_code: 'periodic_review',
        reason_text: null,
        risk_level: locked.risk_level,
        actor_id: user.id,
        actor_name: user.username,
        decided_at: at,
      });
      const before = await findWorkflow(trx, caseRow.id);
      await this.refresh(trx, locked, { review_due_at: null });
      await this.audit(trx, caseRow, actorOf(user), 'review.started', { before: { state: current.state, review_due_at: before?.review_due_at ?? null }, after: { state: 'in_review' } });
      await this.ctx.jobs.enqueue(trx, resolveEntitiesJob, { caseId: caseRow.id }, { dedupeKey: `entities.review:${stepId}` });
      await this.audit(trx, caseRow, { kind: 'system', id: null, name: 'Dossier' }, 'registers.lookup_queued', { after: { reason: 'review started' } });
      await this.onReviewStarted?.(trx, locked);
    });
    this.ctx.jobs.notify();
  }

  /**
   * Something new about an approved case (a screening hit after a list update): its next review is
   * due now, so it heads the review queue. Other states are in an analyst's hands already. Runs in
   * the caller's transaction.
   */
  async reviewDueNow(trx: Db, caseRow: CaseRow, why: string): Promise<void> {
    const locked = (await lockCase(trx, this.ctx.dialect, caseRow.id)) ?? caseRow;
    if (currentStep(await listCaseDecisions(trx, caseRow.id)).state !== 'approved') return;
    const before = await findWorkflow(trx, caseRow.id);
    const now = new Date().toISOString();
    if (before?.review_due_at && before.review_due_at <= now) return;
    await this.refresh(trx, locked, { review_due_at: now });
    await this.audit(trx, caseRow, { kind: 'system', id: null, name: 'Dossier' }, 'review.brought_forward', {
      before: { next_review_at: before?.review_due_at ?? null },
      after: { next_review_at: now, reason: why },
    });
  }

  async auditTrail(user: UserRow, caseId: string): Promise<{ caseRow: CaseRow; rows: AuditRow[] }> {
    const caseRow = await this.caseOf(user, caseId);
    const [stored, system, clientName] = await Promise.all([
      listAudit(this.ctx.db, user.client_id, caseRow.id),
      listSystemSteps(this.ctx.db, user.client_id, caseRow.id),
      this.clientName(caseRow.client_id),
    ]);
    return { caseRow, rows: withCreation(caseRow, stored, system, clientName) };
  }

  /** The review queue of the user's organisation: reviews due within `days`, and second approvals. */
  queue(user: UserRow, days = 30): Promise<{ due: QueueRow[]; secondApproval: QueueRow[] }> {
    return reviewQueue(this.ctx.db, user.client_id, new Date(Date.now() + days * 86_400_000).toISOString());
  }

  caseDecidedWebhook(user: UserRow): Promise<boolean> {
    return caseDecidedWebhookOn(this.ctx.db, user.client_id);
  }

  async setCaseDecidedWebhook(user: UserRow, on: boolean): Promise<void> {
    await setCaseDecidedWebhook(this.ctx.db, user.client_id, on);
    this.ctx.log.info({ clientId: user.client_id, userId: user.id, on }, 'case.decided webhook setting changed');
  }

  /** What the API results of a case show of its decisions (JSON); at once where the database answers at once. */
  overlayOfCase(caseId: string): Overlay | null | Promise<Overlay | null> {
    const parse = (s: string | null) => (s ? overlayOf(s) : null);
    const found = findOverlay(this.ctx.db, caseId);
    return found instanceof Promise ? found.then(parse) : parse(found);
  }

  async overlayOfConversation(conversationId: string): Promise<Overlay | null> {
    const s = await findOverlayOfConversation(this.ctx.db, conversationId);
    return s ? overlayOf(s) : null;
  }
}
