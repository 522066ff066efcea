// Back-office sessions: a random token in an HttpOnly cookie, stored only as its SHA-256 with the
// user, a CSRF token and two expiries (idle and absolute). Kept in the database, so any number of
// `dossier serve` processes share them.
import crypto from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import type { UserRow } from '../db/users.repo.ts';

export interface Session {
  idHash: string;
  csrfToken: string;
  user: UserRow;
  /** Name of the API client (organisation) the user belongs to. */
  clientName: string;
  /** The client's webhook goes out without HTTP Basic credentials. */
  webhookWithoutCredentials: boolean;
  expiresAt: number;
}

/** How often a busy session's last-seen time is written (ms): not on every page view. */
const TOUCH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Compares two secrets in constant time (length differences are not secret). */
export function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export class SessionService {
  private readonly idleMs: number;
  private readonly maxMs: number;
  /** Secure cookies (and the __Host- prefix) when users reach Dossier over TLS. */
  readonly secure: boolean;
  readonly cookieName: string;

  constructor(private readonly ctx: ServiceContext) {
    this.idleMs = ctx.config.SESSION_IDLE_MINUTES * 60_000;
    this.maxMs = ctx.config.SESSION_MAX_HOURS * 3600_000;
    this.secure = ctx.config.PUBLIC_URL.startsWith('https:');
    this.cookieName = this.secure ? '__Host-dossier_session' : 'dossier_session';
  }

  cookieOptions() {
    return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: this.secure };
  }

  /** Starts a new session (a new token every sign-in, so a planted cookie is never reused). */
  async create(user: UserRow, meta: { ip: string; userAgent: string | undefined }): Promise<{ token: string }> {
    const token = randomToken();
    const now = Date.now();
    const row = {
      id_hash: hashToken(token),
      user_id: user.id,
      client_id: user.client_id,
      csrf_token: randomToken(),
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.maxMs,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    };
    await this.ctx.db.insertInto('sessions').values(row).execute();
    // Expired sessions are swept now and then; a lookup ignores them anyway.
    if (Math.random() < 0.05) await this.ctx.db.deleteFrom('sessions').where('expires_at', '<', now).execute();
    this.ctx.log.info({ userId: user.id }, 'back-office sign-in');
    return { token };
  }

  /** The live session of a cookie token, or null when unknown, idle too long or past its end. */
  async load(token: string | undefined): Promise<Session | null> {
    if (!token || token.length > 100) return null;
    const idHash = hashToken(token);
    const row = await this.ctx.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .innerJoin('api_clients', 'api_clients.id', 'users.client_id')
      .select([
        'sessions.csrf_token',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'sessions.client_id as session_client_id',
        'api_clients.name as client_name',
        'api_clients.webhook_url as client_webhook_url',
        'api_clients.webhook_username as client_webhook_username',
        'api_clients.webhook_password as client_webhook_password',
      ])
      .selectAll('users')
      .where('sessions.id_hash', '=', idHash)
      .executeTakeFirst();
    if (!row) return null;
    const now = Date.now();
    const lastSeen = Number(row.last_seen_at);
    if (Number(row.expires_at) <= now || lastSeen + this.idleMs <= now || row.session_client_id !== row.client_id) {
      await this.destroy(token);
      return null;
    }
    if (now - lastSeen > TOUCH_EVERY_MS) {
      await this.ctx.db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
    }
    const { csrf_token, last_seen_at: _seen, expires_at, session_client_id: _client, client_name, client_webhook_url, client_webhook_username, client_webhook_password, ...user } = row;
    return {
      idHash,
      csrfToken: csrf_token,
      user: user as UserRow,
      clientName: client_name,
      webhookWithoutCredentials: client_webhook_url !== null && !(client_webhook_username && client_webhook_password),
      expiresAt: Number(expires_at),
    };
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.ctx.db.deleteFrom('sessions').where('id_hash', '=', hashToken(token)).execute();
  }
}
