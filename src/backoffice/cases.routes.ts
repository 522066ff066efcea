// Case list, case view and what an analyst does on a case: comment on an issue, create a follow-up
// (which sends the new-follow-up notification), re-send an invitation or a webhook. Every form
// posts, then redirects back with a short notice (post/redirect/get).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../http/errors.ts';
import { csrfChecked, signedIn, viewerOf, type BackofficeDeps } from './guards.ts';
import { CaseListService } from './case-list.service.ts';
import { CaseViewService } from './case-view.service.ts';
import { describeProblem, followUpBody, inviteRecipients, readFollowUpForm } from './follow-up-form.ts';
import { findingAnchor } from './views/case-sections.ts';
import { casePage } from './views/case-page.ts';
import { followUpPage } from './views/follow-up-page.ts';
import { listPage } from './views/list-page.ts';
import type { Flash } from './views/layout.ts';

// The rule the API's "email" format applies (ajv-formats), so the form refuses what the API would.
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const NOTICES: Record<string, Flash> = {
  comment: { kind: 'success', text: 'Comment saved. It appears beside the issue in the reports.' },
  'comment-late': { kind: 'success', text: 'Comment saved beside the issue. The stored reports of that conversation stay unchanged; it goes into the next case report.' },
  'follow-up': { kind: 'success', text: 'Follow-up created. The new-follow-up webhook is on its way; copy the dialog link below to send it yourself.' },
  'follow-up-invited': { kind: 'success', text: 'Follow-up created, the webhook is on its way and the invitation e-mail is queued.' },
  invitation: { kind: 'success', text: 'The invitation e-mail is queued again.' },
  resent: { kind: 'success', text: 'The message is queued to be sent again.' },
};

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function back(reply: FastifyReply, caseId: string, notice: string, anchor = '') {
  return reply.redirect(`/backoffice/cases/${caseId}?notice=${notice}${anchor ? `#${anchor}` : ''}`, 303);
}

export function casesRoutes(app: FastifyInstance, deps: BackofficeDeps): void {
  const { ctx, services } = deps;
  const view = new CaseViewService(ctx, services);
  const list = new CaseListService(ctx);
  const html = (reply: FastifyReply) => reply.type('text/html; charset=utf-8');

  app.get('/backoffice/cases', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const session = request.backoffice!;
    const { q, rows, total, capped, counts } = await list.page(session.user.client_id, request.query as Body);
    return html(reply).send(listPage({ viewer: viewerOf(session), q, rows, total, capped, counts }));
  });

  app.get('/backoffice/cases/:case_id', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const session = request.backoffice!;
    const { case_id } = request.params as { case_id: string };
    const loaded = await view.load(session.user, case_id);
    const notice = NOTICES[str((request.query as Body).notice)] ?? null;
    return html(reply).send(casePage({ viewer: viewerOf(session), view: loaded, flash: notice, dialogLink: ctx.links.dialog }));
  });

  app.post('/backoffice/cases/:case_id/comments', { schema: { hide: true }, preHandler: csrfChecked }, async (request, reply) => {
    const session = request.backoffice!;
    const { case_id } = request.params as { case_id: string };
    const body = request.body as Body;
    const caseRow = await view.caseOf(session.user, case_id);
    const conversationId = str(body.conversation_id);
    if (!(await view.isConversationOf(caseRow, conversationId))) throw new AppError('not_found', 'That conversation is not part of this case.');
    const { afterReport } = await view.comment(session.user, conversationId, str(body.issue_id), str(body.comment_text));
    return back(reply, caseRow.id, afterReport ? 'comment-late' : 'comment', findingAnchor(conversationId, str(body.issue_id)));
  });

  app.get('/backoffice/cases/:case_id/follow-up', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const session = request.backoffice!;
    const { case_id } = request.params as { case_id: string };
    const caseRow = await view.caseOf(session.user, case_id);
    const form = readFollowUpForm({});
    const defaultInvite = (JSON.parse(caseRow.invitation_email_recipients) as string[]).join(', ');
    return html(reply).send(followUpPage({ viewer: viewerOf(session), caseRow, form, errors: [], defaultInvite }));
  });

  app.post('/backoffice/cases/:case_id/follow-up', { schema: { hide: true }, preHandler: csrfChecked }, async (request, reply) => {
    const session = request.backoffice!;
    const { case_id } = request.params as { case_id: string };
    const caseRow = await view.caseOf(session.user, case_id);
    const form = readFollowUpForm(request.body as Body);
    const { body, problems } = followUpBody(form);
    const recipients = inviteRecipients(form.invite);
    const refuse = (errors: string[]) =>
      html(reply)
        .status(400)
        .send(followUpPage({ viewer: viewerOf(session), caseRow, form, errors, defaultInvite: '' }));
    const badAddress = recipients.find((a) => !EMAIL.test(a) || a.length > 254);
    const errors = problems.map((p) => describeProblem(p, body));
    if (badAddress) errors.push(`E-mail the invitation to: "${badAddress}" is not an e-mail address`);
    if (errors.length) return refuse(errors);
    let created: { conversation_id: string };
    try {
      created = await view.createFollowUp(session.user, caseRow.id, body);
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_request') {
        return refuse(err.details.length ? err.details.map((p) => describeProblem(p, body)) : [err.message]);
      }
      throw err;
    }
    if (recipients.length) await view.invite(session.user, created.conversation_id, recipients);
    return back(reply, caseRow.id, recipients.length ? 'follow-up-invited' : 'follow-up', `conversation-${created.conversation_id}`);
  });

  app.post('/backoffice/conversations/:conversation_id/invitation', { schema: { hide: true }, preHandler: csrfChecked }, async (request, reply) => {
    const session = request.backoffice!;
    const { conversation_id } = request.params as { conversation_id: string };
    const { caseId } = await view.invite(session.user, conversation_id);
    return back(reply, caseId, 'invitation', `conversation-${conversation_id}`);
  });

  app.post('/backoffice/deliveries/:delivery_id/resend', { schema: { hide: true }, preHandler: csrfChecked }, async (request, reply) => {
    const session = request.backoffice!;
    const { delivery_id } = request.params as { delivery_id: string };
    const row = await view.resendDelivery(session.user, delivery_id);
    return back(reply, row.case_id, 'resent', 'deliveries');
  });
}
