// The default brand names the operator: with OPERATOR_NAME, OPERATOR_CONTACT_EMAIL and
// OPERATOR_PRIVACY_URL set, the dialog of an API client without a brand of its own says who asks,
// where to write and links the privacy notice, instead of "the organisation that sent you this link".
import { afterAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { axe, describeBrowser, launchChromium } from './browser.ts';

describeBrowser("the operator's default brand", () => {
  let s: TestServer;
  let browser: Browser;

  setupAll(async () => {
    [s, browser] = await Promise.all([
      startServer({ OPERATOR_NAME: 'North Compliance Services', OPERATOR_CONTACT_EMAIL: 'help@north.example', OPERATOR_PRIVACY_URL: 'https://north.example/privacy' } as never),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('names the operator, its contact address and its privacy notice in the dialog', async () => {
    const ids = await flows(s.api).createCase(monitoringCase({ modules: [{ module: 'transaction_rationale' }] }));
    const page = await browser.newPage();
    await page.goto(`${s.url}/dialog?id=${ids.conversation_id}&lang=en`);
    await page.locator('#step-title').waitFor();
    const text = await page.locator('body').innerText();
    expect(text).toContain('North Compliance Services');
    expect(text, text).not.toMatch(/organisation that sent you this link/i);
    expect(await page.locator('footer a[href="mailto:help@north.example"]').count()).toBe(1);
    expect(await page.locator('footer a[href="https://north.example/privacy"]').count()).toBe(1);
    expect((await axe(page)).violations).toEqual([]);
    await page.close();
  }, 90_000);
});
