// HTTP Basic authentication: API clients on /api/v1 (the spec's service credentials) and
// back-office users on the web report. A failed check is a 401 with WWW-Authenticate.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientsService } from '../clients/clients.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { UserRow } from '../users/users.repo.ts';
import type { ApiClient } from '../storage/schema.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: ApiClient | null;
    user: UserRow | null;
  }
}

export function parseBasic(header: string | undefined): { username: string; password: string } | null {
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return null;
  return { username: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

export function requireApiClient(clients: ClientsService) {
  return async (request: FastifyRequest): Promise<void> => {
    const creds = parseBasic(request.headers.authorization);
    const client = creds ? await clients.authenticate(creds.username, creds.password) : null;
    if (!client) {
      throw new AppError(
        'unauthorized',
        creds ? 'The API credentials are wrong.' : 'Send the API credentials with HTTP Basic authentication (Authorization: Basic …).',
      );
    }
    request.apiClient = client;
    request.log = request.log.child({ client: client.username });
  };
}

/** Back-office pages: HTTP Basic with a user's credentials until the sign-in page exists. */
export function requireUser(users: UsersService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const creds = parseBasic(request.headers.authorization);
    const user = creds ? await users.authenticate(creds.username, creds.password) : null;
    if (!user) {
      reply.header('WWW-Authenticate', 'Basic realm="Dossier back office", charset="UTF-8"');
      reply.status(401).type('text/html; charset=utf-8').send(
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Sign in required</title><p>Sign in with your Dossier back-office user to read this report.</p></html>',
      );
      return reply;
    }
    request.user = user;
  };
}

export function apiClientOf(request: FastifyRequest): ApiClient {
  if (!request.apiClient) throw new AppError('unauthorized', 'Send the API credentials with HTTP Basic authentication.');
  return request.apiClient;
}
