// Real Chromium for the dialog's browser tests (Debian's `chromium`, driven by playwright-core).
// Without it the tests are skipped with a message, except in CI (CI=true), where they must run.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { describe } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from '../helpers/server.ts';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const present = fs.existsSync(chromiumPath);
const inCi = process.env.CI === 'true';
if (!present && !inCi) console.warn(`Dialog browser tests skipped: no Chromium at ${chromiumPath}. Install it with "apt-get install -y chromium" (CI does).`);

/** `describe` when Chromium is there or CI requires it; `describe.skip` otherwise. */
export const describeBrowser = present || inCi ? describe : describe.skip;

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
 * A page of "the bank" on its own loopback origin that embeds the dialog as the spec describes:
 * a container, and an iframe (borderless, full width and height) whose src is `?src=` of the page.
 */
export async function startEmbeddingSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const port = await freePort();
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bank portal</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>html,body{margin:0;height:100%}#dossier{height:100%}#dossier iframe{border:0;width:100%;height:100%;min-height:100vh;display:block}</style></head>
<body><div id="dossier"></div><script>
window.received = [];
window.addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));
const frame = document.createElement('iframe');
frame.src = new URLSearchParams(location.search).get('src');
frame.title = 'Verification';
document.getElementById('dossier').appendChild(frame);
</script></body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
