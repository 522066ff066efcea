// Back-office sessions: a random token in an HttpOnly cookie, stored only as its SHA-256 with the
// user, a CSRF token and two expiries (idle and absolute). Kept in the database, so any number of
// `dossier serve` processes share them.
import crypto from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import type { UserRow } from '../users/users.service.ts';
import { deleteExpiredSessions, deleteSession, findSessionWithUser, insertSession, touchSession } from '../db/sessions.repo.ts';

export interface Session {
  idHash: string;
  csrfToken: string;
  user: UserRow;
  /** Name of the API client (organisation) the user belongs to. */
  clientName: string;
  /** Username of that API client. */
  clientUsername: string;
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
    await insertSession(this.ctx.db, row);
    // Expired sessions are swept now and then; a lookup ignores them anyway.
    if (Math.random() < 0.05) await deleteExpiredSessions(this.ctx.db, now);
    this.ctx.log.info({ userId: user.id }, 'back-office sign-in');
    return { token };
  }

  /** The live session of a cookie token, or null when unknown, idle too long or past its end. */
  async load(token: string | undefined): Promise<Session | null> {
    if (!token || token.length > 100) return null;
    const idHash = hashToken(token);
    const row = await findSessionWithUser(this.ctx.db, idHash);
    if (!row) return null;
    const now = Date.now();
    const lastSeen = row.last_seen_at;
    if (row.expires_at <= now || lastSeen + this.idleMs <= now || row.session_client_id !== row.user.client_id) {
      await this.destroy(token);
      return null;
    }
    if (now - lastSeen > TOUCH_EVERY_MS) await touchSession(this.ctx.db, idHash, now);
    return {
      idHash,
      csrfToken: row.csrf_token,
      user: row.user,
      clientName: row.client_name,
      clientUsername: row.client_username,
      webhookWithoutCredentials: row.client_webhook_url !== null && !(row.client_webhook_username && row.client_webhook_password),
      expiresAt: row.expires_at,
    };
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    await deleteSession(this.ctx.db, hashToken(token));
  }
}
