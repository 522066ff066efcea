// The website a user gives in the dialog is visited in the background through the outbound guard:
// loopback sites here stand for the internet (names mapped by WEBSITE_CHECK_HOSTS). A site that
// names the company, one that answers 404, one that redirects, a name that does not resolve, and a
// server that refuses loopback addresses as it does by default.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { listFindingsOfConversation } from '../../src/db/verifications.repo.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { dialogApi } from '../dialog/helpers.ts';

const HOME = `<!doctype html><html><head><title>Acme Trading &amp; Co: industrial pumps</title>
<meta name="description" content="Wholesale distributor of industrial pumps and valves across Europe.">
<script>var hidden = "Umbrella Corp";</script></head>
<body><h1>Pumps for industry</h1><p>Quality pumps since 2015.</p><a href="/about-us">About us</a> <a href="mailto:x@y">Mail</a></body></html>`;
const ABOUT = `<html><head><title>About</title></head><body><p>Acme Trading Ltd is registered in England and Wales,
company number 0123 4567. Registered office: 1 Example Street, London EC1A 1BB.</p></body></html>`;
const OTHER = `<html><head><title>Globex</title></head><body><p>Welcome to Globex, makers of fine widgets.</p></body></html>`;

let site: http.Server;
let port = 0;
const seen: string[] = [];

setupAll(async () => {
  site = http.createServer((req, res) => {
    const host = (req.headers.host ?? '').split(':')[0];
    seen.push(`${host}${req.url}`);
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (host === 'acme-pumps.com' && req.url === '/') return html(HOME);
    if (host === 'acme-pumps.com' && req.url === '/about-us') return html(ABOUT);
    if (host === 'old-acme.com') return res.writeHead(301, { location: 'http://www.acme-pumps.com/' }).end();
    if (host === 'www.acme-pumps.com') return res.writeHead(302, { location: '/' === req.url ? 'http://acme-pumps.com/' : req.url! }).end();
    if (host === 'globex-widgets.com') return html(OTHER);
    if (host === 'loop.com') return res.writeHead(302, { location: 'http://loop.com/again' }).end();
    res.writeHead(404, { 'content-type': 'text/html' }).end('<html><title>Not found</title></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

function hosts(): string {
  return ['acme-pumps.com', 'www.acme-pumps.com', 'old-acme.com', 'globex-widgets.com', 'missing-page.com', 'loop.com'].map((h) => `${h}=127.0.0.1:${port}`).join(',');
}

type Entity = { entity_id: string; entity_details: Record<string, any> };

/** A monitoring case whose only step is the website; answers it, submits, and returns the case result and the conversation's findings. */
async function checkSite(s: TestServer, answer: string) {
  const f = flows(s.api);
  const ids = await f.createCase(monitoringCase({ company_reg_number: '01234567', modules: [{ module: 'website' }] }));
  const d = dialogApi(s.url, ids.conversation_id);
  await d.state();
  const answered = await d.answer('0:website', answer);
  expect(answered.status).toBe(200);
  expect(answered.body.rejected).toBeUndefined();
  expect((await d.submit()).status).toBe(200);
  const result = (await f.caseResult(ids.case_id)).result;
  const main = (result.legal_entities as Entity[]).find((e) => e.entity_id === result.main_entity_id)!;
  const log = result.conversation_results[0].conversation_log as { author: string; module: string | null; text: string }[];
  const findings = await listFindingsOfConversation(s.d.ctx.db, ids.conversation_id);
  return { main, summary: log.find((m) => m.author === 'dossier' && m.module === 'website' && m.text.startsWith('Website '))?.text, codes: findings.map((x) => x.code), findings };
}

describe('the website check with loopback sites allowed', () => {
  let s: TestServer;
  setupAll(async () => {
    s = await startServer({ WEBSITE_CHECK_ALLOW_PRIVATE: 'loopback', WEBSITE_CHECK_HOSTS: hosts(), WEBSITE_CHECK_TIMEOUT_MS: 3000 });
  });
  afterAll(() => s.close());

  it('reads the home page and its about page: names the company and its number; the website is set on the company', async () => {
    const r = await checkSite(s, 'acme-pumps.com');
    expect(r.main.entity_details.company_website).toEqual({ url: 'http://acme-pumps.com/' });
    expect(r.summary).toContain('reachable over plain HTTP');
    expect(r.summary).toContain('title "Acme Trading & Co: industrial pumps"');
    expect(r.summary).toContain('names the company');
    expect(r.summary).toContain('shows the registration number');
    expect(r.summary).toContain('describes itself as "Wholesale distributor of industrial pumps and valves across Europe."');
    expect(seen).toContain('acme-pumps.com/about-us');
    // The address of the company is not known to the case: not claimed either way.
    expect(r.summary).not.toMatch(/the address/);
    expect(r.codes).not.toContain('website_company_not_named');
    expect(r.codes).not.toContain('website_unreachable');
    expect(r.codes).toContain('website_not_secure');
  });

  it('puts every finished check in the case result, however the check and the completion cross', async () => {
    // Several conversations submitted at once while their checks finish in the background: the
    // completion reads a check as done only with the message it logged.
    const results = await Promise.all(Array.from({ length: 8 }, () => checkSite(s, 'acme-pumps.com')));
    for (const r of results) {
      expect(r.main.entity_details.company_website).toEqual({ url: 'http://acme-pumps.com/' });
      expect(r.summary).toContain('names the company');
    }
  });

  it('follows redirects hop by hop to the final address', async () => {
    const r = await checkSite(s, 'http://old-acme.com');
    expect(r.summary).toContain('final address http://acme-pumps.com/');
    expect(r.summary).toContain('names the company');
    expect(r.codes).toContain('website_redirected_elsewhere');
    // Another name than the one given: the address the user gave stays the company's website.
    expect(r.main.entity_details.company_website).toEqual({ url: 'http://old-acme.com' });
  });

  it('says so when the site does not name the company', async () => {
    const r = await checkSite(s, 'globex-widgets.com');
    expect(r.codes).toContain('website_company_not_named');
    expect(r.findings.find((x) => x.code === 'website_company_not_named')!.text).toContain('Acme Trading Ltd');
    expect(r.summary).toContain('does not name the company');
  });

  it('reports a page that answers 404, a name that does not resolve and endless redirects as unreachable', async () => {
    const missing = await checkSite(s, 'missing-page.com');
    expect(missing.codes).toContain('website_unreachable');
    expect(missing.findings.find((x) => x.code === 'website_unreachable')!.text).toContain('HTTP status 404');
    expect(missing.codes).not.toContain('website_company_not_named');

    const unknown = await checkSite(s, 'www.acme-trading.example');
    expect(unknown.codes).toContain('website_unreachable');
    expect(unknown.summary).toMatch(/not checked/);

    const loop = await checkSite(s, 'loop.com');
    expect(loop.findings.find((x) => x.code === 'website_unreachable')!.text).toContain('more than 5 redirects');
  });
});

describe('the website check by default', () => {
  let s: TestServer;
  setupAll(async () => {
    s = await startServer({ WEBSITE_CHECK_HOSTS: hosts(), WEBSITE_CHECK_TIMEOUT_MS: 3000 });
  });
  afterAll(() => s.close());

  it('refuses a site on a private or loopback address without visiting it, and sets no website', async () => {
    const before = seen.length;
    const r = await checkSite(s, 'acme-pumps.com');
    expect(r.codes).toContain('website_private_address_refused');
    expect(r.codes).not.toContain('website_company_not_named');
    expect(seen.length).toBe(before);
    expect(r.main.entity_details.company_website).toEqual({ url: '' });
  });
});
