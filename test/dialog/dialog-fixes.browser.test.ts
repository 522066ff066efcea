// The dialog's first-hour rough edges in real Chromium: each question shown once, the current step's
// heading in focus and in view below the sticky header (also after a reload at the review step), a
// file sent by mistake removed before the step is finished, and the dialog in French.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { makePng } from '../fixtures/documents.ts';
import { readCaseFile } from '../../src/completion/case-file.ts';
import { describeBrowser, launchChromium } from './browser.ts';
import { companyPdf, dialogApi, goodAnswers } from './helpers.ts';

const SLOW = 150_000;
/** A file's check, which takes longer on a busy machine. */
const CHECKED = { timeout: 60_000 };
const shots = process.env.DIALOG_SCREENSHOTS;

async function shot(page: Page, name: string, fullPage = false) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage });
}

/** How often `text` occurs in what the page shows. */
const occurrences = (page: Page, text: string) => page.evaluate((t) => document.body.innerText.split(t).length - 1, text);

/** Where the step heading is against the sticky header, and whether it has the focus. */
const headingPlace = (page: Page) =>
  page.evaluate(() => {
    const h = document.getElementById('step-title')!.getBoundingClientRect();
    const header = document.querySelector('header.top')!.getBoundingClientRect();
    const hit = document.elementFromPoint(h.left + 5, h.top + h.height / 2);
    return {
      top: h.top,
      bottom: h.bottom,
      headerBottom: header.bottom,
      viewport: window.innerHeight,
      onTop: hit !== null && document.getElementById('step-title')!.contains(hit),
      focused: document.activeElement?.id === 'step-title',
      scrolled: window.scrollY,
    };
  });

describeBrowser('the dialog, first hour', () => {
  let s: TestServer;
  let browser: Browser;

  setupAll(async () => {
    [s, browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  const newCase = async (modules: object[]) => flows(s.api).createCase(monitoringCase({ modules }));
  const link = (id: string, lang?: string) => `${s.url}/dialog?id=${id}${lang ? `&lang=${lang}` : ''}`;
  const waitTitle = (page: Page, text: string) => page.locator('#step-title', { hasText: text }).waitFor({ timeout: 20_000 });

  it(
    'shows each question once, with the current step heading focused and in view after every step',
    async () => {
      const { conversation_id: id } = await newCase([
        { module: 'invoice' },
        { module: 'transaction_rationale' },
        { module: 'follow_up', subject: 'Delivery', question: 'Where were the pumps delivered?' },
      ]);
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(link(id));
      await waitTitle(page, 'Invoice');
      const invoicePrompt = (await page.locator('#composer .prompt').textContent())!;
      expect(invoicePrompt).toContain('Please upload the invoice');
      expect(await occurrences(page, invoicePrompt)).toBe(1);
      expect((await headingPlace(page)).focused).toBe(true);

      await page.locator('#file-input').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await companyPdf() });
      await page.locator('li.msg.from-dossier', { hasText: 'invoice.pdf' }).waitFor(CHECKED);
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitTitle(page, 'Reason for the payment');
      const rationalePrompt = (await page.locator('#composer .prompt').textContent())!;
      // The answered question moved to the log, in its place before the file; the new one is shown once.
      expect(await occurrences(page, invoicePrompt)).toBe(1);
      expect(await occurrences(page, rationalePrompt)).toBe(1);
      const log = await page.locator('#log > li').evaluateAll((ns) => ns.map((n) => (n as HTMLElement).dataset.id));
      expect(log.indexOf('0:invoice:q')).toBeGreaterThan(log.indexOf('greeting'));
      expect(log.indexOf('0:invoice:q')).toBeLessThan(log.findIndex((x) => x!.startsWith('0:invoice:f:')));
      let place = await headingPlace(page);
      expect(place.focused).toBe(true);
      expect(place.top).toBeGreaterThanOrEqual(place.headerBottom);
      expect(place.onTop).toBe(true);

      // An off-topic answer is refused with a sentence about the question, not the question run on.
      await page.getByLabel('Your answer', { exact: true }).fill('My favourite hobby is playing tennis on weekends with my friends.');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const retry = 'That does not seem to answer the question about the reason for the payment. Please tell us what the payment is for: what was bought or sold, or which service it pays for.';
      await page.locator('#composer [role="alert"]', { hasText: retry }).waitFor();
      expect(await page.locator('li.msg.tone-attention', { hasText: retry }).count()).toBe(1);
      expect(await occurrences(page, rationalePrompt)).toBe(1);

      await page.getByLabel('Your answer', { exact: true }).fill(goodAnswers.transaction_rationale!);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await waitTitle(page, 'Delivery');
      for (const prompt of [invoicePrompt, rationalePrompt, 'Where were the pumps delivered?']) expect(await occurrences(page, prompt), prompt).toBe(1);
      place = await headingPlace(page);
      expect(place.focused).toBe(true);
      expect(place.top).toBeGreaterThanOrEqual(place.headerBottom);
      expect(place.bottom).toBeLessThanOrEqual(place.viewport);
      await shot(page, 'once-follow-up-390');

      // A free question's off-topic answer quotes the question as it was asked.
      await page.getByLabel('Your answer', { exact: true }).fill('Our favourite colour is blue and we enjoy summer holidays by the sea.');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.locator('#composer [role="alert"]', { hasText: 'That does not seem to answer the question. Please read it again: “Where were the pumps delivered?”' }).waitFor();
      await page.close();
    },
    SLOW,
  );

  it(
    'shows the review step heading below the header, focused, after a reload',
    async () => {
      const modules = [
        { module: 'invoice' },
        { module: 'contract' },
        { module: 'transaction_rationale' },
        { module: 'website' },
        { module: 'follow_up', subject: 'Delivery', question: 'Where were the pumps delivered?' },
      ];
      const { conversation_id: id } = await newCase(modules);
      const d = dialogApi(s.url, id);
      for (const key of ['0:invoice', '1:contract']) {
        expect((await d.upload(key, await companyPdf(), `${key.slice(2)}.pdf`)).status).toBe(200);
        await d.checked();
        expect((await d.proceed(key)).status).toBe(200);
      }
      // Both orders of the text steps are possible; answer whichever is current.
      for (let i = 0; i < 3; i++) {
        const step = (await d.state()).body.view.step;
        expect((await d.answer(step.key, step.module === 'follow_up' ? goodAnswers.follow_up! : goodAnswers[step.module]!)).body.rejected).toBeUndefined();
      }
      expect((await d.state()).body.view.summary).not.toBeNull();
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        const page = await browser.newPage({ viewport });
        await page.goto(link(id));
        await waitTitle(page, 'Your answers');
        await page.reload();
        await waitTitle(page, 'Your answers');
        await page.waitForFunction(() => document.activeElement?.id === 'step-title');
        const place = await headingPlace(page);
        expect(place.scrolled, 'the page was scrolled to the review').toBeGreaterThan(0);
        expect(place.top, 'heading below the sticky header').toBeGreaterThanOrEqual(place.headerBottom);
        expect(place.onTop, 'nothing covers the heading').toBe(true);
        expect(place.bottom).toBeLessThanOrEqual(place.viewport);
        await shot(page, `review-reload-${viewport.width}`);
        await page.close();
      }
    },
    SLOW,
  );

  it(
    'removes a file sent by mistake: gone from the step and the results, kept in the log',
    async () => {
      const { case_id: caseId, conversation_id: id } = await newCase([{ module: 'invoice' }, { module: 'website' }]);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(link(id));
      await waitTitle(page, 'Invoice');
      await page.locator('#file-input').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: makePng() });
      await page.locator('li.msg.from-dossier', { hasText: 'holiday.png' }).waitFor(CHECKED);
      const wrongId = (await dialogApi(s.url, id).state()).body.view.step.files[0].document_id as string;
      await shot(page, 'remove-before-1280', true);

      const remove = page.getByRole('button', { name: 'Remove holiday.png' });
      expect(await remove.textContent()).toBe('Remove');
      await remove.click();
      await page.locator('#composer .file-name').first().waitFor({ state: 'detached' });
      expect(await page.locator('#composer').textContent()).not.toContain('holiday.png');
      await page.locator('#status', { hasText: 'holiday.png is removed and will not be used.' }).waitFor();
      // Nothing left to continue with; the step offers "I don't have this document" again.
      await page.getByRole('button', { name: "I don't have this document" }).waitFor();

      await page.locator('#file-input').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await companyPdf() });
      await page.locator('li.msg.from-dossier', { hasText: 'invoice.pdf' }).waitFor(CHECKED);
      expect(await page.locator('#composer .file-name').allTextContents()).toEqual(['invoice.pdf']);
      await shot(page, 'remove-after-1280');
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitTitle(page, 'Website');
      await page.close();

      // The finished step and the summary know only the right file.
      const d = dialogApi(s.url, id);
      await d.answer('1:website', goodAnswers.website!);
      const summary = (await d.state()).body.view.summary as { key: string; lines: string[] }[];
      expect(summary.find((x) => x.key === '0:invoice')!.lines).toEqual(['Files: invoice.pdf']);
      expect((await d.submit()).body.view.status).toBe('completed');

      const f = flows(s.api);
      const docs = (await f.conversationResult(id)).result.client_documents as { document_id: string; document_name: string }[];
      expect(docs.map((x) => x.document_name)).toEqual(['invoice.pdf']);
      const log = (await f.caseResult(caseId)).result.conversation_results[0].conversation_log as { author: string; text: string; attachments: { document_id: string }[] }[];
      expect(log.filter((m) => m.attachments.some((a) => a.document_id === wrongId)).map((m) => m.text)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Uploaded holiday\.png/), 'I removed holiday.png; please do not use it.']),
      );
      // Its findings are not counted; the client can still download the file named in the log.
      const file = (await readCaseFile(s.d.ctx.db, caseId))!;
      expect(file.documents.map((x) => x.id)).not.toContain(wrongId);
      expect([...file.findings.values()].flat().filter((x) => x.document_id === wrongId)).toEqual([]);
      expect((await s.api('GET', `/api/v1/documents/${wrongId}/download`)).status).toBe(200);
    },
    SLOW,
  );

  it(
    'speaks French when asked, by link or by the browser language',
    async () => {
      const { conversation_id: id } = await newCase([{ module: 'invoice' }, { module: 'transaction_rationale' }]);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
      const page = await context.newPage();
      await page.goto(link(id));
      await waitTitle(page, 'Facture');
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
      expect(await page.locator('#progress-label').textContent()).toBe('Étape 1 sur 2');
      expect(await page.locator('#composer .prompt').textContent()).toBe('Veuillez téléverser la facture émise par Acme Trading Ltd à Globex GmbH pour ce paiement.');
      expect(await page.locator('a.lang').allTextContents()).toEqual(['English', 'Deutsch', 'Español', 'Italiano']);
      await page.getByText('Choisir des fichiers').waitFor();
      await page.getByRole('button', { name: "Je n'ai pas ce document" }).waitFor();
      await page.locator('#file-input').setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: await companyPdf() });
      await page.locator('li.msg.from-dossier', { hasText: 'facture.pdf' }).waitFor(CHECKED);
      await page.getByRole('button', { name: 'Retirer facture.pdf' }).waitFor();
      await shot(page, 'french-upload-390', true);
      await page.getByRole('button', { name: 'Continuer' }).click();
      await waitTitle(page, 'Motif du paiement');
      await page.getByLabel('Votre réponse', { exact: true }).fill('Mon sport préféré reste le tennis, surtout pendant les vacances au soleil.');
      await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
      await page.locator('#composer [role="alert"]', { hasText: 'Cela ne semble pas répondre à la question sur le motif du paiement.' }).waitFor();
      await shot(page, 'french-retry-390');
      await context.close();

      // The link's language wins over the browser's; Spanish and Italian are there too.
      const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      for (const [lang, title] of [
        ['es', 'Motivo del pago'],
        ['it', 'Motivo del pagamento'],
      ] as const) {
        await other.goto(link(id, lang));
        await waitTitle(other, title);
        expect(await other.locator('html').getAttribute('lang')).toBe(lang);
      }
      await shot(other, 'italian-1280');
      await other.close();
    },
    SLOW,
  );
});
