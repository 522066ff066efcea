// The web report (web_report_link), readable by back-office users of the owning API client.
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { requireUser } from '../http/auth.ts';
import { isUuid } from '../http/ids.ts';
import { findConversationById } from '../conversations/conversations.repo.ts';
import type { Services } from '../services.ts';
import type { ServiceContext } from '../context.ts';
import { escapeHtml } from './html-escape.ts';

const Params = Type.Object({ conversation_id: Type.String() });

export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

function messagePage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
}

export function reportsRoutes(app: FastifyInstance, ctx: ServiceContext, services: Services): void {
  app.get(
    '/reports/:conversation_id',
    { schema: { hide: true, params: Params }, onRequest: requireUser(services.users) },
    async (request, reply) => {
      const { conversation_id } = request.params as Static<typeof Params>;
      const conv = isUuid(conversation_id) ? await findConversationById(ctx.db, conversation_id) : undefined;
      reply.header('Content-Security-Policy', REPORT_CSP).header('Cache-Control', 'private, no-store').type('text/html; charset=utf-8');
      if (!conv || conv.client_id !== request.user?.client_id) {
        return reply.status(404).send(messagePage('Report not found', 'There is no report at this address for your organisation.'));
      }
      if (!conv.web_report_blob) {
        return reply.status(404).send(messagePage('Report not ready', 'This conversation is not finished or its report is still being generated. Try again in a few seconds.'));
      }
      return reply.send(services.reports.blob(conv.web_report_blob));
    },
  );
}
