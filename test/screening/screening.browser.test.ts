// The screening panel of the case page in a browser: it passes axe with no serious issue, and an
// analyst marks a hit as a false match through its form, with a reason, and sees the result.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { importList } from '../../src/screening/lists.ts';
import { axe, describeBrowser, launchChromium } from '../helpers/browser.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { eventually, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'screening');
const ANA = { username: 'ana', password: 'ana-password-1234' };

describeBrowser('the screening panel in a browser', () => {
  let s: TestServer;
  let browser: Browser;
  let caseId: string;

  setupAll(async () => {
    s = await startServer();
    await s.d.services.users.create({ ...ANA, clientUsername: s.client.username });
    await importList(s.d.ctx.db, s.d.ctx.dialect, path.join(FIXTURES, 'peps.ftm.jsonl'), { name: 'peps' });
    caseId = (await flows(s.api).createCase(onboardingCase({ company_full_name: 'Sofia Trade Partners Ltd', company_country_code: 'BG', user_full_name: 'Elena Markova' }))).case_id;
    await eventually(async () => {
      const r = await s.api('GET', `/api/v1/cases/${caseId}/screening`);
      return r.body.hits?.length ? r.body : undefined;
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('shows the hit accessibly and records a false match', async () => {
    const page = await browser.newPage();
    await page.goto(`${s.url}/backoffice/cases/${caseId}`);
    await page.getByLabel('Username').fill(ANA.username);
    await page.getByLabel('Password').fill(ANA.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState();
    await page.goto(`${s.url}/backoffice/cases/${caseId}#screening`);
    const panel = page.locator('section[aria-labelledby="screening"]');
    await expect(panel.getByRole('heading', { name: /Elena Markova matches/ }).count()).resolves.toBe(1);
    await panel.getByText('Decide on this hit').click();
    const result = await axe(page);
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
    await panel.getByLabel('False match').check();
    await panel.getByLabel('Reason').fill('Born in another country; the PEP is a member of parliament, our client is a student.');
    await panel.getByRole('button', { name: 'Record decision' }).click();
    await page.waitForLoadState();
    await expect(page.getByText('Your decision on the screening hit is recorded').count()).resolves.toBe(1);
    await expect(page.getByText('Marked as a false match').count()).resolves.toBeGreaterThan(0);
    const r = await s.api('GET', `/api/v1/cases/${caseId}/screening`);
    expect(r.body.hits[0]).toMatchObject({ status: 'false_match', decision_reason: expect.stringContaining('Born in another country') });
    await page.close();
  });
});
