// What the case view shows and what an analyst does there. Reading gathers the same data the
// reports are made of (live, so it includes what happened after a report), plus the case's
// deliveries. Actions go through the services the API uses (follow-ups, comments, invitations,
// re-sends), always as the user's own API client, so another organisation's ids answer 404.
import { newId } from '../lib/ids.ts';
import type { ServiceContext } from '../context.ts';
import type { BackofficeServices } from './api-services.ts';
import type { CaseRow, ConversationRow, DeliveryRow } from '../db/schema.ts';
import { AppError, invalid } from '../http/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { ownedCase, ownedConversation, type ClientRef } from '../http/access.ts';
import { findConversation } from '../db/conversations.repo.ts';
import { findClientById } from '../db/clients.repo.ts';
import { insertComments } from '../db/comments.repo.ts';
import { findExistingIssueIds } from '../db/verifications.repo.ts';
import type { Scoring } from '../scoring/score.ts';
import { loadPolicy } from '../scoring/policy.ts';
import { readChecksSetup } from '../completion/checks-setup.ts';
import { questionnaireInForce } from '../clients/questionnaires.ts';
import { findCaseScore } from '../db/scoring.repo.ts';
import type { ConversationReportData } from '../reports/report-data.ts';
import { readCaseFile } from '../completion/case-file.ts';
import { caseScoring, conversationReport } from '../completion/conversation-report.ts';
import { listDeliveriesOfCase } from '../db/deliveries.repo.ts';
import { listChatFinishedOfCase } from '../db/events.repo.ts';
import { ownershipFromEntities, type EntityDetailsLike, type OwnershipData } from '../reports/ownership.ts';
import { transactionCheck, type TransactionCheckRow } from '../reports/transaction-check.ts';
import type { CreateFollowUpInput } from '../cases/cases.schemas.ts';
import type { UserRow } from '../db/users.repo.ts';
import { caseDataFieldsOf, entityDetailsOf, scoreFactorsOf } from '../db/stored-json.ts';

export interface ConversationView {
  row: ConversationRow;
  report: ConversationReportData;
  /** When its reports were generated (the chat_finished event), or null while it is not ready. */
  reportedAt: string | null;
}

/**
 * The case's score with its factors under the policy: as stored when the case result was made, or,
 * before that, a preview from what the case holds so far.
 */
export interface CaseViewScoring extends Scoring {
  source: 'stored' | 'preview';
  policy_version: string;
  scored_at: string | null;
}

export interface DeliveryView extends DeliveryRow {
  event_type: string | null;
}

export interface CaseView {
  caseRow: CaseRow;
  conversations: ConversationView[];
  ownership: OwnershipData;
  entities: EntityDetailsLike[];
  /** How each entity came into the case (main_company, account_owner, counterparty, related). */
  entityRoles: Map<string, string>;
  /** The case's transaction facts beside every document of the case. */
  transaction: TransactionCheckRow[];
  scoring: CaseViewScoring;
  deliveries: DeliveryView[];
}

const MAX_COMMENT = 4000;

export class CaseViewService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly services: BackofficeServices,
  ) {}

  /** The services act as the user's own API client. */
  private client(user: UserRow): ClientRef {
    return { id: user.client_id };
  }

  caseOf(user: UserRow, caseId: string): Promise<CaseRow> {
    return ownedCase(this.ctx.db, user.client_id, caseId);
  }

  async load(user: UserRow, caseId: string): Promise<CaseView> {
    const caseRow = await this.caseOf(user, caseId);
    const db = this.ctx.db;
    const now = new Date().toISOString();
    const [file, deliveries, finished] = await Promise.all([
      readCaseFile(db, caseRow.id, { caseRow }, { steps: true }),
      listDeliveriesOfCase(db, user.client_id, caseRow.id, 200),
      listChatFinishedOfCase(db, caseRow.id),
    ]);
    const reportedAt = new Map(finished.map((e) => [e.conversation_id, e.created_at]));
    const { conversations: rows, entities: entityRows } = file;
    const onboarding = rows.find((c) => c.conversation_kind === 'onboarding');
    const deps = {
      policy: loadPolicy(this.ctx.config.SCORING_POLICY_FILE),
      uboThreshold: this.ctx.config.UBO_THRESHOLD,
      questionnaire: onboarding ? await questionnaireInForce(db, onboarding.client_id, onboarding.created_at) : null,
      checks: await readChecksSetup(this.ctx),
    };
    const live = caseScoring(file, deps);
    const gathered = rows.map((c) => conversationReport(file, c.id, now, deps, live));
    const conversations = rows.map((row, i) => ({ row, report: gathered[i]!.report, reportedAt: row.state === 'ready' ? (reportedAt.get(row.id) ?? row.updated_at) : null }));
    const entities = entityRows.map((e) => entityDetailsOf(e));
    const stored = await findCaseScore(db, caseRow.id);
    const scoring: CaseViewScoring = stored
      ? {
          source: 'stored',
          score: stored.score,
          risk_level: stored.risk_level as Scoring['risk_level'],
          factors: scoreFactorsOf(stored),
          policy_version: stored.policy_version,
          scored_at: stored.scored_at,
        }
      : {
          source: 'preview',
          score: live.score,
          risk_level: live.risk_level,
          factors: live.factors,
          policy_version: live.policy_version,
          scored_at: null,
        };
    const transaction = transactionCheck({
      case_data: caseDataFieldsOf(caseRow),
      documents: gathered.flatMap((g) => g.report.documents),
    });
    return {
      caseRow,
      conversations,
      ownership: ownershipFromEntities(caseRow.main_entity_id, entities),
      entities,
      entityRoles: new Map(entityRows.map((e) => [e.id, e.role])),
      transaction,
      scoring,
      deliveries,
    };
  }

  /**
   * A comment on an issue. Before the report exists it goes through the API's comment service and
   * appears in both reports. Once the report is generated the stored reports stay as they were
   * signed off; the comment is kept beside the issue, shown in the case view as added after the
   * report, and goes into the next case-level report.
   */
  async comment(user: UserRow, conversationId: string, issueId: string, text: string): Promise<{ afterReport: boolean }> {
    const commentText = text.trim();
    if (!commentText) throw invalid('Write a comment before saving it.');
    if (commentText.length > MAX_COMMENT) throw invalid(`A comment may be at most ${MAX_COMMENT} characters long.`);
    const conv = await ownedConversation(this.ctx.db, user.client_id, conversationId);
    const author = `${user.username} (back office)`;
    if (conv.state !== 'ready') {
      try {
        await this.services.comments.add(this.client(user), conv.id, [{ issue_id: issueId, comment_text: commentText }], author);
        return { afterReport: false };
      } catch (err) {
        // The report was generated between reading the page and saving: keep the comment anyway.
        if (!(err instanceof AppError && err.code === 'conflict')) throw err;
      }
    }
    if (!(await findExistingIssueIds(this.ctx.db, conv.id, [issueId])).has(issueId)) throw new AppError('unknown_issue', `Issue ${issueId} is not an issue of this conversation.`);
    await insertComments(this.ctx.db, [{ id: newId(), conversation_id: conv.id, issue_id: issueId, comment_text: commentText, author, created_at: new Date().toISOString() }]);
    this.ctx.log.info({ conversationId: conv.id, userId: user.id }, 'comment added after the report');
    return { afterReport: true };
  }

  /** A follow-up conversation, validated like endpoint 2; records the new-follow-up notification. */
  async createFollowUp(user: UserRow, caseId: string, input: CreateFollowUpInput) {
    return this.services.cases.createFollowUp(this.client(user), caseId, input, 'analyst');
  }

  /**
   * What the notices after a follow-up or an invitation may claim: whether the API client has a
   * webhook URL (without one the webhook is skipped) and whether e-mails go to an SMTP server
   * (without one they are written to files under DATA_DIR/mail, not sent).
   */
  async channels(user: UserRow): Promise<{ webhook: boolean; smtp: boolean }> {
    const client = await findClientById(this.ctx.db, user.client_id);
    return { webhook: Boolean(client?.webhook_url), smtp: this.ctx.config.SMTP_URL !== '' };
  }

  /** Queues the invitation e-mail of a conversation again (to the case's recipients unless given). */
  async invite(user: UserRow, conversationId: string, recipients?: string[]): Promise<{ caseId: string; queued: number }> {
    const ids = await this.services.mail.inviteToConversation(this.client(user), conversationId, recipients);
    const conv = await ownedConversation(this.ctx.db, user.client_id, conversationId);
    return { caseId: conv.case_id, queued: ids.length };
  }

  async isConversationOf(caseRow: CaseRow, conversationId: string): Promise<boolean> {
    if (!isUuid(conversationId)) return false;
    const row = await findConversation(this.ctx.db, caseRow.client_id, conversationId);
    return row?.case_id === caseRow.id;
  }

  async resendDelivery(user: UserRow, deliveryId: string): Promise<DeliveryRow> {
    const row = await this.services.webhooks.resend(this.client(user), deliveryId);
    this.ctx.log.info({ deliveryId: row.id, userId: user.id }, 'delivery re-sent from the back office');
    return row;
  }
}
