// The verification engine end to end through the API: classification against the requested type,
// extracted data, transaction and cross-document rules when documents arrive, findings recorded at
// completion, and a file already submitted for another company.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { makeHybridInvoicePdf, SAMPLE_INVOICE } from '../fixtures/einvoices.ts';
import { contractText, invoiceText, registerText } from './scenarios.ts';
import { verifier } from './helpers.ts';

let s: TestServer;
let f: ReturnType<typeof flows>;
let verify: ReturnType<typeof verifier>;
const pdf = (text: string, title?: string) => makeTextPdf({ lines: text.split('\n').map((l) => l.replace(/\t/g, '    ')), title });

// The factories' monitoring case: Acme Trading Ltd paid 15250.75 EUR by Globex GmbH on 2026-10-01.
const MONITORING = {
  trx_amount: 15000,
  trx_date: '2026-10-05',
  trx_description: 'Payment for 20 industrial pumps and 10 valve assemblies',
};

setupAll(async () => {
  s = await startServer();
  f = flows(s.api);
  verify = verifier(s.api);
});
afterAll(() => s?.close());

describe('the verification engine through the API', () => {
  it('finds nothing wrong in an invoice that matches its transaction, and stores what it read', async () => {
    const { conversation_id, case_id } = await f.createCase(monitoringCase(MONITORING));
    const v = await verify(conversation_id, await pdf(invoiceText()), { fileName: 'invoice.pdf' });
    expect(v.results).toEqual([]);
    const doc = await s.d.ctx.db.selectFrom('documents').selectAll().where('id', '=', v.documentId).executeTakeFirstOrThrow();
    const data = JSON.parse(doc.extracted_data);
    expect(data).toMatchObject({ document_type: 'invoice', requested_type: 'invoice', company_name_match: 'exact', read_method: 'text_layer' });
    expect(data.fields).toMatchObject({
      invoice_number: 'INV-2026-0042',
      issue_date: '2026-09-28',
      currency: 'EUR',
      grand_total: '15000',
      seller: { name: 'Acme Trading Ltd' },
      buyer: { name: 'Globex GmbH' },
    });
    expect(case_id).toBeTruthy();
  });

  it("takes an e-invoice's fields from its embedded XML", async () => {
    const { conversation_id } = await f.createCase(monitoringCase({ trx_amount: 1234.5, trx_date: '2024-03-20', trx_counterparty_full_name: 'Globex Holdings Limited' }));
    const v = await verify(conversation_id, await makeHybridInvoicePdf(), { fileName: 'factur-x.pdf' });
    const doc = await s.d.ctx.db.selectFrom('documents').selectAll().where('id', '=', v.documentId).executeTakeFirstOrThrow();
    const data = JSON.parse(doc.extracted_data);
    expect(data.einvoice).toMatchObject({ syntax: 'CII' });
    expect(data.fields).toMatchObject({
      source: 'einvoice',
      invoice_number: SAMPLE_INVOICE.number,
      issue_date: SAMPLE_INVOICE.issueDate,
      grand_total: SAMPLE_INVOICE.grand,
      seller: { name: 'Acme Trading Ltd', vat_id: 'GB123456789' },
    });
    expect(v.codes.filter((c) => !c.startsWith('name_close'))).toEqual([]);
  });

  it('raises transaction findings with the values involved', async () => {
    const { conversation_id } = await f.createCase(monitoringCase({ ...MONITORING, trx_amount: 18000, trx_currency: 'USD', trx_direction: 'outgoing' }));
    const v = await verify(conversation_id, await pdf(invoiceText()));
    expect(v.codes).toEqual(expect.arrayContaining(['invoice_amount_mismatch', 'invoice_currency_mismatch', 'invoice_client_wrong_side']));
    const amount = v.results.find((r) => r.issue_id.startsWith('invoice_amount_mismatch'))!;
    expect(amount).toMatchObject({ severity: 'warning', text: expect.stringMatching(/15000 EUR.*18000 USD/) });
  });

  it('says when a document is not what was asked for, and accepts aliases', async () => {
    const { conversation_id } = await f.createCase();
    expect((await verify(conversation_id, await pdf(invoiceText()), { type: 'certificate_of_incorporation' })).codes).toContain('document_type_mismatch');
    expect((await verify(conversation_id, await pdf(registerText()), { type: 'certificate_of_incorporation' })).codes).toEqual([]);
  });

  it('compares a new document with those already there, and records cross-document findings at completion', async () => {
    const { conversation_id } = await f.createCase(monitoringCase(MONITORING));
    await verify(conversation_id, await pdf(invoiceText({ contractRef: 'SC-10042' })), { fileName: 'invoice.pdf' });
    const contract = await verify(conversation_id, await pdf(contractText('Acme Trading Ltd', 'Initech LLC', 'Frozen shrimp cartons', 'SC-77777')), { type: 'contract', fileName: 'contract.pdf' });
    expect(contract.codes).toEqual(expect.arrayContaining(['documents_parties_inconsistent', 'documents_goods_inconsistent', 'documents_references_inconsistent', 'contract_counterparty_not_party']));

    await f.complete(conversation_id);
    await f.conversationResult(conversation_id);
    const completion = await s.d.ctx.db.selectFrom('findings').selectAll().where('conversation_id', '=', conversation_id).where('source', '=', 'completion').execute();
    // The parties, goods and references were already raised when the contract arrived; the rationale is checked now.
    expect(completion.map((x) => x.code)).toEqual([]);
  });

  it('checks the transaction rationale against the documents at completion', async () => {
    const { conversation_id } = await f.createCase(monitoringCase({ ...MONITORING, trx_description: 'Payment of 22,000.00 EUR by Initech LLC for marketing advice' }));
    await verify(conversation_id, await pdf(invoiceText()), { fileName: 'invoice.pdf' });
    await f.complete(conversation_id);
    await f.conversationResult(conversation_id);
    const completion = await s.d.ctx.db.selectFrom('findings').selectAll().where('conversation_id', '=', conversation_id).where('source', '=', 'completion').orderBy('position').execute();
    expect(completion.map((x) => x.code)).toEqual(['rationale_amount_unsupported', 'rationale_party_unsupported', 'rationale_goods_unsupported']);
    expect(completion.every((x) => x.document_id === null && /^rationale_[a-z_]+-[0-9a-f]{8}$/.test(x.issue_id))).toBe(true);
  });

  it('flags a file already submitted for another company of the same API client, not of another client', async () => {
    const bytes = await pdf(registerText('GLOBEX GMBH', 'HRB 12345'));
    const first = await f.createCase(onboardingCase({ company_full_name: 'Globex GmbH', company_reg_number: 'HRB 12345' }));
    expect((await verify(first.conversation_id, bytes, { type: 'register_extract', company: 'Globex GmbH' })).codes).toEqual([]);
    const second = await f.createCase(onboardingCase());
    const again = await verify(second.conversation_id, bytes, { type: 'register_extract' });
    expect(again.codes).toContain('file_submitted_for_other_company');
    expect(again.results.find((r) => r.issue_id.startsWith('file_submitted'))!.text).toContain('Globex GmbH');
    const other = await s.newClient('bank-other');
    const otherConv = (await flows(other).createCase(onboardingCase())).conversation_id;
    expect((await verifier(other)(otherConv, bytes, { type: 'register_extract' })).codes).not.toContain('file_submitted_for_other_company');
  });
});
