// Back-office users: each belongs to one API client and sees only that client's cases. Passwords
// are scrypt hashes; sign-in counts failures and locks a username (and an IP address) for a while.
import { newId } from '../storage/ids.ts';
import type { Db } from '../storage/db.ts';
import { findClientByUsername } from '../clients/clients.repo.ts';
import { generatePassword, hashPassword, verifyPasswordOf } from '../clients/passwords.ts';
import { lockedUntil, type LockoutPolicy } from './lockout.ts';
import {
  countFailuresFromIp,
  countUsers,
  deleteSessionsOfUser,
  findUserByUsername,
  insertUser,
  listUsers,
  pruneLoginAttempts,
  recentAttemptsOfUsername,
  recordLoginAttempt,
  updateUser,
  type UserRow,
} from './users.repo.ts';

export type Role = 'analyst' | 'admin';

export type SignInResult = { ok: true; user: UserRow } | { ok: false; reason: 'invalid' | 'locked' | 'throttled'; retryAt: number | null };

const DEFAULT_POLICY: LockoutPolicy = { maxFailures: 5, windowMs: 15 * 60_000, maxIpFailures: 50 };
const KEEP_ATTEMPTS_MS = 30 * 24 * 3600_000;
const MIN_PASSWORD = 12;

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw new Error(`the password must be at least ${MIN_PASSWORD} characters long`);
  if (password.length > 1024) throw new Error('the password must be at most 1024 characters long');
}

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly policy: LockoutPolicy = DEFAULT_POLICY,
  ) {}

  async create(input: { username: string; clientUsername: string; role?: Role; password?: string }): Promise<{ user: UserRow; password: string }> {
    if (!/^[A-Za-z0-9._@-]{1,64}$/.test(input.username)) throw new Error('username must be 1 to 64 letters, digits, dots, dashes, underscores or @');
    const role = input.role ?? 'analyst';
    if (role !== 'analyst' && role !== 'admin') throw new Error('role must be analyst or admin');
    const client = await findClientByUsername(this.db, input.clientUsername);
    if (!client) throw new Error(`no API client named "${input.clientUsername}"`);
    if (await findUserByUsername(this.db, input.username)) throw new Error(`a user named "${input.username}" already exists`);
    const password = input.password || generatePassword();
    checkPassword(password);
    const now = new Date().toISOString();
    const user: UserRow = {
      id: newId(),
      client_id: client.id,
      username: input.username,
      password_hash: await hashPassword(password),
      role,
      created_at: now,
      last_login_at: null,
      password_changed_at: now,
    };
    await insertUser(this.db, user);
    return { user, password };
  }

  /**
   * Sets a new password (generated unless given), signs the user out everywhere and lifts a
   * lock-out: failures before the reset no longer count.
   */
  async resetPassword(username: string, password?: string): Promise<{ user: UserRow; password: string; sessionsEnded: number }> {
    const user = await findUserByUsername(this.db, username);
    if (!user) throw new Error(`no back-office user named "${username}"`);
    const next = password || generatePassword();
    checkPassword(next);
    await updateUser(this.db, user.id, { password_hash: await hashPassword(next), password_changed_at: new Date().toISOString() });
    const sessionsEnded = await deleteSessionsOfUser(this.db, user.id);
    return { user, password: next, sessionsEnded };
  }

  list(clientId?: string): Promise<UserRow[]> {
    return listUsers(this.db, clientId);
  }

  count(): Promise<number> {
    return countUsers(this.db);
  }

  /** Checks credentials without counting attempts (kept for callers that count elsewhere). */
  async authenticate(username: string, password: string): Promise<UserRow | null> {
    const user = await findUserByUsername(this.db, username);
    const ok = await verifyPasswordOf(password, user?.password_hash);
    return user && ok ? user : null;
  }

  /** When a username is locked until (epoch ms), or null. */
  async lockedUntil(username: string, now = Date.now()): Promise<number | null> {
    const key = username.trim().toLowerCase();
    const user = await findUserByUsername(this.db, username);
    const resetAt = user?.password_changed_at ? Date.parse(user.password_changed_at) : 0;
    const attempts = await recentAttemptsOfUsername(this.db, key, Math.max(now - this.policy.windowMs, resetAt), this.policy.maxFailures);
    return lockedUntil(attempts, this.policy, now);
  }

  /** A sign-in with lock-out: a locked username or a throttled address is refused before any password check. */
  async signIn(username: string, password: string, ip: string): Promise<SignInResult> {
    const now = Date.now();
    const key = username.trim().toLowerCase().slice(0, 200);
    if ((await countFailuresFromIp(this.db, ip, now - this.policy.windowMs)) >= this.policy.maxIpFailures) {
      return { ok: false, reason: 'throttled', retryAt: null };
    }
    const until = await this.lockedUntil(username, now);
    if (until) return { ok: false, reason: 'locked', retryAt: until };
    const user = await this.authenticate(username, password);
    await recordLoginAttempt(this.db, { username: key, ip, succeeded: user !== null, at: now });
    if (!user) return { ok: false, reason: 'invalid', retryAt: null };
    await updateUser(this.db, user.id, { last_login_at: new Date(now).toISOString() });
    // Old attempts are pruned now and then; nothing reads them after the lock-out window.
    if (Math.random() < 0.05) await pruneLoginAttempts(this.db, now - KEEP_ATTEMPTS_MS);
    return { ok: true, user };
  }
}
