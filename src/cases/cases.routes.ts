// Endpoints 1–3 and the case-level PDF report.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import { apiClientOf } from '../http/auth.ts';
import type { ClientRef } from '../http/access.ts';
import { CaseParams, commonErrors } from '../http/schemas.ts';
import type { CasesService } from './cases.service.ts';
import { CaseCreatedResponse, CaseNotCreatedResponse, ConversationCreatedResponse, ConversationNotCreatedResponse, CreateCaseBody, CreateFollowUpBody } from './cases.schemas.ts';
import { sendBlob } from '../http/send-blob.ts';

/** What these routes use. The case report's file is kept by features above cases, so it is described here. */
export interface CasesRoutesOptions {
  cases: CasesService;
  conversations: { casePdfReport(client: ClientRef, caseId: string): Promise<{ sha256: string; fileName: string; superseded: boolean; reportedAt: string | null }> };
  reports: { caseReport(report: { sha256: string; superseded: boolean; reportedAt: string | null }): Promise<NodeJS.ReadableStream> };
}

export const casesRoutes: FastifyPluginAsyncTypebox<CasesRoutesOptions> = async (app, services) => {
  app.post(
    '/cases',
    {
      config: { failureResult: 'case_not_created' },
      schema: {
        tags: ['cases'],
        summary: 'Create a case and its first conversation',
        body: CreateCaseBody,
        response: { 201: CaseCreatedResponse, 400: CaseNotCreatedResponse, 401: CaseNotCreatedResponse, 413: CaseNotCreatedResponse, 415: CaseNotCreatedResponse },
      },
    },
    async (request, reply) => {
      const created = await services.cases.create(apiClientOf(request), request.body);
      return reply.status(201).send({ result: 'case_created', ...created });
    },
  );

  app.post(
    '/cases/:case_id/conversations',
    {
      config: { failureResult: 'conversation_not_created' },
      schema: {
        tags: ['cases'],
        summary: 'Create a follow-up conversation in a case',
        params: CaseParams,
        body: CreateFollowUpBody,
        response: { 201: ConversationCreatedResponse, 400: ConversationNotCreatedResponse, 404: ConversationNotCreatedResponse },
      },
    },
    async (request, reply) => {
      const { case_id } = request.params;
      const created = await services.cases.createFollowUp(apiClientOf(request), case_id, request.body);
      return reply.status(201).send({ result: 'conversation_created', ...created });
    },
  );

  // The result is sent as JSON text made by the service; its schema lists only the error answers.
  app.get<{ Params: Static<typeof CaseParams>; Reply: string | FastifyReply }>(
    '/cases/:case_id/result',
    {
      schema: {
        tags: ['cases'],
        summary: 'Read the case result; poll until status is ready',
        description: 'Answers {case_id, status: "not_ready"} or {case_id, status: "ready", result: case result}. See the README for every field.',
        params: CaseParams,
        response: commonErrors,
      },
    },
    // Not async: on SQLite the answer is ready at once and is sent without a turn of the event loop.
    (request, reply) => {
      const { case_id } = request.params;
      const json = services.cases.resultJson(apiClientOf(request), case_id);
      if (typeof json === 'string') return reply.type('application/json; charset=utf-8').send(json);
      return json.then((text) => reply.type('application/json; charset=utf-8').send(text));
    },
  );

  app.get(
    '/cases/:case_id/report.pdf',
    { schema: { tags: ['reports'], summary: 'Download the case risk assessment report (PDF)', params: CaseParams, response: commonErrors } },
    async (request, reply) => {
      const { case_id } = request.params;
      const report = await services.conversations.casePdfReport(apiClientOf(request), case_id);
      return sendBlob(reply, await services.reports.caseReport(report), 'application/pdf', report.fileName, 'inline');
    },
  );
};
