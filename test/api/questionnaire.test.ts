// An API client's questionnaire: uploaded in the back office (checked, every change a new
// version), asked in the dialog of new onboarding conversations with its conditions, and answered
// in the case result with the version the conversation was created under.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { signInHttp, type HttpSession } from '../backoffice/helpers.ts';
import { dialogApi, formAnswers } from '../dialog/helpers.ts';

let s: TestServer;
let admin: HttpSession;
setupAll(async () => {
  s = await startServer();
  await s.d.services.users.create({ username: 'q-admin', clientUsername: 'bank-a', role: 'admin', password: 'q-admin-password-1234' });
  await s.d.services.users.create({ username: 'q-analyst', clientUsername: 'bank-a', password: 'q-analyst-password-1234' });
  admin = await signInHttp(s.url, 'q-admin', 'q-admin-password-1234');
});
afterAll(async () => {
  await s?.close();
});

const TRADE = {
  id: 'bank-a-kyc',
  title: { en: 'About your trade', de: 'Zu Ihrem Handel' },
  questions: [
    { id: 'crypto', text: { en: 'Does the business deal in crypto assets?', de: 'Handelt das Unternehmen mit Krypto-Werten?' }, type: 'single_choice', choices: ['yes', 'no'], required: true },
    {
      id: 'crypto_kind',
      text: 'Which crypto assets?',
      type: 'multi_choice',
      choices: [
        { id: 'btc', text: 'Bitcoin' },
        { id: 'eth', text: 'Ether' },
      ],
      required: true,
      condition: { question: 'crypto', equals: 'yes' },
    },
    { id: 'notes', text: 'Anything else we should know?', type: 'free_text' },
  ],
};

const upload = (definition: unknown) => admin.post('/backoffice/questionnaire', { definition: typeof definition === 'string' ? definition : JSON.stringify(definition) });
const decodeHtml = (h: string) =>
  h
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Opens a new onboarding case's dialog at its questionnaire step. */
async function atQuestionnaire() {
  const ids = await flows(s.api).createCase(onboardingCase());
  const d = dialogApi(s.url, ids.conversation_id);
  for (let guard = 0; guard < 5; guard++) {
    const step = (await d.state()).body.view.step;
    if (step.module === 'questionnaire') return { ids, d, step };
    // The document step is not what these tests are about: it is skipped with a reason.
    if (step.kind === 'upload') expect((await d.skip(step.key, 'We will send the certificate by post.')).status).toBe(200);
    else await d.form(step.key, formAnswers(step.form));
  }
  throw new Error('no questionnaire step');
}

describe('the questionnaire in the back office', () => {
  it('shows the default until one is set, to administrators only', async () => {
    const page = await admin.get('/backoffice/questionnaire');
    expect(page.status).toBe(200);
    const html = decodeHtml(await page.text());
    expect(html).toContain('The default questionnaire is in force');
    expect(html).toContain('"id": "dossier-default"');
    const analyst = await signInHttp(s.url, 'q-analyst', 'q-analyst-password-1234');
    expect((await analyst.get('/backoffice/questionnaire')).status).toBe(404);
    expect((await analyst.post('/backoffice/questionnaire', { definition: JSON.stringify(TRADE) })).status).toBe(404);
  });

  it.each([
    ['not JSON', '{"id": "x",', /not valid JSON/],
    ['no questions', { id: 'x', title: 'T', questions: [] }, /\/questions.*at least one question/],
    ['an unknown type', { ...TRADE, questions: [{ id: 'a', text: 'A?', type: 'yes_no' }] }, /\/questions\/0\/type.*single_choice, multi_choice or free_text/],
    ['a choice question without choices', { ...TRADE, questions: [{ id: 'a', text: 'A?', type: 'single_choice', choices: ['only'] }] }, /\/questions\/0\/choices.*at least two choices/],
    ['a repeated id', { ...TRADE, questions: [TRADE.questions[0], TRADE.questions[0]] }, /\/questions\/1\/id.*must be unique/],
    ['a condition on a later question', { ...TRADE, questions: [TRADE.questions[1], TRADE.questions[0]] }, /\/questions\/0\/condition\/question.*not an earlier question/],
    [
      'a condition on a value that is no choice',
      { ...TRADE, questions: [TRADE.questions[0], { ...TRADE.questions[1], condition: { question: 'crypto', equals: 'maybe' } }] },
      /condition\/equals.*"maybe" is not a choice of "crypto"/,
    ],
    ['a title without English', { ...TRADE, title: { de: 'Nur Deutsch' } }, /\/title\/en.*English text is required/],
    ['an unknown field', { ...TRADE, questions: [{ ...TRADE.questions[2], hint: 'x' }] }, /\/questions\/0\/hint.*unknown field/],
    ['a version that is not the next', { ...TRADE, version: 7 }, /\/version.*must be 1/],
  ])('refuses %s with a clear error and keeps what was in force', async (_name, definition, message) => {
    const res = await upload(definition);
    expect(res.status).toBe(400);
    const html = decodeHtml(await res.text());
    expect(html).toContain('The questionnaire was not saved');
    expect(html.replace(/<[^>]+>/g, '')).toMatch(message);
    expect(html).toContain('The default questionnaire is in force');
  });

  it('saves each change as a new version; new conversations use it, earlier ones keep theirs; conditions hold', { timeout: 120_000 }, async () => {
    const before = await atQuestionnaire();
    expect(before.step.form.title).toBe('About your business');

    const saved = await upload({ ...TRADE, version: 1 });
    expect(saved.status).toBe(200);
    expect(decodeHtml(await saved.text())).toContain('Version 1 saved');

    const v1 = await atQuestionnaire();
    expect(v1.step.form.title).toBe('About your trade');
    expect(v1.step.form.groups.map((g: { legend: string }) => g.legend)).toEqual(['Does the business deal in crypto assets?', 'Which crypto assets?', 'Anything else we should know?']);
    expect(v1.step.form.groups[1].show_if).toEqual({ name: 'crypto', equals: 'yes' });
    const german = (await dialogApi(s.url, v1.ids.conversation_id, 'de').state()).body.view.step.form;
    expect(german.title).toBe('Zu Ihrem Handel');
    expect(german.groups[0].legend).toBe('Handelt das Unternehmen mit Krypto-Werten?');

    expect((await upload({ ...TRADE, title: 'About your trade, second edition' })).status).toBe(200);
    const page = decodeHtml(await (await admin.get('/backoffice/questionnaire')).text());
    expect(page).toContain('Version 2 in force');
    const v2 = await atQuestionnaire();
    expect(v2.step.form.title).toBe('About your trade, second edition');
    // The conversation created under version 1 still asks version 1.
    expect((await v1.d.state()).body.view.step.form.title).toBe('About your trade');

    // The condition: "yes" makes the crypto question required; "no" drops an answer to it.
    expect((await v1.d.form(v1.step.key, { crypto: 'yes' })).body.rejected).toBe('Please answer: Which crypto assets?');
    expect((await v1.d.form(v1.step.key, { crypto: 'yes', crypto_kind: ['eth', 'btc'], notes: 'We hold a licence.' })).body.rejected).toBeUndefined();
    expect((await v2.d.form(v2.step.key, { crypto: 'no', crypto_kind: ['btc'] })).body.rejected).toBeUndefined();
    for (const c of [v1, v2]) expect((await c.d.submit()).body.view.status).toBe('completed');

    const r1 = (await flows(s.api).caseResult(v1.ids.case_id)).result.questionnaire;
    expect(r1).toEqual({
      questionnaire_id: 'bank-a-kyc',
      version: 1,
      answers: [
        { question_id: 'crypto', question: 'Does the business deal in crypto assets?', answer: 'yes' },
        { question_id: 'crypto_kind', question: 'Which crypto assets?', answers: ['btc', 'eth'] },
        { question_id: 'notes', question: 'Anything else we should know?', answer: 'We hold a licence.' },
      ],
    });
    const r2 = (await flows(s.api).caseResult(v2.ids.case_id)).result.questionnaire;
    expect(r2).toEqual({ questionnaire_id: 'bank-a-kyc', version: 2, answers: [{ question_id: 'crypto', question: 'Does the business deal in crypto assets?', answer: 'no' }] });
  });

  it('is kept per API client', async () => {
    const other = await s.newClient('bank-q');
    const ids = await flows(other).createCase(onboardingCase());
    const d = dialogApi(s.url, ids.conversation_id);
    let step = (await d.state()).body.view.step;
    await d.skip(step.key, 'We will send the certificate by post.');
    step = (await d.state()).body.view.step;
    await d.form(step.key, formAnswers(step.form));
    expect((await d.state()).body.view.step.form.title).toBe('About your business');
  });
});
