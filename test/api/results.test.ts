// Endpoints 7, 8, 9 and 3 through HTTP: comments, completion, conversation and case results,
// and the report and download links they hand out.
import { describe, expect, it } from 'vitest';
import { getDocument } from '../../src/document-engine/pdfjs.ts';
import { basic, useServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';

const analyst = { username: 'analyst-a', password: 'analyst-a-password' };
const s = useServer({}, {}, (server) => server.d.services.users.create({ username: analyst.username, clientUsername: server.client.username, password: analyst.password }));
const f = flows((...args) => s.api(...args));

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, disableFontFace: true }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n';
  }
  await doc.destroy();
  return text;
}

describe('an onboarding conversation from upload to case result', () => {
  let ids: { case_id: string; conversation_id: string };
  let issueId: string;
  let documentId: string;

  setupAll(async () => {
    ids = await f.createCase(onboardingCase({}, { communication_id: 'crm-900' }));
    documentId = (await f.upload(ids.conversation_id, await makeTextPdf({ lines: ['Register extract', 'ACME TRADING LIMITED', 'Company number 01234567'] }), 'extract.pdf')).body.document_id;
    await f.verificationResult(ids.conversation_id, await f.verify(ids.conversation_id, documentId, 'Acme Trading Ltd', 'certificate_of_incorporation'));
    const other = (await f.upload(ids.conversation_id, await makeTextPdf({ lines: ['Utility bill for Initech LLC'] }), 'bill.pdf')).body.document_id;
    const results = await f.verificationResult(ids.conversation_id, await f.verify(ids.conversation_id, other, 'Acme Trading Ltd', 'company_proof_of_address'));
    issueId = results[0]!.issue_id;
  });

  it('takes comments on known issues only', async () => {
    const ok = await s.api('POST', `/api/v1/conversations/${ids.conversation_id}/comments`, [{ issue_id: issueId, comment_text: 'The bill is in the name of our landlord.' }]);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ result: 'comments_saved', count: 1 });
    const unknown = await s.api('POST', `/api/v1/conversations/${ids.conversation_id}/comments`, [
      { issue_id: issueId, comment_text: 'fine' },
      { issue_id: 'made-up', comment_text: 'x' },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('unknown_issue');
    expect(unknown.body.details).toEqual([{ path: '/1/issue_id', message: 'unknown issue_id "made-up"' }]);
    for (const body of [[], {}, [{ issue_id: issueId }], [{ issue_id: issueId, comment_text: ' ' }], [{ issue_id: issueId, comment_text: 'x', extra: 1 }]]) {
      expect((await s.api('POST', `/api/v1/conversations/${ids.conversation_id}/comments`, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('accepts only "completed" as a status, once', async () => {
    for (const body of ['done', 'open', { status: 'open' }, 42, null, ['completed']]) {
      const res = await s.api('POST', `/api/v1/conversations/${ids.conversation_id}/status`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const first = await f.complete(ids.conversation_id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ result: 'status_updated', status: 'completed' });
    const again = await s.api('POST', `/api/v1/conversations/${ids.conversation_id}/status`, { status: 'completed' });
    expect(again.body).toEqual({ result: 'status_updated', status: 'completed' });
  });

  it('gives the conversation result with its client documents', async () => {
    const r = await f.conversationResult(ids.conversation_id);
    expect(r).toEqual({
      status: 'ready',
      communication_id: 'crm-900',
      result: { web_report_link: `${s.url}/reports/${ids.conversation_id}`, client_documents: expect.any(Array), attention: expect.any(Array) },
    });
    expect(r.result.client_documents).toHaveLength(2);
    expect(r.result.client_documents[0]).toEqual({
      document_id: documentId,
      document_type: 'certificate_of_incorporation',
      document_name: 'extract.pdf',
      rejected: false,
      download_link: `${s.url}/api/v1/documents/${documentId}/download`,
      file_name: 'extract.pdf',
      entity_id: expect.any(String),
    });
  });

  it('records one chat_finished event even when completed twice', async () => {
    await f.conversationResult(ids.conversation_id);
    const events = await s.d.ctx.db.selectFrom('events').selectAll().where('conversation_id', '=', ids.conversation_id).execute();
    expect(events.map((e) => e.event_type)).toEqual(['chat_finished']);
    const payload = JSON.parse(events[0]!.payload);
    expect(Object.keys(payload).sort()).toEqual(['case_id', 'client_documents', 'communication_id', 'conversation_id', 'event', 'pdf_report_link', 'web_report_link']);
    expect(payload.client_documents[0]).toEqual({
      document_id: documentId,
      document_type: 'certificate_of_incorporation',
      document_name: 'extract.pdf',
      rejected: false,
      download_link: expect.any(String),
      original_files: [{ filename: 'extract.pdf' }],
    });
  });

  it('gives the case result with every field', async () => {
    const res = await f.caseResult(ids.case_id);
    expect(Object.keys(res).sort()).toEqual(['case_id', 'communication_id', 'result', 'status']);
    const r = res.result;
    expect(Object.keys(r).sort()).toEqual(
      [
        'account_owner_entity_ids',
        // Optional beside the contract's fields: what needs attention, as the case report says it.
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
    expect(r.conversation_results).toHaveLength(1);
    const entry = r.conversation_results[0];
    expect(Object.keys(entry).sort()).toEqual([
      'attention',
      'case_id',
      'client_documents',
      'conversation_id',
      'conversation_log',
      'legal_entities',
      'main_entity_id',
      'pdf_report_link',
      'web_report_link',
    ]);
    expect(entry.pdf_report_link).toBe(`${s.url}/api/v1/conversations/${ids.conversation_id}/report.pdf`);
    const doc = entry.client_documents[0];
    expect(Object.keys(doc).sort()).toEqual(
      ['document_id', 'document_name', 'document_type', 'download_link', 'entity_id', 'extracted_data', 'file_name', 'original_files', 'rejected', 'translated'].sort(),
    );
    expect(doc.original_files).toEqual([{ filename: 'extract.pdf', source_url: null }]);
    expect(doc.translated).toBe(false);
    expect(doc.entity_id).toBe(r.main_entity_id);
    expect(doc.extracted_data).toMatchObject({ company_name_match: 'exact' });
    expect(entry.conversation_log.map((m: { text: string }) => m.text).join('\n')).toMatch(/Uploaded extract\.pdf[\s\S]*Comment on[\s\S]*Conversation completed/);
    expect(entry.conversation_log[0]).toEqual({ message_id: expect.any(String), timestamp: expect.any(String), author: 'dossier', module: null, text: expect.any(String), attachments: [] });

    const company = r.legal_entities.find((e: { entity_id: string }) => e.entity_id === r.main_entity_id).entity_details;
    expect(company).toMatchObject({
      type: 'company',
      company_full_name: 'Acme Trading Ltd',
      legal_type: 'Ltd',
      company_reg_number: '01234567',
      company_country_code: 'GB',
      shareholders: [],
      ultimate_beneficiary_owners: [],
    });
    expect(r.legal_entities[0].entity_id).toBe(r.main_entity_id);
    expect(r.account_owner_entity_ids).toHaveLength(1);
    const person = r.legal_entities.find((e: { entity_id: string }) => e.entity_id === r.account_owner_entity_ids[0]).entity_details;
    expect(person).toMatchObject({ type: 'person', first_name: 'Jane Quinn', last_name: 'Public', date_of_birth: null, is_pep_self_assessment: null });
    expect(r.questionnaire).toBeNull();
    expect(r.scoring).toEqual({ score: expect.any(Number), risk_level: expect.stringMatching(/^(low|medium|high)$/) });
    expect(r.documents).toHaveLength(2);
    expect(r.risk_assessment_report_pdf_link).toBe(`${s.url}/api/v1/cases/${ids.case_id}/report.pdf`);
  });

  it('serves the PDF reports to the API client and the web report to its users', async () => {
    const pdf = await fetch(`${s.url}/api/v1/conversations/${ids.conversation_id}/report.pdf`, { headers: { authorization: basic(s.client) } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(await pdf.arrayBuffer());
    expect(text).toContain('Acme Trading Ltd');
    expect(text).toContain('The bill is in the name of our landlord.');
    const unauthenticated = await fetch(`${s.url}/api/v1/conversations/${ids.conversation_id}/report.pdf`);
    expect(unauthenticated.status).toBe(401);
    await unauthenticated.text();
    const casePdf = await fetch(`${s.url}/api/v1/cases/${ids.case_id}/report.pdf`, { headers: { authorization: basic(s.client) } });
    expect(casePdf.status).toBe(200);
    expect(await pdfText(await casePdf.arrayBuffer())).toContain(ids.conversation_id);

    // Without a session or credentials the web report sends the browser to the back-office sign-in.
    const anonymous = await fetch(`${s.url}/reports/${ids.conversation_id}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe(`/backoffice/login?next=${encodeURIComponent(`/reports/${ids.conversation_id}`)}`);
    expect((await fetch(`${s.url}/reports/${ids.conversation_id}`, { headers: { authorization: basic(s.client) } })).status).toBe(401);
    const web = await fetch(`${s.url}/reports/${ids.conversation_id}`, { headers: { authorization: basic(analyst) } });
    expect(web.status).toBe(200);
    const html = await web.text();
    expect(html).toContain('Acme Trading Ltd');
    expect(html).toContain('The bill is in the name of our landlord.');
  });

  it('refuses comments once the report exists', async () => {
    const res = await s.api('POST', `/api/v1/conversations/${ids.conversation_id}/comments`, [{ issue_id: issueId, comment_text: 'late' }]);
    expect(res.status).toBe(409);
  });
});

describe('a monitoring conversation', () => {
  it('carries entities, counterparty and log in its result and event', async () => {
    const ids = await f.createCase(monitoringCase({ trx_direction: 'outgoing', trx_counterparty_full_name: 'John Smith' }));
    const follow = await s.api('POST', `/api/v1/cases/${ids.case_id}/conversations`, { case_kind: 'monitoring_follow_up', modules: [{ module: 'invoice' }] });
    await f.complete(ids.conversation_id);
    await f.conversationResult(ids.conversation_id);
    expect((await s.api('GET', `/api/v1/cases/${ids.case_id}/result`)).body.status).toBe('not_ready');
    await f.complete(follow.body.conversation_id);
    const res = await f.caseResult(ids.case_id);
    expect(res.result.conversation_results.map((c: { conversation_id: string }) => c.conversation_id)).toEqual([ids.conversation_id, follow.body.conversation_id]);
    const company = res.result.legal_entities.find((e: { entity_id: string }) => e.entity_id === res.result.main_entity_id).entity_details;
    expect(company.incorporation_date).toBe('2015-03-02');
    expect(company.registered_industry_codes).toEqual([{ classification: 'UKSIC2007', code: '46900' }]);
    expect(company.counterparties).toEqual([{ entity_id: expect.any(String), nature_of_relationship: expect.stringContaining('outgoing'), counterparty_role: ['supplier'] }]);
    const counterparty = res.result.legal_entities.find((e: { entity_id: string }) => e.entity_id === company.counterparties[0].entity_id).entity_details;
    expect(counterparty).toMatchObject({ type: 'person', first_name: 'John', last_name: 'Smith' });
    expect(res.result.account_owner_entity_ids).toEqual([]);

    const event = await s.d.ctx.db.selectFrom('events').select('payload').where('conversation_id', '=', ids.conversation_id).where('event_type', '=', 'chat_finished').executeTakeFirstOrThrow();
    const payload = JSON.parse(event.payload);
    expect(payload.main_entity_id).toBe(res.result.main_entity_id);
    expect(payload.legal_entities).toHaveLength(2);
    expect(Array.isArray(payload.conversation_log)).toBe(true);
  });
});
