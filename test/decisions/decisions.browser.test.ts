// The decision workflow in real Chromium: an analyst rejects a document with a reason and asks for
// a new file in one click; the company's user uploads it in the dialog; the analyst accepts it and
// approves the case, which (four eyes) waits for a second analyst, who approves it; the audit
// trail lists every step with its actor; the approved case's review comes due and shows in the
// review queue, where the analyst takes it. axe-core finds no violation on the pages of the workflow.
import { afterAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows } from '../helpers/factories.ts';
import { makeInvoicePdf } from '../fixtures/documents.ts';
import { axe, describeBrowser, launchChromium, screenshot, type AxeIssue } from '../backoffice/browser.ts';
import { seedCase, type SeededCase } from '../backoffice/helpers.ts';

const ANA = { username: 'ana', password: 'ana-password-1234' };
const BEN = { username: 'ben', password: 'ben-password-1234' };
const COMPANY = 'Kappa Logistics Ltd';
const SLOW = 120_000;

describeBrowser('decisions in a browser', () => {
  let s: TestServer;
  let browser: Browser;
  let c: SeededCase;
  let anaContext: BrowserContext;
  let ana: Page;
  let followUpId = '';

  setupAll(async () => {
    s = await startServer({ FOUR_EYES_RISK_LEVELS: 'low,medium,high', REVIEW_INTERVAL_DAYS_LOW: 0, REVIEW_INTERVAL_DAYS_MEDIUM: 0, REVIEW_INTERVAL_DAYS_HIGH: 0 });
    await s.d.services.users.create({ ...ANA, clientUsername: s.client.username });
    await s.d.services.users.create({ ...BEN, clientUsername: s.client.username });
    c = await seedCase(s, s.api, { company: COMPANY, communication: 'crm-kappa', complete: true });
    await flows(s.api).caseResult(c.case_id);
    browser = await launchChromium();
    anaContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    ana = await anaContext.newPage();
    await signIn(ana, ANA);
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  async function signIn(page: Page, who: { username: string; password: string }) {
    await page.goto(`${s.url}/backoffice/login`);
    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/backoffice\/cases/);
  }

  async function noViolations(page: Page, name: string) {
    const { violations } = await axe(page);
    expect(violations as AxeIssue[], `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
  }

  const flash = (page: Page) => page.locator('.flash').first();

  it(
    'rejects a document with a reason and asks the user for a new file',
    async () => {
      await ana.goto(`${s.url}/backoffice/cases/${c.case_id}`);
      await noViolations(ana, 'case page');
      const panel = ana.locator('section.decision-panel');
      await panel.getByRole('checkbox', { name: 'invoice-7.pdf' }).check();
      await panel.getByLabel('Reason for rejecting').selectOption({ label: 'Names another company' });
      await panel.getByLabel(/^Explanation for the documents/).fill('The invoice is billed to Initech Ltd, not to the client.');
      await panel.getByLabel(/Ask the user for a new file/).check();
      await panel.getByLabel(/E-mail the follow-up's invitation to/).fill('');
      await panel.getByRole('button', { name: 'Reject ticked documents' }).click();
      await ana.waitForURL(/notice=documents-new-file/);
      expect(await flash(ana).textContent()).toContain('a follow-up asks the user for new files');
      const row = panel.locator('tr', { hasText: 'invoice-7.pdf' });
      expect(await row.textContent()).toContain('Rejected');
      expect(await row.textContent()).toContain('Names another company');
      const links = ana.locator('.dialog-link input');
      expect(await links.count()).toBe(2);
      const link = await links.nth(1).inputValue();
      followUpId = new URL(link).searchParams.get('id')!;
      expect(followUpId).toMatch(/^[0-9a-f-]{36}$/);
      await screenshot(ana, 'decision-document-rejected');
    },
    SLOW,
  );

  it(
    'lets the company’s user send the new file in the dialog',
    async () => {
      const user = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await user.newPage();
      await page.goto(`${s.url}/dialog?id=${followUpId}`);
      await page.locator('#step-title', { hasText: 'Invoice' }).waitFor({ timeout: 20_000 });
      const invoice = await makeInvoicePdf({ seller: COMPANY, buyer: 'Globex GmbH', invoiceNumber: 'INV-8', date: '2026-10-02', currency: 'EUR', total: 15250.75 });
      await page.locator('#file-input').setInputFiles({ name: 'invoice-8.pdf', mimeType: 'application/pdf', buffer: invoice });
      await page.locator('li.msg.from-dossier', { hasText: 'invoice-8.pdf' }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('#step-title', { hasText: 'Your answers' }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Thank you!').first().waitFor({ timeout: 20_000 });
      await user.close();
      const result = await flows(s.api).caseResult(c.case_id);
      expect((result.result.documents as { file_name?: string; document_name: string }[]).length).toBeGreaterThanOrEqual(3);
    },
    SLOW,
  );

  it(
    'accepts the new file and approves; the case waits for a second, different analyst',
    async () => {
      await ana.goto(`${s.url}/backoffice/cases/${c.case_id}`);
      const panel = ana.locator('section.decision-panel');
      await panel.getByRole('checkbox', { name: 'invoice-8.pdf' }).check();
      await panel.getByLabel('Reason for accepting').selectOption({ label: 'Checked and matches the case' });
      await panel.getByRole('button', { name: 'Accept ticked documents' }).click();
      await ana.waitForURL(/notice=documents-accepted/);
      expect(await panel.locator('tr', { hasText: 'invoice-8.pdf' }).textContent()).toContain('Accepted');

      const approve = panel.locator('form.decision-form', { has: ana.getByRole('heading', { name: 'Approve', exact: true }) });
      await approve.getByLabel(/^Reason/).selectOption({ label: 'Evidence complete and consistent' });
      await approve.getByRole('button', { name: 'Approve' }).click();
      await ana.waitForURL(/notice=case-first-approval/);
      expect(await flash(ana).textContent()).toContain('needs a second approval from a different analyst');
      expect(await panel.locator('.decision-state').textContent()).toContain('Waiting for a second approval');

      // The same analyst cannot give the second approval.
      const second = panel.locator('form.decision-form', { has: ana.getByRole('heading', { name: 'Give the second approval' }) });
      await second.getByRole('button', { name: 'Approve' }).click();
      expect(await flash(ana).textContent()).toContain('second approval from a different analyst');
      await noViolations(ana, 'case page with a refused approval');
      await screenshot(ana, 'decision-waiting-second-approval');

      const benContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const ben = await benContext.newPage();
      await signIn(ben, BEN);
      await ben.getByRole('link', { name: 'Reviews' }).click();
      const waiting = ben.locator('section', { has: ben.getByRole('heading', { name: 'Waiting for a second approval' }) });
      await waiting.getByRole('link', { name: COMPANY }).click();
      const benPanel = ben.locator('section.decision-panel');
      const benApprove = benPanel.locator('form.decision-form', { has: ben.getByRole('heading', { name: 'Give the second approval' }) });
      await benApprove.getByLabel(/^Reason/).selectOption({ label: 'Risk understood and accepted' });
      await benApprove.getByRole('button', { name: 'Approve' }).click();
      await ben.waitForURL(/notice=case-approved/);
      const state = await benPanel.locator('.decision-state').textContent();
      expect(state).toContain('Approved');
      expect(await benPanel.textContent()).toMatch(/Approved by ana .* and ben/s);
      await benContext.close();

      const decision = (await s.api('GET', `/api/v1/cases/${c.case_id}/result`)).body.result.decision;
      expect(decision).toMatchObject({ state: 'approved', decided_by: 'ben', approvals: [{ decided_by: 'ana' }, { decided_by: 'ben' }] });
    },
    SLOW,
  );

  it(
    'lists every step in the audit trail with its actor',
    async () => {
      await ana.goto(`${s.url}/backoffice/cases/${c.case_id}#audit`);
      const rows = await ana.locator('table.audit tbody tr').allTextContents();
      const has = (actor: string, action: string) => rows.some((r) => r.includes(actor) && r.includes(action));
      expect(has('ana', 'Rejected a document')).toBe(true);
      expect(has('ana', 'Opened a follow-up')).toBe(true);
      expect(has("The client's user", 'Finished a conversation')).toBe(true);
      expect(has('ana', 'Accepted a document')).toBe(true);
      expect(has('ana', 'Approved the case')).toBe(true);
      expect(has('ben', 'Approved the case')).toBe(true);
      // Newest first: ben's approval heads the list.
      expect(rows[0]).toContain('ben');
      await screenshot(ana, 'decision-audit-trail');
    },
    SLOW,
  );

  it(
    'shows the due review in the queue, where the analyst takes the case',
    async () => {
      await ana.getByRole('link', { name: 'Reviews' }).click();
      await noViolations(ana, 'review queue');
      const due = ana.locator('section', { has: ana.getByRole('heading', { name: 'Reviews due' }) });
      const row = due.locator('tr', { hasText: COMPANY });
      expect(await row.textContent()).toContain('Due');
      await row.getByRole('button', { name: /Assign to me/ }).click();
      await ana.waitForURL(/notice=assigned/);
      expect(await due.locator('tr', { hasText: COMPANY }).textContent()).toContain('ana (you)');
      await screenshot(ana, 'decision-review-queue');
      await ana.getByRole('link', { name: 'My cases' }).click();
      await noViolations(ana, 'my cases');
      await screenshot(ana, 'decision-my-cases');
      expect(await ana.locator('table.cases tbody tr').allTextContents()).toEqual([expect.stringContaining(COMPANY)]);
      await ana.getByRole('link', { name: COMPANY }).click();
      await ana.locator('section.decision-panel').getByRole('button', { name: 'Start review' }).click();
      await ana.waitForURL(/notice=review-started/);
      expect(await ana.locator('section.decision-panel .decision-state').textContent()).toContain('Under review');
    },
    SLOW,
  );
});
