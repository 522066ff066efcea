// One handler formats every error as {error, message, details}; endpoints 1 and 2 also carry the
// spec's `result` field (set per route in `config.failureResult`). Unexpected errors are logged
// with the request id and answered with a generic 500 that reveals nothing.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, type ErrorDetail } from './errors.ts';
import { databaseErrorOf } from './database-errors.ts';
import { storageErrorOf } from './storage-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Added as `result` to every error body of this route (spec endpoints 1 and 2). */
    failureResult?: string;
  }
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Turns ajv errors into details a client can act on, one per problem, without duplicates. */
export function detailsFromValidation(errors: AjvError[], context: string | undefined): ErrorDetail[] {
  const prefix = context === 'body' || !context ? '' : `/${context}`;
  const out = new Map<string, ErrorDetail>();
  for (const e of errors) {
    let path = `${prefix}${e.instancePath}` || '/';
    let message: string;
    switch (e.keyword) {
      case 'additionalProperties':
        path = `${prefix}${e.instancePath}/${String(e.params.additionalProperty)}`;
        message = `unknown field "${String(e.params.additionalProperty)}"`;
        break;
      case 'required':
        path = `${prefix}${e.instancePath}/${String(e.params.missingProperty)}`;
        message = `${String(e.params.missingProperty)} is required`;
        break;
      case 'format':
        message =
          e.params.format === 'date' ? 'must be a real calendar date in YYYY-MM-DD form' : e.params.format === 'email' ? 'must be an e-mail address' : `must be a valid ${String(e.params.format)}`;
        break;
      case 'pattern':
        message = 'must not be empty or blank';
        break;
      case 'anyOf':
        continue; // the branch errors (const/enum) say it better
      case 'const':
      case 'enum': {
        const allowed = (e.params.allowedValues as unknown[] | undefined) ?? [e.params.allowedValue];
        const key = `${prefix}${e.instancePath}`;
        const prev = out.get(key);
        const values = prev?.message.startsWith('must be one of: ') ? prev.message.slice(16).split(', ') : [];
        for (const v of allowed) values.push(String(v));
        out.set(key, { path: key, message: `must be one of: ${[...new Set(values)].join(', ')}` });
        continue;
      }
      default:
        message = e.message ?? 'is invalid';
    }
    out.set(`${path}|${message}`, { path, message });
  }
  return [...out.values()];
}

function summarize(details: ErrorDetail[]): string {
  if (details.length === 0) return 'The request is invalid.';
  const first = details[0]!;
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  return `${first.path === '/' ? 'The request' : first.path} ${first.message}${more}.`.replace(/^\//, '');
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_FILES_LIMIT: 'invalid_request',
  FST_PARTS_LIMIT: 'invalid_request',
  FST_FIELDS_LIMIT: 'invalid_request',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_ERR_RATE_LIMITED: 'rate_limited',
};

export function toAppError(err: FastifyError | Error): AppError | null {
  if (err instanceof AppError) return err;
  const stored = storageErrorOf(err);
  if (stored) return stored;
  const fe = err as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (fe.validation) {
    const details = detailsFromValidation(fe.validation, fe.validationContext);
    return new AppError('invalid_request', summarize(details), details);
  }
  const status = fe.statusCode ?? 500;
  if (status >= 500) return databaseErrorOf(err);
  if (fe.code && FASTIFY_CODES[fe.code]) {
    const code = FASTIFY_CODES[fe.code]!;
    const messages: Partial<Record<ErrorCode, string>> = {
      invalid_json: 'The body is not valid JSON; send a JSON document with Content-Type: application/json.',
      unsupported_media_type: `Content-Type "${'' + ((fe as any).contentType ?? '')}" is not accepted here; send application/json (or multipart/form-data for uploads).`,
    };
    return new AppError(code, messages[code] ?? fe.message);
  }
  if (status === 400 && err instanceof SyntaxError) {
    return new AppError('invalid_json', 'The body is not valid JSON; send a JSON document with Content-Type: application/json.');
  }
  if (status === 413) return new AppError('payload_too_large', fe.message);
  if (status === 415) return new AppError('unsupported_media_type', fe.message);
  if (status === 404) return new AppError('not_found', fe.message);
  if (status === 429) return new AppError('rate_limited', fe.message);
  return new AppError('invalid_request', fe.message);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(err);
    const failureResult = request.routeOptions.config?.failureResult;
    if (appError?.statusCode === 503) request.log.warn({ err, code: appError.code }, 'request answered 503: the database, the disk or file storage is not available');
    if (appError?.code === 'file_missing') request.log.error({ err }, 'a stored file is missing from the blob store');
    if (!appError) {
      request.log.error({ err, client: request.apiClient?.username }, 'unexpected error');
      return reply.status(500).send({
        ...(failureResult ? { result: failureResult } : {}),
        error: 'internal_error',
        message: `Something went wrong on our side; the request id is ${request.id}.`,
      });
    }
    if (appError.statusCode === 401) reply.header('WWW-Authenticate', 'Basic realm="Dossier API", charset="UTF-8"');
    if (appError.retryAfterSeconds !== undefined) reply.header('Retry-After', String(appError.retryAfterSeconds));
    const body: Record<string, unknown> = {};
    if (failureResult) body.result = failureResult;
    body.error = appError.code;
    body.message = appError.message;
    if (appError.details.length) body.details = appError.details;
    return reply.status(appError.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'not_found', message: `There is no ${request.method} ${request.url.split('?')[0]}.` });
  });
}
