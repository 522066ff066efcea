// Verification tasks: created against an uploaded document, run as a durable job, read back as
// check results. The job is idempotent: running it again replaces the findings with the same ids.
import crypto from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import type { ApiClient, FindingRow } from '../storage/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import { JobNames } from '../jobs/queue.ts';
import { appendMessage, findConversation } from '../conversations/conversations.repo.ts';
import { findDocumentById, updateDocument } from '../documents/documents.repo.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import { CheckTimeoutError, runBasicChecks, type CheckOutput } from '../verification/basic-checks.ts';
import type { CreateVerificationInput } from './verifications.schemas.ts';
import { completeVerification, findVerification, findVerificationById, insertVerification, listFindingsOfVerification } from './verifications.repo.ts';

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
    const id = crypto.randomUUID();
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
      await this.ctx.jobs.enqueue(trx, JobNames.runVerification, { verificationId: id }, { dedupeKey: `verification:${id}` });
    });
    this.ctx.jobs.notify();
    return { verification_id: id };
  }

  async result(client: ApiClient, conversationId: string, verificationId: string) {
    const conversation = isUuid(conversationId) ? await findConversation(this.ctx.db, client.id, conversationId) : undefined;
    if (!conversation) throw notFound(`Conversation ${conversationId}`);
    const v = isUuid(verificationId) ? await findVerification(this.ctx.db, conversation.id, verificationId) : undefined;
    if (!v) throw notFound(`Verification ${verificationId}`);
    if (v.status !== 'ready') return { status: 'not_ready' as const };
    const findings = await listFindingsOfVerification(this.ctx.db, v.id);
    return {
      status: 'ready' as const,
      result: { check_results: findings.map((f) => ({ issue_id: f.issue_id, severity: f.severity, text: f.text })) },
    };
  }

  /** Job handler. */
  async run(payload: { verificationId: string }): Promise<void> {
    const v = await findVerificationById(this.ctx.db, payload.verificationId);
    if (!v || v.status === 'ready') return;
    const doc = await findDocumentById(this.ctx.db, v.document_id);
    if (!doc) throw new Error(`document ${v.document_id} of verification ${v.id} is missing`);
    const bytes = await this.ctx.blobs.get(doc.blob_sha256);
    const out = await runBasicChecks({
      bytes,
      mediaType: doc.media_type,
      fileName: doc.file_name,
      companyFullName: v.company_full_name,
      maxPages: this.ctx.config.MAX_PDF_PAGES,
    }).catch((err: unknown) => {
      // A file that cannot be read in time is a finding about the file, not a reason to retry.
      if (!(err instanceof CheckTimeoutError)) throw err;
      return timedOut(doc.file_name, err.timeoutMs);
    });
    const at = new Date().toISOString();
    const findings: FindingRow[] = out.findings.map((f, position) => ({
      id: crypto.createHash('sha256').update(`${v.id}:${position}:row`).digest('hex').slice(0, 32),
      conversation_id: v.conversation_id,
      verification_id: v.id,
      document_id: doc.id,
      issue_id: issueIdFor(v.id, position, f.code),
      code: f.code,
      severity: f.severity,
      text: f.text,
      position,
      created_at: at,
    }));
    await this.ctx.db.transaction().execute(async (trx) => {
      await completeVerification(trx, v.id, findings, at);
      await updateDocument(trx, doc.id, {
        document_type: v.document_type,
        rejected: out.rejected ? 1 : 0,
        extracted_data: JSON.stringify(out.extracted),
      });
      await appendMessage(trx, v.conversation_id, {
        author: 'dossier',
        text: `Checked ${doc.file_name} as ${v.document_type}: ${findings.length === 0 ? 'no issues found' : `${findings.length} issue${findings.length === 1 ? '' : 's'} found`}.`,
        attachments: [{ document_id: doc.id, file_name: doc.file_name }],
      });
    });
    this.ctx.log.info({ verificationId: v.id, findings: findings.length }, 'verification ready');
  }
}

function timedOut(fileName: string, timeoutMs: number): CheckOutput {
  return {
    findings: [{ code: 'file_unreadable', severity: 'critical', text: `${fileName} could not be read within ${Math.round(timeoutMs / 1000)} s; it may be damaged or built to exhaust readers.` }],
    readable: false,
    encrypted: false,
    pageCount: null,
    textLength: 0,
    rejected: true,
    extracted: { unreadable_reason: 'timeout' },
  };
}
