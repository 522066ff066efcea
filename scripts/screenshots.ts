// Makes the pictures in the README: starts Dossier on a temporary data folder, creates a case
// through the public API as the README's tour does (an onboarding case with an invoice that names
// another company, verified and completed), signs in to the back office in Chromium, accepts the
// invoice with a reason, and saves the case page's Decision panel as a PNG; then the first page of
// the conversation's PDF report (drawn by pdfjs in Chromium), and the dialog's declarations step of
// a new onboarding case at phone and desktop size, next to it.
//   npx tsx scripts/screenshots.ts [output.png]
// Defaults: docs/images/backoffice-decision.png (the others beside it), Chromium at /usr/bin/chromium (CHROMIUM_PATH).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sampleInvoicePdf } from './sample-invoice.ts';
import { freePort } from '../test/helpers/ports.ts';
import { renderPdf } from '../test/helpers/pdf-image.ts';
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
    const saved = (file: string) => console.log(`saved ${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
    saved(OUT);

    // The first page of the conversation's PDF report.
    const pdf = Buffer.from(await (await fetch(`${url}/api/v1/conversations/${conversationId}/report.pdf`, { headers: { authorization: auth } })).arrayBuffer());
    const first = (await renderPdf(browser, pdf, { scale: 1.25, maxPages: 1 })).pages[0]!;
    const reportOut = path.join(path.dirname(OUT), 'report-first-page.png');
    fs.writeFileSync(reportOut, first.png);
    saved(reportOut);

    // The dialog's declarations step of a new onboarding case (its document step skipped), at phone and desktop size.
    const fresh = (await api('POST', '/cases', {
      case: {
        case_kind: 'onboarding',
        company_full_name: 'Acme Trading Ltd',
        company_country_code: 'GB',
        company_reg_number: '01234567',
        user_full_name: 'Jane Public',
        modules: [{ module: 'documents_verification' }],
      },
    })) as { conversation_id: string };
    const dialogApi = async (p: string, body?: unknown) =>
      (
        await fetch(`${url}/dialog/api/${fresh.conversation_id}${p}?lang=en`, {
          method: body ? 'POST' : 'GET',
          headers: body ? { 'content-type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        })
      ).json();
    const step = (await dialogApi('/state')).view.step as { key: string };
    await dialogApi(`/steps/${encodeURIComponent(step.key)}/skip`, { reason: 'We will send the certificate by post.' });
    for (const [name, viewport] of [
      ['dialog-phone.png', { width: 390, height: 844 }],
      ['dialog-desktop.png', { width: 1280, height: 900 }],
    ] as const) {
      const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: name === 'dialog-phone.png', isMobile: name === 'dialog-phone.png' });
      const dialog = await ctx.newPage();
      await dialog.goto(`${url}/dialog?id=${fresh.conversation_id}&lang=en`);
      await dialog.locator('fieldset.group').first().waitFor();
      await dialog.locator('fieldset.group').first().scrollIntoViewIfNeeded();
      const file = path.join(path.dirname(OUT), name);
      await dialog.screenshot({ path: file });
      saved(file);
      await ctx.close();
    }
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
