// Case list, case view and what an analyst does on a case: comment on an issue, create a follow-up
// (which sends the new-follow-up notification), re-send an invitation or a webhook. Every form
// posts, then redirects back with a short notice (post/redirect/get).
import { SCREENING_NOTICES } from './screening.routes.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../http/errors.ts';
import { adminOnly, csrfChecked, signedIn, viewerOf, type BackofficeDeps } from './guards.ts';
import { describeProblem, followUpBody, inviteRecipients, readFollowUpForm } from './follow-up-form.ts';
import { findingAnchor } from './views/case-sections.ts';
import { casePage } from './views/case-page.ts';
import { followUpPage } from './views/follow-up-page.ts';
import { listPage } from './views/list-page.ts';
import type { Flash } from './views/layout.ts';
import { DECISION_NOTICES } from './decisions.routes.ts';
import { storedStrings } from '../lib/stored-json.ts';

// The rule the API's "email" format applies (ajv-formats), so the form refuses what the API would.
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const NO_SMTP = 'no e-mail server is configured (SMTP_URL), so e-mails are written to files on the server';

const NOTICES: Record<string, Flash> = {
  comment: { kind: 'success', text: 'Comment saved. It appears beside the issue in the reports.' },
  'comment-late': { kind: 'success', text: 'Comment saved beside the issue. The stored reports of that conversation stay unchanged; it goes into the next case report.' },
  ...followUpNotices(),
  invitation: { kind: 'success', text: 'The invitation e-mail is queued again, to be sent.' },
  'invitation-file': { kind: 'info', text: `The invitation e-mail is not sent: ${NO_SMTP}; copy the dialog link below to send it yourself.` },
  resent: { kind: 'success', text: 'The message is queued to be sent again.' },
  'jobs-retried': { kind: 'success', text: "The case's failed work is queued again; the page shows it until it runs." },
  'jobs-none': { kind: 'info', text: 'No work of this case was waiting for a retry (it may have been retried already).' },
};

/**
 * The notices after a follow-up is created, each saying only what happened: the new-follow-up
 * webhook is queued only when the API client has a webhook URL, and an invitation e-mail is only
 * said to be sent when one was queued and an e-mail server is configured. Keys: `follow-up`, then
 * `-nohook` without a webhook URL, then `-invited` (queued, SMTP) or `-filed` (written to a file).
 */
function followUpNotices(): Record<string, Flash> {
  const out: Record<string, Flash> = {};
  for (const hook of [true, false]) {
    for (const mail of ['none', 'invited', 'filed'] as const) {
      const parts = ['Follow-up created.'];
      parts.push(hook ? 'The new-follow-up webhook is queued for your system.' : 'No webhook is sent: your API client has no webhook URL.');
      if (mail === 'invited') parts.push('The invitation e-mail is queued to be sent.');
      else if (mail === 'filed') parts.push(`The invitation e-mail is not sent: ${NO_SMTP}. Copy the dialog link below to send it yourself.`);
      else parts.push('Copy the dialog link below to send it yourself.');
      out[`follow-up${hook ? '' : '-nohook'}${mail === 'none' ? '' : `-${mail}`}`] = { kind: hook && mail !== 'filed' ? 'success' : 'info', text: parts.join(' ') };
    }
  }
  return out;
}

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function back(reply: FastifyReply, caseId: string, notice: string, anchor = '') {
  return reply.redirect(`/backoffice/cases/${caseId}?notice=${notice}${anchor ? `#${anchor}` : ''}`, 303);
}

export function casesRoutes(app: FastifyInstance, deps: BackofficeDeps): void {
  const { services, links, log } = deps;
  const view = services.caseView;
  const list = services.caseList;
  const html = (reply: FastifyReply) => reply.type('text/html; charset=utf-8');

  app.get('/backoffice/cases', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const session = request.backoffice!;
    const { q, rows, total, capped, counts, workflows } = await list.page(session.user.client_id, request.query as Body, session.user.id);
    return html(reply).send(listPage({ viewer: viewerOf(session), q, rows, total, capped, counts, workflows }));
  });

  app.get('/backoffice/cases/:case_id', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const session = request.backoffice!;
    const { case_id } = request.params as { case_id: string };
    const [loaded, decisions, screening] = await Promise.all([
      view.load(session.user, case_id),
      services.decisions.panel(session.user, case_id),
      services.screening.panel(session.user.client_id, case_id),
    ]);
    const failedJobs = await services.clientJobs.failedOfCase(session.user.client_id, loaded.caseRow.id, 500);
    const key = str((request.query as Body).notice);
    const notice = NOTICES[key] ?? DECISION_NOTICES[key] ?? SCREENING_NOTICES[key] ?? null;
    return html(reply).send(casePage({ viewer: viewerOf(session), view: loaded, flash: notice, dialogLink: links.dialog, decisions, screening, failedJobs }));
  });

  // The case's failed jobs, all put back in their queue (administrators, as on the jobs page).
  app.post('/backoffice/cases/:case_id/jobs/retry', { schema: { hide: true }, preHandler: [adminOnly, csrfChecked] }, async (request, reply) => {
    const session = request.backoffice!;
    const { case_id } = request.params as { case_id: string };
    const caseRow = await view.caseOf(session.user, case_id);
    const ids = (await services.clientJobs.failedOfCase(session.user.client_id, caseRow.id)).map((j) => j.id);
    const n = ids.length ? await services.clientJobs.retry(ids) : 0;
    log.info({ by: session.user.id, caseId: caseRow.id, jobs: n }, "a case's failed jobs retried from the back office");
    return back(reply, caseRow.id, n ? 'jobs-retried' : 'jobs-none', 'failed-jobs');
  });

  app.post('/backoffice/cases/:case_id/comments', { schema: { hide: true }, preHandler: csrfChecked }, async (request, reply) => {
    const session = request.backoffice!;
    const { case_id } = request.params as { case_id: string };
    const body = request.body as Body;
    const caseRow = await view.caseOf(session.user, case_id);
    const conversationId = str(body.conversation_id);
    if (!(await view.isConversationOf(caseRow, conversationId))) throw new AppError('not_found', 'That conversation is not part of this case.');
    const { afterReport } = await view.comment(session.user, conversationId, str(body.issue_id), str(body.comment_text));
    await services.decisions.auditForUser(session.user, caseRow.id, 'comment.added', { subject: `issue ${str(body.issue_id)}`, after: { text: str(body.comment_text).trim() } });
    return back(reply, caseRow.id, afterReport ? 'comment-late' : 'comment', findingAnchor(conversationId, str(body.issue_id)));
  });

  app.get('/backoffice/cases/:case_id/follow-up', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const session = request.backoffice!;
    const { case_id } = request.params as { case_id: string };
    const caseRow = await view.caseOf(session.user, case_id);
    const form = readFollowUpForm({});
    const defaultInvite = storedStrings(caseRow.invitation_email_recipients, 'cases.invitation_email_recipients').join(', ');
    return html(reply).send(followUpPage({ viewer: viewerOf(session), caseRow, form, errors: [], defaultInvite }));
  });

  app.post('/backoffice/cases/:case_id/follow-up', { schema: { hide: true }, preHandler: csrfChecked }, async (request, reply) => {
    const session = request.backoffice!;
    const { case_id } = request.params as { case_id: string };
    const caseRow = await view.caseOf(session.user, case_id);
    const form = readFollowUpForm(request.body as Body);
    const { body, valid, problems } = followUpBody(form);
    const recipients = inviteRecipients(form.invite);
    const refuse = (errors: string[]) =>
      html(reply)
        .status(400)
        .send(followUpPage({ viewer: viewerOf(session), caseRow, form, errors, defaultInvite: '' }));
    const badAddress = recipients.find((a) => !EMAIL.test(a) || a.length > 254);
    const errors = problems.map((p) => describeProblem(p, body));
    if (badAddress) errors.push(`E-mail the invitation to: "${badAddress}" is not an e-mail address`);
    if (errors.length || !valid) return refuse(errors);
    let created: { conversation_id: string };
    try {
      created = await view.createFollowUp(session.user, caseRow.id, valid);
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_request') {
        return refuse(err.details.length ? err.details.map((p) => describeProblem(p, body)) : [err.message]);
      }
      throw err;
    }
    const opened = { case_kind: body.case_kind, modules: body.modules.map((m) => m.module), invited: recipients };
    await services.decisions.auditForUser(session.user, caseRow.id, 'follow_up.created', { subject: `conversation ${created.conversation_id}`, after: opened });
    const queued = recipients.length ? (await view.invite(session.user, created.conversation_id, recipients)).queued : 0;
    const channels = await view.channels(session.user);
    const notice = `follow-up${channels.webhook ? '' : '-nohook'}${queued === 0 ? '' : channels.smtp ? '-invited' : '-filed'}`;
    return back(reply, caseRow.id, notice, `conversation-${created.conversation_id}`);
  });

  app.post('/backoffice/conversations/:conversation_id/invitation', { schema: { hide: true }, preHandler: csrfChecked }, async (request, reply) => {
    const session = request.backoffice!;
    const { conversation_id } = request.params as { conversation_id: string };
    const { caseId } = await view.invite(session.user, conversation_id);
    await services.decisions.auditForUser(session.user, caseId, 'invitation.sent', { subject: `conversation ${conversation_id}` });
    return back(reply, caseId, (await view.channels(session.user)).smtp ? 'invitation' : 'invitation-file', `conversation-${conversation_id}`);
  });

  app.post('/backoffice/deliveries/:delivery_id/resend', { schema: { hide: true }, preHandler: csrfChecked }, async (request, reply) => {
    const session = request.backoffice!;
    const { delivery_id } = request.params as { delivery_id: string };
    const row = await view.resendDelivery(session.user, delivery_id);
    await services.decisions.auditForUser(session.user, row.case_id, 'delivery.resent', { subject: `delivery ${row.id}` });
    return back(reply, row.case_id, 'resent', 'deliveries');
  });
}
