// axe-core on every step of the dialog, in real Chromium, at phone and desktop size: the onboarding
// flow (its documents, declarations, questionnaire and contact details), a monitoring conversation
// with every module the contract allows, and an onboarding follow-up with its own modules; each
// upload step before and after a file is sent, and the end page. No violation of any impact.
import { expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { setupAll } from '../helpers/setup.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { MODULES_BY_CONTEXT } from '../../src/cases/modules.ts';
import { axe, describeBrowser, type AxeIssue } from './browser.ts';
import { serverAndChromium } from '../helpers/browser.ts';
import { companyPdf, dialogApi, formAnswers, goodAnswers } from './helpers.ts';

const SLOW = 600_000;

const everyModule = (kind: 'monitoring' | 'onboarding_follow_up') =>
  MODULES_BY_CONTEXT[kind].map((module) =>
    module === 'other_document'
      ? { module, document_name: 'Packing list', question: 'Please upload the packing list of the shipment.' }
      : module === 'follow_up'
        ? { module, subject: 'Delivery', question: 'Where were the pumps delivered?' }
        : { module },
  );

describeBrowser('every step of the dialog checked by axe-core', () => {
  const t = serverAndChromium();
  let contexts: { name: string; context: BrowserContext }[];

  setupAll(async () => {
    contexts = [
      { name: 'phone', context: await t.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }) },
      { name: 'desktop', context: await t.browser.newContext({ viewport: { width: 1280, height: 900 } }) },
    ];
  });

  /** Opens the dialog at both sizes, waits for what shows the step is drawn, and collects axe-core's violations. */
  async function check(conversationId: string, state: string, ready: string, found: string[]) {
    for (const { name, context } of contexts) {
      const page = await context.newPage();
      await page.goto(`${t.s.url}/dialog?id=${conversationId}&lang=en`);
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      const { violations } = await axe(page);
      for (const v of violations as AxeIssue[]) found.push(`${state} (${name}): ${v.id} (${v.impact}) ${v.help} at ${v.targets.join(' | ')}`);
      await page.close();
    }
  }

  /** Walks a conversation step by step, checking each one as the user sees it, then the end page. */
  async function walk(conversationId: string): Promise<{ steps: string[]; found: string[] }> {
    const d = dialogApi(t.s.url, conversationId);
    const steps: string[] = [];
    const found: string[] = [];
    for (let guard = 0; guard < 40; guard++) {
      const step = (await d.state()).body.view.step;
      if (!step) break;
      const state = `${step.key} ${step.title}`;
      steps.push(step.module);
      if (step.kind === 'upload') {
        await check(conversationId, state, '#file-input', found);
        const up = await d.upload(step.key, await companyPdf('Acme Trading Ltd', step.title), `${step.module}.pdf`);
        expect(up.status, JSON.stringify(up.body).slice(0, 300)).toBe(200);
        await d.checked();
        await check(conversationId, `${state}, a file sent`, 'li.msg.from-user', found);
        expect((await d.proceed(step.key)).status).toBe(200);
      } else if (step.kind === 'form') {
        await check(conversationId, state, 'fieldset', found);
        const r = await d.form(step.key, formAnswers(step.form));
        expect(r.status === 200 && !r.body.rejected, JSON.stringify(r.body.rejected ?? r.body).slice(0, 300)).toBe(true);
      } else {
        await check(conversationId, state, '#composer textarea, #composer input', found);
        const r = await d.answer(step.key, goodAnswers[step.module]!);
        expect(r.status === 200 && !r.body.rejected, JSON.stringify(r.body.rejected ?? r.body).slice(0, 300)).toBe(true);
      }
    }
    await check(conversationId, 'the summary before sending', '#submit', found);
    expect((await d.submit()).status).toBe(200);
    await check(conversationId, 'the end page', 'text=This conversation is complete', found);
    return { steps, found };
  }

  it(
    'finds no violation on any step of the onboarding flow and its follow-up',
    async () => {
      const ids = await flows(t.s.api).createCase(onboardingCase());
      const { steps, found } = await walk(ids.conversation_id);
      expect(steps).toEqual(expect.arrayContaining(['declarations', 'questionnaire']));
      const follow = await t.s.api('POST', `/api/v1/cases/${ids.case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: everyModule('onboarding_follow_up') });
      expect(follow.status, follow.text).toBe(201);
      const more = await walk(follow.body.conversation_id);
      expect(more.steps.length).toBeGreaterThanOrEqual(MODULES_BY_CONTEXT.onboarding_follow_up.length);
      expect([...found, ...more.found], [...found, ...more.found].join('\n')).toEqual([]);
    },
    SLOW,
  );

  it(
    'finds no violation on any step of a monitoring conversation with every module',
    async () => {
      const ids = await flows(t.s.api).createCase(monitoringCase({ modules: everyModule('monitoring') }));
      const { steps, found } = await walk(ids.conversation_id);
      expect(new Set(steps)).toEqual(new Set(MODULES_BY_CONTEXT.monitoring));
      expect(found, found.join('\n')).toEqual([]);
    },
    SLOW,
  );
});
