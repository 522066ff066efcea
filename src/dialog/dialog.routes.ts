// The hosted dialog: the page at /dialog?id=<conversation_id>, its script and stylesheet, and its
// JSON endpoints under /dialog/api/<conversation_id>/…. The conversation id is the only capability,
// so unknown and finished conversations get a plain page, never data, and every endpoint is limited
// per conversation and per IP address.
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Config } from '../config.ts';
import type { TypedFastify } from '../http/typed.ts';
import { AppError } from '../http/errors.ts';
import { SMALL_BODY_BYTES } from '../http/schemas.ts';
import { isUuid } from '../lib/uuid.ts';
import type { DialogService, DialogServices, Outcome } from './dialog.service.ts';
import { dialogPage, loadAssets, plainPage } from './dialog.page.ts';
import { pickLang, t, type Lang } from './i18n.ts';
import { dialogCsp } from '../lib/origins.ts';
import { dialogRequestWait, type DialogLimits } from './rate-limit.ts';
import { MAX_ANSWER_CHARS } from './answers.ts';
import { brandRoutes } from './brand.routes.ts';

const PageQuery = Type.Object({ id: Type.Optional(Type.String()), lang: Type.Optional(Type.String({ maxLength: 35 })) });
const LangQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 35 })) }, { additionalProperties: false });
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const StepParams = Type.Object({ id: Type.String({ maxLength: 64 }), key: Type.String({ maxLength: 80 }) });
const FileParams = Type.Object({ id: Type.String({ maxLength: 64 }), key: Type.String({ maxLength: 80 }), document_id: Type.String({ maxLength: 64 }) });
const AnswerBody = Type.Object({ text: Type.String({ maxLength: MAX_ANSWER_CHARS }) }, { additionalProperties: false });
const SkipBody = Type.Object({ reason: Type.String({ maxLength: MAX_ANSWER_CHARS }) }, { additionalProperties: false });
const ExplainBody = Type.Object({ issue_id: Type.String({ maxLength: 200 }), text: Type.String({ maxLength: MAX_ANSWER_CHARS }) }, { additionalProperties: false });
const EmptyBody = Type.Object({}, { additionalProperties: false });
const FormBody = Type.Object(
  {
    values: Type.Record(Type.String({ maxLength: 200 }), Type.Union([Type.String({ maxLength: MAX_ANSWER_CHARS }), Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })]), {
      maxProperties: 400,
    }),
  },
  { additionalProperties: false },
);

function langOf(request: FastifyRequest): Lang {
  return pickLang((request.query as { lang?: string }).lang, request.headers['accept-language']);
}

function noStore(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').header('X-Content-Type-Options', 'nosniff').header('X-Robots-Tag', 'noindex');
}

/** What the dialog's routes are given: its services, the limits they enforce, the rate-limit counters. */
export interface DialogDeps {
  services: DialogServices & { dialog: DialogService };
  config: Pick<Config, 'MAX_FILE_BYTES' | 'DIALOG_RATE_LIMIT_PER_MINUTE' | 'DIALOG_IP_RATE_LIMIT_PER_MINUTE'>;
  rateLimits: DialogLimits['rateLimits'];
}

export const dialogRoutes: FastifyPluginAsyncTypebox<DialogDeps> = async (app, { services, config, rateLimits }) => {
  const { dialog } = services;
  const limits = { config, rateLimits };
  const assets = loadAssets();

  app.register(async (scope: TypedFastify) => {
    scope.addHook('onRequest', async (request, reply) => {
      const id = (request.params as { id?: string }).id ?? (request.query as { id?: string }).id;
      const wait = await dialogRequestWait(limits, request.ip, id && isUuid(id) ? id : null);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new AppError('rate_limited', `Too many requests to this dialog; retry after ${wait} s.`);
      }
    });
    await scope.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: config.MAX_FILE_BYTES, files: 1, fields: 2, parts: 3, headerPairs: 100 } });

    scope.get('/dialog', { schema: { hide: true, querystring: PageQuery } }, async (request, reply) => {
      const { id } = request.query;
      const lang = langOf(request);
      noStore(reply);
      reply.type('text/html; charset=utf-8');
      const opened = id && isUuid(id) ? await dialog.open(id, lang) : ({ kind: 'unknown' } as const);
      const origins = await dialog.originsFor(opened.kind === 'unknown' ? null : opened.clientId);
      reply.header('Content-Security-Policy', dialogCsp(origins));
      if (opened.kind === 'unknown') return reply.status(404).send(plainPage(lang, assets, t(lang, 'page.unknown_title'), t(lang, 'page.unknown_body')));
      if (opened.kind === 'done') return reply.send(plainPage(lang, assets, t(lang, 'page.done_title'), t(lang, 'page.done_body')));
      return reply.send(dialogPage(opened.view, { assets, origins, maxFileBytes: config.MAX_FILE_BYTES }));
    });

    scope.get('/dialog/assets/:name', { schema: { hide: true, params: Type.Object({ name: Type.String() }) } }, async (request, reply) => {
      const asset = assets[request.params.name];
      if (!asset) throw new AppError('not_found', 'There is no such file.');
      const versioned = (request.query as { v?: string }).v === asset.hash;
      reply
        .type(asset.type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.send(asset.body);
    });

    await scope.register(brandRoutes, { clients: services.clients });

    // JSON endpoints: each answers the new state of the dialog (and `rejected` when an answer was refused).
    scope.register(
      async (api: TypedFastify) => {
        api.addHook('onSend', async (_request, reply) => {
          noStore(reply);
          reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
        });
        const send = (o: Outcome) => ({ view: o.view, ...(o.rejected ? { rejected: o.rejected } : {}) });

        api.get('/state', { schema: { hide: true, params: IdParams, querystring: LangQuery } }, async (request) => {
          const { id } = request.params;
          return { view: await dialog.state(id, langOf(request)) };
        });

        api.post('/steps/:key/files', { schema: { hide: true, params: StepParams, querystring: LangQuery } }, async (request) => {
          if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in a part named "file".');
          const part = await request.file();
          if (!part || part.fieldname !== 'file') throw new AppError('invalid_request', 'Send the file in a part named "file".');
          const bytes = await part.toBuffer();
          return send(await dialog.upload(request.params.id, request.params.key, { bytes, fileName: part.filename }, langOf(request)));
        });

        api.delete('/steps/:key/files/:document_id', { schema: { hide: true, params: FileParams, querystring: LangQuery } }, async (request) => {
          const { id, key, document_id } = request.params;
          return send(await dialog.removeFile(id, key, document_id, langOf(request)));
        });

        api.post('/steps/:key/explanations', { schema: { hide: true, params: StepParams, querystring: LangQuery, body: ExplainBody } }, async (request) => {
          const { body } = request;
          return send(await dialog.explain(request.params.id, request.params.key, body.issue_id, body.text, langOf(request)));
        });

        api.post('/steps/:key/answer', { schema: { hide: true, params: StepParams, querystring: LangQuery, body: AnswerBody } }, async (request) => {
          return send(await dialog.answer(request.params.id, request.params.key, request.body.text, langOf(request)));
        });

        api.post('/steps/:key/form', { schema: { hide: true, params: StepParams, querystring: LangQuery, body: FormBody } }, async (request) => {
          return send(await dialog.form(request.params.id, request.params.key, request.body.values, langOf(request)));
        });

        api.post('/steps/:key/skip', { bodyLimit: SMALL_BODY_BYTES, schema: { hide: true, params: StepParams, querystring: LangQuery, body: SkipBody } }, async (request) => {
          return send(await dialog.skip(request.params.id, request.params.key, request.body.reason, langOf(request)));
        });

        api.post('/steps/:key/continue', { bodyLimit: SMALL_BODY_BYTES, schema: { hide: true, params: StepParams, querystring: LangQuery, body: EmptyBody } }, async (request) => {
          return send(await dialog.proceed(request.params.id, request.params.key, langOf(request)));
        });

        api.post('/steps/:key/reopen', { bodyLimit: SMALL_BODY_BYTES, schema: { hide: true, params: StepParams, querystring: LangQuery, body: EmptyBody } }, async (request) => {
          return send(await dialog.reopen(request.params.id, request.params.key, langOf(request)));
        });

        api.post('/submit', { bodyLimit: SMALL_BODY_BYTES, schema: { hide: true, params: IdParams, querystring: LangQuery, body: EmptyBody } }, async (request) => {
          const { id } = request.params;
          return send(await dialog.submit(id, langOf(request)));
        });
      },
      { prefix: '/dialog/api/:id' },
    );
  });
};
