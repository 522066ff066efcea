// `dossier start` as a newcomer runs it, in a real process: the banner says where everything is and
// what is not configured yet, and API_PASSWORD / ADMIN_PASSWORD given on an existing data folder
// become the passwords (the old ones stop working).
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { exited, runDossier } from '../helpers/process.ts';
import { basic, freePort, waitFor } from '../helpers/server.ts';
import { onboardingCase } from '../helpers/factories.ts';
import { signInHttp } from '../backoffice/helpers.ts';

let storage: TestStorage;
setupAll(async () => {
  storage = await createTestStorage();
});
afterAll(() => storage.drop());

interface Started {
  url: string;
  banner: string;
  stop(): Promise<void>;
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = runDossier(['start'], { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, PORT: String(port), HOST: '127.0.0.1', ...env });
  const exit = exited(child);
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`dossier start exited with ${child.exitCode}:\n${child.output()}`);
        // The banner is written at once when the server listens; a blank line ends it.
        return /\nDossier is running[\s\S]*?\n\n/.test(child.output());
      },
      { timeout: 60_000, interval: 100, message: 'the start banner' },
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    banner: child.output(),
    async stop() {
      child.kill('SIGTERM');
      expect((await exit).code).toBe(0);
    },
  };
}

async function createCase(url: string, username: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/v1/cases`, {
    method: 'POST',
    headers: { authorization: basic({ username, password }), 'content-type': 'application/json' },
    body: JSON.stringify(onboardingCase()),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('dossier start', () => {
  it('lists what is not configured, and applies new passwords from the environment on an existing data folder', async () => {
    const first = await start({ API_PASSWORD: 'first-api-password-1', ADMIN_PASSWORD: 'first-admin-password-1' });
    try {
      expect(first.banner).toContain('API client "dossier" created. Its password is API_PASSWORD.');
      expect(first.banner).toContain('Back-office user "admin" created. Its password is ADMIN_PASSWORD.');
      expect(first.banner).toContain(`${first.url.replace('127.0.0.1', 'localhost')}/docs`);
      expect(first.banner).toContain(storage.databaseUrl ? 'data in PostgreSQL' : `data in ${storage.dataDir}`);
      // Each item that is not configured is named with how to set it.
      expect(first.banner).toContain('Not configured yet:');
      expect(first.banner).toMatch(/Webhook URL {4}none for API client "dossier".*WEBHOOK_URL.*clients set-webhook dossier --url/);
      expect(first.banner).toMatch(/Dialog origins none for API client "dossier".*frame-ancestors 'self'.*DIALOG_ORIGINS=.*clients set-dialog-origins dossier https:\/\/bank\.example/);
      expect(first.banner).toMatch(/SMTP {11}no SMTP_URL.*Set SMTP_URL=smtp:\/\//);
      // The checks that cannot run are named too: in the banner and in /readyz.
      expect(first.banner).toMatch(/Screening {6}no sanctions or PEP list imported.*lists import/);
      expect(first.banner).toMatch(/Registers {6}no COMPANIES_HOUSE_API_KEY/);
      const ready = await (await fetch(`${first.url}/readyz`)).json();
      expect(ready).toMatchObject({ status: 'ready', not_configured: [{ part: 'screening_lists' }, { part: 'companies_house_api_key' }] });
      expect(await createCase(first.url, 'dossier', 'first-api-password-1')).toBe(201);
      await signInHttp(first.url, 'admin', 'first-admin-password-1');
    } finally {
      await first.stop();
    }

    // Same data folder, new passwords, and everything optional configured.
    const second = await start({
      API_PASSWORD: 'second-api-password-2',
      ADMIN_PASSWORD: 'second-admin-password-2',
      WEBHOOK_URL: 'https://bank.example/hooks/dossier',
      WEBHOOK_USERNAME: 'hook-user',
      WEBHOOK_PASSWORD: 'hook-password',
      DIALOG_ORIGINS: 'https://bank.example',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    try {
      expect(second.banner).toContain('API client "dossier": password changed to API_PASSWORD');
      expect(second.banner).toContain('Back-office user "admin": password changed to ADMIN_PASSWORD');
      // Only what cannot be set from the environment of this test is left: a list and a register key.
      expect(second.banner).not.toMatch(/Webhook URL|Dialog origins|SMTP {11}/);
      expect(second.banner).toMatch(/Not configured yet:\s+Screening/);
      expect(second.banner).not.toContain('second-api-password-2');
      expect(await createCase(second.url, 'dossier', 'second-api-password-2')).toBe(201);
      expect(await createCase(second.url, 'dossier', 'first-api-password-1')).toBe(401);
      await signInHttp(second.url, 'admin', 'second-admin-password-2');
      await expect(signInHttp(second.url, 'admin', 'first-admin-password-1')).rejects.toThrow(/sign-in failed/);
    } finally {
      await second.stop();
    }

    // The same passwords again: nothing to change, so nothing is said about them.
    const third = await start({ API_PASSWORD: 'second-api-password-2', ADMIN_PASSWORD: 'second-admin-password-2' });
    try {
      expect(third.banner).not.toContain('password changed');
      expect(await createCase(third.url, 'dossier', 'second-api-password-2')).toBe(201);
    } finally {
      await third.stop();
    }
  }, 240_000);

  it('refuses to start with a password from the environment that is too short, naming the variable', async () => {
    const child = runDossier(['start'], { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, PORT: String(await freePort()), API_PASSWORD: 'short' });
    const { code } = await exited(child);
    expect(code).toBe(1);
    expect(child.output()).toContain('API_PASSWORD: the password must be at least 12 characters long');
  }, 120_000);
});
