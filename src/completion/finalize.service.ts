// What happens after a conversation completes, as a durable, idempotent job: once its verifications
// and the case's register lookup are done, the case file is read once, the completion's steps run
// over it (completion.ts), both reports are rendered and stored, and everything is written in one
// transaction: the case's entities, the completion findings, the conversation result and the
// chat_finished event, and, when it is the case's last conversation, the case result, its score
// and the case-level risk report.
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/db.ts';
import type { ConversationRow } from '../db/schema.ts';
import { finalizeConversationJob } from './completion.jobs.ts';
import { findCaseById, lockCaseForUpdate, replaceCaseResult, storeCaseResult } from '../db/cases.repo.ts';
import { listConversationsBeside, listConversationsOfCase, replaceConversationReports, storeConversationResult } from '../db/conversations.repo.ts';
import { applyEntityChanges } from '../db/entities.repo.ts';
import { storeCaseParties } from '../db/case-search.repo.ts';
import { casePartyNamesOfRows } from '../lib/party-names.ts';
import { upsertCaseScore } from '../db/scoring.repo.ts';
import { countPendingVerifications, replaceCompletionFindings } from '../db/verifications.repo.ts';
import { recordEvent } from '../delivery/events.ts';
import { resolveJobKey } from '../entities/register-lookup.ts';
import { loadCodeLists } from '../industry/code-lists.ts';
import type { ReportsService } from '../reports/reports.service.ts';
import { loadPolicy } from '../scoring/policy.ts';
import { scoreRow } from '../scoring/result-score.ts';
import { readCaseFile, withFindings, type CaseFile } from './case-file.ts';
import type { CaseScreening } from '../screening/screen-case.ts';
import { websiteCheckWaitMs } from '../verifications/website-check.ts';
import { questionnaireInForce } from '../clients/questionnaires.ts';
import { readChecksSetup } from './checks-setup.ts';
import type { QuestionnaireDefinition } from '../clients/questionnaire.ts';
import { caseIsDue, completeCase, completeConversation, recompleteReadyCase, type CaseCompletion, type CompletionDeps } from './completion.ts';

/** How long a completed conversation waits before looking again at verifications still running. */
const PENDING_RECHECK_MS = 500;

export class FinalizeService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly reports: ReportsService,
    private readonly screening: CaseScreening,
  ) {}

  private deps(): CompletionDeps {
    const { config } = this.ctx;
    return {
      at: new Date().toISOString(),
      links: this.ctx.links,
      codeLists: () => loadCodeLists(config.REFERENCE_DATA_DIR),
      policy: () => loadPolicy(config.SCORING_POLICY_FILE),
      uboThreshold: config.UBO_THRESHOLD,
    };
  }

  /** Job handler for conversation.finalize. */
  async finalizeConversation(payload: { conversationId: string }): Promise<void> {
    const { db } = this.ctx;
    const conversations = await listConversationsBeside(db, payload.conversationId);
    const conv = conversations.find((c) => c.id === payload.conversationId);
    if (!conv || conv.state !== 'completed') {
      if (conv?.state === 'ready') await this.finalizeCaseIfReady(conv.case_id, conversations);
      return;
    }
    // Its verifications finish first, and the case's register lookup; then documents and owners
    // are applied to the case's entities.
    if ((await countPendingVerifications(db, conv.id)) > 0 || (await this.ctx.jobs.pending(db, resolveJobKey(conv.case_id)))) {
      await this.ctx.jobs.enqueue(db, finalizeConversationJob, payload, { runAt: Date.now() + PENDING_RECHECK_MS });
      return;
    }
    const file = await readCaseFile(db, conv.case_id, { conversations }, { steps: true });
    if (!file) throw new Error(`case ${conv.case_id} of conversation ${conv.id} is missing`);
    // A website check still running is waited for, for a bounded time (then the completion goes on without it).
    const websiteSince = new Date(Date.now() - websiteCheckWaitMs(this.ctx.config.WEBSITE_CHECK_TIMEOUT_MS)).toISOString();
    if (file.websiteChecks.some((c) => c.conversation_id === conv.id && c.status === 'pending' && c.created_at > websiteSince)) {
      await this.ctx.jobs.enqueue(db, finalizeConversationJob, payload, { runAt: Date.now() + PENDING_RECHECK_MS });
      return;
    }
    const caseId = file.caseRow.id;
    const base = { ...this.deps(), questionnaire: await this.questionnaireOf(file) };
    // The companies and persons as this completion leaves them are screened against the lists;
    // the findings join the reports and the score, and the lists screened against join the
    // "Checks performed" (read once, by the screening).
    const { screening } = this;
    const first = completeConversation(file, conv.id, base);
    const screened = await screening.screen(file.caseRow, first.file.entities, file.conversations);
    const screeningChanged = screened.conversationId !== null && (screened.findings.length > 0 || (file.findings.get(screened.conversationId) ?? []).some((f) => f.source === 'screening'));
    const deps = { ...base, checks: await readChecksSetup(this.ctx, screened.activeVersions) };
    const done = completeConversation(screeningChanged ? withFindings(file, screened.conversationId!, 'screening', screened.findings) : file, conv.id, deps);
    const brand = await this.reports.brandFor(conv.client_id);
    const blobs = await this.reports.renderConversation(done.gathered.report, brand);
    // The case's last conversation completes the case too, with the report data built above.
    const caseDone = caseIsDue(done.file) ? completeCase(done.file, deps, new Map([[conv.id, done.gathered]])) : null;
    const riskBlob = caseDone ? await this.reports.renderCase(caseDone.report, brand) : null;

    const written = await db.transaction().execute(async (trx) => {
      await lockCaseForUpdate(trx, this.ctx.dialect, caseId);
      const result = { result_json: JSON.stringify(done.entry), web_report_blob: blobs.web, pdf_report_blob: blobs.pdf };
      if (!(await storeConversationResult(trx, conv.id, result))) return { conversation: false, case: false };
      await applyEntityChanges(trx, done.entities);
      await storeCaseParties(trx, done.file.caseRow, casePartyNamesOfRows(done.file.entities, done.file.documents));
      await replaceCompletionFindings(trx, conv.id, done.findings);
      await screening.store(trx, screened);
      await recordEvent(trx, this.ctx.jobs, { clientId: conv.client_id, caseId, conversationId: conv.id, type: 'chat_finished', payload: done.event });
      const stored = caseDone && riskBlob ? await this.storeCase(trx, caseId, done.file.conversations.length, caseDone, riskBlob) : false;
      return { conversation: true, case: stored };
    });
    if (written.conversation) {
      this.ctx.jobs.notify();
      if (done.findings.length) this.ctx.log.info({ conversationId: conv.id, findings: done.findings.length }, 'completion findings recorded');
      this.ctx.log.info({ conversationId: conv.id, score: done.gathered.scoring.score }, 'conversation result ready');
    }
    if (written.case && caseDone) this.logCaseReady(caseId, caseDone);
    // Another conversation of the case may have become ready since the file was read.
    else await this.finalizeCaseIfReady(caseId);
  }

  /** The case result once every conversation is ready (a fresh read: the job may run again later). */
  private async finalizeCaseIfReady(caseId: string, known?: ConversationRow[]): Promise<void> {
    const { db } = this.ctx;
    const conversations = known ?? (await listConversationsOfCase(db, caseId));
    if (conversations.length === 0 || conversations.some((c) => c.state !== 'ready')) return;
    const caseRow = await findCaseById(db, caseId);
    if (!caseRow || caseRow.state === 'ready') return;
    const file = await readCaseFile(db, caseId, { caseRow, conversations }, { steps: true });
    if (!file || !caseIsDue(file)) return;
    const done = completeCase(file, { ...this.deps(), questionnaire: await this.questionnaireOf(file), checks: await readChecksSetup(this.ctx) });
    const riskBlob = await this.reports.renderCase(done.report, await this.reports.brandFor(caseRow.client_id));
    const stored = await db.transaction().execute(async (trx) => {
      await lockCaseForUpdate(trx, this.ctx.dialect, caseId);
      return this.storeCase(trx, caseId, conversations.length, done, riskBlob);
    });
    if (stored) this.logCaseReady(caseId, done);
  }

  /**
   * Job handler (case.refresh-reports): a ready case whose screening findings changed after its
   * completion (a list update, a decision on a hit) gets its reports, score and result made again
   * from its findings as they now stand. The conversations' entries and the events already sent
   * stay as they were; a case not ready yet is left to its completion, which reads the findings.
   */
  async refreshReadyCase(caseId: string): Promise<void> {
    const { db } = this.ctx;
    const caseRow = await findCaseById(db, caseId);
    if (!caseRow || caseRow.state !== 'ready') return;
    const conversations = await listConversationsOfCase(db, caseId);
    const first = conversations[0];
    if (!first || conversations.some((c) => c.state !== 'ready' || !c.result_json)) return;
    const file = await readCaseFile(db, caseId, { caseRow, conversations }, { steps: true });
    const done = recompleteReadyCase(file, first.id, { ...this.deps(), questionnaire: await this.questionnaireOf(file), checks: await readChecksSetup(this.ctx) });
    const brand = await this.reports.brandFor(caseRow.client_id);
    const blobs = await this.reports.renderConversation(done.gathered.report, brand);
    const riskBlob = await this.reports.renderCase(done.case.report, brand);
    const stored = await db.transaction().execute(async (trx) => {
      await lockCaseForUpdate(trx, this.ctx.dialect, caseId);
      if (!(await replaceConversationReports(trx, first.id, { web_report_blob: blobs.web, pdf_report_blob: blobs.pdf }))) return false;
      const replaced = await replaceCaseResult(trx, caseId, {
        result_json: JSON.stringify(done.case.result),
        risk_report_blob: riskBlob,
        risk_level: done.case.scoring.risk_level,
        score: done.case.scoring.score,
      });
      if (replaced) await upsertCaseScore(trx, scoreRow(caseId, done.case.scoring, new Date().toISOString()));
      return replaced;
    });
    if (stored) this.ctx.log.info({ caseId, score: done.case.scoring.score, risk: done.case.scoring.risk_level }, 'case reports and result made again after its screening changed');
  }

  /** The questionnaire the case's onboarding conversation answers (the version in force when it was created). */
  private async questionnaireOf(file: CaseFile): Promise<QuestionnaireDefinition | null> {
    const conv = file.conversations.find((c) => c.conversation_kind === 'onboarding');
    return conv ? questionnaireInForce(this.ctx.db, conv.client_id, conv.created_at) : null;
  }

  /** Stores the case result and its score if the case is still due (same conversations, all ready). */
  private async storeCase(trx: Db, caseId: string, conversationCount: number, done: CaseCompletion, riskBlob: string): Promise<boolean> {
    const stored = await storeCaseResult(trx, caseId, conversationCount, {
      result_json: JSON.stringify(done.result),
      risk_report_blob: riskBlob,
      risk_level: done.scoring.risk_level,
      score: done.scoring.score,
    });
    if (stored) await upsertCaseScore(trx, scoreRow(caseId, done.scoring, new Date().toISOString()));
    return stored;
  }

  private logCaseReady(caseId: string, done: CaseCompletion): void {
    this.ctx.log.info({ caseId, score: done.scoring.score, risk: done.scoring.risk_level }, 'case result ready');
  }
}
