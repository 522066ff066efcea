// Reports that never say "all clear" when something was not checked, read in real Chromium: a
// high-risk monitoring case completed over the API with nothing answered and nothing sent lists
// its missing rationale, the documents asked for and not received, the payment facts no document
// supports and the checks that did not run, in the web report, the PDF's first page and the case
// view alike; with no list imported the reports say the case was not screened; the name the
// client asked a document for ("Packing list") names the file in both reports. axe-core finds no
// violation on the report pages; the PDF's first page is drawn as an image (pdfjs in Chromium)
// and holds the whole summary. The README's sample invoice, whose VAT is not its rate of the net,
// has that arithmetic error in its report's attention list.
import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axe, describeBrowser, launchChromium, signInPage, screenshot, type AxeIssue } from '../backoffice/browser.ts';
import { dialogApi } from '../dialog/helpers.ts';
import { sampleInvoicePdf } from '../../scripts/sample-invoice.ts';
import { makePng } from '../fixtures/documents.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { renderPdf } from '../helpers/pdf-image.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';

const ANALYST = { username: 'attention-analyst', password: 'attention-analyst-password' };
const SLOW = 120_000;

describeBrowser('what needs attention, and the checks performed', () => {
  let s: TestServer;
  let browser: Browser;
  let page: Page;
  let empty: { case_id: string; conversation_id: string };
  let named: { case_id: string; conversation_id: string };
  let sample: { case_id: string; conversation_id: string };

  setupAll(async () => {
    s = await startServer({ LOG_LEVEL: 'error' } as never);
    await s.d.services.users.create({ ...ANALYST, clientUsername: s.client.username });
    const f = flows(s.api);
    // A company in a FATF call-for-action country; the rationale, an invoice and a packing list are asked for.
    empty = await f.createCase(
      monitoringCase({
        company_full_name: 'Northwind Export Co',
        company_country_code: 'KP',
        modules: [{ module: 'transaction_rationale' }, { module: 'invoice' }, { module: 'other_document', document_name: 'Packing list', question: 'Please upload the packing list of the shipment.' }],
      }),
    );
    await f.complete(empty.conversation_id);
    await f.caseResult(empty.case_id);

    // The packing list is sent in the dialog under the step that asked for it.
    named = await f.createCase(monitoringCase({ modules: [{ module: 'other_document', document_name: 'Packing list', question: 'Please upload the packing list of the shipment.' }] }));
    const d = dialogApi(s.url, named.conversation_id);
    const step = (await d.state()).body.view.step;
    expect(step.module).toBe('other_document');
    const up = await d.upload(step.key, makePng(), 'packing-list.png');
    expect(up.status, JSON.stringify(up.body).slice(0, 300)).toBeLessThan(300);
    await d.checked();
    await f.complete(named.conversation_id);
    await f.caseResult(named.case_id);

    // The README's sample invoice: its 20 % VAT (2542.75) is not 20 % of its net 12,708.00.
    sample = await f.createCase(monitoringCase({ trx_amount: 15250.75, trx_currency: 'EUR', modules: [{ module: 'invoice' }] }));
    const sent = await f.upload(sample.conversation_id, await sampleInvoicePdf(), 'sample-invoice.pdf');
    expect(sent.status, sent.text).toBe(201);
    await f.verificationResult(sample.conversation_id, await f.verify(sample.conversation_id, sent.body.document_id, 'Acme Trading Ltd', 'invoice'));
    await f.complete(sample.conversation_id);
    await f.caseResult(sample.case_id);

    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signInPage(page, s.url, ANALYST);
  }, SLOW);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  async function noViolations(name: string) {
    const { violations } = await axe(page);
    expect(violations as AxeIssue[], `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
  }

  async function pdfBytes(path: string): Promise<Buffer> {
    const res = await fetch(`${s.url}${path}`, { headers: { authorization: `Basic ${Buffer.from(`${s.client.username}:${s.client.password}`).toString('base64')}` } });
    expect(res.status, path).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  const attentionItems = async () => (await page.locator('ul.attention li').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());

  /** What an empty high-risk case must list as needing attention. */
  function expectEmptyCaseAttention(items: string[]) {
    const all = items.join('\n');
    expect(all, all).toMatch(/reason for the payment was asked for and not given/i);
    expect(all).toMatch(/invoice was asked for and not received/i);
    expect(all).toMatch(/Packing list" was asked for and not received/);
    expect(all).toMatch(/No document supports the payment's amount \(15,250\.75 EUR\)/);
    expect(all).toMatch(/not screened/i);
    expect(all).toMatch(/FATF high-risk jurisdiction/);
  }

  it(
    'lists the missing rationale, the missing documents, the unsupported facts and the checks not run in the web report',
    async () => {
      await page.goto(`${s.url}/reports/${empty.conversation_id}`);
      const summary = page.locator('section', { has: page.getByRole('heading', { name: 'Summary', exact: true }) });
      expect(await summary.textContent()).not.toContain('Nothing:');
      expectEmptyCaseAttention(await attentionItems());
      const checks = page.locator('section', { has: page.getByRole('heading', { name: 'Checks performed', exact: true }) });
      const text = (await checks.textContent())?.replace(/\s+/g, ' ') ?? '';
      expect(text).toContain('Not screened: no sanctions or PEP list is configured');
      expect(text).toMatch(/Official registers/);
      expect(text).toMatch(/Website/);
      await noViolations('web report of the empty case');
      await screenshot(page, 'report-empty-case');
    },
    SLOW,
  );

  it(
    'says the same in the back office, which does not claim that no questions were asked',
    async () => {
      await page.goto(`${s.url}/backoffice/cases/${empty.case_id}`);
      expectEmptyCaseAttention(await attentionItems());
      const checks = page.locator('section', { has: page.getByRole('heading', { name: 'Checks performed', exact: true }) });
      expect(await checks.textContent()).toContain('Not screened: no sanctions or PEP list is configured');
      const answers = (await page.locator('section', { has: page.getByRole('heading', { name: 'Answers and explanations' }) }).textContent()) ?? '';
      expect(answers).not.toContain('No questions were asked');
      expect(answers).toMatch(/Reason for the payment/);
      expect(answers).toMatch(/Not answered/);
    },
    SLOW,
  );

  it(
    "gives the same list in the API's optional attention fields (case result and conversation result)",
    async () => {
      await page.goto(`${s.url}/reports/${empty.conversation_id}`);
      const shown = await attentionItems();
      const f = flows(s.api);
      const cr = (await f.caseResult(empty.case_id)).result as { attention: string[]; conversation_results: { attention: string[] }[] };
      expectEmptyCaseAttention(cr.attention);
      expect(cr.attention).toEqual(shown);
      expect(cr.conversation_results[0]!.attention).toEqual(shown);
      const conv = (await f.conversationResult(empty.conversation_id)).result as { attention: string[] };
      expect(conv.attention).toEqual(shown);
      // The webhook's chat_finished keeps the contract's fields only; the OpenAPI document describes the field.
      const spec = (await s.api('GET', '/api/v1/openapi.json')).text;
      expect(spec).toContain('What needs attention in this conversation');
    },
    SLOW,
  );

  it(
    'puts the whole summary, with what needs attention and the checks, on the first page of the PDF',
    async () => {
      const bytes = await pdfBytes(`/api/v1/conversations/${empty.conversation_id}/report.pdf`);
      const { pageCount, pages } = await renderPdf(browser, bytes, { maxPages: 1 });
      expect(pageCount).toBeGreaterThanOrEqual(1);
      expect(pageCount).toBeLessThanOrEqual(4);
      const first = pages[0]!;
      if (process.env.REPORTS_KEEP_DIR) fs.writeFileSync(`${process.env.REPORTS_KEEP_DIR}/empty-case-page-1.png`, first.png);
      // The page is drawn (not blank) and its text stays inside the page.
      expect(first.inkRows).toBeGreaterThan(0.2);
      const text = first.text
        .map((t) => t.str)
        .join(' ')
        .replace(/\s+/g, ' ');
      expect(text).toContain('What needs attention');
      expect(text).toMatch(/Packing list" was asked for and not received/);
      expect(text).toMatch(/not screened/i);
      expect(text).toContain('Checks performed');
      for (const t of first.text) expect(t.top).toBeLessThanOrEqual(first.height);
    },
    SLOW,
  );

  it(
    'names a document by the name it was asked for in both reports',
    async () => {
      await page.goto(`${s.url}/reports/${named.conversation_id}`);
      const summary = (await page.locator('section', { has: page.getByRole('heading', { name: 'Summary', exact: true }) }).textContent()) ?? '';
      expect(summary).toContain('Packing list');
      expect(summary).not.toContain('a document (packing-list.png)');
      expect(await page.locator('article.document h3').first().textContent()).toContain('Packing list');
      await noViolations('web report with a named document');
      const bytes = await pdfBytes(`/api/v1/conversations/${named.conversation_id}/report.pdf`);
      const { pages } = await renderPdf(browser, bytes, { maxPages: 1 });
      expect(pages[0]!.text.map((t) => t.str).join(' ')).toContain('Packing list');
      // The back office calls the file by the same name.
      await page.goto(`${s.url}/backoffice/cases/${named.case_id}`);
      const docs = (await page.locator('section.decision-panel table').first().textContent()) ?? '';
      expect(docs).toContain('Packing list');
      expect(docs).not.toContain('Type not set');
    },
    SLOW,
  );

  it(
    "flags the README sample invoice's tax, which is not its rate of the net, in the web report's attention list",
    async () => {
      await page.goto(`${s.url}/reports/${sample.conversation_id}`);
      const all = (await attentionItems()).join('\n');
      expect(all, all).toMatch(/20% of the net total 12708\.00 is 2541\.60, but the tax is 2542\.75/);
      await noViolations('web report of the sample invoice');
    },
    SLOW,
  );
});
