// The analyst's decisions over real HTTP against a real database: document decisions (with the
// API's `rejected` following them and the reading's verdict kept beside), a new-file follow-up in
// one click, case decisions with four eyes and reopening, the opt-in case.decided webhook on a real
// receiver, assignment, reviews coming due, the list's workflow filters, the audit trail and its
// exports, refusals a person can read, and one organisation never reaching another's cases.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { eventually, startServer, type TestServer } from '../helpers/server.ts';
import { flows } from '../helpers/factories.ts';
import { setClientWebhook } from '../../src/delivery/webhooks/webhooks.admin.ts';
import { WebhookReceiver } from '../delivery/receiver.ts';
import { seedCase, signInHttp, type HttpSession, type SeededCase } from '../backoffice/helpers.ts';

const HOOK = { username: 'bank-hook', password: 'hook-password-1', secret: 'whsec-decisions-0123456789' };

let s: TestServer;
let rx: WebhookReceiver;
let ana: HttpSession;
let ben: HttpSession;
let adm: HttpSession;
let eve: HttpSession;
let ready: SeededCase;
let other: SeededCase;
let untouched: SeededCase;

const docIds = async (caseId: string) => {
  const r = await flows(s.api).caseResult(caseId);
  return (r.result.documents as { document_id: string; document_name: string; rejected: boolean }[]).map((d) => d.document_id);
};

setupAll(async () => {
  rx = new WebhookReceiver(HOOK);
  await rx.start();
  s = await startServer({
    // The review test reads the queued lookup from the embedded jobs table.
    JOBS_BACKEND: 'table',
    OUTBOUND_ALLOW_PRIVATE: 'loopback',
    DELIVERY_RETRY_SCALE: 0.001,
    FOUR_EYES_RISK_LEVELS: 'low,medium,high',
    REVIEW_INTERVAL_DAYS_LOW: 0,
    REVIEW_INTERVAL_DAYS_MEDIUM: 0,
    REVIEW_INTERVAL_DAYS_HIGH: 0,
  });
  await setClientWebhook(s.d.ctx.db, s.client.username, { url: rx.url(), ...HOOK }, s.d.config.OUTBOUND_ALLOW_PRIVATE);
  await s.d.services.users.create({ username: 'ana', clientUsername: s.client.username, password: 'ana-password-1234' });
  await s.d.services.users.create({ username: 'ben', clientUsername: s.client.username, password: 'ben-password-1234' });
  await s.d.services.users.create({ username: 'adm', clientUsername: s.client.username, role: 'admin', password: 'adm-password-1234' });
  const b = await s.newClient('bank-b');
  await s.d.services.users.create({ username: 'eve', clientUsername: 'bank-b', password: 'eve-password-1234' });
  ready = await seedCase(s, s.api, { company: 'Delta Freight Ltd', communication: 'crm-delta', complete: true });
  other = await seedCase(s, s.api, { company: 'Omega Metals Ltd', communication: 'crm-omega', complete: true });
  untouched = await seedCase(s, s.api, { company: 'Untouched Ltd', complete: true });
  await seedCase(s, b, { company: 'Bank B Client Ltd' });
  const f = flows(s.api);
  for (const c of [ready, other, untouched]) await f.caseResult(c.case_id);
  ana = await signInHttp(s.url, 'ana', 'ana-password-1234');
  ben = await signInHttp(s.url, 'ben', 'ben-password-1234');
  adm = await signInHttp(s.url, 'adm', 'adm-password-1234');
  eve = await signInHttp(s.url, 'eve', 'eve-password-1234');
});
afterAll(async () => {
  await s?.close();
  await rx?.stop();
});

const flashOf = (html: string) => /<div class="flash flash--(\w+)"[^>]*>([^<]*)/.exec(html)?.slice(1) ?? [];

describe('document decisions', () => {
  it('rejects a document with a reason: the API reports it rejected, with the reading kept beside', async () => {
    const [invoice] = await docIds(ready.case_id);
    const before = await flows(s.api).caseResult(ready.case_id);
    const readingVerdict = (before.result.documents as { document_id: string; rejected: boolean }[]).find((d) => d.document_id === invoice)!.rejected;
    const res = await ana.post(`/backoffice/cases/${ready.case_id}/document-decisions`, {
      document_id: invoice!,
      decision: 'rejected',
      reject_reason: 'wrong_company',
      reason_text: 'Names Initech, not the client.',
    });
    expect(res.status).toBe(303);
    const result = (await s.api('GET', `/api/v1/cases/${ready.case_id}/result`)).body;
    expect(result.status).toBe('ready');
    for (const doc of [
      (result.result.documents as Record<string, any>[]).find((d) => d.document_id === invoice)!,
      (result.result.conversation_results[0].client_documents as Record<string, any>[]).find((d) => d.document_id === invoice)!,
    ]) {
      expect(doc.rejected).toBe(true);
      expect(doc.rejected_on_reading).toBe(readingVerdict);
      expect(doc.analyst_decision).toMatchObject({ decision: 'rejected', reason_code: 'wrong_company', decided_by: 'ana', new_file_conversation_id: null });
      expect(doc.analyst_decision.reason).toContain('Names Initech');
    }
    // Endpoint 9 shows the same decision.
    const conv = (await s.api('GET', `/api/v1/conversations/${ready.conversation_id}/result`)).body;
    const convDoc = (conv.result.client_documents as Record<string, any>[]).find((d) => d.document_id === invoice)!;
    expect(convDoc).toMatchObject({ rejected: true, rejected_on_reading: readingVerdict, analyst_decision: { decision: 'rejected', decided_by: 'ana' } });
    // The case has no case decision yet: `decision` is null.
    expect(result.result.decision).toBeNull();
  });

  it('accepts several documents at once', async () => {
    const ids = await docIds(other.case_id);
    const res = await ana.post(`/backoffice/cases/${other.case_id}/document-decisions`, { document_id: ids, decision: 'accepted', accept_reason: 'verified' });
    expect(res.status).toBe(303);
    const result = (await s.api('GET', `/api/v1/cases/${other.case_id}/result`)).body;
    for (const d of result.result.documents as Record<string, any>[]) {
      expect(d.rejected).toBe(false);
      expect(d.analyst_decision).toMatchObject({ decision: 'accepted', reason_code: 'verified', decided_by: 'ana' });
    }
  });

  it('leaves the result of a case nobody decided on exactly as stored', async () => {
    const r = (await s.api('GET', `/api/v1/cases/${untouched.case_id}/result`)).body;
    expect(Object.keys(r.result).sort()).toEqual(
      [
        'account_owner_entity_ids',
        'attention',
        'business_description_summary',
        'conversation_results',
        'documents',
        'legal_entities',
        'main_entity_id',
        'questionnaire',
        'risk_assessment_report_pdf_link',
        'scoring',
      ].sort(),
    );
    for (const d of r.result.documents as Record<string, unknown>[]) {
      expect(d).not.toHaveProperty('analyst_decision');
      expect(d).not.toHaveProperty('rejected_on_reading');
    }
  });

  it('refuses what cannot be decided, with a sentence and no change', async () => {
    const [invoice] = await docIds(untouched.case_id);
    const cases: [Record<string, string | string[]>, number, RegExp][] = [
      [{ document_id: invoice!, decision: 'rejected' }, 400, /Choose a reason/],
      [{ document_id: invoice!, decision: 'rejected', reject_reason: 'other' }, 400, /Explain the reason/],
      [{ document_id: invoice!, decision: 'rejected', reject_reason: 'made_up' }, 400, /not one of the reasons/],
      [{ decision: 'rejected', reject_reason: 'illegible' }, 400, /Tick at least one document/],
      [{ document_id: '00000000-0000-4000-8000-000000000000', decision: 'rejected', reject_reason: 'illegible' }, 400, /is not a document of this case/],
      [{ document_id: invoice!, decision: 'maybe', reject_reason: 'illegible' }, 400, /accept or reject/],
      [{ document_id: invoice!, decision: 'accepted', accept_reason: 'verified', new_file: '1' }, 400, /only be asked for when rejecting/],
      [{ document_id: invoice!, decision: 'rejected', reject_reason: 'illegible', new_file: '1', invite: 'not-an-address' }, 400, /not an e-mail address/],
    ];
    for (const [form, status, message] of cases) {
      const res = await ana.post(`/backoffice/cases/${untouched.case_id}/document-decisions`, form);
      const text = await res.text();
      expect(res.status, JSON.stringify(form)).toBe(status);
      expect(flashOf(text)[1], JSON.stringify(form)).toMatch(message);
    }
    const r = (await s.api('GET', `/api/v1/cases/${untouched.case_id}/result`)).body;
    expect(r.result).not.toHaveProperty('decision');
    // Without the form's CSRF token: refused.
    const noCsrf = await fetch(`${s.url}/backoffice/cases/${untouched.case_id}/document-decisions`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: ana.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ document_id: invoice!, decision: 'rejected', reject_reason: 'illegible' }),
    });
    expect(noCsrf.status).toBe(403);
  });

  it('asks the user for a new file in one click: a follow-up with the document type module', async () => {
    const c = await seedCase(s, s.api, { company: 'Newfile Trading Ltd', complete: true });
    const [invoice] = await docIds(c.case_id);
    const res = await ana.post(`/backoffice/cases/${c.case_id}/document-decisions`, {
      document_id: invoice!,
      decision: 'rejected',
      reject_reason: 'illegible',
      new_file: '1',
      invite: 'owner@example.com',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('notice=documents-new-file-invitation-file');
    // This server has no SMTP_URL: the notice says the e-mail was written to a file, not sent.
    expect(await (await ana.get(res.headers.get('location')!)).text()).toContain('Its invitation e-mail is not sent');
    const convs = await s.d.ctx.db.selectFrom('conversations').selectAll().where('case_id', '=', c.case_id).orderBy('created_at').execute();
    expect(convs).toHaveLength(2);
    expect(convs[1]!.conversation_kind).toBe('monitoring_follow_up');
    expect((JSON.parse(convs[1]!.modules) as { module: string }[]).map((m) => m.module)).toEqual(['invoice']);
    // The case waits for the client; the list's filter finds it.
    const list = await (await ana.get('/backoffice/cases?waiting=client')).text();
    expect(list).toContain('Newfile Trading Ltd');
    expect(list).not.toContain('Delta Freight Ltd');
    const page = await (await ana.get(`/backoffice/cases/${c.case_id}`)).text();
    expect(page).toContain('new file asked for');
  });
});

describe('case decisions', () => {
  it('needs two different analysts to approve where four eyes apply, then sends case.decided when switched on', async () => {
    // Only an administrator may switch the webhook; an analyst gets the page that does not exist.
    expect((await ana.post('/backoffice/settings/case-decided-webhook', { on: '1' })).status).toBe(404);
    expect((await adm.post('/backoffice/settings/case-decided-webhook', { on: '1' })).status).toBe(303);

    const first = await ana.post(`/backoffice/cases/${other.case_id}/decision`, { action: 'approve', reason_code: 'evidence_complete' });
    expect(first.headers.get('location')).toContain('notice=case-first-approval');
    const waiting = (await s.api('GET', `/api/v1/cases/${other.case_id}/result`)).body.result.decision;
    expect(waiting).toMatchObject({ state: 'awaiting_second_approval', decided_by: 'ana', approvals: [{ decided_by: 'ana' }] });

    const again = await ana.post(`/backoffice/cases/${other.case_id}/decision`, { action: 'approve', reason_code: 'evidence_complete' });
    expect(again.status).toBe(409);
    expect(flashOf(await again.text())[1]).toMatch(/second approval from a different analyst/);

    const second = await ben.post(`/backoffice/cases/${other.case_id}/decision`, { action: 'approve', reason_code: 'risk_accepted', reason_text: 'Known client.' });
    expect(second.headers.get('location')).toContain('notice=case-approved');
    const decided = (await s.api('GET', `/api/v1/cases/${other.case_id}/result`)).body.result.decision;
    expect(decided).toMatchObject({ state: 'approved', decided_by: 'ben', reason_code: 'risk_accepted', approvals: [{ decided_by: 'ana' }, { decided_by: 'ben' }] });
    expect(decided.next_review_at).toEqual(expect.any(String));
    const approvedList = await (await ana.get('/backoffice/cases?decision=approved')).text();
    expect(approvedList).toContain('Omega Metals Ltd');
    expect(approvedList).not.toContain('Delta Freight Ltd');
    const undecidedList = await (await ana.get('/backoffice/cases?decision=undecided')).text();
    expect(undecidedList).toContain('Delta Freight Ltd');
    expect(undecidedList).not.toContain('Omega Metals Ltd');

    const hook = await eventually(async () => rx.events('case.decided').find((a) => a.body.case_id === other.case_id));
    expect(hook.body).toMatchObject({ event: 'case.decided', case_id: other.case_id, communication_id: 'crm-omega', decision: { state: 'approved', decided_by: 'ben' } });
    // The first approval alone sent nothing.
    expect(rx.events('case.decided').filter((a) => a.body.case_id === other.case_id)).toHaveLength(1);

    // A decided case is not decided again until reopened with a reason.
    expect((await ana.post(`/backoffice/cases/${other.case_id}/decision`, { action: 'reject', reason_code: 'risk_too_high' })).status).toBe(409);
    expect((await ana.post(`/backoffice/cases/${other.case_id}/decision`, { action: 'reopen' })).status).toBe(400);
  });

  it('sends no case.decided webhook while it is off', async () => {
    expect((await adm.post('/backoffice/settings/case-decided-webhook', { on: '0' })).status).toBe(303);
    const res = await ana.post(`/backoffice/cases/${untouched.case_id}/decision`, { action: 'reject', reason_code: 'documents_insufficient' });
    expect(res.headers.get('location')).toContain('notice=case-rejected');
    const events = await s.d.ctx.db.selectFrom('events').select('event_type').where('case_id', '=', untouched.case_id).execute();
    expect(events.map((e) => e.event_type)).not.toContain('case.decided');
    const reopened = await ana.post(`/backoffice/cases/${untouched.case_id}/decision`, { action: 'reopen', reason_code: 'decided_in_error' });
    expect(reopened.headers.get('location')).toContain('notice=case-reopened');
    expect((await s.api('GET', `/api/v1/cases/${untouched.case_id}/result`)).body.result.decision).toMatchObject({ state: 'undecided', decided_by: 'ana', reason_code: 'decided_in_error' });
  });

  it('refuses unknown actions and reasons', async () => {
    for (const [form, re] of [
      [{ action: 'bless' }, /Choose approve, reject/],
      [{ action: 'reject' }, /Choose a reason/],
      [{ action: 'request_information', reason_code: 'nope' }, /not one of the reasons/],
    ] as const) {
      const res = await ana.post(`/backoffice/cases/${ready.case_id}/decision`, form);
      expect(res.status).toBe(400);
      expect(flashOf(await res.text())[1]).toMatch(re);
    }
  });
});

describe('reviews, assignment and the audit trail', () => {
  it('puts an approved case in the review queue when its review is due, and a review starts a new register lookup', async () => {
    const queue = await (await ana.get('/backoffice/reviews')).text();
    expect(queue).toContain('Omega Metals Ltd');
    expect(await (await ana.get('/backoffice/cases?review=due')).text()).toContain('Omega Metals Ltd');
    const assign = await ana.post(`/backoffice/cases/${other.case_id}/assign`, { assign: 'me', back: '/backoffice/reviews' });
    expect(assign.headers.get('location')).toBe('/backoffice/reviews?notice=assigned');
    const mine = await (await ana.get('/backoffice/cases?assignee=me')).text();
    expect(mine).toContain('Omega Metals Ltd');
    expect(mine).not.toContain('Delta Freight Ltd');
    expect(await (await ben.get('/backoffice/cases?assignee=me')).text()).not.toContain('Omega Metals Ltd');

    const review = await ana.post(`/backoffice/cases/${other.case_id}/review`, {});
    expect(review.headers.get('location')).toContain('notice=review-started');
    const jobs = await s.d.ctx.db.selectFrom('jobs').select('dedupe_key').where('name', '=', 'entities.resolve').execute();
    expect(jobs.some((j) => j.dedupe_key?.startsWith('entities.review:'))).toBe(true);
    // …and screens the case again against the lists in force.
    const screens = await s.d.ctx.db.selectFrom('jobs').select('dedupe_key').where('name', '=', 'screening.case').execute();
    expect(screens.some((j) => j.dedupe_key?.startsWith(`screening.case:${other.case_id}:review:`))).toBe(true);
    expect((await s.api('GET', `/api/v1/cases/${other.case_id}/result`)).body.result.decision.state).toBe('in_review');
    expect(await (await ana.get('/backoffice/reviews')).text()).not.toContain('Omega Metals Ltd');
    // A review starts only on an approved case.
    expect((await ana.post(`/backoffice/cases/${other.case_id}/review`, {})).status).toBe(409);
  });

  it('lists every step with its actor, exports it as CSV and JSON, and never changes an entry', async () => {
    await ana.get(`/backoffice/documents/${(await docIds(other.case_id))[0]}/download`);
    expect((await ana.get(`/reports/${other.conversation_id}`)).status).toBe(200);
    expect((await ana.post(`/backoffice/cases/${other.case_id}/notes`, { note_text: '  ' })).status).toBe(400);
    expect((await ana.post(`/backoffice/cases/${other.case_id}/notes`, { note_text: 'Called the director; the new address is confirmed.' })).status).toBe(303);
    expect(await (await ben.get(`/backoffice/cases/${other.case_id}`)).text()).toContain('Called the director; the new address is confirmed.');
    const json = await ana.get(`/backoffice/cases/${other.case_id}/audit.json`);
    expect(json.status).toBe(200);
    const trail = (await json.json()) as { entries: { action: string; actor: { name: string; kind: string } }[] };
    const steps = trail.entries.map((e) => `${e.actor.name}:${e.action}`);
    for (const step of [
      'ana:document.accepted',
      'ana:case.approve',
      'ben:case.approve',
      'Dossier:webhook.case_decided_queued',
      'ana:case.assigned',
      'ana:review.started',
      'Dossier:registers.lookup_queued',
      'ana:document.downloaded',
      'ana:report.viewed',
      'ana:note.added',
    ])
      expect(steps).toContain(step);
    const csv = await ana.get(`/backoffice/cases/${other.case_id}/audit.csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('at,actor_kind,actor_id,actor_name,action,subject,before,after');
    expect(text).toContain('ben,case.approve');
    // The JSON export itself was recorded.
    expect(text).toContain('audit.exported');
    // The page shows the trail.
    expect(await (await ana.get(`/backoffice/cases/${other.case_id}`)).text()).toContain('Started a review');
    // Append-only in the database itself.
    await expect(s.d.ctx.db.updateTable('audit_events').set({ actor_name: 'someone else' }).where('case_id', '=', other.case_id).execute()).rejects.toThrow(/append-only/);
    await expect(s.d.ctx.db.deleteFrom('audit_events').where('case_id', '=', other.case_id).execute()).rejects.toThrow(/append-only/);
  });

  it('keeps one organisation out of another organisation’s cases', async () => {
    for (const path of [`/backoffice/cases/${other.case_id}/audit.json`, `/backoffice/cases/${other.case_id}/audit.csv`]) expect((await eve.get(path)).status).toBe(404);
    const [doc] = await docIds(other.case_id);
    for (const [path, form] of [
      [`/backoffice/cases/${other.case_id}/decision`, { action: 'reject', reason_code: 'risk_too_high' }],
      [`/backoffice/cases/${other.case_id}/document-decisions`, { document_id: doc!, decision: 'rejected', reject_reason: 'illegible' }],
      [`/backoffice/cases/${other.case_id}/assign`, { assign: 'me' }],
      [`/backoffice/cases/${other.case_id}/review`, {}],
    ] as const)
      expect((await eve.post(path, form)).status, path).toBe(404);
    expect(await (await eve.get('/backoffice/reviews')).text()).not.toContain('Omega Metals Ltd');
    // Signed out: the sign-in page.
    const anon = await fetch(`${s.url}/backoffice/cases/${other.case_id}/audit.json`, { redirect: 'manual' });
    expect(anon.status).toBe(303);
  });
});
