// Back-office users: each belongs to one API client and sees only that client's cases. Passwords
// are scrypt hashes; sign-in goes through the lock-out rules (login-guard.ts, lockout.ts).
import { newId } from '../lib/ids.ts';
import type { Db } from '../db/db.ts';
import { findClientByUsername } from '../db/clients.repo.ts';
import { generatePassword, hashPassword, verifyPasswordOf } from '../lib/passwords.ts';
import { foldUsername, takenMessage } from '../lib/usernames.ts';
import type { LoginGuard } from './login-guard.ts';
import { ownedUser } from '../http/access.ts';
import { countUsers, deleteSessionsOfUser, findUserByUsername, findUserByUsernameKey, insertUser, listUsers, updateUser, type UserRow } from '../db/users.repo.ts';

export type Role = 'analyst' | 'admin';
/** A back-office user as the service hands it out. */
export type { UserRow };

export type SignInResult = { ok: true; user: UserRow } | { ok: false; reason: 'invalid' | 'locked' | 'throttled'; retryAt: number | null };

const MIN_PASSWORD = 12;

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw new Error(`the password must be at least ${MIN_PASSWORD} characters long`);
  if (password.length > 1024) throw new Error('the password must be at most 1024 characters long');
}

export class UsersService {
  constructor(
    private readonly db: Db,
    /** Needed to sign in; the command line only creates users and resets passwords. */
    private readonly guard: LoginGuard | null = null,
  ) {}

  async create(input: { username: string; clientUsername: string; role?: Role; password?: string }): Promise<{ user: UserRow; password: string }> {
    if (!/^[A-Za-z0-9._@-]{1,64}$/.test(input.username)) throw new Error('username must be 1 to 64 letters, digits, dots, dashes, underscores or @');
    const role = input.role ?? 'analyst';
    if (role !== 'analyst' && role !== 'admin') throw new Error('role must be analyst or admin');
    const client = await findClientByUsername(this.db, input.clientUsername);
    if (!client) throw new Error(`no API client named "${input.clientUsername}"`);
    const key = foldUsername(input.username);
    const taken = (await findUserByUsername(this.db, input.username)) ?? (await findUserByUsernameKey(this.db, key));
    if (taken) throw new Error(takenMessage('a user', input.username, taken.username));
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
      username_key: key,
    };
    // The unique index on the folded name decides between two creations at once.
    await insertUser(this.db, user).catch(async (err) => {
      const winner = await findUserByUsernameKey(this.db, key);
      throw winner ? new Error(takenMessage('a user', input.username, winner.username)) : err;
    });
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

  /**
   * Start-up configuration (ADMIN_USERNAME and ADMIN_PASSWORD on an existing database): sets this
   * password when it is not already the user's, as a reset does (sessions end, a lock-out lifts).
   * Returns whether it changed anything; null when there is no such user.
   */
  async applyPassword(username: string, password: string): Promise<boolean | null> {
    const user = await findUserByUsername(this.db, username);
    if (!user) return null;
    if (await verifyPasswordOf(password, user.password_hash)) return false;
    await this.resetPassword(username, password);
    return true;
  }

  /** A user of this API client, else 404 (another client's users are treated like missing ones). */
  ofClient(clientId: string, userId: string): Promise<UserRow> {
    return ownedUser(this.db, clientId, userId);
  }

  list(clientId?: string): Promise<UserRow[]> {
    return listUsers(this.db, clientId);
  }

  count(): Promise<number> {
    return countUsers(this.db);
  }

  /** When a username is locked until (epoch ms) for addresses it has not signed in from, or null. */
  async lockedUntil(username: string, now = Date.now()): Promise<number | null> {
    const user = await findUserByUsername(this.db, username);
    return this.requireGuard().lockedUntil(accountOf(username), resetTimeOf(user), now);
  }

  /**
   * A sign-in with lock-out: the attempt is counted before the password is checked, and a locked
   * username or a throttled address is refused without any check.
   */
  async signIn(username: string, password: string, ip: string): Promise<SignInResult> {
    const user = await findUserByUsername(this.db, username);
    const result = await this.requireGuard().check(accountOf(username), ip, resetTimeOf(user), async () => ((await verifyPasswordOf(password, user?.password_hash)) && user ? user : null));
    if (!result.ok) return result;
    await updateUser(this.db, result.value.id, { last_login_at: new Date().toISOString() });
    return { ok: true, user: result.value };
  }

  private requireGuard(): LoginGuard {
    if (!this.guard) throw new Error('sign-in needs the lock-out rules');
    return this.guard;
  }
}

/** The key attempts are counted under: the username as typed, trimmed and without case. */
function accountOf(username: string): string {
  return username.trim().toLowerCase().slice(0, 200);
}

function resetTimeOf(user: UserRow | undefined): number {
  return user?.password_changed_at ? Date.parse(user.password_changed_at) : 0;
}
