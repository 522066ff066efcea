// The account owner's own contact details (e-mail, telephone, LinkedIn profile): asked in the
// dialog's declarations step, given by an integrator through `declaration:email|phone|linkedin_profile`
// comments, refused with a sentence saying what to fix, and filled in the case result.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { storeOwnership } from '../backoffice/helpers.ts';
import { dialogApi, formAnswers } from './helpers.ts';

let s: TestServer;
setupAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

const person = (result: any, id: string) => result.legal_entities.find((e: any) => e.entity_id === id).entity_details;
type Field = { name: string; label: string; control: string; required: boolean; input?: unknown };

/** Skips the document steps up to the declarations step of an onboarding dialog. */
async function declarationsStep(d: ReturnType<typeof dialogApi>) {
  for (let guard = 0; guard < 10; guard++) {
    const step = (await d.state()).body.view.step;
    if (step.module === 'declarations') return step;
    expect(step.kind).toBe('upload');
    expect((await d.skip(step.key, 'We will send the certificate by post.')).status).toBe(200);
  }
  throw new Error('no declarations step');
}

/** Answers the remaining form steps with plain answers and submits. */
async function finish(d: ReturnType<typeof dialogApi>) {
  for (let guard = 0; guard < 10; guard++) {
    const step = (await d.state()).body.view.step;
    if (!step) break;
    const r = await d.form(step.key, formAnswers(step.form));
    expect(r.body.rejected).toBeUndefined();
  }
  expect((await d.submit()).body.view.status).toBe('completed');
}

describe('contact details in the dialog', () => {
  it('asks the account owner only, refuses a wrong value with a retry sentence and stores nothing, then fills the result', async () => {
    const f = flows(s.api);
    const ids = await f.createCase(onboardingCase());
    const own = await storeOwnership(s, ids.case_id);
    const d = dialogApi(s.url, ids.conversation_id);
    const step = await declarationsStep(d);

    const [owner, ...others] = step.form.groups as { legend: string; fields: Field[] }[];
    expect(owner!.legend).toBe('Jane Quinn Public (you, the account owner)');
    const contact = owner!.fields.slice(-3);
    expect(contact.map((x) => [x.label, x.control, x.required])).toEqual([
      ['Your e-mail address (optional)', 'text', false],
      ['Your telephone number (optional)', 'text', false],
      ['Your LinkedIn profile (optional)', 'text', false],
    ]);
    expect(contact.map((x) => x.input)).toEqual([
      { inputmode: 'email', autocomplete: 'email' },
      { inputmode: 'tel', autocomplete: 'tel' },
      { inputmode: 'url', autocomplete: 'url' },
    ]);
    // Nobody else is asked for contact details.
    expect(others.length).toBeGreaterThan(0);
    for (const g of others) expect(g.fields.some((x) => /:(email|phone|linkedin_profile)$/.test(x.name))).toBe(false);
    const [email, phone, linkedin] = contact.map((x) => x.name) as [string, string, string];

    const badEmail = await d.form(step.key, formAnswers(step.form, { [email]: 'jane at example dot com' }));
    expect(badEmail.status).toBe(200);
    expect(badEmail.body.rejected).toBe('This e-mail address cannot be taken: please write it like jane@example.com, or leave the field empty.');
    expect(badEmail.body.view.step.key).toBe(step.key);
    const badLinkedin = await d.form(step.key, formAnswers(step.form, { [linkedin]: 'https://www.facebook.com/jane' }));
    expect(badLinkedin.body.rejected).toMatch(/^This is not the address of a LinkedIn profile: please copy .*linkedin\.com\/in\//);
    const badPhone = await d.form(step.key, formAnswers(step.form, { [phone]: 'call 0171 ask for Jane' }));
    expect(badPhone.body.rejected).toMatch(/^This telephone number cannot be taken/);
    const stored = await s.d.ctx.db.selectFrom('dialog_steps').select(['answer', 'status']).where('conversation_id', '=', ids.conversation_id).where('module', '=', 'declarations').execute();
    expect(stored.every((x) => x.answer === null && x.status !== 'done')).toBe(true);

    const ok = await d.form(step.key, formAnswers(step.form, { [email]: 'Jane.Public@Example.COM', [phone]: '+49 (30) 1234-5678', [linkedin]: 'https://de.linkedin.com/in/jane-public?trk=x' }));
    expect(ok.body.rejected).toBeUndefined();
    await finish(d);

    const { result } = await f.caseResult(ids.case_id);
    const log = result.conversation_results[0].conversation_log.map((m: { text: string }) => m.text).join('\n');
    expect(log).toContain('E-mail: Jane.Public@example.com; Phone: +493012345678; LinkedIn: https://de.linkedin.com/in/jane-public');
    expect(person(result, result.account_owner_entity_ids[0])).toMatchObject({
      email: 'Jane.Public@example.com',
      phone: '+493012345678',
      linkedin_profile: 'https://de.linkedin.com/in/jane-public',
    });
    expect(person(result, own.ivan)).toMatchObject({ email: null, phone: null, linkedin_profile: null });
  });

  it('leaves the fields null when the account owner gives none', async () => {
    const f = flows(s.api);
    const ids = await f.createCase(onboardingCase());
    const d = dialogApi(s.url, ids.conversation_id);
    await declarationsStep(d);
    await finish(d);
    const { result } = await f.caseResult(ids.case_id);
    expect(person(result, result.account_owner_entity_ids[0])).toMatchObject({ email: null, phone: null, linkedin_profile: null });
  });
});

describe('contact details through the comments endpoint', () => {
  it('refuses wrong values and other people with the reason, stores none of them, and fills the account owner', async () => {
    const f = flows(s.api);
    const ids = await f.createCase(onboardingCase());
    const own = await storeOwnership(s, ids.case_id);
    const comment = (body: unknown) => s.api('POST', `/api/v1/conversations/${ids.conversation_id}/comments`, body);
    const countComments = async () => (await s.d.ctx.db.selectFrom('comments').select('id').where('conversation_id', '=', ids.conversation_id).execute()).length;
    const before = await countComments();

    const bad = await comment([
      { issue_id: 'declaration:email', comment_text: 'jane@' },
      { issue_id: 'declaration:linkedin_profile', comment_text: 'https://linkedin.com.example.net/in/jane' },
      { issue_id: 'declaration:phone', comment_text: '12-34' },
      { issue_id: `declaration:email:${own.ivan}`, comment_text: 'ivan@example.com' },
      { issue_id: 'declaration:email', comment_text: 'jane@example.com' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    expect(bad.body.details.map((x: { path: string }) => x.path)).toEqual(['/0/comment_text', '/1/comment_text', '/2/comment_text', '/3/issue_id']);
    expect(bad.body.details[0].message).toBe('expected an e-mail address such as jane@example.com');
    expect(bad.body.details[1].message).toMatch(/LinkedIn profile address starting with https:\/\/ on linkedin\.com/);
    expect(bad.body.details[2].message).toMatch(/6 to 20 digits/);
    expect(bad.body.details[3].message).toMatch(/is not the account owner/);
    expect(bad.body.message).toMatch(/^Declared answer not taken: \/0\/comment_text expected an e-mail address/);
    expect(await countComments()).toBe(before);

    const ok = await comment([
      { issue_id: 'declaration:email', comment_text: 'old@example.com' },
      { issue_id: 'declaration:phone', comment_text: '0044 20 7946 0958' },
      { issue_id: `declaration:linkedin_profile:${await ownerId(ids.case_id)}`, comment_text: 'https://www.linkedin.com/in/jane-quinn-public/' },
    ]);
    expect(ok.status).toBe(200);
    // A later value replaces an earlier one.
    expect((await comment([{ issue_id: 'declaration:email', comment_text: 'jane@example.com' }])).status).toBe(200);
    expect((await f.complete(ids.conversation_id)).status).toBe(200);
    const { result } = await f.caseResult(ids.case_id);
    expect(person(result, result.account_owner_entity_ids[0])).toMatchObject({
      email: 'jane@example.com',
      phone: '+442079460958',
      linkedin_profile: 'https://www.linkedin.com/in/jane-quinn-public/',
      identity_verification_external_user_id: null,
      identity_verification_applicant_id: null,
    });
    expect(person(result, own.ivan)).toMatchObject({ email: null, phone: null, linkedin_profile: null });
  });
});

async function ownerId(caseId: string): Promise<string> {
  const row = await s.d.ctx.db.selectFrom('entities').select('id').where('case_id', '=', caseId).where('role', '=', 'account_owner').executeTakeFirstOrThrow();
  return row.id;
}
