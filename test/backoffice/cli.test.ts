// `dossier users create | reset-password`, run as the real CLI against the database of a running
// server: a reset signs the user out everywhere and lifts a lock-out.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { signInHttp } from './helpers.ts';

let storage: TestStorage;
let s: TestServer;

setupAll(async () => {
  storage = await createTestStorage();
  s = await startServer({ LOGIN_MAX_FAILURES: 2 }, { storage });
});
afterAll(async () => {
  await s.close();
  await storage.drop();
});

async function cli(...args: string[]): Promise<{ code: number | null; out: string }> {
  const child = runDossier(args, { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl });
  const { code } = await exited(child);
  return { code, out: child.output() };
}

describe('dossier users', () => {
  it('creates a user, resets the password (ending sessions and a lock-out) and lists users', async () => {
    const created = await cli('users', 'create', 'dora', '--client', 'bank-a', '--role', 'admin');
    expect(created.code, created.out).toBe(0);
    const first = /Password \(shown once\): (\S+)/.exec(created.out)![1]!;
    const session = await signInHttp(s.url, 'dora', first);
    await s.d.services.users.signIn('dora', 'wrong-password-1', '127.0.0.9');
    await s.d.services.users.signIn('dora', 'wrong-password-2', '127.0.0.9');
    expect(await s.d.services.users.lockedUntil('dora')).not.toBeNull();

    const reset = await cli('users', 'reset-password', 'dora');
    expect(reset.code, reset.out).toBe(0);
    expect(reset.out).toMatch(/Sessions ended: 1; any lock-out is lifted/);
    const second = /\(shown once\): (\S+)\./.exec(reset.out)![1]!;
    expect(second).not.toBe(first);
    expect((await session.get('/backoffice/cases')).status).toBe(303);
    expect(await s.d.services.users.lockedUntil('dora')).toBeNull();
    await signInHttp(s.url, 'dora', second);

    const set = await cli('users', 'reset-password', 'dora', '--password', 'chosen-password-123');
    expect(set.out).toContain('New password for dora set.');
    await signInHttp(s.url, 'dora', 'chosen-password-123');
    expect((await cli('users', 'list')).out).toMatch(/dora\tadmin/);
    await expect(s.d.services.users.resetPassword('nobody')).rejects.toThrow('no back-office user named "nobody"');
    await expect(s.d.services.users.resetPassword('dora', 'short')).rejects.toThrow(/at least 12 characters/);
    // Five runs of the real CLI, each starting Node and tsx.
  }, 180_000);
});
