// The declarations and questionnaire forms of an onboarding dialog in real Chromium: fieldsets with
// legends, labelled controls, a condition that shows its question, a refusal shown on the form,
// and no accessibility violation found by axe-core.
import { afterAll, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import type { Browser } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { axe, describeBrowser, launchChromium } from './browser.ts';
import { dialogApi } from './helpers.ts';

const SLOW = 90_000;

describeBrowser('the onboarding forms in Chromium', () => {
  let s: TestServer;
  let browser: Browser;

  setupAll(async () => {
    [s, browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it(
    'asks the declarations and the questionnaire with accessible controls and honours the condition',
    async () => {
      const ids = await flows(s.api).createCase(onboardingCase());
      const d = dialogApi(s.url, ids.conversation_id);
      // The document step is not what this test is about: skipped with a reason through the dialog API.
      const first = (await d.state()).body.view.step;
      expect((await d.skip(first.key, 'We will send the certificate by post.')).status).toBe(200);

      const page = await browser.newPage();
      await page.goto(`${s.url}/dialog?id=${ids.conversation_id}&lang=en`);
      const owner = page.getByRole('group', { name: 'Jane Quinn Public (you, the account owner)' });
      await expect(owner.isVisible()).resolves.toBe(true);
      const pep = owner.getByRole('group', { name: 'Is this person a politically exposed person (PEP)?' });
      expect(await pep.getByRole('radio').count()).toBe(3);
      expect(await owner.getByRole('combobox', { name: 'Country of tax residence' }).count()).toBe(1);
      expect((await axe(page)).violations).toEqual([]);

      // Sent with an answer missing: refused on the form, the choices made kept.
      await owner.getByRole('group', { name: 'Is this person a US person?' }).getByRole('radio', { name: 'No', exact: true }).check();
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Please answer: Is this person a politically exposed person (PEP)? (Jane Quinn Public)').waitFor();
      expect(await owner.getByRole('group', { name: 'Is this person a US person?' }).getByRole('radio', { name: 'No', exact: true }).isChecked()).toBe(true);
      await owner.getByRole('group', { name: 'Is this person a politically exposed person (PEP)?' }).getByRole('radio', { name: 'Yes', exact: true }).check();
      await owner.getByRole('combobox', { name: 'Country of tax residence' }).selectOption('DE');
      await page.getByRole('button', { name: 'Send' }).click();

      // The questionnaire: the free-text question on "other" appears only once "Something else" is chosen.
      const funds = page.getByRole('group', { name: 'Where does the money in the account come from?' });
      await funds.waitFor();
      const other = page.getByRole('group', { name: 'Please describe where else the money comes from.' });
      expect(await other.isVisible()).toBe(false);
      await funds.getByRole('checkbox', { name: 'Something else' }).check();
      expect(await other.isVisible()).toBe(true);
      await other.getByRole('textbox', { name: 'Your answer' }).fill('Royalties from our patents.');
      await page.getByRole('group', { name: 'How much money do you expect to move through the account each month?' }).getByRole('radio', { name: '10,000 to 100,000 EUR' }).check();
      await page.getByRole('group', { name: 'In which countries does the business operate?' }).getByRole('textbox').fill('Germany');
      expect((await axe(page)).violations).toEqual([]);
      await page.getByRole('button', { name: 'Send' }).click();

      await page.locator('#submit').waitFor();
      const summary = await page.locator('dl.summary').innerText();
      expect(summary).toContain('Jane Quinn Public: PEP: Yes; US person: No; Country of tax residence: Germany');
      expect(summary).toContain('Please describe where else the money comes from. Royalties from our patents.');
      await page.close();
    },
    SLOW,
  );
});
