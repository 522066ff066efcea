// Verification tasks: created against an uploaded document, run as a durable job, read back as
// check results. The job is idempotent: running it again replaces the findings with the same ids.
import { newId } from '../lib/ids.ts';
import type { ServiceContext } from '../context.ts';
import type { ApiClient, FindingRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { ownedVerification } from '../http/access.ts';
import { isUuid } from '../lib/uuid.ts';
import { runVerificationJob } from './verifications.jobs.ts';
import { appendMessage } from '../db/conversations.repo.ts';
import { findDocumentById, readMegapixelsSpent, updateDocument } from '../db/documents.repo.ts';
import { refreshCaseParties } from '../db/case-search.repo.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import { findCaseById } from '../db/cases.repo.ts';
import { ACCEPTED_MEDIA_TYPES, caseFactsFrom, findingRowId, read as readDocument, readingStopped, verify, type AcceptedMediaType, type ReadDocument } from '../document-engine/index.ts';
import { engineInputs } from './verification-inputs.ts';
import { BlobCorruptError, BlobMissingError } from '../storage/blobs.ts';
import type { CreateVerificationInput } from './verifications.schemas.ts';
import type { DocumentRow } from '../db/schema.ts';
import { completeVerification, findVerificationById, insertVerification, listFindingsOfVerification } from '../db/verifications.repo.ts';
import { findDocumentLanguages } from '../db/translations.repo.ts';

/** The read option that trusts a stored media type, when it is one reading accepts. */
function sniffedAs(mediaType: string): { sniffed?: AcceptedMediaType } {
  const accepted = ACCEPTED_MEDIA_TYPES.find((t) => t === mediaType);
  return accepted ? { sniffed: accepted } : {};
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
      await this.ctx.jobs.enqueue(trx, runVerificationJob, { verificationId: id }, { dedupeKey: `verification:${id}`, fairKey: client.id });
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
    // An uploaded file was sniffed at upload (its media_type is what its bytes are); it is not sniffed again.
    const budget = await this.readingBudget(doc);
    // Readings of different API clients take turns for the reading threads.
    const read = await readDocument(
      bytes,
      doc.media_type,
      { maxPages: this.ctx.config.MAX_PDF_PAGES, maxMegapixels: budget.megapixels, budgetOf: budget.of, ...(doc.source === 'upload' ? sniffedAs(doc.media_type) : {}) },
      v.client_id,
    );
    const accepted = (await findDocumentLanguages(this.ctx.db, v.client_id)) ?? this.ctx.config.DOCUMENT_LANGUAGES;
    const out = verify({
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
      verificationId: v.id,
      acceptedLanguages: accepted,
    });
    if (out.failure !== undefined) this.ctx.log.error({ err: out.failure, verificationId: v.id }, 'verification engine failed; answering with what was read');
    const at = new Date().toISOString();
    const findings: FindingRow[] = out.results.map((f) => ({
      id: findingRowId(v.id, f.position),
      conversation_id: v.conversation_id,
      verification_id: v.id,
      document_id: doc.id,
      issue_id: f.issue_id,
      code: f.code,
      severity: f.severity,
      text: f.text,
      position: f.position,
      created_at: at,
      source: 'verification',
    }));
    await this.ctx.db.transaction().execute(async (trx) => {
      await completeVerification(trx, v.id, findings, at);
      await updateDocument(trx, doc.id, {
        document_type: v.document_type,
        rejected: out.rejected ? 1 : 0,
        extracted_data: JSON.stringify(out.extracted),
        read_megapixels: readCost(read, budget.megapixels),
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

  /** What reading this document may decode (megapixels): the least of its own budget and what its conversation and its API client (last hour) have left. */
  private async readingBudget(doc: DocumentRow): Promise<{ megapixels: number; of: 'document' | 'conversation' | 'client' }> {
    const c = this.ctx.config;
    const spent = await readMegapixelsSpent(this.ctx.db, { conversationId: doc.conversation_id, clientId: doc.client_id, since: new Date(Date.now() - 3_600_000).toISOString(), except: doc.id });
    const options = [
      { megapixels: c.READ_MAX_DOCUMENT_MEGAPIXELS, of: 'document' as const },
      { megapixels: Math.max(0, c.READ_MAX_CONVERSATION_MEGAPIXELS - spent.conversation), of: 'conversation' as const },
      { megapixels: Math.max(0, c.READ_MAX_CLIENT_MEGAPIXELS_PER_HOUR - spent.client), of: 'client' as const },
    ];
    return options.reduce((a, b) => (b.megapixels < a.megapixels ? b : a));
  }
}

/** Megapixels a reading cost, for the budgets: what it decoded; a reading stopped by its time limit or a crash is charged its whole budget (what it decoded is unknown). */
function readCost(read: ReadDocument, budgetMegapixels: number): number {
  if (read.decodedPixels !== undefined) return Math.ceil(read.decodedPixels / 1e6);
  return readingStopped(read.problems) ? budgetMegapixels : 0;
}
