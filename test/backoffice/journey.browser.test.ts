// An analyst's day in real Chromium: sign in, find a case, open it, comment on a finding, create a
// follow-up (the bank's receiver on loopback gets the new-follow-up notification), open the web
// report, sign out, after which the report link asks for sign-in again; a user of another API client
// finds neither the case nor the report. axe-core checks each page for serious or critical issues.
import { afterAll, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import type { Browser, Page } from 'playwright-core';
import { eventually, startServer, type TestServer } from '../helpers/server.ts';
import { flows } from '../helpers/factories.ts';
import { setClientWebhook } from '../../src/delivery/webhooks/webhooks.admin.ts';
import { WebhookReceiver } from '../delivery/receiver.ts';
import { axe, describeBrowser, launchChromium, saveJson, screenshot, type AxeIssue } from './browser.ts';
import { seedCase, type SeededCase } from './helpers.ts';

const HOOK = { username: 'bank-hook', password: 'hook-password-1', secret: 'whsec-backoffice-0123456789' };
const CARLA = { username: 'carla', password: 'carla-password-123' };
const BOB = { username: 'bob', password: 'bob-password-1234' };

describeBrowser('the back office in a browser', () => {
  let s: TestServer;
  let rx: WebhookReceiver;
  let browser: Browser;
  let a: SeededCase;
  const axeResults: Record<string, { violations: AxeIssue[]; passes: number }> = {};

  setupAll(async () => {
    rx = new WebhookReceiver(HOOK);
    await rx.start();
    s = await startServer({ OUTBOUND_ALLOW_PRIVATE: 'loopback', DELIVERY_RETRY_SCALE: 0.001 });
    await setClientWebhook(s.d.ctx.db, s.client.username, { url: rx.url(), ...HOOK }, s.d.config.OUTBOUND_ALLOW_PRIVATE);
    await s.d.services.users.create({ ...CARLA, clientUsername: s.client.username });
    await s.newClient('bank-b');
    await s.d.services.users.create({ ...BOB, clientUsername: 'bank-b' });
    for (let i = 0; i < 12; i++) {
      await flows(s.api).createCase({
        communication_id: `other-${i}`,
        case: {
          case_kind: 'onboarding',
          company_full_name: `Other Company ${i} Ltd`,
          company_country_code: 'GB',
          company_reg_number: `0770${i}`,
          user_full_name: 'Jane Doe',
          modules: [{ module: 'documents_verification' }],
        },
      });
    }
    a = await seedCase(s, s.api, { company: 'Ромашка Trading Ltd', communication: 'crm-romashka' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    saveJson('axe', axeResults);
    await browser?.close();
    await s?.close();
    await rx?.stop();
  });

  async function checkAxe(page: Page, name: string): Promise<void> {
    const result = await axe(page);
    axeResults[name] = result;
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, `${name}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
  }

  async function signIn(page: Page, who: { username: string; password: string }): Promise<void> {
    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState();
  }

  it('takes an analyst from sign-in to the web report, and out again', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Sign in: the list asks for it first.
    await page.goto(`${s.url}/backoffice/cases`);
    expect(new URL(page.url()).pathname).toBe('/backoffice/login');
    await checkAxe(page, 'login');
    await screenshot(page, '01-login');
    await signIn(page, CARLA);
    expect(new URL(page.url()).pathname).toBe('/backoffice/cases');
    await checkAxe(page, 'case-list');
    await screenshot(page, '02-case-list');

    // Find the case by part of its name, open it.
    await page.getByLabel('Search', { exact: true }).fill('ромашка');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForLoadState();
    expect(await page.locator('table.cases tbody tr').count()).toBe(1);
    await page.getByRole('link', { name: 'Ромашка Trading Ltd' }).click();
    await page.waitForLoadState();
    expect(page.url()).toContain(`/backoffice/cases/${a.case_id}`);
    await checkAxe(page, 'case-view');
    await screenshot(page, '03-case-view');

    // Comment on a finding.
    const issue = a.issues.find((i) => i.severity === 'warning') ?? a.issues[0]!;
    const finding = page.locator(`article.finding:has(code:text-is("${issue.issue_id}"))`);
    await finding.locator('summary', { hasText: 'Add a comment' }).click();
    await finding.getByLabel('Comment on this issue').fill('The invoice is addressed to a sister company; confirmed by phone.');
    await finding.getByRole('button', { name: 'Save comment' }).click();
    await page.waitForLoadState();
    expect(await page.locator('.flash').innerText()).toContain('Comment saved');
    expect(await page.locator(`article.finding:has(code:text-is("${issue.issue_id}")) .comment-text`).innerText()).toBe('The invoice is addressed to a sister company; confirmed by phone.');

    // Ask for more: a follow-up, which the bank's receiver hears about.
    await page.getByRole('link', { name: 'Ask for more: new follow-up' }).click();
    await page.waitForLoadState();
    await page.getByLabel('Monitoring follow up').check();
    await page.getByLabel('Bill of lading').check();
    await page.getByLabel('Subject').fill('Delivery');
    await page.getByLabel('Question', { exact: true }).fill('Where were the goods delivered?');
    await checkAxe(page, 'follow-up-form');
    await screenshot(page, '04-follow-up-form');
    await page.getByRole('button', { name: 'Create follow-up' }).click();
    await page.waitForLoadState();
    expect(await page.locator('.flash').innerText()).toContain('Follow-up created');
    const followUpId = /#conversation-([0-9a-f-]{36})$/.exec(page.url())![1]!;
    const arrival = await eventually(async () => rx.arrivals.find((x) => x.body.conversation_id === followUpId));
    expect(arrival.body).toEqual({ link: `${s.url}/dialog?id=${followUpId}`, case_id: a.case_id, conversation_id: followUpId, communication_id: 'crm-romashka' });
    expect(arrival.body).not.toHaveProperty('event');

    // Copy the follow-up's dialog link.
    await page.locator(`[data-copy="link-${followUpId}"]`).click();
    await page.waitForFunction((id) => document.querySelector(`[data-copy="link-${id}"]`)?.textContent === 'Copied', followUpId);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${s.url}/dialog?id=${followUpId}`);
    expect(errors).toEqual([]);

    // The first conversation completes; its web report carries the comment.
    await flows(s.api).complete(a.conversation_id);
    await flows(s.api).conversationResult(a.conversation_id);
    await page.reload();
    await page.locator(`#conversation-${a.conversation_id}`).getByRole('link', { name: 'Web report' }).click();
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe(`/reports/${a.conversation_id}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Ромашка Trading Ltd');
    expect(await page.locator('body').innerText()).toContain('The invoice is addressed to a sister company; confirmed by phone.');
    expect(await page.locator('svg.ownership-chart').isVisible()).toBe(true);
    await checkAxe(page, 'web-report');
    await screenshot(page, '05-web-report');

    // Sign out: the report link asks for sign-in again, and brings the user back after it.
    await page.goto(`${s.url}/backoffice/cases`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForLoadState();
    expect(await page.locator('.flash').innerText()).toContain('You are signed out');
    await page.goto(`${s.url}/reports/${a.conversation_id}`);
    expect(new URL(page.url()).pathname).toBe('/backoffice/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/reports/${a.conversation_id}`);
    await signIn(page, CARLA);
    expect(new URL(page.url()).pathname).toBe(`/reports/${a.conversation_id}`);
    await context.close();
  });

  it('shows a user of another API client neither the case nor its report', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.url}/backoffice/login`);
    await signIn(page, BOB);
    for (const path of [`/backoffice/cases/${a.case_id}`, `/reports/${a.conversation_id}`]) {
      const res = await page.goto(`${s.url}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(await page.locator('body').innerText()).not.toContain('Ромашка');
    }
    await page.goto(`${s.url}/backoffice/cases`);
    expect(await page.locator('body').innerText()).toContain('No cases match');
    await context.close();
  });

  it('reads well on a tablet', async () => {
    const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${s.url}/backoffice/login?next=${encodeURIComponent(`/backoffice/cases/${a.case_id}`)}`);
    await signIn(page, CARLA);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, '06-case-view-tablet');
    await page.goto(`${s.url}/backoffice/cases`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
    await screenshot(page, '07-case-list-tablet');
    await context.close();
  });
});
