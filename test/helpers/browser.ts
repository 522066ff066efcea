// Real Chromium for browser tests (Debian's `chromium`, driven by playwright-core), and axe-core
// run inside the page. Without Chromium the tests are skipped with a message, except in CI
// (CI=true), where they must run.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, describe } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type TestServer } from './server.ts';
import { setupAll } from './setup.ts';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const present = fs.existsSync(chromiumPath);
const inCi = process.env.CI === 'true';
if (!present && !inCi) console.warn(`Browser tests skipped: no Chromium at ${chromiumPath}. Install it with "apt-get install -y chromium" (CI does).`);

/** `describe` when Chromium is there or CI requires it; otherwise `describe.skip`, the reason in the title. */
export const describeBrowser = (
  present || inCi ? describe : (name: string, ...rest: unknown[]) => (describe.skip as (...a: unknown[]) => unknown)(`${name} (needs Chromium at ${chromiumPath}, absent)`, ...rest)
) as typeof describe;

export async function launchChromium(): Promise<Browser> {
  if (!present) throw new Error(`CI=true but there is no Chromium at ${chromiumPath}; .ci/run installs it with apt-get install -y chromium.`);
  // Each launch uses a fresh temporary profile (user-data dir), removed on close.
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

/** Runs axe-core inside the page (through the DevTools protocol, so the page's CSP does not stop it). */
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

/**
 * A test server and Chromium for the enclosing `describe`, started together before its first test
 * and closed after its last (filled in then: read them inside the tests).
 */
export function serverAndChromium(): { s: TestServer; browser: Browser } {
  const t = {} as { s: TestServer; browser: Browser };
  setupAll(async () => {
    [t.s, t.browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await t.browser?.close();
    await t.s?.close();
  });
  return t;
}
