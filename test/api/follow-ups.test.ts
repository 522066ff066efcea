// Endpoint 2 (follow-up conversation) through HTTP, with the recorded new-follow-up notification.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { monitoringCase, onboardingCase } from '../helpers/factories.ts';

let s: TestServer;
let caseId: string;
setupAll(async () => {
  s = await startServer();
  caseId = (await s.api('POST', '/api/v1/cases', onboardingCase({}, { communication_id: 'crm-7' }))).body.case_id;
});
afterAll(() => s?.close());

describe('POST /api/v1/cases/{case_id}/conversations', () => {
  it('creates an onboarding follow-up with every module of its list; subject optional', async () => {
    const modules = ['business_description', 'invoice_with_client', 'invoice_from_supplier', 'contract_with_client', 'contract_from_supplier', 'license', 'proof_of_identity', 'website'].map((m) => ({
      module: m,
    }));
    modules.push({ module: 'follow_up', question: 'Who are your main customers?' } as never);
    const res = await s.api('POST', `/api/v1/cases/${caseId}/conversations`, { case_kind: 'onboarding_follow_up', modules });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ result: 'conversation_created', conversation_id: expect.any(String), case_id: caseId, communication_id: 'crm-7' });
    expect(res.body.conversation_id).not.toBe(caseId);

    const events = await s.d.ctx.db.selectFrom('events').selectAll().where('conversation_id', '=', res.body.conversation_id).execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.event_type).toBe('follow_up_created');
    expect(JSON.parse(events[0]!.payload)).toEqual({
      link: `${s.url}/dialog?id=${res.body.conversation_id}`,
      case_id: caseId,
      conversation_id: res.body.conversation_id,
      communication_id: 'crm-7',
    });
  });

  it('creates a monitoring follow-up; a case without communication_id sends none', async () => {
    const body = monitoringCase();
    delete (body as Record<string, unknown>).communication_id;
    const mon = (await s.api('POST', '/api/v1/cases', body)).body;
    const modules = ['invoice', 'contract', 'transaction_rationale', 'charter_agreement', 'cargo_bill', 'company_proof_of_address'].map((m) => ({ module: m }));
    const res = await s.api('POST', `/api/v1/cases/${mon.case_id}/conversations`, {
      case_kind: 'monitoring_follow_up',
      modules: [...modules, { module: 'other_document', document_name: 'Bill', question: 'Upload the bill' }, { module: 'follow_up', subject: 'S', question: 'Q?' }],
    });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('communication_id');
    const event = await s.d.ctx.db.selectFrom('events').select('payload').where('conversation_id', '=', res.body.conversation_id).executeTakeFirstOrThrow();
    expect(JSON.parse(event.payload)).not.toHaveProperty('communication_id');
    expect(JSON.parse(event.payload)).not.toHaveProperty('event');
  });

  it('makes a ready case pending again', async () => {
    const created = (await s.api('POST', '/api/v1/cases', onboardingCase())).body;
    await s.api('POST', `/api/v1/conversations/${created.conversation_id}/status`, 'completed');
    const { eventually } = await import('../helpers/server.ts');
    await eventually(async () => ((await s.api('GET', `/api/v1/cases/${created.case_id}/result`)).body.status === 'ready' ? true : undefined));
    await s.api('POST', `/api/v1/cases/${created.case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });
    expect((await s.api('GET', `/api/v1/cases/${created.case_id}/result`)).body.status).toBe('not_ready');
  });

  it('answers conversation_not_created for bad input', async () => {
    const cases: [unknown, string][] = [
      [{ case_kind: 'monitoring', modules: [{ module: 'invoice' }] }, '/case_kind'],
      [{ case_kind: 'onboarding_follow_up', modules: [{ module: 'invoice' }] }, '/modules/0/module'],
      [{ case_kind: 'monitoring_follow_up', modules: [{ module: 'website' }] }, '/modules/0/module'],
      [{ case_kind: 'monitoring_follow_up', modules: [{ module: 'follow_up', question: 'Q' }] }, '/modules/0/subject'],
      [{ case_kind: 'monitoring_follow_up', modules: [] }, '/modules'],
      [{ case_kind: 'monitoring_follow_up', modules: [{ module: 'invoice' }], case: {} }, '/case'],
      [{ modules: [{ module: 'invoice' }] }, '/case_kind'],
    ];
    for (const [body, path] of cases) {
      const res = await s.api('POST', `/api/v1/cases/${caseId}/conversations`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.result).toBe('conversation_not_created');
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it('answers 404 for unknown, malformed and foreign case ids', async () => {
    const body = { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] };
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await s.api('POST', `/api/v1/cases/${id}/conversations`, body);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ result: 'conversation_not_created', error: 'not_found' });
    }
    const other = await s.newClient('bank-f');
    expect((await other('POST', `/api/v1/cases/${caseId}/conversations`, body)).status).toBe(404);
  });
});
