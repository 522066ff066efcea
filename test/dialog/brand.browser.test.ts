// The branded dialog in real Chromium: the client's logo, display name, contact and privacy link
// are shown (the logo and colour load under the page's CSP), the API username never is; and an
// unbranded dialog speaks of "the organisation that sent you this link". Screenshots go to
// DIALOG_SCREENSHOTS when it is set.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import type { Browser } from 'playwright-core';
import { startServer, type ApiCaller, type TestServer } from '../helpers/server.ts';
import { flows } from '../helpers/factories.ts';
import { makeLogoPng } from '../fixtures/brand.ts';
import { describeBrowser, launchChromium } from './browser.ts';

const shots = process.env.DIALOG_SCREENSHOTS;

describeBrowser('the branded dialog in Chromium', () => {
  let s: TestServer;
  let browser: Browser;
  let branded: ApiCaller;
  let plain: ApiCaller;

  setupAll(async () => {
    [s, browser] = await Promise.all([startServer(), launchChromium()]);
    branded = await s.newClient('northbank');
    plain = await s.newClient('plainbank');
    await s.d.services.clients.setBrandOf(
      'northbank',
      { display_name: 'North Bank', primary_colour: '#0b5e3a', support_email: 'help@northbank.example', support_phone: '+44 20 7946 0000', privacy_url: 'https://northbank.example/privacy' },
      await makeLogoPng(),
    );
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('shows the logo, the display name, the contact and the privacy notice, never the username', { timeout: 90_000 }, async () => {
    const { conversation_id } = await flows(branded).createCase();
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const refused: string[] = [];
    page.on('console', (m) => m.type() === 'error' && refused.push(m.text()));
    await page.goto(`${s.url}/dialog?id=${conversation_id}`);
    await page.locator('#step-title').waitFor({ timeout: 20_000 });
    const logo = page.locator('img.brand-logo');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.locator('.brand-name').textContent()).toBe('North Bank');
    expect(await page.locator('.requested').textContent()).toBe('Requested by North Bank');
    expect(await page.locator('li.msg').first().textContent()).toContain('North Bank is opening an account for');
    const footer = (await page.locator('footer.brand-foot').textContent()) ?? '';
    expect(footer).toContain('help@northbank.example');
    expect(footer).toContain('+44 20 7946 0000');
    expect(await page.getByRole('link', { name: 'Privacy notice of North Bank' }).getAttribute('href')).toBe('https://northbank.example/privacy');
    // The brand colour reached the page: the accent (buttons, links) is the client's green.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim())).toBe('#0b5e3a');
    expect(await page.locator('body').innerText()).not.toMatch(/northbank(?!\.example)/i);
    expect(refused.filter((t) => /Content Security Policy/i.test(t))).toEqual([]);
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, 'brand-phone.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: path.join(shots, 'brand-desktop.png'), fullPage: true });
    }
    await page.close();
  });

  it('without a brand names no one, and never shows the username', { timeout: 90_000 }, async () => {
    const { conversation_id } = await flows(plain).createCase();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${s.url}/dialog?id=${conversation_id}`);
    await page.locator('#step-title').waitFor({ timeout: 20_000 });
    expect(await page.locator('.requested').textContent()).toBe('Requested by the organisation that sent you this link');
    expect(await page.locator('li.msg').first().textContent()).toContain('The organisation that sent you this link is opening an account for');
    expect(await page.locator('img.brand-logo').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/plainbank/i);
    if (shots) await page.screenshot({ path: path.join(shots, 'brand-none.png'), fullPage: true });
    await page.close();
  });
});
