// Real Chromium for the back-office browser tests (Debian's `chromium`, driven by playwright-core),
// axe-core run inside the page, and screenshots kept when BACKOFFICE_SCREENSHOTS names a folder.
// Without Chromium the tests are skipped with a message, except in CI (CI=true), where they must run.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const present = fs.existsSync(chromiumPath);
const inCi = process.env.CI === 'true';
if (!present && !inCi) console.warn(`Back-office browser tests skipped: no Chromium at ${chromiumPath}. Install it with "apt-get install -y chromium" (CI does).`);

/** `describe` when Chromium is there or CI requires it; `describe.skip` otherwise. */
export const describeBrowser = present || inCi ? describe : describe.skip;

export async function launchChromium(): Promise<Browser> {
  if (!present) throw new Error(`CI=true but there is no Chromium at ${chromiumPath}; install it with apt-get install -y chromium.`);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeIssue {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core in the page, through the DevTools protocol, so the pages' CSP does not stop it. */
export async function axe(page: Page): Promise<{ violations: AxeIssue[]; passes: number }> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const w = window as unknown as { axe: { run(ctx: Document, opts: object): Promise<any> } };
    const r = await w.axe.run(document, { resultTypes: ['violations'] });
    return {
      passes: r.passes.length,
      violations: r.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n: any) => String(n.target)) })),
    };
  });
}

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
