// Reading documents by where their words stand and by what their text says, through the API:
// arithmetic on an invoice without a printed net total (the README's sample), the roles a contract's
// opening clause defines, utility bills whose labels stand above their values, boxed two-column forms
// and a page scanned upside down.
import { afterAll, describe, expect, it } from 'vitest';
import { sampleInvoicePdf } from '../../scripts/sample-invoice.ts';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { verifier } from './helpers.ts';

let s: TestServer;
let f: ReturnType<typeof flows>;
let verify: ReturnType<typeof verifier>;

setupAll(async () => {
  s = await startServer();
  f = flows(s.api);
  verify = verifier(s.api);
});
afterAll(() => s?.close());

async function fieldsOf(documentId: string): Promise<Record<string, any>> {
  const doc = await s.d.ctx.db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirstOrThrow();
  return JSON.parse(doc.extracted_data).fields;
}

describe('reading that generalises, through the API', () => {
  it("flags the README sample invoice's VAT: 20 % of the lines' 12,708.00 is not the 2,542.75 printed", async () => {
    const { conversation_id } = await f.createCase(monitoringCase({ trx_amount: 15250.75 }));
    const v = await verify(conversation_id, await sampleInvoicePdf(), { fileName: 'invoice.pdf' });
    const tax = v.results.find((r) => r.issue_id.startsWith('invoice_tax_mismatch'));
    expect(tax?.text).toMatch(/20%.*12708\.00.*2541\.60.*2542\.75/);
    expect(v.codes).not.toContain('invoice_total_mismatch');
  });

  it('gives the parties of a contract the roles its opening clause defines ("the Seller", "the Buyer")', async () => {
    const { conversation_id } = await f.createCase(onboardingCase());
    const text = [
      'SALES CONTRACT',
      'This Sales Contract is made on 1 August 2026 by and between Acme Trading Ltd, a company registered in England,',
      'hereinafter referred to as the "Seller", and Globex GmbH, having its registered office in Hamburg, hereinafter',
      'referred to as the "Buyer".',
      'The Seller shall deliver 20 industrial pumps to the Buyer. The Buyer shall pay within 30 days of delivery.',
      'This contract is governed by the laws of England.',
    ];
    const v = await verify(conversation_id, await makeTextPdf({ lines: text }), { type: 'contract', fileName: 'contract.pdf' });
    const fields = await fieldsOf(v.documentId);
    expect(fields.parties.map((p: { name: string; role: string }) => [p.name, p.role])).toEqual([
      ['Acme Trading Ltd', 'seller'],
      ['Globex GmbH', 'buyer'],
    ]);
  });
});
