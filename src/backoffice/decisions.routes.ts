// What an analyst decides on a case: accept or reject documents (optionally asking the user for new
// files), approve, reject, ask for more or reopen the case, take it ("assign to me"), start a
// review; the review queue; the audit trail as CSV and JSON; and the administrator's switch of the
// case.decided webhook. Forms post, then redirect back with a notice; a refused form shows the case
// again with the reason.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import type { UserRow } from '../users/users.service.ts';
import { adminOnly, csrfChecked, signedIn, viewerOf, type BackofficeDeps } from './guards.ts';
import { inviteRecipients } from './follow-up-form.ts';
import { casePage } from './views/case-page.ts';
import { auditCsv } from './views/audit-trail.ts';
import { reviewQueuePage } from './views/review-queue-page.ts';
import type { Flash } from './views/layout.ts';
import { storedJson } from '../lib/stored-json.ts';

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** Notices of the decision forms, shown on the case page after the redirect. */
export const DECISION_NOTICES: Record<string, Flash> = {
  'documents-accepted': { kind: 'success', text: 'The ticked documents are accepted.' },
  'documents-rejected': { kind: 'success', text: 'The ticked documents are rejected. The API result now reports them as rejected.' },
  'documents-new-file': { kind: 'success', text: 'The ticked documents are rejected and a follow-up asks the user for new files; copy its dialog link below.' },
  'documents-new-file-invited': { kind: 'success', text: 'The ticked documents are rejected, a follow-up asks the user for new files and its invitation e-mail is queued.' },
  'documents-new-file-invitation-file': {
    kind: 'info',
    text: 'The ticked documents are rejected and a follow-up asks the user for new files. Its invitation e-mail is not sent: no e-mail server is configured (SMTP_URL), so it is written to a file on the server; copy the dialog link below to send it yourself.',
  },
  'case-approved': { kind: 'success', text: 'The case is approved.' },
  'case-first-approval': { kind: 'info', text: 'Your approval is recorded. This case needs a second approval from a different analyst.' },
  'case-rejected': { kind: 'success', text: 'The case is rejected.' },
  'case-information-requested': { kind: 'success', text: 'The case is marked as waiting for more information.' },
  'case-reopened': { kind: 'success', text: 'The case is reopened; it can be decided again.' },
  assigned: { kind: 'success', text: 'The case is assigned to you.' },
  note: { kind: 'success', text: 'Note saved. It stays in the case’s audit trail.' },
  unassigned: { kind: 'success', text: 'You are no longer assigned to this case.' },
  'review-started': { kind: 'success', text: 'The review has started: the registers are being looked up again. Decide again once the results are in.' },
};

const REFUSED = new Set(['invalid_request', 'conflict', 'unknown_document']);

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const list = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === 'string');

export function decisionsRoutes(app: FastifyInstance, deps: BackofficeDeps): void {
  const { services, links } = deps;
  const decisions = services.decisions;
  const view = services.caseView;
  const html = (reply: FastifyReply) => reply.type('text/html; charset=utf-8');
  const back = (reply: FastifyReply, caseId: string, notice: string, anchor = 'decision') => reply.redirect(`/backoffice/cases/${caseId}?notice=${notice}#${anchor}`, 303);

  /** The case page again, with why the form was refused. */
  async function refused(request: FastifyRequest, reply: FastifyReply, caseId: string, err: AppError) {
    const session = request.backoffice!;
    const [loaded, panel] = await Promise.all([view.load(session.user, caseId), decisions.panel(session.user, caseId)]);
    return html(reply)
      .status(err.statusCode)
      .send(casePage({ viewer: viewerOf(session), view: loaded, flash: { kind: 'error', text: err.message }, dialogLink: links.dialog, decisions: panel }));
  }

  /** Runs a form's action; a refusal a person can fix is shown on the case page. */
  async function act(request: FastifyRequest, reply: FastifyReply, fn: (user: UserRow, caseId: string) => Promise<FastifyReply>) {
    const { case_id } = request.params as { case_id: string };
    const user = request.backoffice!.user;
    try {
      return await fn(user, case_id);
    } catch (err) {
      if (err instanceof AppError && REFUSED.has(err.code)) return refused(request, reply, case_id, err);
      throw err;
    }
  }

  app.post('/backoffice/cases/:case_id/document-decisions', { schema: { hide: true }, preHandler: csrfChecked }, (request, reply) =>
    act(request, reply, async (user, caseId) => {
      const body = request.body as Body;
      const decision = str(body.decision);
      const recipients = body.new_file ? inviteRecipients(str(body.invite)) : [];
      const bad = recipients.find((a) => !EMAIL.test(a) || a.length > 254);
      if (bad) throw new AppError('invalid_request', `"${bad}" is not an e-mail address; correct it or leave the invitation field empty.`);
      const result = await decisions.decideDocuments(user, caseId, {
        documentIds: list(body.document_id),
        decision,
        reason: { code: str(decision === 'accepted' ? body.accept_reason : body.reject_reason), text: str(body.reason_text) },
        newFile: Boolean(body.new_file),
      });
      if (result.followUpConversationId && recipients.length) {
        await services.mail.inviteToConversation({ id: user.client_id }, result.followUpConversationId, recipients);
        await decisions.auditForUser(user, caseId, 'invitation.sent', { subject: `conversation ${result.followUpConversationId}`, after: { recipients } });
        const { smtp } = await view.channels(user);
        return back(reply, caseId, smtp ? 'documents-new-file-invited' : 'documents-new-file-invitation-file', 'document-decisions');
      }
      return back(reply, caseId, result.followUpConversationId ? 'documents-new-file' : decision === 'accepted' ? 'documents-accepted' : 'documents-rejected', 'document-decisions');
    }),
  );

  app.post('/backoffice/cases/:case_id/decision', { schema: { hide: true }, preHandler: csrfChecked }, (request, reply) =>
    act(request, reply, async (user, caseId) => {
      const body = request.body as Body;
      const action = str(body.action);
      const { state } = await decisions.decideCase(user, caseId, action, { code: str(body.reason_code), text: str(body.reason_text) }, { overrideReason: str(body.override_reason) });
      const notice =
        action === 'reopen'
          ? 'case-reopened'
          : state === 'awaiting_second_approval'
            ? 'case-first-approval'
            : state === 'approved'
              ? 'case-approved'
              : state === 'rejected'
                ? 'case-rejected'
                : 'case-information-requested';
      return back(reply, caseId, notice);
    }),
  );

  app.post('/backoffice/cases/:case_id/notes', { schema: { hide: true }, preHandler: csrfChecked }, (request, reply) =>
    act(request, reply, async (user, caseId) => {
      await decisions.addNote(user, caseId, str((request.body as Body).note_text));
      return back(reply, caseId, 'note', 'notes');
    }),
  );

  app.post('/backoffice/cases/:case_id/assign', { schema: { hide: true }, preHandler: csrfChecked }, (request, reply) =>
    act(request, reply, async (user, caseId) => {
      const body = request.body as Body;
      const toMe = str(body.assign) !== 'none';
      await decisions.assign(user, caseId, toMe);
      if (str(body.back) === '/backoffice/reviews') return reply.redirect('/backoffice/reviews?notice=assigned', 303);
      return back(reply, caseId, toMe ? 'assigned' : 'unassigned');
    }),
  );

  app.post('/backoffice/cases/:case_id/review', { schema: { hide: true }, preHandler: csrfChecked }, (request, reply) =>
    act(request, reply, async (user, caseId) => {
      await decisions.startReview(user, caseId);
      return back(reply, caseId, 'review-started');
    }),
  );

  const exported = async (request: FastifyRequest, format: 'csv' | 'json') => {
    const user = request.backoffice!.user;
    const { case_id } = request.params as { case_id: string };
    const trail = await decisions.auditTrail(user, case_id);
    await decisions.auditForUser(user, trail.caseRow.id, 'audit.exported', { after: { format, entries: trail.rows.length } });
    return trail;
  };

  app.get('/backoffice/cases/:case_id/audit.csv', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const { caseRow, rows } = await exported(request, 'csv');
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="audit-${caseRow.id}.csv"`).send(auditCsv(rows));
  });

  app.get('/backoffice/cases/:case_id/audit.json', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const { caseRow, rows } = await exported(request, 'json');
    const entries = rows.map((r) => ({
      at: r.at,
      actor: { kind: r.actor_kind, id: r.actor_id, name: r.actor_name },
      action: r.action,
      subject: r.subject,
      before: r.before_json ? storedJson(r.before_json, 'audit.before_json') : null,
      after: r.after_json ? storedJson(r.after_json, 'audit.after_json') : null,
    }));
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-${caseRow.id}.json"`)
      .send(JSON.stringify({ case_id: caseRow.id, entries }, null, 2));
  });

  app.get('/backoffice/reviews', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const session = request.backoffice!;
    const [queue, webhookOn] = await Promise.all([decisions.queue(session.user), decisions.caseDecidedWebhook(session.user)]);
    const notice = str((request.query as Body).notice);
    const flash: Flash | null = notice === 'assigned' ? DECISION_NOTICES.assigned! : notice === 'webhook' ? { kind: 'success', text: 'The decision webhook setting is saved.' } : null;
    return html(reply).send(reviewQueuePage({ viewer: viewerOf(session), ...queue, webhookOn, flash }));
  });

  app.post('/backoffice/settings/case-decided-webhook', { schema: { hide: true }, preHandler: [adminOnly, csrfChecked] }, async (request, reply) => {
    await decisions.setCaseDecidedWebhook(request.backoffice!.user, str((request.body as Body).on) === '1');
    return reply.redirect('/backoffice/reviews?notice=webhook', 303);
  });
}
