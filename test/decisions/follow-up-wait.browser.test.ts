// A case decision waits for the case's open follow-ups, in real Chromium: an analyst rejects a
// document and asks the user for a new file, then tries to approve: the approval is refused with a
// sentence naming the open follow-up, and the case stays undecided; given a reason to decide now,
// the approval goes through and the reason stands in the audit trail. The status line reads as a
// sentence, and the audit trail starts with the case's creation.
import { afterAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows } from '../helpers/factories.ts';
import { axe, describeBrowser, launchChromium, type AxeIssue } from '../backoffice/browser.ts';
import { seedCase, type SeededCase } from '../backoffice/helpers.ts';

const ANA = { username: 'ana', password: 'ana-password-1234' };
const SLOW = 120_000;

describeBrowser('a decision while a follow-up is open', () => {
  let s: TestServer;
  let browser: Browser;
  let c: SeededCase;
  let ana: Page;

  setupAll(async () => {
    s = await startServer({ FOUR_EYES_RISK_LEVELS: '' } as never);
    await s.d.services.users.create({ ...ANA, clientUsername: s.client.username });
    c = await seedCase(s, s.api, { company: 'Lambda Freight Ltd', complete: true });
    await flows(s.api).caseResult(c.case_id);
    browser = await launchChromium();
    ana = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await ana.goto(`${s.url}/backoffice/login`);
    await ana.getByLabel('Username').fill(ANA.username);
    await ana.getByLabel('Password').fill(ANA.password);
    await ana.getByRole('button', { name: 'Sign in' }).click();
    await ana.waitForURL(/\/backoffice\/cases/);
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  const flash = () => ana.locator('.flash').first();

  it(
    'refuses the approval while the follow-up asking for a new file is open, then takes it with a stated reason',
    async () => {
      await ana.goto(`${s.url}/backoffice/cases/${c.case_id}`);
      const panel = ana.locator('section.decision-panel');
      await panel.getByRole('checkbox', { name: 'invoice-7.pdf' }).check();
      await panel.getByLabel('Reason for rejecting').selectOption({ label: 'Names another company' });
      await panel.getByLabel(/Ask the user for a new file/).check();
      await panel.getByLabel(/E-mail the follow-up's invitation to/).fill('');
      await panel.getByRole('button', { name: 'Reject ticked documents' }).click();
      await ana.waitForURL(/notice=documents-new-file/);

      const approve = panel.locator('form.decision-form', { has: ana.getByRole('heading', { name: 'Approve', exact: true }) });
      await approve.getByLabel(/^Reason/).selectOption({ label: 'Evidence complete and consistent' });
      await approve.getByRole('button', { name: 'Approve' }).click();
      expect(await flash().textContent()).toMatch(/follow-up .*is still open/);
      const decision = (await s.api('GET', `/api/v1/cases/${c.case_id}/result`)).body.result?.decision;
      expect(decision?.state ?? 'undecided').not.toBe('approved');
      expect(await panel.locator('.decision-state').textContent()).not.toContain('Approved');

      const again = panel.locator('form.decision-form', { has: ana.getByRole('heading', { name: 'Approve', exact: true }) });
      await again.getByLabel(/^Reason/).selectOption({ label: 'Evidence complete and consistent' });
      await again.getByLabel(/Why decide now, while a follow-up is open/).fill('The invoice was confirmed by phone with the buyer.');
      await again.getByRole('button', { name: 'Approve' }).click();
      await ana.waitForURL(/notice=case-approved/);
      const state = (await panel.locator('.decision-state').textContent()) ?? '';
      expect(state).toContain('Approved');
      expect(state).not.toContain('last step by');
      expect(state).toMatch(/Approved by ana on /);
      const { violations } = await axe(ana);
      expect(violations as AxeIssue[], JSON.stringify(violations, null, 2)).toEqual([]);
    },
    SLOW,
  );

  it(
    'records the reason in the audit trail, which starts with the case being created',
    async () => {
      await ana.goto(`${s.url}/backoffice/cases/${c.case_id}#audit`);
      const rows = await ana.locator('table.audit tbody tr').allTextContents();
      const approval = rows.find((r) => r.includes('Approved the case'));
      expect(approval).toContain('The invoice was confirmed by phone with the buyer.');
      expect(approval).toMatch(/open follow.ups: 1/);
      expect(rows.at(-1)).toContain('Created the case');
    },
    SLOW,
  );
});
