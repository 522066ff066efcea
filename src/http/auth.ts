// HTTP Basic authentication of API clients on /api/v1 (the spec's service credentials); a failed
// check is a 401 with WWW-Authenticate. Back-office users sign in with a session (src/backoffice/).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiClient } from '../db/schema.ts';
import { AppError, secondsUntil } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: ApiClient | null;
  }
}

export function parseBasic(header: string | undefined): { username: string; password: string } | null {
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return null;
  return { username: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

/** What authentication needs from the clients feature (ClientsService provides it). */
export interface ApiCredentialCheck {
  /** A client whose same Authorization header was verified a moment ago, if any. */
  cachedClient(authorization: string): ApiClient | undefined;
  authenticate(
    username: string,
    password: string,
    authorization: string,
    source: string,
  ): Promise<{ ok: true; value: ApiClient } | { ok: false; reason: 'invalid' | 'locked' | 'throttled'; retryAt: number | null }>;
}

export function requireApiClient(clients: ApiCredentialCheck) {
  // The client is named in the request's error log (src/http/error-handler.ts) rather than bound
  // to its logger: binding re-serialises the logger's context on every request.
  const accept = (request: FastifyRequest, client: ApiClient) => {
    request.apiClient = client;
  };
  // Callback style, so that a recently verified credential (nearly every request) costs no promise.
  return (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void => {
    const header = request.headers.authorization;
    const hit = header ? clients.cachedClient(header) : undefined;
    if (hit) {
      accept(request, hit);
      done();
      return;
    }
    const creds = parseBasic(header);
    if (!creds) {
      done(new AppError('unauthorized', 'Send the API credentials with HTTP Basic authentication (Authorization: Basic …).'));
      return;
    }
    clients.authenticate(creds.username, creds.password, header!, request.ip).then((result) => {
      if (result.ok) {
        accept(request, result.value);
        return done();
      }
      if (result.reason === 'invalid') return done(new AppError('unauthorized', 'The API credentials are wrong.'));
      const wait = secondsUntil(result.retryAt ?? Date.now() + 60_000);
      const why = result.reason === 'locked' ? 'Too many failed sign-ins for this API client' : 'Too many failed sign-ins from this address';
      done(new AppError('rate_limited', `${why}; no password is checked for ${wait} s. Retry after that.`, [], wait));
    }, done);
  };
}

export function apiClientOf(request: FastifyRequest): ApiClient {
  if (!request.apiClient) throw new AppError('unauthorized', 'Send the API credentials with HTTP Basic authentication.');
  return request.apiClient;
}
