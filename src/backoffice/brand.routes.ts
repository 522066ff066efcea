// Administrators set their organisation's brand (display name, logo, colour, support contact,
// privacy notice). The form is multipart (it carries the logo file); a value that is not taken
// answers 400 with the form again, each field marked with the reason.
import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import type { Session } from './sessions.service.ts';
import { adminOnly, csrfChecked, viewerOf, type BackofficeDeps } from './guards.ts';
import { brandPage, type BrandForm } from './views/brand-page.ts';
import { AppError } from '../http/errors.ts';

/** The form's fields, each read by `value` (a missing one is ''). */
function brandForm(value: (field: keyof BrandForm) => string | null | undefined): BrandForm {
  const v = (field: keyof BrandForm) => value(field) ?? '';
  return {
    display_name: v('display_name'),
    primary_colour: v('primary_colour'),
    support_email: v('support_email'),
    support_phone: v('support_phone'),
    support_url: v('support_url'),
    privacy_url: v('privacy_url'),
  };
}

export function brandRoutes(app: FastifyInstance, deps: BackofficeDeps): void {
  const { services, log } = deps;
  const clients = services.clients;

  const show = async (reply: FastifyReply, session: Session, form?: BrandForm, errors?: Record<string, string>, saved = false) => {
    const values = await clients.brandValues(session.user.client_id);
    const shown = form ?? brandForm((f) => values[f]);
    const logoUrl = values.logo_sha256 ? `/dialog/brand/${session.user.client_id}/logo.png?v=${values.logo_sha256.slice(0, 16)}` : null;
    return reply
      .status(errors ? 400 : 200)
      .type('text/html; charset=utf-8')
      .send(brandPage({ viewer: viewerOf(session), form: shown, logoUrl, errors, flash: saved ? { kind: 'success', text: 'The brand is saved. New dialogs, e-mails and reports use it.' } : null }));
  };

  app.get('/backoffice/brand', { schema: { hide: true }, preHandler: adminOnly }, async (request, reply) => show(reply, request.backoffice!));

  // The logo comes as a file part: this route alone reads multipart bodies, fields and file as values.
  app.register(async (scope) => {
    await scope.register(multipart, { attachFieldsToBody: 'keyValues', throwFileSizeLimit: true, limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 12, parts: 14 } });
    scope.post('/backoffice/brand', { schema: { hide: true }, preHandler: [adminOnly, csrfChecked] }, async (request, reply) => {
      const session = request.backoffice!;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const str = (v: unknown) => (typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : '');
      const form = brandForm((f) => str(body[f]));
      const file = Buffer.isBuffer(body.logo) && body.logo.length > 0 ? body.logo : undefined;
      const logo = file ?? (str(body.remove_logo) === '1' ? null : undefined);
      try {
        await clients.setBrand(session.user.client_id, form, logo);
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'invalid_request') throw err;
        return show(reply, session, form, Object.fromEntries(err.details.map((d) => [d.path.slice(1), d.message])));
      }
      log.info({ by: session.user.id, logo: logo === undefined ? 'kept' : logo ? 'set' : 'removed' }, 'brand changed');
      return show(reply, session, undefined, undefined, true);
    });
  });
}
