// The hosted dialog in real Chromium: embedded in another origin's page, resumed on another device,
// refusing gibberish and off-topic answers, and checked by axe-core on a phone and a desktop screen.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { makeInvoicePdf, makePng } from '../fixtures/documents.ts';
import { saveOrigins } from '../../src/db/dialog.repo.ts';
import { axe, describeBrowser, launchChromium, startEmbeddingSite } from './browser.ts';
import { companyPdf, dialogApi, goodAnswers } from './helpers.ts';

const SIX_MODULES = [
  { module: 'invoice' },
  { module: 'contract' },
  { module: 'transaction_rationale' },
  { module: 'website' },
  { module: 'other_document', document_name: 'Packing list', question: 'Please upload the packing list of the shipment.' },
  { module: 'follow_up', subject: 'Delivery', question: 'Where were the pumps delivered?' },
];
const SLOW = 90_000;
const shots = process.env.DIALOG_SCREENSHOTS;

/** An invoice of the company whose other party is not the payer: billed to Initech LLC, paid by Globex GmbH. */
const foreignInvoice = () => makeInvoicePdf({ seller: 'Acme Trading Ltd', buyer: 'Initech LLC', invoiceNumber: 'INV-2026-0099', date: '2026-09-28', currency: 'EUR', total: 15250.75 });
const contractPdf = () => companyPdf('Acme Trading Ltd', 'Supply contract between Acme Trading Ltd and Globex GmbH');

describeBrowser('the dialog in Chromium', () => {
  let s: TestServer;
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startEmbeddingSite>>;
  let clientId: string;

  setupAll(async () => {
    [s, browser, site] = await Promise.all([startServer(), launchChromium(), startEmbeddingSite()]);
    clientId = (await s.d.ctx.db.selectFrom('api_clients').select('id').where('username', '=', 'bank-a').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await s?.close();
  });

  const newCase = async (modules = SIX_MODULES) => (await flows(s.api).createCase(monitoringCase({ modules }))).conversation_id;
  const link = (id: string, lang?: string) => `${s.url}/dialog?id=${id}${lang ? `&lang=${lang}` : ''}`;
  const stepTitle = (f: FrameLocator | Page) => f.locator('#step-title');
  async function waitTitle(f: FrameLocator | Page, text: string) {
    await f.locator('#step-title', { hasText: text }).waitFor({ timeout: 20_000 });
  }
  async function answer(f: FrameLocator | Page, label: string, text: string) {
    await f.getByLabel(label, { exact: true }).fill(text);
    await f.getByRole('button', { name: 'Send', exact: true }).click();
  }

  it(
    'completes a monitoring conversation embedded in an iframe of another origin',
    async () => {
      const id = await newCase();
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const embed = `${site.origin}/?src=${encodeURIComponent(link(id))}`;

      // Not yet allowed: the browser refuses to show the dialog inside the bank's page.
      await saveOrigins(s.d.ctx.db, clientId, []);
      await page.goto(embed);
      await page.waitForTimeout(500);
      expect(page.frames()[1]!.url()).not.toContain('/dialog');
      await saveOrigins(s.d.ctx.db, clientId, [site.origin, 'https://bank.example']);
      await page.goto(embed);
      const frame = page.frameLocator('iframe[title="Verification"]');
      await waitTitle(frame, 'Invoice');
      expect(await frame.locator('li.msg').first().textContent()).toContain('The organisation that sent you this link asks Acme Trading Ltd for some information about this payment');

      // The invoice: its other party differs from the payment's; the finding is shown and explained.
      await frame.locator('#file-input').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await foreignInvoice() });
      await frame.locator('li.msg.from-dossier', { hasText: 'We looked at invoice.pdf' }).waitFor({ timeout: 30_000 });
      // Whatever the engine reports that the user can act on is shown; the counterparty rule is the one meant here.
      const findings = (await dialogApi(s.url, id).state()).body.view.step.files[0].findings as { issue_id: string; code: string; message: string }[];
      const shown = findings.find((f) => f.code === 'invoice_counterparty_mismatch') ?? findings[0]!;
      expect(shown, 'a finding the user can act on').toBeDefined();
      const box = frame.locator('.finding', { hasText: shown.message });
      await box.waitFor();
      await box.getByRole('button', { name: 'Explain' }).click();
      const explanation = 'Initech LLC is a subsidiary of Globex GmbH, which paid this invoice on its behalf.';
      await box.getByLabel('Your explanation').fill(explanation);
      await box.getByRole('button', { name: 'Send explanation' }).click();
      await frame.locator('.finding', { hasText: shown.message }).getByText('Your explanation is saved.').waitFor();
      await frame.locator('li.msg.from-user', { hasText: explanation }).waitFor();
      await frame.getByRole('button', { name: 'Continue' }).click();

      await waitTitle(frame, 'Contract');
      await frame.locator('#file-input').setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: await contractPdf() });
      await frame.locator('li.msg.from-dossier', { hasText: 'contract.pdf' }).waitFor({ timeout: 30_000 });
      await frame.getByRole('button', { name: 'Continue' }).click();

      await waitTitle(frame, 'Packing list');
      await frame.locator('#file-input').setInputFiles({ name: 'packing.png', mimeType: 'image/png', buffer: makePng() });
      await frame.getByText('Thank you, packing.png is received.').waitFor();
      await frame.getByRole('button', { name: 'Continue' }).click();

      await waitTitle(frame, 'Website');
      await answer(frame, 'Website address', 'acme-trading.example');
      await waitTitle(frame, 'Reason for the payment');
      await answer(frame, 'Your answer', goodAnswers.transaction_rationale!);
      await waitTitle(frame, 'Delivery');
      await answer(frame, 'Your answer', 'To the Globex warehouse in Hamburg, Germany.');

      await waitTitle(frame, 'Your answers');
      expect(await frame.locator('dl.summary').textContent()).toContain('Files: invoice.pdf');
      await frame.getByRole('button', { name: 'Submit' }).click();
      await frame.getByText('Thank you! Everything has been sent to the organisation that asked for it.').waitFor();
      expect(await stepTitle(frame).textContent()).toBe('Thank you');

      // The bank's page hears about it, from Dossier's origin, with the agreed shape.
      await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length > 0);
      const received = await page.evaluate(() => (window as unknown as { received: unknown[] }).received);
      expect(received).toEqual([{ origin: s.url, data: { source: 'dossier', event: 'chat_finished', conversation_id: id, status: 'completed' } }]);

      // And the API: completed, the explanation as a comment on that issue, the whole log.
      const f = flows(s.api);
      await f.conversationResult(id);
      const comments = await s.d.ctx.db.selectFrom('comments').select(['issue_id', 'comment_text', 'author']).where('conversation_id', '=', id).execute();
      expect(comments).toEqual([{ issue_id: shown.issue_id, comment_text: explanation, author: 'user' }]);
      const caseId = (await s.d.ctx.db.selectFrom('conversations').select('case_id').where('id', '=', id).executeTakeFirstOrThrow()).case_id;
      const log = (await f.caseResult(caseId)).result.conversation_results[0].conversation_log as { author: string; module: string | null; text: string; timestamp: string; attachments: unknown[] }[];
      const byUser = new Set(log.filter((m) => m.author === 'user').map((m) => m.module));
      for (const m of ['invoice', 'contract', 'other_document', 'website', 'transaction_rationale', 'follow_up']) expect(byUser, m).toContain(m);
      expect(log.filter((m) => m.author === 'dossier').length).toBeGreaterThanOrEqual(8);
      expect(log.every((m) => !Number.isNaN(Date.parse(m.timestamp)))).toBe(true);
      expect(log.find((m) => m.author === 'user' && m.module === 'invoice' && m.text.startsWith('Uploaded'))!.attachments).toHaveLength(1);
      await page.close();
    },
    SLOW,
  );

  it(
    'resumes at the same step after the page is closed, on another device and in another language',
    async () => {
      const id = await newCase();
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await phone.newPage();
      await page.goto(link(id));
      await waitTitle(page, 'Invoice');
      expect(await page.locator('#camera-input').getAttribute('capture')).toBe('environment');
      await page.locator('#file-input').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await contractPdf() });
      await page.locator('li.msg.from-dossier', { hasText: 'invoice.pdf' }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitTitle(page, 'Contract');
      await phone.close();

      const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const again = await desktop.newPage();
      await again.goto(link(id, 'de'));
      await waitTitle(again, 'Vertrag');
      expect(await again.locator('html').getAttribute('lang')).toBe('de');
      expect(await again.locator('#progress-label').textContent()).toBe('Schritt 2 von 6');
      expect(await again.locator('li.msg.from-user').first().textContent()).toContain('invoice.pdf');
      // A file of another type is refused before anything is sent.
      await again.locator('#file-input').setInputFiles({ name: 'notizen.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
      await again.locator('#upload-error', { hasText: 'notizen.txt kann nicht gesendet werden' }).waitFor();
      // Dropped on the drop zone.
      const bytes = [...(await contractPdf())];
      await again.evaluate((data) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(data)], 'vertrag.pdf', { type: 'application/pdf' }));
        document.querySelector('.drop')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, bytes);
      await again.locator('li.msg.from-dossier', { hasText: 'vertrag.pdf' }).waitFor({ timeout: 30_000 });
      await again.getByRole('button', { name: 'Weiter' }).click();
      await waitTitle(again, 'Packing list');
      await desktop.close();
    },
    SLOW,
  );

  it(
    'asks again, with the reason, after gibberish and after an off-topic answer',
    async () => {
      const id = await newCase([{ module: 'transaction_rationale' }]);
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(link(id));
      await waitTitle(page, 'Reason for the payment');
      await answer(page, 'Your answer', 'asdfgh qwerty sdkjfh lkjlkj');
      const alert = page.locator('#composer [role="alert"]').first();
      await page.getByText('We cannot read this as words. Please write your answer again in plain sentences.').first().waitFor();
      expect(await alert.textContent()).toBe('We cannot read this as words. Please write your answer again in plain sentences.');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      await answer(page, 'Your answer', 'My favourite hobby is playing tennis on weekends with my friends.');
      await page.locator('#composer [role="alert"]', { hasText: 'That does not seem to answer the question about the reason for the payment.' }).waitFor();
      expect(await stepTitle(page).textContent()).toBe('Reason for the payment');
      const said = await page.locator('li.msg').allTextContents();
      expect(said.filter((t) => t.includes('tennis'))).toHaveLength(1);
      await answer(page, 'Your answer', goodAnswers.transaction_rationale!);
      await waitTitle(page, 'Your answers');
      await page.close();
    },
    SLOW,
  );

  it(
    'has no serious or critical accessibility issue on a phone and a desktop screen',
    async () => {
      // Three states: an upload step with a finding and its form open, a refused answer, the summary.
      const upload = await newCase([{ module: 'invoice' }, { module: 'transaction_rationale' }]);
      const d = dialogApi(s.url, upload);
      await d.upload('0:invoice', await foreignInvoice(), 'invoice.pdf');
      await d.checked();
      const refused = await newCase([{ module: 'website' }, { module: 'transaction_rationale' }]);
      const r = dialogApi(s.url, refused);
      await r.answer('0:website', 'www.acme-trading.example');
      await r.answer('1:transaction_rationale', 'asdf asdf asdf');
      const summary = await newCase([{ module: 'website' }, { module: 'follow_up', subject: 'Delivery', question: 'Where were the pumps delivered?' }]);
      const u = dialogApi(s.url, summary);
      await u.answer('0:website', 'www.acme-trading.example');
      await u.answer('1:follow_up', 'To the Globex warehouse in Hamburg');
      const report: string[] = [];
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        const page = await browser.newPage({ viewport });
        for (const [name, id, ready] of [
          ['upload', upload, '.finding'],
          ['refused', refused, '#composer [role="alert"]:not(:empty)'],
          ['summary', summary, 'dl.summary'],
        ] as const) {
          await page.goto(link(id));
          await page.locator(ready).first().waitFor();
          if (name === 'upload') await page.getByRole('button', { name: 'Explain' }).first().click();
          const result = await axe(page);
          report.push(`${viewport.width}x${viewport.height} ${name}: ${result.passes} rules passed, violations: ${result.violations.map((v) => `${v.id} (${v.impact})`).join(', ') || 'none'}`);
          expect(
            result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
            `${name} at ${viewport.width}`,
          ).toEqual([]);
          if (shots) {
            fs.mkdirSync(shots, { recursive: true });
            await page.screenshot({ path: path.join(shots, `${name}-${viewport.width}.png`) });
            await page.screenshot({ path: path.join(shots, `${name}-${viewport.width}-full.png`), fullPage: true });
          }
        }
        await page.close();
      }
      if (shots) fs.writeFileSync(path.join(shots, 'axe.txt'), `${report.join('\n')}\n`);
    },
    SLOW,
  );
});
