// The page at `/`: a browser gets a small accessible HTML page with the links a newcomer needs, an
// API client the same links as JSON. Neither carries a secret.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { axe, describeBrowser, launchChromium } from '../helpers/browser.ts';
import { acceptQuality, prefersHtml } from '../../src/http/plugins/landing.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

let s: TestServer;
setupAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('landing page', () => {
  it('gives a browser an HTML page linking the API docs, the back office and the health checks', async () => {
    const res = await fetch(`${s.url}/`, { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toMatch(/accept/i);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
    const html = await res.text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toContain('<title>Dossier</title>');
    for (const href of ['/docs', '/api/v1/openapi.json', '/backoffice/', '/healthz', '/readyz']) expect(html).toContain(`href="${href}"`);
    expect(html).toContain('A five-minute tour with curl');
    expect(html).not.toContain(s.client.password);
    expect(html).not.toContain('<script');
    // Every link on it leads somewhere.
    for (const href of [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!)) {
      const linked = await fetch(`${s.url}${href}`, { redirect: 'manual' });
      await linked.arrayBuffer();
      expect([200, 302, 303], href).toContain(linked.status);
    }
  });

  it('gives API clients (JSON, curl, no Accept) the same links as JSON', async () => {
    for (const accept of ['application/json', '*/*', null]) {
      const res = await fetch(`${s.url}/`, { headers: accept ? { accept } : {} });
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await res.json();
      expect(body.service).toBe('Dossier');
      expect(body.links).toEqual({
        api: `${s.d.config.PUBLIC_URL}/api/v1`,
        docs: `${s.d.config.PUBLIC_URL}/docs`,
        openapi: `${s.d.config.PUBLIC_URL}/api/v1/openapi.json`,
        backoffice: `${s.d.config.PUBLIC_URL}/backoffice/`,
        health: `${s.d.config.PUBLIC_URL}/healthz`,
        readiness: `${s.d.config.PUBLIC_URL}/readyz`,
      });
      expect(JSON.stringify(body)).not.toContain(s.client.password);
    }
    const head = await fetch(`${s.url}/`, { method: 'HEAD', headers: { accept: BROWSER_ACCEPT } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // Other paths still answer JSON 404s.
    const missing = await fetch(`${s.url}/nothing-here`, { headers: { accept: BROWSER_ACCEPT } });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toBe('not_found');
  });

  it('negotiates by the quality the Accept header gives each type', () => {
    expect(prefersHtml(BROWSER_ACCEPT)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('application/json, text/html;q=0.5')).toBe(false);
    expect(prefersHtml('text/html;q=0.4, application/*;q=0.3')).toBe(true);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('text/html;q=0')).toBe(false);
    expect(acceptQuality('text/*;q=0.5, text/html;q=0.7', 'text/html')).toBe(0.7);
    expect(acceptQuality('text/html;q=0.7, text/*;q=0.5', 'text/html')).toBe(0.7);
    expect(acceptQuality('image/png', 'application/json')).toBe(0);
    expect(acceptQuality('text/html;q=abc', 'text/html')).toBe(0);
  });
});

describeBrowser('landing page in a browser', () => {
  it('has no accessibility violations (axe-core)', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${s.url}/`);
      expect(await page.title()).toBe('Dossier');
      const { violations } = await axe(page);
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
