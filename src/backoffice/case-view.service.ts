// What the case view shows and what an analyst does there. Reading gathers the same data the
// reports are made of (live, so it includes what happened after a report), plus the case's
// deliveries. Actions go through the services the API uses (follow-ups, comments, invitations,
// re-sends), always as the user's own API client, so another organisation's ids answer 404.
import { newId } from '../lib/ids.ts';
import type { ServiceContext } from '../context.ts';
import type { Services } from '../services.ts';
import type { ApiClient, CaseRow, ConversationRow, DeliveryRow } from '../db/schema.ts';
import { AppError, invalid, notFound } from '../http/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { findCase } from '../db/cases.repo.ts';
import { findClientById } from '../db/clients.repo.ts';
import { findConversation, listConversationsOfCase } from '../db/conversations.repo.ts';
import { insertComments } from '../db/comments.repo.ts';
import { findExistingIssueIds } from '../db/verifications.repo.ts';
import { listEntitiesOfCase } from '../db/entities.repo.ts';
import { resendDelivery } from '../delivery/webhooks/deliveries.service.ts';
import { scoreFindings, type Scoring } from '../scoring/score.ts';
import { findCaseScore } from '../db/scoring.repo.ts';
import type { ConversationReportData } from '../reports/report-data.ts';
import { ownershipFromEntities, type EntityDetailsLike, type OwnershipData } from '../reports/ownership.ts';
import { transactionCheck, type TransactionCheckRow } from '../reports/transaction-check.ts';
import type { CreateFollowUpInput } from '../cases/cases.schemas.ts';
import type { UserRow } from '../db/users.repo.ts';

export interface ConversationView {
  row: ConversationRow;
  report: ConversationReportData;
  /** When its reports were generated (the chat_finished event), or null while it is not ready. */
  reportedAt: string | null;
}

/**
 * The case's score with its factors: as stored when the case result was made (the full policy),
 * or, before that, a preview from the findings so far.
 */
export interface CaseViewScoring extends Scoring {
  source: 'stored' | 'preview';
  policy_version: string | null;
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
    private readonly services: Services,
  ) {}

  private async client(user: UserRow): Promise<ApiClient> {
    const client = await findClientById(this.ctx.db, user.client_id);
    if (!client) throw notFound('Organisation');
    return client;
  }

  async caseOf(user: UserRow, caseId: string): Promise<CaseRow> {
    const row = isUuid(caseId) ? await findCase(this.ctx.db, user.client_id, caseId) : undefined;
    if (!row) throw notFound(`Case ${caseId}`);
    return row;
  }

  async load(user: UserRow, caseId: string): Promise<CaseView> {
    const caseRow = await this.caseOf(user, caseId);
    const db = this.ctx.db;
    const now = new Date().toISOString();
    const [rows, entityRows, deliveries, finished] = await Promise.all([
      listConversationsOfCase(db, caseRow.id),
      listEntitiesOfCase(db, caseRow.id),
      db
        .selectFrom('deliveries')
        .leftJoin('events', 'events.id', 'deliveries.event_id')
        .selectAll('deliveries')
        .select('events.event_type')
        .where('deliveries.case_id', '=', caseRow.id)
        .where('deliveries.client_id', '=', user.client_id)
        .orderBy('deliveries.created_at', 'desc')
        .limit(200)
        .execute(),
      db.selectFrom('events').select(['conversation_id', 'created_at']).where('case_id', '=', caseRow.id).where('event_type', '=', 'chat_finished').execute(),
    ]);
    const reportedAt = new Map(finished.map((e) => [e.conversation_id, e.created_at]));
    const gathered = await Promise.all(rows.map((c) => this.services.reports.gather(caseRow, c, now)));
    const conversations = rows.map((row, i) => ({ row, report: gathered[i]!.report, reportedAt: row.state === 'ready' ? (reportedAt.get(row.id) ?? row.updated_at) : null }));
    const entities = entityRows.map((e) => JSON.parse(e.details) as EntityDetailsLike);
    const stored = await findCaseScore(db, caseRow.id);
    const scoring: CaseViewScoring = stored
      ? {
          source: 'stored',
          score: stored.score,
          risk_level: stored.risk_level as Scoring['risk_level'],
          factors: JSON.parse(stored.factors) as Scoring['factors'],
          policy_version: stored.policy_version,
          scored_at: stored.scored_at,
        }
      : {
          source: 'preview',
          ...scoreFindings({
            findings: gathered.flatMap((g) => g.findings),
            rejectedDocuments: gathered.flatMap((g) => g.report.documents).filter((d) => d.rejected).length,
          }),
          policy_version: null,
          scored_at: null,
        };
    const transaction = transactionCheck({
      case_data: JSON.parse(caseRow.case_data) as Record<string, unknown>,
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
    const conv = isUuid(conversationId) ? await findConversation(this.ctx.db, user.client_id, conversationId) : undefined;
    if (!conv) throw notFound(`Conversation ${conversationId}`);
    const author = `${user.username} (back office)`;
    if (conv.state !== 'ready') {
      try {
        await this.services.comments.add(await this.client(user), conv.id, [{ issue_id: issueId, comment_text: commentText }], author);
        return { afterReport: false };
      } catch (err) {
        // The report was generated between reading the page and saving: keep the comment anyway.
        if (!(err instanceof AppError && err.code === 'conflict')) throw err;
      }
    }
    if (!(await findExistingIssueIds(this.ctx.db, conv.id, [issueId])).has(issueId)) throw new AppError('unknown_issue', `Issue ${issueId} is not an issue of this conversation.`);
    await insertComments(this.ctx.db, [
      { id: newId(), conversation_id: conv.id, issue_id: issueId, comment_text: commentText, author, created_at: new Date().toISOString() },
    ]);
    this.ctx.log.info({ conversationId: conv.id, userId: user.id }, 'comment added after the report');
    return { afterReport: true };
  }

  /** A follow-up conversation, validated like endpoint 2; records the new-follow-up notification. */
  async createFollowUp(user: UserRow, caseId: string, input: CreateFollowUpInput) {
    return this.services.cases.createFollowUp(await this.client(user), caseId, input, 'analyst');
  }

  /** Queues the invitation e-mail of a conversation again (to the case's recipients unless given). */
  async invite(user: UserRow, conversationId: string, recipients?: string[]): Promise<{ caseId: string; queued: number }> {
    const ids = await this.services.mail.inviteToConversation(await this.client(user), conversationId, recipients);
    const conv = await findConversation(this.ctx.db, user.client_id, conversationId);
    return { caseId: conv!.case_id, queued: ids.length };
  }

  async isConversationOf(caseRow: CaseRow, conversationId: string): Promise<boolean> {
    if (!isUuid(conversationId)) return false;
    const row = await this.ctx.db.selectFrom('conversations').select('id').where('id', '=', conversationId).where('case_id', '=', caseRow.id).executeTakeFirst();
    return row !== undefined;
  }

  async resendDelivery(user: UserRow, deliveryId: string): Promise<DeliveryRow> {
    const found = isUuid(deliveryId)
      ? await this.ctx.db.selectFrom('deliveries').select(['id', 'client_id']).where('id', '=', deliveryId).where('client_id', '=', user.client_id).executeTakeFirst()
      : undefined;
    if (!found) throw notFound(`Delivery ${deliveryId}`);
    const row = await resendDelivery(this.ctx.db, this.ctx.jobs, found.id);
    if (!row) throw notFound(`Delivery ${deliveryId}`);
    this.ctx.log.info({ deliveryId: row.id, userId: user.id }, 'delivery re-sent from the back office');
    return row;
  }
}
