// Conversations: completion (endpoint 8), results (endpoint 9) and the reports behind them.
import type { ServiceContext } from '../context.ts';
import type { ApiClient } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { ownedCase, ownedConversation, type ClientRef } from '../http/access.ts';
import { finalizeConversationJob } from '../completion/completion.jobs.ts';
import { findCase, updateCase } from '../db/cases.repo.ts';
import { findCaseScore } from '../db/scoring.repo.ts';
import { conversationClientDocument, conversationResultOf } from '../completion/results.ts';
import { appendMessage, listConversationsOfCase, markCompleted } from '../db/conversations.repo.ts';
import { decidedConversationDocuments } from '../decisions/api-results.ts';
import { auditConversationCompleted } from '../decisions/audit.ts';

export class ConversationsService {
  constructor(private readonly ctx: ServiceContext) {}

  private owned(client: ClientRef, conversationId: string) {
    return ownedConversation(this.ctx.db, client.id, conversationId);
  }

  /** Completes an open conversation once; repeating it changes nothing. */
  async complete(client: ApiClient, conversationId: string, author: 'api' | 'user' = 'api') {
    const conversation = await this.owned(client, conversationId);
    if (conversation.state === 'open') {
      const changed = await this.ctx.db.transaction().execute(async (trx) => {
        const at = new Date().toISOString();
        if (!(await markCompleted(trx, conversation.id, at))) return false;
        await appendMessage(trx, conversation.id, { author, text: 'Conversation completed.' });
        await auditConversationCompleted(trx, conversation, author, client.username);
        const siblings = await listConversationsOfCase(trx, conversation.case_id);
        const anyOpen = siblings.some((c) => c.id !== conversation.id && c.state === 'open');
        await updateCase(trx, conversation.case_id, { state: anyOpen ? 'open' : 'processing' });
        await this.ctx.jobs.enqueue(trx, finalizeConversationJob, { conversationId: conversation.id }, { dedupeKey: `finalize:${conversation.id}` });
        return true;
      });
      if (changed) {
        this.ctx.jobs.notify();
        this.ctx.log.info({ conversationId }, 'conversation completed');
      }
    }
    return { result: 'status_updated' as const, status: 'completed' as const };
  }

  async result(client: ApiClient, conversationId: string) {
    const conversation = await this.owned(client, conversationId);
    const caseRow = await findCase(this.ctx.db, client.id, conversation.case_id);
    const echo = caseRow?.communication_id ? { communication_id: caseRow.communication_id } : {};
    if (conversation.state !== 'ready' || !conversation.result_json) return { status: 'not_ready' as const, ...echo };
    const entry = conversationResultOf({ result_json: conversation.result_json });
    return {
      status: 'ready' as const,
      ...echo,
      result: {
        web_report_link: entry.web_report_link,
        client_documents: await decidedConversationDocuments(this.ctx.db, conversation.id, entry.client_documents.map(conversationClientDocument)),
        ...(entry.attention ? { attention: entry.attention } : {}),
      },
    };
  }

  async pdfReport(client: ClientRef, conversationId: string): Promise<{ sha256: string; fileName: string }> {
    const conversation = await this.owned(client, conversationId);
    if (!conversation.pdf_report_blob) throw new AppError('conflict', 'The report is not generated yet; poll the conversation result until it is ready.');
    return { sha256: conversation.pdf_report_blob, fileName: `dossier-report-${conversation.id}.pdf` };
  }

  /** The web report of a conversation of this client (/reports/{id}): its blob address, or null until it is generated. */
  async webReport(client: ClientRef, conversationId: string): Promise<string | null> {
    const conversation = await ownedConversation(this.ctx.db, client.id, conversationId, `Report ${conversationId}`);
    return conversation.web_report_blob;
  }

  /** The case report; while a follow-up is open, the last one, marked as superseded. */
  async casePdfReport(client: ClientRef, caseId: string): Promise<{ sha256: string; fileName: string; superseded: boolean; reportedAt: string | null }> {
    const caseRow = await ownedCase(this.ctx.db, client.id, caseId);
    if (!caseRow.risk_report_blob) throw new AppError('conflict', 'The case report is not generated yet; poll the case result until it is ready.');
    const superseded = caseRow.state !== 'ready';
    return {
      sha256: caseRow.risk_report_blob,
      fileName: `dossier-case-report-${caseRow.id}${superseded ? '-superseded' : ''}.pdf`,
      superseded,
      reportedAt: superseded ? ((await findCaseScore(this.ctx.db, caseRow.id))?.scored_at ?? null) : null,
    };
  }
}
