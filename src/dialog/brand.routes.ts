// The brand assets the dialog page loads from its own origin (so its CSP needs no other source): the
// client's logo and its brand stylesheet. Public, like the page; addressed by the client's id, and
// cached for good when asked for with the version the page names.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ClientsService } from '../clients/clients.service.ts';
import { AppError } from '../http/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { brandCss, brandCssVersion } from './brand-style.ts';

const Params = Type.Object({ client: Type.String({ maxLength: 64 }) });
const Query = Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) });
const missing = () => new AppError('not_found', 'There is no such file.');

export const brandRoutes: FastifyPluginAsyncTypebox<{ clients: ClientsService }> = async (app, { clients }) => {
  const cache = (versioned: boolean) => (versioned ? 'public, max-age=31536000, immutable' : 'no-cache');

  app.get('/dialog/brand/:client/logo.png', { schema: { hide: true, params: Params, querystring: Query } }, async (request, reply) => {
    if (!isUuid(request.params.client)) throw missing();
    const logo = await clients.logo(request.params.client);
    if (!logo) throw missing();
    reply
      .type('image/png')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .header('Cache-Control', cache(request.query.v === logo.sha256.slice(0, 16)));
    return reply.send(logo.png);
  });

  app.get('/dialog/brand/:client/style.css', { schema: { hide: true, params: Params, querystring: Query } }, async (request, reply) => {
    if (!isUuid(request.params.client)) throw missing();
    const brand = await clients.brandOf(request.params.client);
    if (!brand) throw missing();
    reply
      .type('text/css; charset=utf-8')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', cache(request.query.v === brandCssVersion(brand.colour)));
    return reply.send(brandCss(brand.colour));
  });
};
