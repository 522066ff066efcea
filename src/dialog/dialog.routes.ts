// The address handed out as the dialog link ({PUBLIC_URL}/dialog?id=<conversation_id>). The id is
// the only capability, so unknown ids and finished conversations get a plain page, never data.
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { ServiceContext } from '../context.ts';
import { isUuid } from '../http/ids.ts';
import { findConversationById } from '../conversations/conversations.repo.ts';
import { findCaseById } from '../cases/cases.repo.ts';
import { escapeHtml } from '../reports/html-escape.ts';

const Query = Type.Object({ id: Type.Optional(Type.String()), lang: Type.Optional(Type.String()) });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;min-height:100vh;box-sizing:border-box;color:#1a1a1a}main{max-width:40rem;margin:0 auto}h1{font-size:1.4rem}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function dialogRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  app.get('/dialog', { schema: { hide: true, querystring: Query } }, async (request, reply) => {
    const { id } = request.query as Static<typeof Query>;
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const conv = id && isUuid(id) ? await findConversationById(ctx.db, id) : undefined;
    if (!conv) return reply.status(404).send(page('Link not valid', '<p>This link does not lead to a conversation. Please check the link you were given.</p>'));
    if (conv.state !== 'open') return reply.send(page('Thank you', '<p>This conversation is complete. There is nothing more to do here.</p>'));
    const caseRow = await findCaseById(ctx.db, conv.case_id);
    const modules = (JSON.parse(conv.modules) as { module: string; document_name?: string; subject?: string }[])
      .map((m) => `<li>${escapeHtml(m.document_name ?? m.subject ?? m.module.replace(/_/g, ' '))}</li>`)
      .join('');
    return reply.send(
      page(
        `Information requested for ${caseRow?.company_full_name ?? 'your company'}`,
        `<p>Your bank asks for the following:</p><ul>${modules}</ul><p>The step-by-step dialog for this request is being prepared; your bank may also collect these through its own channel.</p>`,
      ),
    );
  });
}
