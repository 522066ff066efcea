// The account owner's contact fields of the declarations step in real Chromium: labelled, with the
// keyboard each needs, a wrong LinkedIn address refused on the form with what to do, and no
// accessibility violation found by axe-core.
import { afterAll, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import type { Browser } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { axe, describeBrowser, launchChromium } from './browser.ts';
import { dialogApi } from './helpers.ts';

const SLOW = 90_000;

describeBrowser("the account owner's contact fields in Chromium", () => {
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
    'shows them labelled, refuses a wrong LinkedIn address with what to fix, and keeps what was typed',
    async () => {
      const f = flows(s.api);
      const ids = await f.createCase(onboardingCase());
      const d = dialogApi(s.url, ids.conversation_id);
      const first = (await d.state()).body.view.step;
      expect((await d.skip(first.key, 'We will send the certificate by post.')).status).toBe(200);

      const page = await browser.newPage();
      await page.goto(`${s.url}/dialog?id=${ids.conversation_id}&lang=en`);
      const owner = page.getByRole('group', { name: 'Jane Quinn Public (you, the account owner)' });
      await owner.waitFor();
      const email = owner.getByRole('textbox', { name: 'Your e-mail address (optional)' });
      const phone = owner.getByRole('textbox', { name: 'Your telephone number (optional)' });
      const linkedin = owner.getByRole('textbox', { name: 'Your LinkedIn profile (optional)' });
      expect(await email.getAttribute('inputmode')).toBe('email');
      expect(await phone.getAttribute('autocomplete')).toBe('tel');
      expect(await linkedin.getAttribute('inputmode')).toBe('url');
      expect((await axe(page)).violations).toEqual([]);

      for (const q of ['Is this person a politically exposed person (PEP)?', 'Is this person a US person?'])
        await owner.getByRole('group', { name: q }).getByRole('radio', { name: 'No', exact: true }).check();
      await email.fill('jane@example.com');
      await phone.fill('+44 20 7946 0958');
      await linkedin.fill('https://twitter.com/jane');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText(/^This is not the address of a LinkedIn profile: please copy the address of your profile page/).waitFor();
      expect(await email.inputValue()).toBe('jane@example.com');
      expect((await axe(page)).violations).toEqual([]);

      await linkedin.fill('https://www.linkedin.com/in/jane-quinn-public');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('group', { name: 'Where does the money in the account come from?' }).waitFor();
      const stored = await s.d.ctx.db.selectFrom('dialog_steps').select('answer').where('conversation_id', '=', ids.conversation_id).where('module', '=', 'declarations').executeTakeFirstOrThrow();
      expect(JSON.parse(stored.answer!).declarations).toEqual(
        expect.objectContaining({
          [(await s.d.ctx.db.selectFrom('entities').select('id').where('case_id', '=', ids.case_id).where('role', '=', 'account_owner').executeTakeFirstOrThrow()).id]: expect.objectContaining({
            email: 'jane@example.com',
            phone: '+442079460958',
            linkedin_profile: 'https://www.linkedin.com/in/jane-quinn-public',
          }),
        }),
      );
      await page.close();
    },
    SLOW,
  );
});
