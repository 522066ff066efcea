// The declarations step laid out for people, measured in real Chromium (geometry, not pictures): each
// choice's label sits beside its radio button on one line, the choice is a large target, the
// country select spans the form's width; on a phone the header is compact (at most 12 % of the
// screen) and scrolls away, and the upload step says "Choose" rather than "Drag files here" on a
// touch screen.
import { afterAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { axe, describeBrowser, launchChromium } from './browser.ts';
import { dialogApi } from './helpers.ts';

const SLOW = 90_000;

describeBrowser('the dialog laid out for people', () => {
  let s: TestServer;
  let browser: Browser;

  setupAll(async () => {
    [s, browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  for (const viewport of [
    { width: 390, height: 844, name: 'phone' },
    { width: 1280, height: 900, name: 'desktop' },
  ]) {
    it(
      `puts each choice beside its label, as a large target, with a full-width select (${viewport.name})`,
      async () => {
        const ids = await flows(s.api).createCase(onboardingCase());
        const d = dialogApi(s.url, ids.conversation_id);
        const first = (await d.state()).body.view.step;
        expect((await d.skip(first.key, 'We will send the certificate by post.')).status).toBe(200);
        const context = await browser.newContext({ viewport, hasTouch: viewport.name === 'phone' });
        const page = await context.newPage();
        await page.goto(`${s.url}/dialog?id=${ids.conversation_id}&lang=en`);
        const pep = page.getByRole('group', { name: 'Is this person a politically exposed person (PEP)?' }).first();
        await pep.waitFor();
        const radio = pep.getByRole('radio', { name: 'Yes', exact: true });
        const label = pep.locator('label', { hasText: /^Yes$/ });
        const [r, l] = [await radio.boundingBox(), await label.boundingBox()];
        expect(r && l).toBeTruthy();
        // Beside: the label starts right of the button, on the same line (their vertical centres within 6 px).
        expect(l!.x).toBeGreaterThan(r!.x + r!.width - 1);
        expect(Math.abs(l!.y + l!.height / 2 - (r!.y + r!.height / 2))).toBeLessThan(6);
        // A large target: the whole choice row is at least 44 px high and wide across the form.
        const row = await pep.locator('.choice').first().boundingBox();
        expect(row!.height).toBeGreaterThanOrEqual(44);
        // Yes and No are told apart: their rows do not overlap.
        const no = await pep.locator('.choice').nth(1).boundingBox();
        expect(no!.y).toBeGreaterThanOrEqual(row!.y + row!.height - 1);
        const select = page.getByRole('combobox', { name: 'Country of tax residence' }).first();
        const group = await page.locator('fieldset.group').first().boundingBox();
        const sel = await select.boundingBox();
        expect(sel!.width).toBeGreaterThan(group!.width * 0.8);
        // Clicking the label chooses (a keyboard and screen-reader friendly native control).
        await label.click();
        expect(await radio.isChecked()).toBe(true);
        if (viewport.name === 'phone') {
          await page.mouse.wheel(0, 600);
          await page.waitForTimeout(100);
          const header = await page.locator('.top').boundingBox();
          // The header scrolls away with the page rather than covering a fifth of the screen.
          expect(header!.y + header!.height).toBeLessThan(viewport.height * 0.12);
        }
        expect((await axe(page)).violations).toEqual([]);
        await context.close();
      },
      SLOW,
    );
  }

  it(
    'says "Choose" rather than "Drag files here" on a touch screen',
    async () => {
      const ids = await flows(s.api).createCase(monitoringCase({ modules: [{ module: 'invoice' }] }));
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await page.goto(`${s.url}/dialog?id=${ids.conversation_id}&lang=en`);
      const drop = page.locator('.drop');
      await drop.waitFor();
      const text = (await drop.textContent()) ?? '';
      expect(text).not.toContain('Drag');
      expect(text).toContain('Choose a file');
      // The header (who asks, the languages, the title, the progress) is compact: at most 12 % of the phone's screen, and it scrolls away.
      const header = await page.locator('.top').boundingBox();
      expect(header!.height).toBeLessThanOrEqual(844 * 0.12);
      expect(await page.locator('.top').evaluate((e) => getComputedStyle(e).position)).toBe('static');
      expect((await axe(page)).violations).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
