// SQL for back-office sessions: stored by the SHA-256 of their token, read together with their user
// and the user's API client in one query (the rules about expiry live in backoffice/sessions.ts).
import type { Insertable } from 'kysely';
import type { Db } from './db.ts';
import type { SessionsTable } from './schema.ts';
import type { UserRow } from './users.repo.ts';

/** A stored session with its user and what the back office shows of the user's API client. */
export interface SessionWithUser {
  csrf_token: string;
  last_seen_at: number;
  expires_at: number;
  /** The client the session was started for; a user moved to another client ends it. */
  session_client_id: string;
  client_name: string;
  client_username: string;
  client_webhook_url: string | null;
  client_webhook_username: string | null;
  client_webhook_password: string | null;
  user: UserRow;
}

export async function insertSession(db: Db, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
}

export async function findSessionWithUser(db: Db, idHash: string): Promise<SessionWithUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('api_clients', 'api_clients.id', 'users.client_id')
    .select([
      'sessions.csrf_token',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.client_id as session_client_id',
      'api_clients.name as client_name',
      'api_clients.username as client_username',
      'api_clients.webhook_url as client_webhook_url',
      'api_clients.webhook_username as client_webhook_username',
      'api_clients.webhook_password as client_webhook_password',
    ])
    .selectAll('users')
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { csrf_token, last_seen_at, expires_at, session_client_id, client_name, client_username, client_webhook_url, client_webhook_username, client_webhook_password, ...user } = row;
  return {
    csrf_token,
    last_seen_at: Number(last_seen_at),
    expires_at: Number(expires_at),
    session_client_id,
    client_name,
    client_username,
    client_webhook_url,
    client_webhook_username,
    client_webhook_password,
    user: user as UserRow,
  };
}

export async function touchSession(db: Db, idHash: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}
