// Declarations of the people (PEP, US person, tax residency) and the questionnaire in onboarding
// conversations: asked in the dialog for the account owner and each director and beneficial
// owner, given by an integrator through the comments endpoint, and what they change in the case
// result and its score.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { storeOwnership } from '../backoffice/helpers.ts';
import { dialogApi, formAnswers } from './helpers.ts';

let s: TestServer;
setupAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

type Values = Record<string, string | string[]>;

/** Walks an onboarding dialog; `forms` gives the answers of the form steps by module (merged over plain answers). */
async function walk(conversationId: string, forms: Record<string, (form: any) => Values>) {
  const d = dialogApi(s.url, conversationId);
  const seen: Record<string, any> = {};
  for (let guard = 0; guard < 10; guard++) {
    const step = (await d.state()).body.view.step;
    if (!step) break;
    // The document step is not what these tests are about: it is skipped with a reason.
    if (step.kind === 'upload') {
      expect((await d.skip(step.key, 'We will send the certificate by post.')).status).toBe(200);
      continue;
    }
    expect(step.kind).toBe('form');
    seen[step.module] = step;
    const r = await d.form(step.key, formAnswers(step.form, forms[step.module]?.(step.form) ?? {}));
    expect(r.status).toBe(200);
    expect(r.body.rejected).toBeUndefined();
  }
  const done = await d.submit();
  expect(done.body.view.status).toBe('completed');
  return seen;
}

const person = (result: any, id: string) => result.legal_entities.find((e: any) => e.entity_id === id).entity_details;
const factorsOf = async (caseId: string) => {
  const row = await s.d.ctx.db.selectFrom('case_scores').select('factors').where('case_id', '=', caseId).executeTakeFirstOrThrow();
  return (JSON.parse(row.factors) as { factor: string; points: number }[]).map((f) => f.factor);
};

describe('declarations in the dialog', () => {
  const cases: Record<'pep' | 'plain', { case_id: string; result: any; steps: Record<string, any> }> = {} as never;

  setupAll(async () => {
    for (const [name, pep] of [
      ['pep', 'yes'],
      ['plain', 'no'],
    ] as const) {
      const ids = await flows(s.api).createCase(onboardingCase());
      const steps = await walk(ids.conversation_id, {
        declarations: (form) => {
          const owner = form.groups[0].fields as { name: string }[];
          const [pepField, usField, countryField, numberField] = owner.map((f) => f.name);
          return { [pepField!]: pep, [usField!]: pep, [countryField!]: 'DE', [numberField!]: '12 345 678 901' };
        },
        questionnaire: () => ({ monthly_volume: 'over_1m', source_of_funds: ['sales', 'other'], source_of_funds_other: 'Royalties from our patents.', countries_of_operation: 'Germany and France' }),
      });
      cases[name] = { case_id: ids.case_id, result: (await flows(s.api).caseResult(ids.case_id)).result, steps };
    }
  });

  it('asks the account owner with a plain explanation of each term, in fieldsets', () => {
    const form = cases.pep.steps.declarations.form;
    expect(form.groups[0].legend).toBe('Jane Quinn Public (you, the account owner)');
    const [pep, us, country, number] = form.groups[0].fields;
    expect(pep).toMatchObject({ control: 'radio', required: true, label: 'Is this person a politically exposed person (PEP)?' });
    expect(pep.hint).toMatch(/important public office/);
    expect(pep.options.map((o: { value: string }) => o.value)).toEqual(['yes', 'no', 'unknown']);
    expect(us.hint).toMatch(/citizen of the United States/);
    expect(country).toMatchObject({ control: 'select', required: false });
    expect(country.options).toContainEqual({ value: 'DE', label: 'Germany' });
    expect(number).toMatchObject({ control: 'text', required: false });
  });

  it('fills the person fields of the account owner in the case result', () => {
    const { result } = cases.pep;
    const owner = person(result, result.account_owner_entity_ids[0]);
    expect(owner).toMatchObject({ is_pep_self_assessment: true, is_us_person: true, tax_residency_country_code: 'DE', tax_residence_number: '12 345 678 901' });
    const plain = person(cases.plain.result, cases.plain.result.account_owner_entity_ids[0]);
    expect(plain).toMatchObject({ is_pep_self_assessment: false, is_us_person: false, tax_residency_country_code: 'DE' });
  });

  it('moves the score: a PEP and US person scores higher than the same case without', async () => {
    expect(cases.pep.result.scoring.score).toBeGreaterThan(cases.plain.result.scoring.score);
    expect(await factorsOf(cases.pep.case_id)).toEqual(expect.arrayContaining(['pep', 'us_person']));
    const plain = await factorsOf(cases.plain.case_id);
    expect(plain).not.toContain('pep');
    expect(plain).not.toContain('us_person');
  });

  it('puts the questionnaire answers in the case result, the conditional question included', () => {
    expect(cases.pep.result.questionnaire).toEqual({
      questionnaire_id: 'dossier-default',
      version: 1,
      answers: [
        { question_id: 'monthly_volume', question: 'How much money do you expect to move through the account each month?', answer: 'over_1m' },
        { question_id: 'source_of_funds', question: 'Where does the money in the account come from?', answers: ['sales', 'other'] },
        { question_id: 'source_of_funds_other', question: 'Please describe where else the money comes from.', answer: 'Royalties from our patents.' },
        { question_id: 'countries_of_operation', question: 'In which countries does the business operate?', answer: 'Germany and France' },
      ],
    });
    const log = cases.pep.result.conversation_results[0].conversation_log.map((m: { text: string }) => m.text).join('\n');
    expect(log).toContain('Jane Quinn Public: PEP: Yes; US person: Yes; Country of tax residence: Germany; Tax number: 12 345 678 901');
  });
});

describe('what the form steps refuse and ask', () => {
  it('refuses a declaration left unanswered and a conditional question left empty, and shows the condition', async () => {
    const ids = await flows(s.api).createCase(onboardingCase());
    const d = dialogApi(s.url, ids.conversation_id);
    let step = (await d.state()).body.view.step;
    await d.skip(step.key, 'We will send the certificate by post.');
    step = (await d.state()).body.view.step;
    expect(step.module).toBe('declarations');
    expect((await d.answer(step.key, 'No, nobody is a PEP here at all.')).status).toBe(400);
    expect((await d.skip(step.key, 'I would rather not answer this.')).status).toBe(400);
    const pepField = step.form.groups[0].fields[0].name;
    const missing = await d.form(step.key, formAnswers(step.form, { [pepField]: '' }));
    expect(missing.body.rejected).toBe('Please answer: Is this person a politically exposed person (PEP)? (Jane Quinn Public)');
    expect(missing.body.view.step.key).toBe(step.key);
    const badCountry = await d.form(step.key, formAnswers(step.form, { [step.form.groups[0].fields[2].name]: 'XX' }));
    expect(badCountry.body.rejected).toMatch(/^This answer cannot be taken.*Country of tax residence/);
    expect((await d.form(step.key, formAnswers(step.form))).body.view.step.module).toBe('questionnaire');

    step = (await d.state()).body.view.step;
    const other = step.form.groups.find((g: { fields: { name: string }[] }) => g.fields[0]!.name === 'source_of_funds_other');
    expect(other.show_if).toEqual({ name: 'source_of_funds', equals: 'other' });
    const answers = { monthly_volume: 'under_10k', source_of_funds: ['other'], countries_of_operation: 'Germany' };
    expect((await d.form(step.key, answers)).body.rejected).toBe('Please answer: Please describe where else the money comes from.');
    expect((await d.form(step.key, { ...answers, monthly_volume: 'lots' })).body.rejected).toMatch(/^This answer cannot be taken/);
    // Without "other", the conditional question does not apply and an answer to it is dropped.
    const ok = await d.form(step.key, { ...answers, source_of_funds: ['sales'], source_of_funds_other: 'Not asked.' });
    expect(ok.body.rejected).toBeUndefined();
    expect(ok.body.view.summary.at(-1).lines).toEqual([
      'How much money do you expect to move through the account each month? Less than 10,000 EUR',
      'Where does the money in the account come from? Sales to customers',
      'In which countries does the business operate? Germany',
    ]);
  });

  it('asks for each director and beneficial owner found in the case, and fills their fields', async () => {
    const ids = await flows(s.api).createCase(onboardingCase());
    const own = await storeOwnership(s, ids.case_id);
    const steps = await walk(ids.conversation_id, {
      declarations: () => ({ [`${own.ivan}:is_pep_self_assessment`]: 'yes', [`${own.ivan}:tax_residency_country_code`]: 'CY', [`${own.elodie}:is_us_person`]: 'unknown' }),
    });
    const legends = steps.declarations.form.groups.map((g: { legend: string }) => g.legend);
    expect(legends[0]).toBe('Jane Quinn Public (you, the account owner)');
    expect(legends).toContain('Иван Петров (beneficial owner)');
    const { result } = await flows(s.api).caseResult(ids.case_id);
    expect(person(result, own.ivan)).toMatchObject({ is_pep_self_assessment: true, is_us_person: false, tax_residency_country_code: 'CY', tax_residence_number: null });
    // "I don't know" declares nothing: the field stays empty.
    expect(person(result, own.elodie)).toMatchObject({ is_pep_self_assessment: false, is_us_person: null });
    expect(await factorsOf(ids.case_id)).toContain('pep');
  });

  it('asks no declarations or questionnaire in monitoring conversations, and the result says so', async () => {
    const ids = await flows(s.api).createCase(monitoringCase({ modules: [{ module: 'website' }] }));
    const d = dialogApi(s.url, ids.conversation_id);
    const step = (await d.state()).body.view.step;
    expect((await d.answer(step.key, 'www.acme-trading.example')).body.view.summary.map((x: { key: string }) => x.key)).toEqual(['0:website']);
    await d.submit();
    expect((await flows(s.api).caseResult(ids.case_id)).result.questionnaire).toBeNull();
  });
});

describe('declarations and answers given through the API (comments endpoint)', () => {
  it('takes them in an onboarding conversation, refuses wrong ones with the reason, and fills the result', async () => {
    const f = flows(s.api);
    const ids = await f.createCase(onboardingCase());
    const comment = (body: unknown, conversationId = ids.conversation_id) => s.api('POST', `/api/v1/conversations/${conversationId}/comments`, body);

    const bad = await comment([
      { issue_id: 'declaration:is_pep_self_assessment', comment_text: 'maybe' },
      { issue_id: 'declaration:favourite_colour', comment_text: 'blue' },
      { issue_id: 'declaration:is_us_person:00000000-0000-4000-8000-000000000000', comment_text: 'no' },
      { issue_id: 'questionnaire:shoe_size', comment_text: '42' },
      { issue_id: 'questionnaire:source_of_funds', comment_text: '["sales","gold"]' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    expect(bad.body.details.map((x: { path: string }) => x.path)).toEqual(['/0/comment_text', '/1/issue_id', '/2/issue_id', '/3/issue_id', '/4/comment_text']);
    expect(bad.body.details[0].message).toBe('expected "yes", "no" or "unknown"');

    const ok = await comment([
      { issue_id: 'declaration:is_pep_self_assessment', comment_text: 'yes' },
      { issue_id: 'declaration:tax_residency_country_code', comment_text: 'fr' },
      { issue_id: 'questionnaire:monthly_volume', comment_text: 'over_1m' },
      { issue_id: 'questionnaire:source_of_funds', comment_text: '["owners","sales"]' },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ result: 'comments_saved', count: 4 });
    // A later value replaces an earlier one.
    expect((await comment([{ issue_id: 'declaration:is_us_person', comment_text: 'no' }])).status).toBe(200);

    expect((await f.complete(ids.conversation_id)).status).toBe(200);
    const { result } = await f.caseResult(ids.case_id);
    expect(person(result, result.account_owner_entity_ids[0])).toMatchObject({ is_pep_self_assessment: true, is_us_person: false, tax_residency_country_code: 'FR', tax_residence_number: null });
    expect(result.questionnaire).toEqual({
      questionnaire_id: 'dossier-default',
      version: 1,
      answers: [
        { question_id: 'monthly_volume', question: 'How much money do you expect to move through the account each month?', answer: 'over_1m' },
        { question_id: 'source_of_funds', question: 'Where does the money in the account come from?', answers: ['sales', 'owners'] },
      ],
    });
    expect(await factorsOf(ids.case_id)).toContain('pep');

    // Follow-ups and monitoring conversations do not take them.
    const monitoring = await f.createCase(monitoringCase());
    const refused = await comment([{ issue_id: 'declaration:is_pep_self_assessment', comment_text: 'no' }], monitoring.conversation_id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/onboarding case only/);
  });

  it('leaves the questionnaire null and the person fields empty when nothing was declared', async () => {
    const f = flows(s.api);
    const ids = await f.createCase(onboardingCase());
    await f.complete(ids.conversation_id);
    const { result } = await f.caseResult(ids.case_id);
    expect(result.questionnaire).toBeNull();
    expect(person(result, result.account_owner_entity_ids[0])).toMatchObject({ is_pep_self_assessment: null, is_us_person: null, tax_residency_country_code: null });
  });
});
