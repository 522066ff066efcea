// The reports and the case view read as written for a compliance officer, in real Chromium: amounts
// grouped with their currency ("12,708.00 GBP"), industry codes with their titles, a contract's
// parties each "Party" (or their role), never "Parties"; files and explanations the bank sent over
// the API said to come from the bank, in words, not "api"; the dialog's "Reason for the payment"
// everywhere; the superseded banner in one sentence. axe-core finds no violation on the pages.
import { afterAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axe, describeBrowser, launchChromium, signInPage, type AxeIssue } from '../backoffice/browser.ts';
import { makeInvoicePdf, makeTextPdf } from '../fixtures/documents.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { renderPdf } from '../helpers/pdf-image.ts';
import { basic, startServer, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { supersededText } from '../../src/reports/superseded.ts';

const ANALYST = { username: 'words-analyst', password: 'words-analyst-password' };
const SLOW = 120_000;
const squash = (t: string | null) => (t ?? '').replace(/\s+/g, ' ').trim();

describeBrowser('reports and case view in plain words', () => {
  let s: TestServer;
  let browser: Browser;
  let page: Page;
  let ids: { case_id: string; conversation_id: string };

  setupAll(async () => {
    s = await startServer({ LOG_LEVEL: 'error' } as never);
    await s.d.services.users.create({ ...ANALYST, clientUsername: s.client.username });
    const f = flows(s.api);
    ids = await f.createCase(
      monitoringCase({
        trx_amount: 12708,
        trx_currency: 'GBP',
        company_industry_classification: [{ classification: 'UKSIC2007', code: '46690' }],
        modules: [{ module: 'invoice' }, { module: 'contract' }, { module: 'transaction_rationale' }],
      }),
    );
    const invoice = await makeInvoicePdf({ seller: 'Acme Trading Ltd', buyer: 'Initech LLC', invoiceNumber: 'INV-2026-0042', date: '2026-09-28', currency: 'GBP', total: 12708 });
    const contract = await makeTextPdf({
      title: 'Supply agreement',
      lines: ['SUPPLY AGREEMENT', 'This agreement is made on 2026-09-01 between Acme Trading Ltd and Globex GmbH.', 'Effective date: 2026-09-01', 'Goods: industrial pumps'],
    });
    const checks: { issue_id: string }[] = [];
    for (const [bytes, name, type] of [
      [invoice, 'invoice.pdf', 'invoice'],
      [contract, 'contract.pdf', 'contract'],
    ] as const) {
      const up = await f.upload(ids.conversation_id, bytes, name);
      expect(up.status, up.text).toBe(201);
      checks.push(...(await f.verificationResult(ids.conversation_id, await f.verify(ids.conversation_id, up.body.document_id, 'Acme Trading Ltd', type))));
    }
    // An explanation the bank gives over the API on a finding (the invoice is billed to another company).
    const issue = checks[0]?.issue_id;
    expect(issue, 'a finding to explain').toBeDefined();
    expect((await s.api('POST', `/api/v1/conversations/${ids.conversation_id}/comments`, [{ issue_id: issue, comment_text: 'Confirmed with the customer by phone.' }])).status).toBeLessThan(300);
    await f.complete(ids.conversation_id);
    await f.caseResult(ids.case_id);

    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInPage(page, s.url, ANALYST);
  }, SLOW);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  const sectionText = async (heading: string) =>
    squash(
      await page
        .locator('section', { has: page.getByRole('heading', { name: heading, exact: true }) })
        .first()
        .innerText(),
    );
  const rowText = async (table: string, first: string) =>
    squash(
      await page
        .locator(`${table} tr`, { has: page.locator(`th, td`).filter({ hasText: new RegExp(`^\\s*${first}\\s*$`) }) })
        .first()
        .textContent(),
    );

  async function noViolations(name: string) {
    const { violations } = await axe(page);
    expect(violations as AxeIssue[], `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
  }

  it(
    'writes amounts, industry codes, parties, senders and modules in words in the web report',
    async () => {
      await page.goto(`${s.url}/reports/${ids.conversation_id}`);
      const summary = await sectionText('Summary');
      expect(summary).toContain('incoming from Globex GmbH, 12,708.00 GBP on 2026-10-01');
      const body = squash(await page.locator('body').innerText());
      // The transaction check and the case as submitted.
      expect(await rowText('table', 'Amount')).toContain('12,708.00 GBP');
      expect(body).toContain('46690 Wholesale of other machinery and equipment (UK SIC 2007)');
      expect(body).not.toContain('Code: 46690');
      // The invoice's totals, grouped with their currency.
      expect(body).toMatch(/Grand total 12,708\.00 GBP|Total[a-z ]* 12,708\.00 GBP/);
      // The contract's parties named in its opening clause: each a party.
      const roles = await page
        .locator('table', { has: page.getByRole('columnheader', { name: 'Role' }) })
        .locator('tbody tr td:first-child, tbody tr th:first-child')
        .allTextContents();
      expect(roles.map(squash)).toEqual(expect.arrayContaining(['Party']));
      expect(roles.map(squash)).not.toContain('Parties');
      expect(body).toContain('Sent by the bank over the API');
      // The conversation log says who in words.
      const authors = (
        await page
          .locator('table', { has: page.getByRole('columnheader', { name: 'Author' }) })
          .locator('tbody tr td:nth-child(2)')
          .allTextContents()
      ).map(squash);
      expect(authors).toContain('The bank over the API');
      expect(authors).not.toContain('api');
      expect(authors).not.toContain('dossier');
      // The module asked for has the dialog's name.
      expect(body).toContain('Reason for the payment');
      expect(body).not.toContain('Transaction rationale');
      await noViolations('web report');
    },
    SLOW,
  );

  it(
    'writes the same in the case view',
    async () => {
      await page.goto(`${s.url}/backoffice/cases/${ids.case_id}`);
      const data = await sectionText('Case data');
      expect(data).toContain('12,708.00 GBP');
      expect(data).toContain('46690 Wholesale of other machinery and equipment (UK SIC 2007)');
      expect(data).toMatch(/Direction Incoming/);
      const documents = squash(
        await page
          .locator('section#documents, section', { has: page.getByRole('heading', { name: /^Documents/ }) })
          .first()
          .textContent(),
      );
      expect(documents).toContain('Sent by the bank over the API');
      expect(documents).not.toMatch(/Source Upload/);
      const conversations = squash(
        await page
          .locator('section', { has: page.getByRole('heading', { name: /^Conversations/ }) })
          .first()
          .textContent(),
      );
      expect(conversations).toContain('Reason for the payment');
      expect(conversations).not.toContain('Transaction rationale');
      const body = squash(await page.locator('main').innerText());
      expect(body).toContain('Confirmed with the customer by phone.');
      expect(body).toContain('The bank over the API');
      expect(body).toContain('— the bank over the API');
      expect(body).not.toMatch(/— api\b|\bapi · /);
      await noViolations('case view');
    },
    SLOW,
  );

  it(
    'writes the amount and the industry code in words in the PDF report',
    async () => {
      const res = await fetch(`${s.url}/api/v1/conversations/${ids.conversation_id}/report.pdf`, { headers: { authorization: basic(s.client) } });
      expect(res.status).toBe(200);
      const { pages } = await renderPdf(browser, Buffer.from(await res.arrayBuffer()), { maxPages: 10 });
      const text = squash(pages.map((p) => p.text.map((t) => t.str).join(' ')).join(' '));
      expect(text).toContain('12,708.00 GBP');
      expect(text).toContain('46690 Wholesale of other machinery and equipment');
      expect(text).not.toContain('Transaction rationale');
    },
    SLOW,
  );

  it(
    'lists the automatic steps in the audit trail in words: documents checked, scoring and reports, the webhook',
    async () => {
      await page.goto(`${s.url}/backoffice/cases/${ids.case_id}`);
      const rows = (await page.locator('table.audit tbody tr').allInnerTexts()).map(squash);
      const has = (who: string, action: string, on: string | RegExp) =>
        expect(
          rows.some((r) => r.includes(who) && r.includes(action) && (typeof on === 'string' ? r.includes(on) : on.test(r))),
          `${action} ${on}\n${rows.join('\n')}`,
        ).toBe(true);
      has(`${s.client.username} (through the API)`, 'Created the case', `case ${ids.case_id}`);
      has('Dossier (automatic)', 'Read and checked a document', 'document invoice.pdf');
      has('Dossier (automatic)', 'Read and checked a document', 'document contract.pdf');
      has(`${s.client.username} (through the API)`, 'Finished a conversation', `conversation ${ids.conversation_id}`);
      has('Dossier (automatic)', 'Scored the case and made its reports', /score: \d+; risk level: (low|medium|high)/);
      // No list is imported on this server: the screening step says it could not run, and why.
      has('Dossier (automatic)', 'Could not screen names: no list', /companies and persons of the case: no sanctions or PEP list is configured/);
      // The test server's API client has no webhook address: the chat_finished webhook is not sent, and the trail says why.
      has('Dossier (automatic)', 'Did not send', /chat_finished webhook, attempt 1.*no webhook URL/i);
      // Newest first.
      expect(rows[rows.length - 1]).toContain('Created the case');
      // The downloads hold the same entries.
      const json = (await (await page.request.get(`${s.url}/backoffice/cases/${ids.case_id}/audit.json`)).json()) as { entries: { action: string }[] };
      for (const action of ['case.created', 'document.checked', 'screening.not_run', 'case.scored', 'delivery.skipped']) expect(json.entries.map((e) => e.action)).toContain(action);
    },
    SLOW,
  );

  it('says in one sentence when a kept report is superseded', () => {
    expect(supersededText('2026-11-26T10:00:00Z')).toBe(
      'SUPERSEDED: a follow-up conversation of this case is open. This report was made on 2026-11-26, before the follow-up was opened; a new report follows when the follow-up is finished.',
    );
  });
});
