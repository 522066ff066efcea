// Endpoints 4–9, document download and the conversation PDF report.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { apiClientOf } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { ConversationParams, commonErrors, ErrorResponse } from '../http/schemas.ts';
import { sendBlob } from '../http/send-blob.ts';
import type { CommentsService } from '../comments/comments.service.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { ReportsService } from '../reports/reports.service.ts';
import type { VerificationsService } from '../verifications/verifications.service.ts';
import { CreateVerificationBody, VerificationCreatedResponse, VerificationResultResponse } from '../verifications/verifications.schemas.ts';
import type { ConversationsService } from './conversations.service.ts';
import { CommentsBody, CommentsSavedResponse, ConversationResultResponse, DocumentCreatedResponse, StatusBody, StatusUpdatedResponse } from './conversations.schemas.ts';

const VerificationParams = Type.Object({ conversation_id: Type.String(), verification_id: Type.String() });
const DocumentParams = Type.Object({ document_id: Type.String() });
const withConflict = { ...commonErrors, 409: ErrorResponse };
const UploadQuery = Type.Object({
  translation_of: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The document_id of a document of this conversation that this file is a translation of (an English translation makes that document `translated`).',
    }),
  ),
});

/** What the conversation routes use. */
export interface ConversationsRoutesOptions {
  conversations: ConversationsService;
  documents: DocumentsService;
  verifications: VerificationsService;
  comments: CommentsService;
  reports: ReportsService;
}

/**
 * Endpoint 4, the one multipart route: registered in a scope of its own with the multipart parser,
 * so the other routes pay nothing for it (the parser hooks every request of its scope).
 */
export const documentUploadRoute: FastifyPluginAsyncTypebox<{ documents: DocumentsService }> = async (app, services) => {
  app.post(
    '/conversations/:conversation_id/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'Upload a document: multipart/form-data with one part named "file"',
        consumes: ['multipart/form-data'],
        params: ConversationParams,
        querystring: UploadQuery,
        response: { 201: DocumentCreatedResponse, ...withConflict, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { conversation_id } = request.params;
      const client = apiClientOf(request);
      await services.documents.openConversation(client, conversation_id);
      if (!request.isMultipart()) {
        throw new AppError('unsupported_media_type', 'Send the document as multipart/form-data with one part named "file".');
      }
      const file = await readSingleFile(request);
      const created = await services.documents.upload(client, conversation_id, file, 'api', null, undefined, request.query.translation_of);
      return reply.status(201).send(created);
    },
  );
};

export const conversationsRoutes: FastifyPluginAsyncTypebox<ConversationsRoutesOptions> = async (app, services) => {
  app.get(
    '/documents/:document_id/download',
    { schema: { tags: ['documents'], summary: 'Download a document (the download_link of client documents)', params: DocumentParams, response: commonErrors } },
    async (request, reply) => {
      const { document_id } = request.params;
      const { doc, stream } = await services.documents.forDownload(apiClientOf(request), document_id);
      return sendBlob(reply, stream, doc.media_type, doc.file_name);
    },
  );

  app.post(
    '/conversations/:conversation_id/verifications',
    {
      schema: {
        tags: ['verifications'],
        summary: 'Start a verification of an uploaded document',
        params: ConversationParams,
        body: CreateVerificationBody,
        response: { 201: VerificationCreatedResponse, ...withConflict },
      },
    },
    async (request, reply) => {
      const { conversation_id } = request.params;
      const created = await services.verifications.create(apiClientOf(request), conversation_id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/conversations/:conversation_id/verifications/:verification_id',
    {
      schema: {
        tags: ['verifications'],
        summary: 'Read a verification; poll until status is ready',
        params: VerificationParams,
        response: { 200: VerificationResultResponse, ...commonErrors },
      },
    },
    async (request) => {
      const { conversation_id, verification_id } = request.params;
      return services.verifications.result(apiClientOf(request), conversation_id, verification_id);
    },
  );

  app.post(
    '/conversations/:conversation_id/comments',
    {
      schema: {
        tags: ['conversations'],
        summary: 'Comment on issues found',
        params: ConversationParams,
        body: CommentsBody,
        response: { 200: CommentsSavedResponse, ...withConflict },
      },
    },
    async (request) => {
      const { conversation_id } = request.params;
      return services.comments.add(apiClientOf(request), conversation_id, request.body);
    },
  );

  app.post(
    '/conversations/:conversation_id/status',
    {
      schema: {
        tags: ['conversations'],
        summary: 'Complete the conversation; starts result and report generation',
        params: ConversationParams,
        body: StatusBody,
        response: { 200: StatusUpdatedResponse, ...commonErrors },
      },
    },
    async (request) => {
      const { conversation_id } = request.params;
      return services.conversations.complete(apiClientOf(request), conversation_id);
    },
  );

  app.get(
    '/conversations/:conversation_id/result',
    {
      schema: {
        tags: ['conversations'],
        summary: 'Read the conversation result; poll until status is ready',
        params: ConversationParams,
        response: { 200: ConversationResultResponse, ...commonErrors },
      },
    },
    async (request) => {
      const { conversation_id } = request.params;
      return services.conversations.result(apiClientOf(request), conversation_id);
    },
  );

  app.get(
    '/conversations/:conversation_id/report.pdf',
    { schema: { tags: ['reports'], summary: 'Download the PDF report of a conversation (pdf_report_link)', params: ConversationParams, response: withConflict } },
    async (request, reply) => {
      const { conversation_id } = request.params;
      const report = await services.conversations.pdfReport(apiClientOf(request), conversation_id);
      return sendBlob(reply, await services.reports.blob(report.sha256), 'application/pdf', report.fileName, 'inline');
    },
  );
};

const ONE_FILE = 'Send exactly one part, named "file", holding the document.';

/** Reads the multipart body, which must hold one file part named "file" and nothing else. */
async function readSingleFile(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string | undefined }> {
  let found: { bytes: Buffer; fileName: string | undefined } | undefined;
  try {
    found = await readParts(request);
  } catch (err) {
    // The multipart parser throws plain errors for malformed bodies (no boundary, cut short).
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    throw new AppError('invalid_request', `The multipart body is malformed (${(err as Error).message}). ${ONE_FILE}`);
  }
  if (!found) throw new AppError('invalid_request', `No file was sent. ${ONE_FILE}`);
  return found;
}

async function readParts(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string | undefined } | undefined> {
  let found: { bytes: Buffer; fileName: string | undefined } | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file' || part.fieldname !== 'file' || found) {
      if (part.type === 'file') part.file.resume();
      const what = part.type === 'file' && part.fieldname === 'file' ? 'a second file' : `a part named "${part.fieldname}"`;
      throw new AppError('invalid_request', `The request holds ${what}. ${ONE_FILE}`, [{ path: `/${part.fieldname}`, message: 'unexpected part' }]);
    }
    found = { bytes: await part.toBuffer(), fileName: part.filename };
  }
  return found;
}
