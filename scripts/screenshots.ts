// Makes the back-office picture in the README: starts Dossier on a temporary data folder, creates a
// case through the public API as the README's tour does (an onboarding case with an invoice that
// names another company, verified and completed), signs in to the back office in Chromium, accepts
// the invoice with a reason, and saves the case page's Decision panel as a PNG.
//   npx tsx scripts/screenshots.ts [output.png]
// Defaults: docs/images/backoffice-decision.png, Chromium at /usr/bin/chromium (CHROMIUM_PATH).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sampleInvoicePdf } from './sample-invoice.ts';
import { freePort } from '../test/helpers/ports.ts';
import { chromium } from 'playwright-core';
import { buildDossier } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs/images/backoffice-decision.png'));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Width of the picture; the window is wider by the page's margins. */
const WIDTH = 1200;
const CLIENT = { username: 'bank', password: 'bank-password-123' };
const ANALYST = { username: 'carla', password: 'carla-password-123' };

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}; install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-screenshots-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({}, { DATA_DIR: dataDir, DATABASE_URL: '', PORT: port, HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'silent', JOBS_POLL_MS: 50 });
  const d = await buildDossier(config);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    if (!(await d.services.clients.list()).some((c) => c.username === CLIENT.username)) await d.services.clients.create(CLIENT);
    await d.services.users.create({ ...ANALYST, clientUsername: CLIENT.username });
    d.startWorker();
    await d.http.listen({ port, host: '127.0.0.1' });

    const auth = `Basic ${Buffer.from(`${CLIENT.username}:${CLIENT.password}`).toString('base64')}`;
    const api = async (method: string, p: string, body?: unknown, form?: FormData) => {
      const headers: Record<string, string> = { authorization: auth };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${url}/api/v1${p}`, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
      const text = await res.text();
      if (res.status >= 400) throw new Error(`${method} ${p} answered ${res.status}: ${text}`);
      return text ? JSON.parse(text) : null;
    };

    // The README's tour: an onboarding case, an invoice, its verification, completion.
    const created = await api('POST', '/cases', {
      communication_id: 'crm-4711',
      case_manager: { name: 'Carla Manager', email: 'carla@bank.example' },
      case: {
        case_kind: 'onboarding',
        company_full_name: 'Acme Trading Ltd',
        company_country_code: 'GB',
        company_reg_number: '01234567',
        user_full_name: 'Jane Public',
        modules: [{ module: 'documents_verification' }],
      },
    });
    const { case_id: caseId, conversation_id: conversationId } = created as { case_id: string; conversation_id: string };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sampleInvoicePdf())], { type: 'application/pdf' }), 'invoice.pdf');
    const { document_id: documentId } = await api('POST', `/conversations/${conversationId}/documents`, undefined, form);
    const { verification_id: verificationId } = await api('POST', `/conversations/${conversationId}/verifications`, {
      document_id: documentId,
      verification_task: { document_type: 'invoice', company_full_name: 'Globex Holdings Limited' },
    });
    await until('the verification', async () => ((await api('GET', `/conversations/${conversationId}/verifications/${verificationId}`)).status === 'ready' ? true : undefined));
    await api('POST', `/conversations/${conversationId}/status`, 'completed');
    await until('the case result', async () => ((await api('GET', `/cases/${caseId}/result`)).status === 'ready' ? true : undefined));

    // The analyst signs in, accepts the invoice with a reason, and the panel is photographed.
    const context = await browser.newContext({ viewport: { width: WIDTH + 40, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${url}/backoffice/login`);
    await page.getByLabel('Username').fill(ANALYST.username);
    await page.getByLabel('Password').fill(ANALYST.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/backoffice\/cases/);
    await page.goto(`${url}/backoffice/cases/${caseId}`);
    const panel = page.locator('section.decision-panel');
    await panel.getByRole('checkbox', { name: 'invoice.pdf' }).check();
    await panel.getByLabel('Reason for accepting').selectOption({ label: 'Checked and matches the case' });
    await panel.getByRole('button', { name: 'Accept ticked documents' }).click();
    await page.waitForURL(/notice=documents-accepted/);
    // The section links stay at the top of the window while scrolling; in a still picture they
    // would cover part of the panel.
    await page.evaluate(() => {
      for (const nav of document.querySelectorAll<HTMLElement>('.section-nav')) nav.style.position = 'static';
    });
    const width = Math.round((await panel.boundingBox())?.width ?? 0);
    if (width !== WIDTH) throw new Error(`the panel is ${width}px wide, not ${WIDTH}px: the page's layout changed, adjust the window width`);
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    await panel.screenshot({ path: OUT });
    console.log(`saved ${path.relative(process.cwd(), OUT)} (${Math.round(fs.statSync(OUT).size / 1024)} KB)`);
  } finally {
    await browser.close();
    await d.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
