// The case list (search, filters, sort, pages), the case view, comments before and after the
// report, follow-ups created from the form (validated like endpoint 2, with the new-follow-up
// notification), re-sending deliveries, and the administrators' users page, over real HTTP.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { eventually, startServer, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { seedCase, signInHttp, type HttpSession, type SeededCase } from './helpers.ts';

let s: TestServer;
let admin: HttpSession;
let analyst: HttpSession;
let open: SeededCase;
let done: SeededCase;
const ids: Record<string, { case_id: string; conversation_id: string }> = {};

setupAll(async () => {
  s = await startServer();
  await s.d.services.users.create({ username: 'adm', clientUsername: 'bank-a', role: 'admin', password: 'adm-password-1234' });
  await s.d.services.users.create({ username: 'ana', clientUsername: 'bank-a', password: 'ana-password-1234' });
  const f = flows(s.api);
  ids.muller = await f.createCase(onboardingCase({ company_full_name: 'Müller & Søn A/S', company_country_code: 'DK', company_reg_number: 'DK 12 34 56 78' }, { communication_id: 'crm-muller-1' }));
  for (let i = 0; i < 28; i++) await f.createCase(onboardingCase({ company_full_name: `Filler ${String(i).padStart(2, '0')} Ltd` }, { communication_id: `fill-${i}` }));
  open = await seedCase(s, s.api, { company: 'Acme Trading Ltd', communication: 'crm-open' });
  done = await seedCase(s, s.api, { company: 'Zeta Shipping Ltd', communication: 'crm-done', complete: true });
  await f.caseResult(done.case_id);
  admin = await signInHttp(s.url, 'adm', 'adm-password-1234');
  analyst = await signInHttp(s.url, 'ana', 'ana-password-1234');
});
afterAll(() => s?.close());

async function listText(query: string): Promise<string> {
  const res = await analyst.get(`/backoffice/cases${query}`);
  expect(res.status).toBe(200);
  return res.text();
}

const companies = (html: string) => [...html.matchAll(/<a href="\/backoffice\/cases\/[0-9a-f-]{36}">([^<]+)<\/a>/g)].map((m) => m[1]);

describe('the case list', () => {
  it('finds a company by any part of its name, without accents or case', async () => {
    for (const q of ['son a', 'Søn']) expect(companies(await listText(`?q=${encodeURIComponent(q)}`)), q).toEqual(['Müller &amp; Søn A/S']);
    // Zeta Shipping Ltd's beneficial owner is Élodie Müller-Łukasiewicz: the parties' names are searched too.
    for (const q of ['muller', 'MÜLLER', 'mü']) expect(companies(await listText(`?q=${encodeURIComponent(q)}`)).sort(), q).toEqual(['Müller &amp; Søn A/S', 'Zeta Shipping Ltd']);
  });

  it('finds a case by registration number, communication id, case id or conversation id', async () => {
    const queries = ['12345678', 'dk1234', 'crm-muller-1', 'CRM-MUL', 'muller-1', ids.muller!.case_id, ids.muller!.conversation_id.toUpperCase()];
    for (const q of queries) expect(companies(await listText(`?q=${encodeURIComponent(q)}`)), q).toEqual(['Müller &amp; Søn A/S']);
  });

  it('filters by kind, state, risk and date', async () => {
    expect(companies(await listText('?kind=monitoring'))).toEqual(['Zeta Shipping Ltd', 'Acme Trading Ltd']);
    expect(companies(await listText('?state=ready'))).toEqual(['Zeta Shipping Ltd']);
    const risk = await s.d.ctx.db.selectFrom('cases').select(['risk_level', 'score']).where('id', '=', done.case_id).executeTakeFirstOrThrow();
    expect(risk.risk_level).toMatch(/^(low|medium|high)$/);
    expect(typeof risk.score).toBe('number');
    expect(companies(await listText(`?risk=${risk.risk_level}`))).toEqual(['Zeta Shipping Ltd']);
    expect(companies(await listText('?risk=none&kind=monitoring'))).toEqual(['Acme Trading Ltd']);
    expect(companies(await listText('?to=2000-01-01'))).toEqual([]);
    expect(companies(await listText('?q=trading&kind=monitoring'))).toEqual(['Acme Trading Ltd']);
    expect(companies(await listText('?q=ltd&state=ready&sort=name'))).toEqual(['Zeta Shipping Ltd']);
    expect(companies(await listText('?q=filler+0&sort=oldest&size=25'))).toEqual(Array.from({ length: 10 }, (_, i) => `Filler 0${i} Ltd`));
    const today = new Date().toISOString().slice(0, 10);
    expect(companies(await listText(`?from=${today}&to=${today}&size=100`))).toHaveLength(31);
  });

  it('sorts and pages', async () => {
    const byName = companies(await listText('?sort=name&size=25'));
    expect(byName[0]).toBe('Acme Trading Ltd');
    expect(byName).toEqual([...byName].sort((x, y) => x!.localeCompare(y!)));
    const page2 = await listText('?sort=name&page=2');
    expect(page2).toContain('Showing 26–31 of 31 cases');
    expect(companies(page2).at(-1)).toBe('Zeta Shipping Ltd');
    expect(companies(await listText('?sort=risk'))[0]).toBe('Zeta Shipping Ltd');
    expect(companies(await listText('?sort=oldest'))[0]).toBe('Müller &amp; Søn A/S');
  });

  it('ignores filters it does not know instead of failing', async () => {
    expect(companies(await listText('?state=bogus&page=-4&size=7&sort=x&from=2020-13-45')).length).toBe(25);
  });
});

describe('the case view', () => {
  it('shows case data, documents with previews, findings, ownership, scoring and deliveries', async () => {
    const html = await (await analyst.get(`/backoffice/cases/${done.case_id}`)).text();
    for (const text of [
      'Zeta Shipping Ltd',
      'invoice-7.pdf',
      'photo.png',
      'Show preview',
      '/backoffice/documents/',
      'SHA-256',
      'Ownership chart',
      'Иван Петров',
      '25–50 %',
      'Ultimate beneficial owners',
      'Factors',
      'chat_finished webhook',
      'Transaction facts beside the documents',
      `/reports/${done.conversation_id}`,
    ]) {
      expect(html, text).toContain(text);
    }
    for (const issue of done.issues) expect(html).toContain(issue.issue_id);
    const stored = await s.d.ctx.db.selectFrom('case_scores').selectAll().where('case_id', '=', done.case_id).executeTakeFirstOrThrow();
    expect(html).toContain(`Scored with policy <code>${stored.policy_version}</code>`);
    expect(html).toContain(`<span class="score-big badge-risk-${stored.risk_level}">${stored.score}</span>`);
    // Before the case is ready its score is a preview under the same policy, never another scale.
    expect(await (await analyst.get(`/backoffice/cases/${open.case_id}`)).text()).toContain(`A preview with policy <code>${stored.policy_version}</code> from what the case holds so far`);
    const doc = /\/backoffice\/documents\/([0-9a-f-]{36})\/preview/.exec(html)![1];
    const preview = await analyst.get(`/backoffice/documents/${doc}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline/);
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect((await analyst.get(`/backoffice/documents/${doc}/download`)).headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('keeps a comment made before completion in the reports, and one made after beside the issue only', async () => {
    const issue = open.issues[0]!.issue_id;
    const before = await analyst.post(`/backoffice/cases/${open.case_id}/comments`, { conversation_id: open.conversation_id, issue_id: issue, comment_text: 'Checked with the client by phone.' });
    expect(before.status).toBe(303);
    expect(before.headers.get('location')).toContain('notice=comment');
    await flows(s.api).complete(open.conversation_id);
    await flows(s.api).conversationResult(open.conversation_id);
    const report = async () => (await analyst.get(`/reports/${open.conversation_id}`)).text();
    const stored = await report();
    expect(stored).toContain('Checked with the client by phone.');
    expect(stored).toContain('ana (back office)');

    const after = await analyst.post(`/backoffice/cases/${open.case_id}/comments`, { conversation_id: open.conversation_id, issue_id: issue, comment_text: 'Late note for the auditors.' });
    expect(after.headers.get('location')).toContain('notice=comment-late');
    expect(await report()).toBe(stored);
    const view = await (await analyst.get(`/backoffice/cases/${open.case_id}`)).text();
    expect(view).toContain('Late note for the auditors.');
    expect(view).toContain('added after the report');

    const empty = await analyst.post(`/backoffice/cases/${open.case_id}/comments`, { conversation_id: open.conversation_id, issue_id: issue, comment_text: '  ' });
    expect(empty.status).toBe(400);
    const unknown = await analyst.post(`/backoffice/cases/${open.case_id}/comments`, { conversation_id: open.conversation_id, issue_id: 'nope-00000000', comment_text: 'x' });
    expect(unknown.status).toBe(400);
  });
});

describe('follow-ups from the back office', () => {
  it('refuses what endpoint 2 refuses, naming the row at fault and keeping what was typed', async () => {
    const cases: [Record<string, string | string[]>, RegExp][] = [
      [{ case_kind: 'monitoring_follow_up' }, /choose at least one module/],
      [{ case_kind: 'monitoring_follow_up', od_name: 'Packing list', od_question: '' }, /Other document 1: other_document needs a question/],
      [{ case_kind: 'onboarding_follow_up', od_name: 'Packing list', od_question: 'Upload it' }, /other_document.*is not allowed in onboarding_follow_up/],
      [{ case_kind: 'monitoring_follow_up', fu_subject: '', fu_question: 'Where?' }, /Question 1: follow_up needs a subject/],
      [{ case_kind: 'monitoring_follow_up', modules: ['invoice', 'invoice'] }, /appears more than once/],
      [{ case_kind: 'monitoring_follow_up', modules: 'invoice', invite: 'not-an-address' }, /not an e-mail address/],
      [{ modules: 'invoice' }, /choose the kind of follow-up/],
    ];
    for (const [form, message] of cases) {
      const res = await analyst.post(`/backoffice/cases/${done.case_id}/follow-up`, form);
      const html = (await res.text()).replace(/&quot;/g, '"');
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(html, JSON.stringify(form)).toMatch(message);
    }
    const kept = await (await analyst.post(`/backoffice/cases/${done.case_id}/follow-up`, { case_kind: 'monitoring_follow_up', od_name: 'Packing list', od_question: '' })).text();
    expect(kept).toContain('value="Packing list"');
    const conversations = await s.d.ctx.db.selectFrom('conversations').select('id').where('case_id', '=', done.case_id).execute();
    expect(conversations).toHaveLength(1);
  });

  it('creates the follow-up and records the new-follow-up notification, as endpoint 2 does', async () => {
    const res = await analyst.post(`/backoffice/cases/${done.case_id}/follow-up`, {
      case_kind: 'monitoring_follow_up',
      modules: ['invoice', 'cargo_bill'],
      od_name: ['Packing list', ''],
      od_question: ['Please upload the packing list.', ''],
      fu_subject: 'Delivery',
      fu_question: 'Where were the goods delivered?',
    });
    expect(res.status).toBe(303);
    const conversationId = /#conversation-([0-9a-f-]{36})$/.exec(res.headers.get('location')!)![1]!;
    const conv = await s.d.ctx.db.selectFrom('conversations').selectAll().where('id', '=', conversationId).executeTakeFirstOrThrow();
    expect(conv.case_id).toBe(done.case_id);
    expect(JSON.parse(conv.modules)).toEqual([
      { module: 'invoice' },
      { module: 'cargo_bill' },
      { module: 'other_document', document_name: 'Packing list', question: 'Please upload the packing list.' },
      { module: 'follow_up', subject: 'Delivery', question: 'Where were the goods delivered?' },
    ]);
    const event = await s.d.ctx.db.selectFrom('events').selectAll().where('conversation_id', '=', conversationId).executeTakeFirstOrThrow();
    expect(event.event_type).toBe('follow_up_created');
    expect(JSON.parse(event.payload)).toEqual({ link: `${s.url}/dialog?id=${conversationId}`, case_id: done.case_id, conversation_id: conversationId, communication_id: 'crm-done' });
    const log = await s.d.ctx.db.selectFrom('conversation_messages').select('author').where('conversation_id', '=', conversationId).execute();
    expect(log.map((m) => m.author)).toContain('analyst');
    expect((await s.api('GET', `/api/v1/cases/${done.case_id}/result`)).body.status).toBe('not_ready');
  });

  it('re-sends the invitation e-mail of an open conversation to the case recipients', async () => {
    const ids = await flows(s.api).createCase(onboardingCase({}, { invitation_email_recipients: ['jane@client.example'] }));
    const page = await (await analyst.get(`/backoffice/cases/${ids.case_id}`)).text();
    expect(page).toContain('Re-send invitation');
    expect(await (await analyst.get(`/backoffice/cases/${done.case_id}`)).text()).not.toContain('Re-send invitation');
    const res = await analyst.post(`/backoffice/conversations/${ids.conversation_id}/invitation`, {});
    expect(res.headers.get('location')).toBe(`/backoffice/cases/${ids.case_id}?notice=invitation-file#conversation-${ids.conversation_id}`); // no SMTP server here: written to a file
    const mails = await s.d.ctx.db.selectFrom('deliveries').select('recipient').where('conversation_id', '=', ids.conversation_id).where('channel', '=', 'email').execute();
    expect(mails.map((m) => m.recipient)).toEqual(['jane@client.example', 'jane@client.example']);
  });

  it('lists the deliveries of the case and re-sends one', async () => {
    const html = await (await analyst.get(`/backoffice/cases/${done.case_id}`)).text();
    expect(html).toContain('New follow-up webhook');
    const delivery = await eventually(async () => {
      const d = await s.d.ctx.db.selectFrom('deliveries').selectAll().where('case_id', '=', done.case_id).where('attempts', '>', 0).executeTakeFirst();
      return d ?? undefined;
    });
    const res = await analyst.post(`/backoffice/deliveries/${delivery.id}/resend`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/backoffice/cases/${done.case_id}?notice=resent#deliveries`);
    await eventually(async () => {
      const d = await s.d.ctx.db.selectFrom('deliveries').select('attempts').where('id', '=', delivery.id).executeTakeFirstOrThrow();
      return d.attempts > delivery.attempts ? true : undefined;
    });
  });
});

describe('users page', () => {
  it('is for administrators only', async () => {
    expect((await analyst.get('/backoffice/users')).status).toBe(404);
    const unknown = await analyst.get('/backoffice/no-such-page');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('There is nothing at this address for your organisation.');
    const page = await (await admin.get('/backoffice/users')).text();
    expect(page).toContain('ana');
    expect(page).toContain('adm');
  });

  it('adds a user and resets a password, showing the new password once', async () => {
    const created = await admin.post('/backoffice/users', { username: 'newbie', role: 'analyst' });
    expect(created.status).toBe(200);
    const password = /id="new-password" type="text" readonly value="([^"]+)"/.exec(await created.text())![1]!;
    const newbie = await signInHttp(s.url, 'newbie', password);
    expect((await newbie.get('/backoffice/cases')).status).toBe(200);
    const user = await s.d.ctx.db.selectFrom('users').select('id').where('username', '=', 'newbie').executeTakeFirstOrThrow();
    const reset = await admin.post(`/backoffice/users/${user.id}/reset-password`, {});
    expect(/id="new-password" type="text" readonly value="([^"]+)"/.test(await reset.text())).toBe(true);
    expect((await newbie.get('/backoffice/cases')).status).toBe(303);
    expect((await admin.post('/backoffice/users', { username: 'ana', role: 'analyst' })).status).toBe(400);
  });
});
