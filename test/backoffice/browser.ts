// Real Chromium for the back-office browser tests (Debian's `chromium`, driven by playwright-core),
// axe-core run inside the page, and screenshots kept when BACKOFFICE_SCREENSHOTS names a folder.
// Without Chromium the tests are skipped with a message, except in CI (CI=true), where they must run.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export { axe, describeBrowser, launchChromium, type AxeIssue } from '../helpers/browser.ts';

const shotDir = process.env.BACKOFFICE_SCREENSHOTS;

/** Saves a full-page screenshot when BACKOFFICE_SCREENSHOTS is set (for people to look at). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!shotDir) return;
  fs.mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
}

export function saveJson(name: string, value: unknown): void {
  if (!shotDir) return;
  fs.mkdirSync(shotDir, { recursive: true });
  fs.writeFileSync(path.join(shotDir, `${name}.json`), JSON.stringify(value, null, 2));
}

/** Signs a back-office user in through the sign-in page and waits for the case list. */
export async function signInPage(page: Page, url: string, who: { username: string; password: string }): Promise<void> {
  await page.goto(`${url}/backoffice/login`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/backoffice\/cases/);
}
