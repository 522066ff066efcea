// Verification tasks: created against an uploaded document, run as a durable job, read back as
// check results. The job is idempotent: running it again replaces the findings with the same ids.
import crypto from 'node:crypto';
import { newId } from '../lib/ids.ts';
import type { ServiceContext } from '../context.ts';
import type { ApiClient, DocumentRow, FindingRow, VerificationRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { ownedVerification } from '../http/access.ts';
import { isUuid } from '../lib/uuid.ts';
import { runVerificationJob } from './verifications.jobs.ts';
import { appendMessage } from '../db/conversations.repo.ts';
import { findDocumentById, updateDocument } from '../db/documents.repo.ts';
import { refreshCaseParties } from '../db/case-search.repo.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import { findCaseById } from '../db/cases.repo.ts';
import type { ReadDocument } from '../document-engine/document-model.ts';
import { verifyRead, type EngineOutput } from '../document-engine/engine.ts';
import { readDocument } from '../document-engine/reading/index.ts';
import { finding, RULES } from '../document-engine/rules/catalogue.ts';
import { caseFactsFrom } from '../document-engine/rules/context.ts';
import { engineInputs } from './verification-inputs.ts';
import { BlobCorruptError, BlobMissingError } from '../storage/blobs.ts';
import type { CreateVerificationInput } from './verifications.schemas.ts';
import { completeVerification, findVerificationById, insertVerification, listFindingsOfVerification } from '../db/verifications.repo.ts';
import { findDocumentLanguages } from '../db/translations.repo.ts';
import { TRANSLATION_NEEDED } from './findings.ts';

/** `<rule code>-<8 hex>`, derived from the verification and position so re-runs keep the ids. */
export function issueIdFor(verificationId: string, position: number, code: string): string {
  const h = crypto.createHash('sha256').update(`${verificationId}:${position}`).digest('hex').slice(0, 8);
  return `${code}-${h}`;
}

export class VerificationsService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly documents: DocumentsService,
  ) {}

  async create(client: ApiClient, conversationId: string, input: CreateVerificationInput) {
    const conversation = await this.documents.openConversation(client, conversationId);
    const doc = isUuid(input.document_id) ? await findDocumentById(this.ctx.db, input.document_id) : undefined;
    if (!doc || doc.conversation_id !== conversation.id) {
      throw new AppError('unknown_document', `document_id ${input.document_id} is not a document of conversation ${conversationId}; upload it first (endpoint 4).`, [
        { path: '/document_id', message: 'no such document in this conversation' },
      ]);
    }
    const id = newId();
    await this.ctx.db.transaction().execute(async (trx) => {
      await insertVerification(trx, {
        id,
        conversation_id: conversation.id,
        client_id: client.id,
        document_id: doc.id,
        document_type: input.verification_task.document_type,
        company_full_name: input.verification_task.company_full_name,
        status: 'not_ready',
        created_at: new Date().toISOString(),
        completed_at: null,
      });
      await this.ctx.jobs.enqueue(trx, runVerificationJob, { verificationId: id }, { dedupeKey: `verification:${id}` });
    });
    this.ctx.jobs.notify();
    return { verification_id: id };
  }

  async result(client: ApiClient, conversationId: string, verificationId: string) {
    const v = await ownedVerification(this.ctx.db, client.id, conversationId, verificationId);
    if (v.status !== 'ready') return { status: 'not_ready' as const };
    const findings = await listFindingsOfVerification(this.ctx.db, v.id);
    return {
      status: 'ready' as const,
      result: { check_results: findings.map((f) => ({ issue_id: f.issue_id, severity: f.severity, text: f.text })) },
    };
  }

  /** Job handler: read the file, run the engine, store findings and extracted data. Ends ready, unless the stored file cannot be read (the job is then retried). */
  async run(payload: { verificationId: string }): Promise<void> {
    const v = await findVerificationById(this.ctx.db, payload.verificationId);
    if (!v || v.status === 'ready') return;
    const doc = await findDocumentById(this.ctx.db, v.document_id);
    if (!doc) throw new Error(`document ${v.document_id} of verification ${v.id} is missing`);
    const caseRow = await findCaseById(this.ctx.db, doc.case_id);
    if (!caseRow) throw new Error(`case ${doc.case_id} of document ${doc.id} is missing`);
    // A file this process cannot read from storage says nothing about the document: the job fails
    // and is retried with backoff (another process, or the mended storage, may have it) rather than
    // answering the client with a finding against their document.
    const bytes = await this.ctx.blobs.get(doc.blob_sha256).catch((err: unknown) => {
      if (err instanceof BlobMissingError || err instanceof BlobCorruptError) {
        this.ctx.log.error({ err, documentId: doc.id, verificationId: v.id }, 'stored file not readable; the verification will be retried');
      }
      throw err;
    });
    const inputs = await engineInputs(this.ctx.db, caseRow, doc);
    const read = await readDocument(bytes, doc.media_type, { maxPages: this.ctx.config.MAX_PDF_PAGES });
    const out = this.analyse(v, doc, read, inputs);
    const language = typeof out.extracted.language === 'string' ? out.extracted.language : null;
    const accepted = (await findDocumentLanguages(this.ctx.db, v.client_id)) ?? this.ctx.config.DOCUMENT_LANGUAGES;
    const found = [...out.findings, ...translationNeeded(language, accepted, doc.file_name)];
    const at = new Date().toISOString();
    const findings: FindingRow[] = found.map((f, position) => ({
      id: crypto.createHash('sha256').update(`${v.id}:${position}:row`).digest('hex').slice(0, 32),
      conversation_id: v.conversation_id,
      verification_id: v.id,
      document_id: doc.id,
      issue_id: issueIdFor(v.id, position, f.code),
      code: f.code,
      severity: f.severity,
      // Reading's sentences about the file never name it; say which file they are about.
      text: READING_PROBLEMS.has(f.code) ? `${doc.file_name}: ${f.text}` : f.text,
      position,
      created_at: at,
      source: 'verification',
    }));
    await this.ctx.db.transaction().execute(async (trx) => {
      await completeVerification(trx, v.id, findings, at);
      await updateDocument(trx, doc.id, {
        document_type: v.document_type,
        rejected: out.rejected ? 1 : 0,
        extracted_data: JSON.stringify(out.extracted),
      });
      await refreshCaseParties(trx, doc.case_id);
      await appendMessage(trx, v.conversation_id, {
        author: 'dossier',
        text: `Checked ${doc.file_name} as ${v.document_type}: ${findings.length === 0 ? 'no issues found' : `${findings.length} issue${findings.length === 1 ? '' : 's'} found`}.`,
        attachments: [{ document_id: doc.id, file_name: doc.file_name }],
      });
    });
    this.ctx.log.info({ verificationId: v.id, documentType: out.type, confidence: out.classification?.confidence, findings: findings.length, readMs: read.timings.total }, 'verification ready');
  }

  /** The engine is pure; a defect in it must still leave the verification answered, with a finding saying so. */
  private analyse(
    v: VerificationRow,
    doc: DocumentRow,
    read: ReadDocument,
    inputs: Awaited<ReturnType<typeof engineInputs>>,
  ): Pick<EngineOutput, 'findings' | 'rejected' | 'extracted' | 'type' | 'classification'> {
    try {
      return verifyRead({
        read,
        documentId: doc.id,
        others: inputs.others,
        // The rationale is checked at completion, when every document it may refer to is in.
        sameFileElsewhere: inputs.sameFileElsewhere,
        ctx: {
          case: caseFactsFrom(inputs.caseData, v.company_full_name),
          task: { requested_type: v.document_type, company_full_name: v.company_full_name, file_name: doc.file_name },
          today: new Date().toISOString().slice(0, 10),
        },
      });
    } catch (err) {
      this.ctx.log.error({ err, verificationId: v.id }, 'verification engine failed; answering with what was read');
      return {
        findings: [...read.problems, finding('verification_incomplete', 'The checks after reading could not be completed; an analyst should review the document.')],
        rejected: !read.readable,
        extracted: { page_count: read.pageCount, pages_read: read.pages.length, requested_type: v.document_type, company_name_match: null },
        type: null,
        classification: null,
      };
    }
  }
}

/**
 * A document read in a language the client does not accept documents in (DOCUMENT_LANGUAGES or the
 * client's own list) asks for an English translation; the dialog shows it, and a file uploaded next
 * in the same step is taken as that translation. Nothing when the language could not be told. An
 * information, not a warning: a document in another language is no sign of risk.
 */
export function translationNeeded(language: string | null, accepted: string[], fileName: string): { code: string; severity: 'info'; text: string }[] {
  if (!language || accepted.includes(language)) return [];
  const name = (code: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  return [
    {
      code: TRANSLATION_NEEDED,
      severity: 'info',
      text: `${fileName} is in ${name(language)}, not in ${accepted.map(name).join(' or ')}; please also upload an English translation of it (in the dialog: in the same step).`,
    },
  ];
}

/** Codes of findings the reading layer raises about the file itself. */
const READING_PROBLEMS = new Set(RULES.filter((r) => r.scope === 'file').map((r) => r.code));
