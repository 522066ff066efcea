// Reading documents by where their words stand and by what their text says, through the API:
// arithmetic on an invoice without a printed net total (the README's sample), the roles a contract's
// opening clause defines, utility bills whose labels stand above their values, boxed two-column forms
// and a page scanned upside down.
import { describe, expect, it } from 'vitest';
import { sampleInvoicePdf } from '../../scripts/sample-invoice.ts';
import { monitoringCase, onboardingCase } from '../helpers/factories.ts';
import sharp from 'sharp';
import { UTILITY_BILL_LABELS_ABOVE } from '../fixtures/address-documents.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { ciiXml, makeHybridInvoicePdf, SAMPLE_INVOICE } from '../fixtures/einvoices.ts';
import { layoutPdf, layoutPng } from '../fixtures/layout-pages.ts';
import { verificationServer } from './helpers.ts';

const t = verificationServer();

async function fieldsOf(documentId: string): Promise<Record<string, any>> {
  const doc = await t.s.d.ctx.db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirstOrThrow();
  return JSON.parse(doc.extracted_data).fields;
}

describe('reading that generalises, through the API', () => {
  it("flags the README sample invoice's VAT: 20 % of the lines' 12,708.00 is not the 2,542.75 printed", async () => {
    const { conversation_id } = await t.f.createCase(monitoringCase({ trx_amount: 15250.75 }));
    const v = await t.verify(conversation_id, await sampleInvoicePdf(), { fileName: 'invoice.pdf' });
    const tax = v.results.find((r) => r.issue_id.startsWith('invoice_tax_mismatch'));
    expect(tax?.text).toMatch(/20%.*12708\.00.*2541\.60.*2542\.75/);
    expect(v.codes).not.toContain('invoice_total_mismatch');
  });

  it('gives the parties of a contract the roles its opening clause defines ("the Seller", "the Buyer")', async () => {
    const { conversation_id } = await t.f.createCase(onboardingCase());
    const text = [
      'SALES CONTRACT',
      'This Sales Contract is made on 1 August 2026 by and between Acme Trading Ltd, a company registered in England,',
      'hereinafter referred to as the "Seller", and Globex GmbH, having its registered office in Hamburg, hereinafter',
      'referred to as the "Buyer".',
      'The Seller shall deliver 20 industrial pumps to the Buyer. The Buyer shall pay within 30 days of delivery.',
      'This contract is governed by the laws of England.',
    ];
    const v = await t.verify(conversation_id, await makeTextPdf({ lines: text }), { type: 'contract', fileName: 'contract.pdf' });
    const fields = await fieldsOf(v.documentId);
    expect(fields.parties.map((p: { name: string; role: string }) => [p.name, p.role])).toEqual([
      ['Acme Trading Ltd', 'seller'],
      ['Globex GmbH', 'buyer'],
    ]);
  });
});

describe('hybrid e-invoices, through the API', () => {
  it('raises a finding when the attached XML gives another total than the printed page, instead of the XML silently winning', async () => {
    const { conversation_id } = await t.f.createCase(monitoringCase({ trx_amount: 1234.5, trx_date: '2024-03-20', trx_counterparty_full_name: 'Globex Holdings Limited' }));
    const doctored = await makeHybridInvoicePdf(SAMPLE_INVOICE, { xml: ciiXml({ ...SAMPLE_INVOICE, grand: '9234.50' }) });
    const v = await t.verify(conversation_id, doctored, { fileName: 'factur-x.pdf' });
    const mismatch = v.results.find((r) => r.issue_id.startsWith('einvoice_page_mismatch'));
    expect(mismatch).toMatchObject({ severity: 'warning', text: expect.stringMatching(/total 9234\.50/) });
    // The genuine file, its XML and page alike, raises nothing of the kind.
    const genuine = await t.verify(conversation_id, await makeHybridInvoicePdf(), { fileName: 'factur-x-genuine.pdf' });
    expect(genuine.codes).not.toContain('einvoice_page_mismatch');
  });
});

describe('proof of address read by layout, through the API', () => {
  it('reads a utility bill whose labels sit above their values: issuer, holder, whole address, date and period', async () => {
    const { conversation_id } = await t.f.createCase(onboardingCase({ company_full_name: 'Jane Quinn' }));
    const v = await t.verify(conversation_id, await layoutPdf(UTILITY_BILL_LABELS_ABOVE), { type: 'utility_bill', company: 'Jane Quinn', fileName: 'bill.pdf' });
    const fields = await fieldsOf(v.documentId);
    expect(fields).toMatchObject({
      kind: 'utility_bill',
      issuer: 'Brightwater Energy',
      holder: 'JANE QUINN',
      address: '14 Orchard Lane, Springfield, IL 62704',
      issue_date: '2026-10-03',
      period: { from: '2026-08-28', to: '2026-09-27' },
    });
  });

  it('reads a page scanned sideways upright', async () => {
    const { conversation_id } = await t.f.createCase(onboardingCase({ company_full_name: 'Jane Quinn' }));
    const sideways = await sharp(layoutPng(UTILITY_BILL_LABELS_ABOVE)).rotate(90).png().toBuffer();
    const v = await t.verify(conversation_id, sideways, { type: 'utility_bill', company: 'Jane Quinn', fileName: 'bill-scan.png' });
    const fields = await fieldsOf(v.documentId);
    expect(fields).toMatchObject({ kind: 'utility_bill', issue_date: '2026-10-03', address: '14 Orchard Lane, Springfield, IL 62704' });
  });
});
