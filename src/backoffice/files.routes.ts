// Files a signed-in user opens: document previews (in the page) and downloads, the PDF reports, and
// the web report at /reports/{conversation_id} (the spec's web_report_link, protected by user
// credentials). A signed-out browser is sent to the sign-in page and back; a script may send the
// user's credentials with HTTP Basic instead, under the same lock-out rules.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseBasic } from '../http/auth.ts';
import { AppError, notFound, secondsUntil } from '../http/errors.ts';
import { contentDisposition } from '../http/send-blob.ts';
import type { UserRow } from '../users/users.service.ts';
import { loginRedirect, signedIn, type BackofficeDeps } from './guards.ts';
import { errorPage, messagePage } from './views/error-page.ts';

/** The stored web report is self-contained: inline styles only, nothing loaded, no scripts. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

const PREVIEWABLE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp']);

function sendStored(reply: FastifyReply, stream: NodeJS.ReadableStream, mediaType: string, fileName: string, kind: 'inline' | 'attachment') {
  return reply.header('Content-Type', mediaType).header('Content-Disposition', contentDisposition(kind, fileName)).send(stream);
}

/**
 * The API's answers for a PDF report (404 for an unknown id, 409 before it is generated) become the
 * back office's single 404: a page either has the report or has nothing at this address.
 */
function missingAs(what: string) {
  return (err: unknown): never => {
    if (err instanceof AppError && (err.code === 'not_found' || err.code === 'conflict')) throw notFound(what);
    throw err;
  };
}

export function filesRoutes(app: FastifyInstance, deps: BackofficeDeps): void {
  const { services } = deps;

  const documentOf = (user: UserRow, id: string) => services.documents.ofClient({ id: user.client_id }, id);

  app.get('/backoffice/documents/:document_id/preview', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const doc = await documentOf(request.backoffice!.user, (request.params as { document_id: string }).document_id);
    if (!PREVIEWABLE.has(doc.media_type)) throw notFound(`A preview of document ${doc.id}`);
    await services.decisions.auditForUser(request.backoffice!.user, doc.case_id, 'document.viewed', { subject: `document ${doc.file_name} (${doc.id})` });
    // Shown inside the case view's frame: same-origin framing only, nothing else of ours runs in it.
    reply.header('X-Frame-Options', 'SAMEORIGIN').header('Content-Security-Policy', "frame-ancestors 'self'; script-src 'none'; form-action 'none'");
    return sendStored(reply, await services.documents.open(doc), doc.media_type, doc.file_name, 'inline');
  });

  app.get('/backoffice/documents/:document_id/download', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const { doc, stream } = await services.documents.forDownload({ id: request.backoffice!.user.client_id }, (request.params as { document_id: string }).document_id);
    await services.decisions.auditForUser(request.backoffice!.user, doc.case_id, 'document.downloaded', { subject: `document ${doc.file_name} (${doc.id})` });
    return sendStored(reply, stream, doc.media_type, doc.file_name, 'attachment');
  });

  app.get('/backoffice/conversations/:conversation_id/report.pdf', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const { conversation_id } = request.params as { conversation_id: string };
    const report = await services.conversations.pdfReport({ id: request.backoffice!.user.client_id }, conversation_id).catch(missingAs(`The PDF report of conversation ${conversation_id}`));
    await services.decisions.auditConversationForUser(request.backoffice!.user, conversation_id, 'report.downloaded', `conversation report (PDF) ${conversation_id}`);
    return sendStored(reply, await services.reports.blob(report.sha256), 'application/pdf', report.fileName, 'attachment');
  });

  app.get('/backoffice/cases/:case_id/report.pdf', { schema: { hide: true }, preHandler: signedIn }, async (request, reply) => {
    const { case_id } = request.params as { case_id: string };
    const report = await services.conversations.casePdfReport({ id: request.backoffice!.user.client_id }, case_id).catch(missingAs(`The case report of case ${case_id}`));
    await services.decisions.auditForUser(request.backoffice!.user, case_id, 'report.downloaded', { subject: 'case report (PDF)' });
    return sendStored(reply, await services.reports.caseReport(report), 'application/pdf', report.fileName, 'attachment');
  });

  /** The session's user, or one signed in with HTTP Basic for this request; else the reply is sent. */
  const reportReader = async (request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> => {
    if (request.backoffice) return request.backoffice.user;
    const creds = parseBasic(request.headers.authorization);
    if (!creds) {
      await loginRedirect(request, reply);
      return null;
    }
    const result = await services.users.signIn(creds.username, creds.password, request.ip);
    if (result.ok) return result.user;
    reply.header('WWW-Authenticate', 'Basic realm="Dossier back office", charset="UTF-8"');
    if (result.retryAt) reply.header('Retry-After', String(secondsUntil(result.retryAt)));
    await reply
      .status(result.reason === 'invalid' ? 401 : 429)
      .type('text/html; charset=utf-8')
      .send(errorPage(401, null));
    return null;
  };

  app.get('/reports/:conversation_id', { schema: { hide: true } }, async (request, reply) => {
    const user = await reportReader(request, reply);
    if (!user) return reply;
    const { conversation_id } = request.params as { conversation_id: string };
    const webReport = await services.conversations.webReport({ id: user.client_id }, conversation_id);
    if (!webReport) {
      const text = 'This conversation is not finished, or its report is still being generated. Try again in a few seconds.';
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(messagePage('Report not ready', text, null));
    }
    await services.decisions.auditConversationForUser(user, conversation_id, 'report.viewed', `web report ${conversation_id}`);
    reply.header('Content-Security-Policy', REPORT_CSP).header('X-Frame-Options', 'SAMEORIGIN').type('text/html; charset=utf-8');
    return reply.send(await services.reports.blob(webReport));
  });
}
