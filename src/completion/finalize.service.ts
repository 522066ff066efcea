// What happens after a conversation completes, as durable, idempotent jobs: wait for its
// verifications, generate and store both reports, store the conversation result and record the
// chat_finished event; when every conversation of the case is ready, store the case result and
// the case-level risk report.
import type { ServiceContext } from '../context.ts';
import type { CaseRow, ConversationRow } from '../db/schema.ts';
import { JobNames } from '../jobs/queue.ts';
import { findCaseById, lockCase, updateCase } from '../db/cases.repo.ts';
import { listDocumentsOfConversation } from '../db/documents.repo.ts';
import { listEntitiesOfCase } from '../db/entities.repo.ts';
import { recordEvent } from '../delivery/events.ts';
import type { EntityDetails } from '../entities/case-entities.ts';
import { scoreCaseForResult } from '../scoring/scoring.service.ts';
import { prepareEntitiesForResult } from '../entities/entities.service.ts';
import type { ReportsService } from '../reports/reports.service.ts';
import { buildCaseResult, clientDocument, legalEntities, logEntry, webhookClientDocument, type ConversationResultEntry } from './results.ts';
import { listSteps } from '../db/dialog.repo.ts';
import { countPendingVerifications } from '../db/verifications.repo.ts';
import { recordCompletionFindings } from './completion-findings.ts';
import { findConversationById, listConversationsOfCase, listMessages, updateConversation } from '../db/conversations.repo.ts';

/** How long a completed conversation waits before looking again at verifications still running. */
const PENDING_RECHECK_MS = 500;

export class FinalizeService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly reports: ReportsService,
  ) {}

  /** Job handler for conversation.finalize. */
  async finalizeConversation(payload: { conversationId: string }): Promise<void> {
    const conv = await findConversationById(this.ctx.db, payload.conversationId);
    if (!conv || conv.state !== 'completed') {
      if (conv?.state === 'ready') await this.finalizeCaseIfReady(conv.case_id);
      return;
    }
    if ((await countPendingVerifications(this.ctx.db, conv.id)) > 0) {
      await this.ctx.jobs.enqueue(this.ctx.db, JobNames.finalizeConversation, payload, { runAt: Date.now() + PENDING_RECHECK_MS });
      return;
    }
    // The case's register lookup finishes first; then documents and owners are applied to its entities.
    if (!(await prepareEntitiesForResult(this.ctx, conv.case_id))) {
      await this.ctx.jobs.enqueue(this.ctx.db, JobNames.finalizeConversation, payload, { runAt: Date.now() + PENDING_RECHECK_MS });
      return;
    }
    const caseRow = await findCaseById(this.ctx.db, conv.case_id);
    if (!caseRow) throw new Error(`case ${conv.case_id} of conversation ${conv.id} is missing`);
    // Cross-document rules across the case, recorded before the reports so they appear in them.
    await recordCompletionFindings(this.ctx, conv, caseRow);
    const generatedAt = new Date().toISOString();
    const gathered = await this.reports.gather(caseRow, conv, generatedAt);
    const blobs = await this.reports.renderConversation(gathered.report);
    const entry = await this.buildEntry(caseRow, conv);

    const done = await this.ctx.db.transaction().execute(async (trx) => {
      await lockCase(trx, this.ctx.dialect, caseRow.id);
      const current = await findConversationById(trx, conv.id);
      if (current?.state !== 'completed') return false;
      await updateConversation(trx, conv.id, { state: 'ready', result_json: JSON.stringify(entry), web_report_blob: blobs.web, pdf_report_blob: blobs.pdf });
      await recordEvent(trx, this.ctx.jobs, {
        clientId: conv.client_id,
        caseId: caseRow.id,
        conversationId: conv.id,
        type: 'chat_finished',
        payload: chatFinishedPayload(caseRow, entry),
      });
      return true;
    });
    if (done) {
      this.ctx.jobs.notify();
      this.ctx.log.info({ conversationId: conv.id, score: gathered.scoring.score }, 'conversation result ready');
    }
    await this.finalizeCaseIfReady(caseRow.id);
  }

  private async buildEntry(caseRow: CaseRow, conv: ConversationRow): Promise<ConversationResultEntry> {
    const [docs, messages, entities] = await Promise.all([
      listDocumentsOfConversation(this.ctx.db, conv.id),
      listMessages(this.ctx.db, conv.id),
      listEntitiesOfCase(this.ctx.db, caseRow.id),
    ]);
    return {
      case_id: caseRow.id,
      conversation_id: conv.id,
      web_report_link: this.ctx.links.webReport(conv.id),
      pdf_report_link: this.ctx.links.pdfReport(conv.id),
      client_documents: docs.map((d) => clientDocument(d, this.ctx.links)),
      conversation_log: messages.map(logEntry),
      main_entity_id: caseRow.main_entity_id,
      legal_entities: legalEntities(entities.map((e) => JSON.parse(e.details) as EntityDetails)),
    };
  }

  private async finalizeCaseIfReady(caseId: string): Promise<void> {
    const conversations = await listConversationsOfCase(this.ctx.db, caseId);
    if (conversations.length === 0 || conversations.some((c) => c.state !== 'ready')) return;
    const caseRow = await findCaseById(this.ctx.db, caseId);
    if (!caseRow || caseRow.state === 'ready') return;

    const generatedAt = new Date().toISOString();
    const gathered = await Promise.all(conversations.map((c) => this.reports.gather(caseRow, c, generatedAt)));
    const scoring = await scoreCaseForResult(this.ctx, caseRow, {
      findings: gathered.flatMap((g) => g.findings),
      rejectedDocuments: gathered.flatMap((g) => g.report.documents).filter((d) => d.rejected).length,
    });
    const riskBlob = await this.reports.renderCase({
      generated_at: generatedAt,
      case_id: caseRow.id,
      company_full_name: caseRow.company_full_name,
      scoring,
      conversations: gathered.map((g) => g.report),
    });
    const entities = await listEntitiesOfCase(this.ctx.db, caseId);
    const result = buildCaseResult({
      entries: conversations.map((c) => JSON.parse(c.result_json!) as ConversationResultEntry),
      mainEntityId: caseRow.main_entity_id,
      accountOwnerIds: entities.filter((e) => e.role === 'account_owner').map((e) => e.id),
      entities: entities.map((e) => JSON.parse(e.details) as EntityDetails),
      businessDescription: businessDescriptionOf((await Promise.all(conversations.map((c) => listSteps(this.ctx.db, c.id)))).flat()),
      scoring,
      riskReportLink: this.ctx.links.caseReport(caseId),
    });

    await this.ctx.db.transaction().execute(async (trx) => {
      const locked = await lockCase(trx, this.ctx.dialect, caseId);
      if (!locked || locked.state === 'ready') return;
      const now = await listConversationsOfCase(trx, caseId);
      if (now.length !== conversations.length || now.some((c) => c.state !== 'ready')) return;
      await updateCase(trx, caseId, {
        state: 'ready',
        result_json: JSON.stringify(result),
        risk_report_blob: riskBlob,
        risk_level: scoring.risk_level,
        score: scoring.score,
      });
    });
    this.ctx.log.info({ caseId, score: scoring.score, risk: scoring.risk_level }, 'case result ready');
  }
}

/** The user's accepted answers to business_description (refused attempts stay in the log only). */
function businessDescriptionOf(steps: { module: string; status: string; answer: string | null }[]): string {
  const text = steps
    .filter((s) => s.module === 'business_description' && s.status === 'done' && s.answer)
    .map((s) => s.answer!.trim())
    .join(' ');
  return text.length > 1000 ? `${text.slice(0, 997)}...` : text;
}

/** The chat_finished event body; the monitoring flow also carries entities and the log. */
export function chatFinishedPayload(caseRow: CaseRow, entry: ConversationResultEntry): Record<string, unknown> {
  return {
    event: 'chat_finished',
    case_id: caseRow.id,
    conversation_id: entry.conversation_id,
    ...(caseRow.communication_id ? { communication_id: caseRow.communication_id } : {}),
    pdf_report_link: entry.pdf_report_link,
    web_report_link: entry.web_report_link,
    client_documents: entry.client_documents.map(webhookClientDocument),
    ...(caseRow.case_kind === 'monitoring'
      ? { legal_entities: entry.legal_entities, main_entity_id: entry.main_entity_id, conversation_log: entry.conversation_log }
      : {}),
  };
}
