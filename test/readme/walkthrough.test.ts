// The README's curl walk-through, run verbatim with bash against `dossier start` in a child process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { createTestStorage, type TestStorage } from '../helpers/database.ts';
import { eventually, freePort } from '../helpers/server.ts';
import { exited, runDossier } from '../helpers/process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

function walkthrough(): string {
  const block = readme.slice(readme.indexOf('<!-- walkthrough:start -->'), readme.indexOf('<!-- walkthrough:end -->'));
  return block.slice(block.indexOf('```sh') + 5, block.lastIndexOf('```'));
}

let storage: TestStorage;
let server: ReturnType<typeof runDossier>;
let url: string;

setupAll(async () => {
  storage = await createTestStorage();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = runDossier(['start'], {
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl,
    API_PASSWORD: 'demo-password-123',
    ADMIN_PASSWORD: 'admin-password-123',
  });
  await eventually(async () => (server.output().includes('Dossier is running') ? true : undefined), 30000, 100);
});

afterAll(async () => {
  server.kill('SIGTERM');
  await exited(server);
  await storage.drop();
});

describe('README', () => {
  it('prints where everything is and the first credentials at start', () => {
    const out = server.output();
    for (const line of ['/api/v1', '/docs', '/dialog?id=', '/reports/', 'API client "dossier" created', 'Back-office user "admin" created']) expect(out).toContain(line);
  });

  it('runs the curl walk-through verbatim', () => {
    const script = walkthrough();
    expect(script).toContain('curl');
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', script], { cwd: root, env: { ...process.env, DOSSIER: url }, encoding: 'utf8', timeout: 90_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('"result":"case_created"');
    expect(run.stdout).toContain('company_name_absent');
    expect(run.stdout).toContain('"result":"comments_saved"');
    expect(run.stdout).toContain('"result":"status_updated"');
    expect(run.stdout).toContain('downloaded document is identical');
    expect(run.stdout).toMatch(/risk_level/);
  });
});
