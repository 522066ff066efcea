// Endpoint 1 (create case) through HTTP: success for both kinds and every class of bad input.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { monitoringCase, onboardingCase } from '../helpers/factories.ts';

let s: TestServer;
setupAll(async () => {
  s = await startServer({ MAX_JSON_BYTES: 64 * 1024 });
});
afterAll(() => s?.close());

// Row ids are UUIDs of version 7 (time-ordered, src/lib/ids.ts); a conversation id, the
// dialog's only capability, is a random UUID v4.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const RANDOM_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function expectRejected(body: unknown, path: string, messagePart?: string) {
  const res = await s.api('POST', '/api/v1/cases', body);
  expect(res.status).toBe(400);
  expect(res.body.result).toBe('case_not_created');
  expect(res.body.error).toBe('invalid_request');
  expect(typeof res.body.message).toBe('string');
  const detail = res.body.details.find((d: { path: string }) => d.path === path);
  expect(detail, `expected a detail at ${path}, got ${JSON.stringify(res.body.details)}`).toBeTruthy();
  if (messagePart) expect(detail.message).toContain(messagePart);
  return res;
}

describe('POST /api/v1/cases', () => {
  it('creates an onboarding case with its first conversation', async () => {
    const res = await s.api('POST', '/api/v1/cases', onboardingCase({}, { communication_id: 'crm-42' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ result: 'case_created', case_id: expect.stringMatching(UUID), conversation_id: expect.stringMatching(RANDOM_UUID), communication_id: 'crm-42' });
    const result = await s.api('GET', `/api/v1/cases/${res.body.case_id}/result`);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ case_id: res.body.case_id, communication_id: 'crm-42', status: 'not_ready' });
  });

  it('gives ids that sort in creation order', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await s.api('POST', '/api/v1/cases', onboardingCase({}));
      ids.push(res.body.case_id);
      await new Promise((r) => setTimeout(r, 2));
    }
    expect([...ids].sort()).toEqual(ids);
  });

  it('creates a monitoring case with every field and repeatable modules', async () => {
    const body = monitoringCase();
    (body.case.modules as unknown[]).push({ module: 'other_document', document_name: 'Bill', question: 'Upload the bill.' }, { module: 'follow_up', subject: 'More', question: 'Anything else?' });
    const res = await s.api('POST', '/api/v1/cases', body);
    expect(res.status).toBe(201);
    expect(res.body.result).toBe('case_created');
  });

  it('accepts every module of the monitoring creation list', async () => {
    const modules = [
      'invoice',
      'contract',
      'transaction_rationale',
      'charter_agreement',
      'cargo_bill',
      'company_proof_of_address',
      'bank_statement_business_activity',
      'license',
      'insurance',
      'website',
    ].map((m) => ({ module: m }));
    const res = await s.api('POST', '/api/v1/cases', monitoringCase({ modules }));
    expect(res.status).toBe(201);
  });

  it('needs credentials', async () => {
    const none = await s.as(null)('POST', '/api/v1/cases', onboardingCase());
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(none.body).toMatchObject({ result: 'case_not_created', error: 'unauthorized' });
    const wrong = await s.as({ username: 'bank-a', password: 'not-the-password' })('POST', '/api/v1/cases', onboardingCase());
    expect(wrong.status).toBe(401);
    const unknown = await s.as({ username: 'nobody', password: 'whatever-password' })('GET', '/api/v1/cases/00000000-0000-4000-8000-000000000000/result');
    expect(unknown.status).toBe(401);
  });

  it('refuses bodies that are not JSON objects', async () => {
    const broken = await s.api('POST', '/api/v1/cases', undefined, { raw: '{"case": ', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ result: 'case_not_created', error: 'invalid_json' });
    const text = await s.api('POST', '/api/v1/cases', undefined, { raw: 'hello', headers: { 'content-type': 'text/csv' } });
    expect(text.status).toBe(415);
    expect(text.body.result).toBe('case_not_created');
    for (const body of [null, [], 'case', 42, {}]) {
      const res = await s.api('POST', '/api/v1/cases', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.result).toBe('case_not_created');
    }
  });

  it('refuses a body over the JSON limit with 413', async () => {
    const res = await s.api('POST', '/api/v1/cases', onboardingCase({ company_full_name: 'A'.repeat(70 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ result: 'case_not_created', error: 'payload_too_large' });
  });

  it('names unknown fields at every level', async () => {
    await expectRejected({ ...onboardingCase(), colour: 'blue' }, '/colour', 'unknown field');
    await expectRejected(onboardingCase({ colour: 'blue' }), '/case/colour', 'unknown field');
    await expectRejected(onboardingCase({ modules: [{ module: 'documents_verification', size: 3 }] }), '/case/modules/0/size', 'unknown field');
    await expectRejected(onboardingCase({ modules: [{ module: 'documents_verification', question: 'Why?' }] }), '/case/modules/0/question', 'unknown field');
    await expectRejected(onboardingCase({}, { case_manager: { name: 'C', email: 'c@x.example', phone: '1' } }), '/case_manager/phone', 'unknown field');
  });

  it('requires the always-required fields', async () => {
    await expectRejected({ communication_id: 'x' }, '/case', 'required');
    const c = onboardingCase();
    delete (c.case as Record<string, unknown>).company_full_name;
    await expectRejected(c, '/case/company_full_name', 'required');
    await expectRejected(onboardingCase({ company_full_name: '   ' }), '/case/company_full_name', 'blank');
    await expectRejected(onboardingCase({ modules: [] }), '/case/modules');
    const m = monitoringCase();
    delete (m.case as Record<string, unknown>).trx_direction;
    await expectRejected(m, '/case/trx_direction', 'required for monitoring');
  });

  it('checks enumerations, codes, dates and amounts', async () => {
    await expectRejected(onboardingCase({ case_kind: 'kyc' }), '/case/case_kind', 'onboarding');
    await expectRejected(onboardingCase({ company_country_code: 'XX' }), '/case/company_country_code', 'ISO 3166');
    await expectRejected(onboardingCase({ company_country_code: 'GBR' }), '/case/company_country_code');
    await expectRejected(monitoringCase({ trx_currency: 'EURO' }), '/case/trx_currency');
    await expectRejected(monitoringCase({ trx_currency: 'ABC' }), '/case/trx_currency', 'ISO 4217');
    await expectRejected(monitoringCase({ trx_direction: 'sideways' }), '/case/trx_direction', 'incoming');
    await expectRejected(monitoringCase({ trx_date: '2024-02-30' }), '/case/trx_date', 'calendar date');
    await expectRejected(monitoringCase({ trx_date: '01/10/2026' }), '/case/trx_date', 'YYYY-MM-DD');
    await expectRejected(monitoringCase({ company_reg_date: '2999-01-01' }), '/case/company_reg_date', 'future');
    await expectRejected(monitoringCase({ trx_amount: -5 }), '/case/trx_amount');
    await expectRejected(monitoringCase({ trx_amount: '100.00' }), '/case/trx_amount');
    await expectRejected(monitoringCase({ trx_amount: 1234567890123456.7 }), '/case/trx_amount', '15 significant digits');
    await expectRejected(monitoringCase({ company_industry_classification: [{ classification: 'SIC', code: '1' }] }), '/case/company_industry_classification/0/classification');
    await expectRejected(monitoringCase({ company_industry_classification: [{ classification: 'MCC', code: 'abcd' }] }), '/case/company_industry_classification/0/code', 'MCC');
    await expectRejected(onboardingCase({}, { invitation_email_recipients: ['not-an-address'] }), '/invitation_email_recipients/0', 'e-mail');
    await expectRejected(onboardingCase({}, { invitation_email_recipients: ['a@x.example', 'A@x.example'] }), '/invitation_email_recipients/1', 'twice');
    await expectRejected(onboardingCase({}, { case_manager: { name: 'C', email: 'nope' } }), '/case_manager/email', 'e-mail');
  });

  it('enforces the module set of each creation context', async () => {
    await expectRejected(onboardingCase({ modules: [{ module: 'invoice' }] }), '/case/modules/0/module', 'not allowed in onboarding');
    await expectRejected(monitoringCase({ modules: [{ module: 'documents_verification' }] }), '/case/modules/0/module', 'not allowed in monitoring');
    await expectRejected(monitoringCase({ modules: [{ module: 'proof_of_identity' }] }), '/case/modules/0/module', 'not allowed');
    await expectRejected(monitoringCase({ modules: [{ module: 'telepathy' }] }), '/case/modules/0/module');
    await expectRejected(monitoringCase({ modules: [{ module: 'invoice' }, { module: 'invoice' }] }), '/case/modules/1/module', 'more than once');
    await expectRejected(monitoringCase({ modules: [{ module: 'other_document', question: 'Upload it' }] }), '/case/modules/0/document_name', 'document_name');
    await expectRejected(monitoringCase({ modules: [{ module: 'other_document', document_name: 'X' }] }), '/case/modules/0/question');
    await expectRejected(monitoringCase({ modules: [{ module: 'follow_up', question: 'Why?' }] }), '/case/modules/0/subject', 'subject');
    await expectRejected(monitoringCase({ modules: [{ module: 'follow_up', subject: 'S' }] }), '/case/modules/0/question');
  });

  it('keeps the amount exactly as sent', async () => {
    const res = await s.api('POST', '/api/v1/cases', monitoringCase({ trx_amount: 1234567.89 }));
    const stored = await s.d.ctx.db.selectFrom('cases').select('case_data').where('id', '=', res.body.case_id).executeTakeFirstOrThrow();
    expect(stored.case_data).toContain('"trx_amount":1234567.89');
  });
});
