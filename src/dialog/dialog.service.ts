// The hosted dialog's logic. The conversation id is the only capability: every call loads the
// conversation by it, acts only on the current step, goes through the same services as the API
// (upload, verification, comments, completion) on behalf of the owning client, and writes every
// message of both sides to the conversation log.
import { decodeExtractedData } from '../db/extracted-data.ts';
import type { ServiceContext } from '../context.ts';
import type { CommentsService } from '../comments/comments.service.ts';
import type { ConversationsService } from '../conversations/conversations.service.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { VerificationsService } from '../verifications/verifications.service.ts';
import type { ApiClient, CaseRow, ConversationRow } from '../db/schema.ts';
import type { Db } from '../db/db.ts';
import { conflict, invalid, notFound } from '../http/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { appendMessage, findConversationById } from '../db/conversations.repo.ts';
import { findCaseById } from '../db/cases.repo.ts';
import { findBrand, findClientById } from '../db/clients.repo.ts';
import type { ClientsService } from '../clients/clients.service.ts';
import { resolveBrand, type Brand } from '../clients/brand.ts';
import { viewBrand } from './brand-style.ts';
import { listCommentsOfConversation } from '../db/comments.repo.ts';
import { listDocumentsOfConversation, withdrawDocument } from '../db/documents.repo.ts';
import { refreshCaseParties } from '../db/case-search.repo.ts';
import { cleanFileName } from '../document-engine/index.ts';
import { findVerificationById, listFindingsOfConversation } from '../db/verifications.repo.ts';
import { validateAnswer, validateWebsite, type AnswerKind, type Verdict } from './answers.ts';
import { presentFindings, type StoredFinding } from './findings.ts';
import { buildFlow, type CaseFacts, type Flow, type FlowInput, type FlowStep } from './flow.ts';
import { formSummary, readForm } from './forms.ts';
import type { AnswerValue } from '../clients/questionnaire.ts';
import { questionnaireInForce } from '../clients/questionnaires.ts';
import { declarationCompany, declarationPeople } from '../entities/declarations.ts';
import { listEntitiesOfCase } from '../db/entities.repo.ts';
import { t, type Lang, type Params } from './i18n.ts';
import { buildView, greetingText, history, rejectionText, render, type FileState, type HistoryEntry, type View } from './dialog.view.ts';
import { deleteFile, findOrigins, insertFile, insertSteps, listFiles, listSteps, markAnnounced, updateStep, type FileRow, type StepRow } from '../db/dialog.repo.ts';
import { requestWebsiteCheck } from '../verifications/website-check.ts';
import { translationIdsOfConversation } from '../db/translations.repo.ts';
import { caseDataOf, conversationModulesOf, entityDetailsOf } from '../db/stored-json.ts';
import { TRANSLATION_NEEDED } from '../document-engine/index.ts';

export const MAX_FILES_PER_STEP = 10;
export const MAX_FILES_PER_CONVERSATION = 60;
/** Rejected answers before the next one is accepted as it is and flagged for the analyst. */
export const MAX_REJECTIONS = 2;

interface Loaded {
  conv: ConversationRow;
  caseRow: CaseRow;
  client: ApiClient;
  /** How the client is named and shown (never by its username). */
  brand: Brand;
  facts: CaseFacts;
  flow: Flow;
  steps: StepRow[];
}

/** The services the dialog acts through, as the API does. */
export interface DialogServices {
  documents: DocumentsService;
  verifications: VerificationsService;
  comments: CommentsService;
  conversations: ConversationsService;
  /** For the brand's logo and stylesheet. */
  clients: ClientsService;
}

export interface Outcome {
  view: View;
  /** Set when an answer was refused: why, in the user's language. */
  rejected?: string;
}

const stale = () => conflict('This step was changed meanwhile; reload the dialog.');

/** What plain-language findings may mention about the case. */
function findingParams(f: CaseFacts, lang: Lang, step: FlowStep): Params {
  const p: Params = { company: f.company_full_name, document: render(lang, step.title) };
  if (f.trx_counterparty_full_name) p.counterparty = f.trx_counterparty_full_name;
  if (f.trx_currency) p.currency = f.trx_currency;
  if (f.trx_amount !== undefined && f.trx_currency) p.amount = { money: f.trx_amount, currency: f.trx_currency };
  if (f.trx_date) p.date = { date: f.trx_date };
  return p;
}

export class DialogService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly services: DialogServices,
  ) {}

  /** Origins that may frame this client's dialogs and receive its postMessage. */
  async originsFor(clientId: string | null): Promise<string[]> {
    const own = clientId ? await findOrigins(this.ctx.db, clientId) : null;
    return own ?? this.ctx.config.DIALOG_ORIGINS;
  }

  /** What the page at /dialog shows: nothing for unknown ids, a closing page for finished conversations. */
  async open(id: string, lang: Lang): Promise<{ kind: 'unknown' } | { kind: 'done'; clientId: string } | { kind: 'open'; view: View; clientId: string }> {
    const l = await this.load(id);
    if (!l) return { kind: 'unknown' };
    if (l.conv.state !== 'open') return { kind: 'done', clientId: l.client.id };
    return { kind: 'open', view: await this.view(await this.started(l, lang), lang), clientId: l.client.id };
  }

  async state(id: string, lang: Lang): Promise<View> {
    const l = await this.started(await this.require(id), lang);
    return this.view(l, lang);
  }

  async upload(id: string, key: string, file: { bytes: Buffer; fileName: string | undefined }, lang: Lang): Promise<Outcome> {
    const l = await this.started(await this.require(id), lang);
    const { step } = this.current(l, key, 'upload');
    const files = await listFiles(this.ctx.db, id);
    if (files.filter((f) => f.step_key === key).length >= MAX_FILES_PER_STEP) throw conflict(`This step takes at most ${MAX_FILES_PER_STEP} files.`);
    if (files.length >= MAX_FILES_PER_CONVERSATION) throw conflict(`This conversation takes at most ${MAX_FILES_PER_CONVERSATION} files.`);
    // An other_document file is named as the client asked for it (the step's title is its document_name).
    const documentName = step.module === 'other_document' && 'literal' in step.title ? step.title.literal : undefined;
    // After a file that needs a translation, the next file of the step is taken as that translation.
    const translationOf = await this.untranslatedOriginal(id, key, files);
    const { document_id } = await this.services.documents.upload(l.client, id, file, 'user', step.module, translationOf ? undefined : documentName, translationOf);
    const verification = step.verifyAs
      ? await this.services.verifications.create(l.client, id, {
          document_id,
          verification_task: { document_type: step.verifyAs, company_full_name: step.verifyName },
        })
      : null;
    const row: FileRow = {
      document_id,
      conversation_id: id,
      step_key: key,
      verification_id: verification?.verification_id ?? null,
      file_name: cleanFileName(file.fileName),
      announced: verification ? 0 : 1,
      created_at: new Date().toISOString(),
    };
    await this.ctx.db.transaction().execute(async (trx) => {
      await insertFile(trx, row);
      // Files of other_document are not checked (spec): they are acknowledged at once.
      if (!verification) await this.log(trx, id, 'dossier', step.module, t(lang, 'findings.received', { file: row.file_name }), row);
    });
    this.ctx.log.info({ conversationId: id, step: key, documentId: document_id }, 'dialog file received');
    return { view: await this.view(l, lang) };
  }

  /**
   * Removes a file sent by mistake, while its step is the current one: it leaves the step and is no
   * longer one of the conversation's documents (not in client_documents, not checked against the
   * others, its findings not counted), but the conversation log keeps it and says it was removed.
   */
  async removeFile(id: string, key: string, documentId: string, lang: Lang): Promise<Outcome> {
    const l = await this.started(await this.require(id), lang);
    const { step } = this.current(l, key, 'upload');
    const file = (await listFiles(this.ctx.db, id)).find((f) => f.document_id === documentId && f.step_key === key);
    if (!file) throw notFound('This file of this step');
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await deleteFile(trx, id, documentId))) throw stale();
      await withdrawDocument(trx, documentId, new Date().toISOString());
      // The parties only this file named no longer find the case in the back office's search.
      await refreshCaseParties(trx, l.conv.case_id);
      await this.log(trx, id, 'user', step.module, t(lang, 'log.file_removed', { file: file.file_name }), file);
    });
    this.ctx.log.info({ conversationId: id, step: key, documentId }, 'dialog file removed by its sender');
    return { view: await this.view(l, lang) };
  }

  async explain(id: string, key: string, issueId: string, text: string, lang: Lang): Promise<Outcome> {
    const l = await this.started(await this.require(id), lang);
    const { step } = this.current(l, key, 'upload');
    const states = await this.fileStates(l, lang);
    const finding = states
      .filter((f) => f.row.step_key === key)
      .flatMap((f) => f.findings ?? [])
      .find((f) => f.issue_id === issueId);
    if (!finding) throw invalid('This issue is not one of the findings of this step.');
    const verdict = validateAnswer(text, { kind: 'explanation', question: finding.message, context: [] });
    if (!verdict.ok) return { view: await this.view(l, lang), rejected: t(lang, `answer.rejected.${verdict.reason}`, verdict.params) };
    await this.services.comments.add(l.client, id, [{ issue_id: issueId, comment_text: text.trim() }], 'user', step.module);
    return { view: await this.view(l, lang) };
  }

  async answer(id: string, key: string, text: string, lang: Lang): Promise<Outcome> {
    const l = await this.started(await this.require(id), lang);
    const { step, row } = this.current(l, key);
    if (step.kind === 'upload') throw invalid('This step takes files, not a written answer.');
    if (step.kind === 'form') throw invalid('This step takes the answers of its form.');
    let verdict: Verdict;
    let value = text.trim();
    if (step.kind === 'url') {
      const w = validateWebsite(text);
      verdict = w.ok ? { ok: true, reason: null, params: {}, explanation: '' } : w.verdict;
      if (w.ok) value = w.url;
    } else {
      verdict = validateAnswer(text, {
        kind: step.module as AnswerKind,
        question: `${render(lang, step.title)} ${render(lang, step.prompt)}`,
        context: step.context,
        transaction: step.module === 'transaction_rationale' ? this.transaction(l.facts) : undefined,
        documentFacts: step.module === 'transaction_rationale' ? await this.documentFacts(id) : undefined,
      });
    }
    const past = history(row);
    const lastReopen = past.map((h) => h.type).lastIndexOf('reopened');
    const sinceReopen = past.slice(lastReopen + 1).filter((h) => h.type === 'rejected').length;
    const rejectedMessage = verdict.ok ? undefined : rejectionText(lang, step, verdict.reason!, verdict.params);
    const accepted = await this.ctx.db.transaction().execute(async (trx) => {
      await this.log(trx, id, 'user', step.module, text.trim());
      if (!verdict.ok && sinceReopen < MAX_REJECTIONS) {
        const entry: HistoryEntry = { type: 'rejected', text: text.trim(), reason: verdict.reason!, params: verdict.params, at: new Date().toISOString() };
        if (!(await updateStep(trx, row, { attempts: JSON.stringify([...past, entry]) }))) throw stale();
        await this.log(trx, id, 'dossier', step.module, rejectedMessage!);
        return false;
      }
      const flagged = !verdict.ok;
      const done = await updateStep(trx, row, {
        status: 'done',
        answer: value,
        flagged: flagged ? 1 : 0,
        flag_reason: flagged ? `${verdict.reason}: ${verdict.explanation}` : null,
      });
      if (!done) throw stale();
      // A website given in due form is visited in the background (website-check.ts).
      if (step.kind === 'url' && verdict.ok) await requestWebsiteCheck(trx, this.ctx.jobs, { conversationId: id, caseId: l.caseRow.id, url: value });
      if (flagged) {
        await this.log(trx, id, 'dossier', step.module, `${t(lang, 'answer.flagged')} (Flagged for review after ${sinceReopen} rejected answers: ${verdict.explanation}.)`);
        this.ctx.log.info({ conversationId: id, step: key, reason: verdict.reason }, 'dialog answer accepted and flagged');
      }
      await this.advance(trx, l, key, lang);
      return true;
    });
    if (accepted && step.kind === 'url') this.ctx.jobs.notify();
    const after = await this.require(id);
    return { view: await this.view(after, lang), ...(accepted ? {} : { rejected: rejectedMessage }) };
  }

  /** Answers a form step (declarations, questionnaire): every field at once; a form that cannot be taken is refused with why. */
  async form(id: string, key: string, values: Record<string, AnswerValue>, lang: Lang): Promise<Outcome> {
    const l = await this.started(await this.require(id), lang);
    const { step, row } = this.current(l, key, 'form');
    const read = readForm(lang, step.form!, values);
    if (!read.ok) return { view: await this.view(l, lang), rejected: read.message };
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await updateStep(trx, row, { status: 'done', answer: read.answer, flagged: 0, flag_reason: null }))) throw stale();
      await this.log(trx, id, 'user', step.module, formSummary(lang, step.form!, read.answer).join('\n') || render(lang, step.title));
      await this.advance(trx, l, key, lang);
    });
    return { view: await this.view(await this.require(id), lang) };
  }

  /** "I don't have this document" / "We have no website", with a reason; flagged for the analyst. */
  async skip(id: string, key: string, reason: string, lang: Lang): Promise<Outcome> {
    const l = await this.started(await this.require(id), lang);
    const { step, row } = this.current(l, key);
    if (step.kind === 'text' || step.kind === 'form') throw invalid('A question cannot be skipped; please answer it.');
    if ((await listFiles(this.ctx.db, id)).some((f) => f.step_key === key)) throw conflict('Files were sent for this step; continue instead.');
    const verdict = validateAnswer(reason, { kind: 'skip_reason', question: render(lang, step.prompt), context: [] });
    if (!verdict.ok) return { view: await this.view(l, lang), rejected: t(lang, `answer.rejected.${verdict.reason}`, verdict.params) };
    const text = reason.trim();
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.log(trx, id, 'user', step.module, t(lang, step.kind === 'url' ? 'log.website_none' : 'log.skipped', { reason: text }));
      if (!(await updateStep(trx, row, { status: 'skipped', answer: text, flagged: 1, flag_reason: 'not provided' }))) throw stale();
      await this.advance(trx, l, key, lang);
    });
    return { view: await this.view(await this.require(id), lang) };
  }

  /** Goes on from an upload step: at least one file, every file checked. */
  async proceed(id: string, key: string, lang: Lang): Promise<Outcome> {
    const l = await this.started(await this.require(id), lang);
    const { row } = this.current(l, key, 'upload');
    const mine = (await this.fileStates(l, lang)).filter((f) => f.row.step_key === key);
    if (mine.length === 0) throw invalid(t('en', 'upload.need_file'));
    if (mine.some((f) => f.findings === null)) throw conflict(t('en', 'upload.wait_checks'));
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await updateStep(trx, row, { status: 'done' }))) throw stale();
      await this.advance(trx, l, key, lang);
    });
    return { view: await this.view(await this.require(id), lang) };
  }

  /** From the summary: opens a finished step again; the answer given stays as the draft. */
  async reopen(id: string, key: string, lang: Lang): Promise<Outcome> {
    const l = await this.started(await this.require(id), lang);
    if (l.steps.some((s) => s.status === 'pending')) throw conflict('Steps can be changed from the summary only.');
    const row = l.steps.find((s) => s.step_key === key);
    const step = l.flow.steps.find((s) => s.key === key);
    if (!row || !step) throw notFound(`Step ${key}`);
    await this.ctx.db.transaction().execute(async (trx) => {
      const entry: HistoryEntry = { type: 'reopened', at: new Date().toISOString() };
      const patch = { status: 'pending' as const, flagged: 0, flag_reason: null, attempts: JSON.stringify([...history(row), entry]) };
      if (!(await updateStep(trx, row, row.status === 'skipped' ? { ...patch, answer: null } : patch))) throw stale();
      await this.log(trx, id, 'user', step.module, t(lang, 'log.reopened', { title: render(lang, step.title) }));
      await this.log(trx, id, 'dossier', step.module, `${render(lang, step.title)}\n${render(lang, step.prompt)}`);
    });
    return { view: await this.view(await this.require(id), lang) };
  }

  /** Completes the conversation through the same path as endpoint 8 (reports, webhook). */
  async submit(id: string, lang: Lang): Promise<Outcome> {
    const l = await this.require(id);
    if (l.conv.state === 'open') {
      if (l.steps.length === 0 || l.steps.some((s) => s.status === 'pending')) throw conflict('Some steps are not finished yet.');
      await this.services.conversations.complete(l.client, id, 'user');
      this.ctx.log.info({ conversationId: id }, 'dialog submitted');
    }
    return { view: await this.view(await this.require(id), lang) };
  }

  // -------------------------------------------------------------------------------------------

  private async load(id: string): Promise<Loaded | null> {
    if (!isUuid(id)) return null;
    const conv = await findConversationById(this.ctx.db, id);
    if (!conv) return null;
    const [caseRow, client, steps, brandValues] = await Promise.all([
      findCaseById(this.ctx.db, conv.case_id),
      findClientById(this.ctx.db, conv.client_id),
      listSteps(this.ctx.db, id),
      findBrand(this.ctx.db, conv.client_id),
    ]);
    if (!caseRow || !client) return null;
    const c = this.ctx.config;
    const brand = resolveBrand(client, brandValues, { name: c.OPERATOR_NAME, contactEmail: c.OPERATOR_CONTACT_EMAIL, privacyUrl: c.OPERATOR_PRIVACY_URL });
    const facts = { ...caseDataOf(caseRow), company_full_name: caseRow.company_full_name };
    const forms = conv.conversation_kind === 'onboarding' ? await this.forms(conv, caseRow) : undefined;
    const flow = buildFlow({ kind: conv.conversation_kind, modules: conversationModulesOf(conv), caseData: facts, requester: brand.displayName, forms });
    return { conv, caseRow, client, brand, facts, flow, steps };
  }

  /** An onboarding conversation's form steps: the people of the case as known now with the main company (its tax residence), and the questionnaire in force when it was created. */
  private async forms(conv: ConversationRow, caseRow: CaseRow): Promise<FlowInput['forms']> {
    const [rows, definition] = await Promise.all([listEntitiesOfCase(this.ctx.db, caseRow.id), questionnaireInForce(this.ctx.db, conv.client_id, conv.created_at)]);
    const entities = rows.map((r) => entityDetailsOf(r));
    const owners = rows.filter((r) => r.role === 'account_owner').map((r) => r.id);
    const people = declarationPeople(entities, owners, caseRow.main_entity_id, this.ctx.config.UBO_THRESHOLD);
    return { people: { type: 'declarations', people, company: declarationCompany(entities, caseRow.main_entity_id) }, questionnaire: { type: 'questionnaire', definition } };
  }

  private async require(id: string): Promise<Loaded> {
    const l = await this.load(id);
    if (!l) throw notFound('This conversation');
    return l;
  }

  /** Creates the steps on first opening, with the greeting and the first question in the log. */
  private async started(l: Loaded, lang: Lang): Promise<Loaded> {
    if (l.steps.length > 0 || l.conv.state !== 'open') return l;
    const now = new Date().toISOString();
    const rows: StepRow[] = l.flow.steps.map((s, position) => ({
      conversation_id: l.conv.id,
      step_key: s.key,
      position,
      module: s.module,
      status: 'pending',
      answer: null,
      attempts: '[]',
      flagged: 0,
      flag_reason: null,
      version: 0,
      created_at: now,
      updated_at: now,
    }));
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await insertSteps(trx, rows))) return;
      const g = greetingText(lang, l.flow);
      await this.log(trx, l.conv.id, 'dossier', null, [g.lines.join(' '), ...g.facts.map((f) => `${f.label}: ${f.value}`), ...g.after].join('\n'));
      const first = l.flow.steps[0];
      if (first) await this.log(trx, l.conv.id, 'dossier', first.module, `${render(lang, first.title)}\n${render(lang, first.prompt)}`);
    });
    this.ctx.log.info({ conversationId: l.conv.id, steps: rows.length }, 'dialog started');
    return { ...l, steps: await listSteps(this.ctx.db, l.conv.id) };
  }

  /** The current step, which must be `key` (and of `kind` when given); anything else is refused. */
  private current(l: Loaded, key: string, kind?: FlowStep['kind']): { step: FlowStep; row: StepRow } {
    if (l.conv.state !== 'open') throw conflict('This conversation is complete.');
    const row = l.steps.find((s) => s.status === 'pending');
    if (!row || row.step_key !== key) throw conflict('This is not the current step; reload the dialog.');
    const step = l.flow.steps.find((s) => s.key === key)!;
    if (kind && step.kind !== kind) throw invalid(`This step does not take this kind of input.`);
    return { step, row };
  }

  /** After `doneKey` is finished: asks the next pending step, or presents the summary. */
  private async advance(trx: Db, l: Loaded, doneKey: string, lang: Lang): Promise<void> {
    const pending = new Set(l.steps.filter((s) => s.status === 'pending' && s.step_key !== doneKey).map((s) => s.step_key));
    const next = l.flow.steps.find((s) => pending.has(s.key));
    if (next) await this.log(trx, l.conv.id, 'dossier', next.module, `${render(lang, next.title)}\n${render(lang, next.prompt)}`);
    else await this.log(trx, l.conv.id, 'dossier', null, t(lang, 'summary.ready'));
  }

  private log(db: Db, id: string, author: 'dossier' | 'user', module: string | null, text: string, file?: FileRow) {
    return appendMessage(db, id, { author, module, text, attachments: file ? [{ document_id: file.document_id, file_name: file.file_name }] : [] });
  }

  /** The step's latest file that was asked to be translated and has no translation yet. */
  private async untranslatedOriginal(id: string, key: string, files: FileRow[]): Promise<string | undefined> {
    const mine = files.filter((f) => f.step_key === key);
    if (mine.length === 0) return undefined;
    const [findings, links] = await Promise.all([listFindingsOfConversation(this.ctx.db, id), translationIdsOfConversation(this.ctx.db, id)]);
    const needing = new Set(findings.filter((f) => f.code === TRANSLATION_NEEDED && f.document_id).map((f) => f.document_id!));
    const linked = new Set(links.flatMap((t) => [t.original_id, t.translation_id]));
    return [...mine].reverse().find((f) => needing.has(f.document_id) && !linked.has(f.document_id))?.document_id;
  }

  /** Every file of the dialog with its findings as the user sees them; announces newly finished checks. */
  private async fileStates(l: Loaded, lang: Lang): Promise<FileState[]> {
    // Which checks are ready is read before their findings: a check's findings are stored in the
    // transaction that marks it ready, so a check seen ready here has its findings in the read
    // below, even while another process finishes checks in between (the other order could show a
    // finished check with none).
    const files = await listFiles(this.ctx.db, l.conv.id);
    const readySet = new Set<string>();
    for (const row of files) {
      if (row.verification_id && (row.announced === 1 || (await findVerificationById(this.ctx.db, row.verification_id))?.status === 'ready')) readySet.add(row.verification_id);
    }
    const findings = readySet.size ? await listFindingsOfConversation(this.ctx.db, l.conv.id) : [];
    const byVerification = new Map<string, StoredFinding[]>();
    for (const f of findings) byVerification.set(f.verification_id, [...(byVerification.get(f.verification_id) ?? []), f]);
    const out: FileState[] = [];
    for (const row of files) {
      const step = l.flow.steps.find((s) => s.key === row.step_key);
      if (!row.verification_id || !step) {
        out.push({ row, findings: [] });
        continue;
      }
      const ready = readySet.has(row.verification_id);
      const shown = ready ? presentFindings(lang, byVerification.get(row.verification_id) ?? [], { file: row.file_name, name: step.verifyName, params: findingParams(l.facts, lang, step) }) : null;
      if (ready && row.announced === 0 && l.conv.state === 'open') await this.announce(l.conv.id, step, row, shown!, lang);
      out.push({ row, findings: shown });
    }
    return out;
  }

  private async announce(id: string, step: FlowStep, row: FileRow, shown: { message: string }[], lang: Lang): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await markAnnounced(trx, row.document_id))) return;
      const text = shown.length
        ? [t(lang, 'findings.intro', { file: row.file_name }), ...shown.map((s) => `- ${s.message}`), t(lang, 'findings.ways')].join('\n')
        : t(lang, 'findings.ok', { file: row.file_name });
      await this.log(trx, id, 'dossier', step.module, text, row);
    });
  }

  private async view(l: Loaded, lang: Lang): Promise<View> {
    const files = await this.fileStates(l, lang);
    const comments = new Map<string, { id: string; text: string }[]>();
    for (const c of await listCommentsOfConversation(this.ctx.db, l.conv.id)) {
      if (c.author !== 'user') continue;
      comments.set(c.issue_id, [...(comments.get(c.issue_id) ?? []), { id: c.id, text: c.comment_text }]);
    }
    return buildView({
      conversationId: l.conv.id,
      lang,
      requester: l.brand.displayName,
      brand: viewBrand(l.client.id, l.brand),
      company: l.caseRow.company_full_name,
      completed: l.conv.state !== 'open',
      flow: l.flow,
      steps: l.steps,
      files,
      comments,
    });
  }

  private transaction(f: CaseFacts) {
    return {
      company: f.company_full_name,
      counterparty: f.trx_counterparty_full_name,
      others: [f.ultimate_debtor, f.ultimate_creditor].filter((x): x is string => !!x),
      amount: f.trx_amount,
      currency: f.trx_currency,
    };
  }

  /** What the conversation's documents say (extracted fields, findings), as text lines. */
  private async documentFacts(id: string): Promise<string[]> {
    const [docs, findings] = await Promise.all([listDocumentsOfConversation(this.ctx.db, id), listFindingsOfConversation(this.ctx.db, id)]);
    const strings = (v: unknown): string[] =>
      typeof v === 'string' || typeof v === 'number' ? [String(v)] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];
    return [...docs.flatMap((d) => strings(decodeExtractedData(d.extracted_data))), ...findings.map((f) => f.text)];
  }
}
