// Counts password checks so that parallel guessing gains nothing: every attempt is reserved (written
// as failed) before its password is checked, in the same transaction that decides whether the
// account or the source is locked, so the lock-out holds for a burst of requests and across any
// number of processes. A correct password then marks its attempt as succeeded. The rules are in
// lockout.ts.
import { newId } from '../lib/ids.ts';
import type { Db, Dialect } from '../db/db.ts';
import { ATTEMPTS_READ, MAX_LOCK_MS, lockedUntil, refusalOf, type LockoutPolicy, type Refusal } from './lockout.ts';
import { deleteAttempt, failuresFromSource, insertAttempt, latestAttempts, lockAccountAndSource, markAttemptSucceeded, pruneLoginAttempts, succeededFrom } from '../db/login-attempts.repo.ts';

export type GuardedResult<T> = { ok: true; value: T } | { ok: false; reason: 'invalid' | 'locked' | 'throttled'; retryAt: number | null };

const KEEP_ATTEMPTS_MS = 31 * 24 * 3600_000;

export class LoginGuard {
  /** Checks of one account in this process run one after the other (see check()). */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    readonly policy: LockoutPolicy,
  ) {}

  /**
   * Checks a credential under the lock-out rules. `account` names what is signed in to (the same
   * for an unknown name, which is counted too), `source` the client address, `resetAt` when the
   * account's password was last set (failures before it do not count). `verify` runs only when
   * the attempt is allowed, and at most `maxFailures` of them run at once or in a row.
   */
  async check<T>(account: string, source: string, resetAt: number, verify: () => Promise<T | null>, known?: () => T | undefined): Promise<GuardedResult<T>> {
    // One check at a time per account in this process: a reserved attempt counts as failed until its
    // password is checked, so parallel requests with the right password must not see each other's
    // reservations as failures. Once a turn comes, `known` answers without a check (for example a
    // credential another request of the burst has just verified).
    const previous = this.queues.get(account) ?? Promise.resolve();
    const turn = previous.then(() => {
      const hit = known?.();
      return hit !== undefined ? ({ ok: true, value: hit } as const) : this.checkNow(account, source, resetAt, verify);
    });
    const settled = turn.catch(() => undefined);
    this.queues.set(account, settled);
    void settled.then(() => {
      if (this.queues.get(account) === settled) this.queues.delete(account);
    });
    return turn;
  }

  private async checkNow<T>(account: string, source: string, resetAt: number, verify: () => Promise<T | null>): Promise<GuardedResult<T>> {
    const now = Date.now();
    const reserved = await this.reserve(account, source, resetAt, now);
    if ('reason' in reserved) return { ok: false, reason: reserved.reason, retryAt: reserved.retryAt };
    const value = await verify();
    if (value === null) return { ok: false, reason: 'invalid', retryAt: null };
    await markAttemptSucceeded(this.db, reserved.id);
    // Old attempts are pruned now and then; nothing reads them after the known-source time.
    if (Math.random() < 0.02) await pruneLoginAttempts(this.db, now - KEEP_ATTEMPTS_MS);
    return { ok: true, value };
  }

  /** When an account is locked until for addresses it does not know (epoch ms), or null. */
  async lockedUntil(account: string, resetAt: number, now = Date.now()): Promise<number | null> {
    const attempts = await latestAttempts(this.db, { account, since: Math.max(now - MAX_LOCK_MS, resetAt), limit: ATTEMPTS_READ(this.policy) });
    return lockedUntil(attempts, this.policy, now);
  }

  private reserve(account: string, source: string, resetAt: number, now: number): Promise<{ id: string } | Refusal> {
    const id = newId();
    return this.db.transaction().execute(async (trx) => {
      await lockAccountAndSource(trx, this.dialect, account, source);
      // Written first: on SQLite this takes the write lock before anything is read.
      await insertAttempt(trx, { id, account, source, succeeded: false, at: now });
      const known = this.policy.knownSourceMs > 0 && (await succeededFrom(trx, account, source, Math.max(now - this.policy.knownSourceMs, resetAt)));
      const attempts = await latestAttempts(trx, {
        account,
        since: Math.max(now - MAX_LOCK_MS, resetAt),
        limit: ATTEMPTS_READ(this.policy),
        exceptId: id,
        ...(known ? { source } : {}),
      });
      const fromSource = known ? { count: 0, oldest: null } : await failuresFromSource(trx, source, now - this.policy.windowMs, id);
      const refusal = refusalOf({ attempts, known, sourceFailures: fromSource.count, oldestSourceFailure: fromSource.oldest }, this.policy, now);
      if (!refusal) return { id };
      // A refused attempt checked no password: it neither counts nor prolongs the lock.
      await deleteAttempt(trx, id);
      return refusal;
    });
  }
}
