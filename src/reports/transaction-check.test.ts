// The transaction check: case facts against what documents state, wherever extraction put them.
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../test/fixtures/report-data.ts';
import { transactionCheck } from './transaction-check.ts';

const caseData = { trx_direction: 'incoming', trx_amount: 15250.75, trx_currency: 'EUR', trx_date: '2026-10-01', trx_counterparty_full_name: 'Globex GmbH', trx_ref_number: 'INV-7' };

describe('transactionCheck', () => {
  it('compares amount, currency, date, counterparty and reference with each document', () => {
    const doc = buildDocument({ extracted_data: { fields: { grand_total: '15,250.75', currency: 'eur', issue_date: '2026-09-30', buyer: { name: 'GLOBEX GmbH.' }, invoice_number: 'INV-7' } } });
    const rows = transactionCheck({ case_data: caseData, documents: [doc] });
    expect(rows.map((r) => [r.fact, r.document_value, r.outcome])).toEqual([
      ['amount', '15,250.75 EUR', 'match'],
      ['currency', 'eur', 'match'],
      ['date', '2026-09-30', 'match'],
      ['counterparty', 'GLOBEX GmbH.', 'match'],
      ['reference', 'INV-7', 'match'],
    ]);
    expect(rows[0]!.source_key).toBe('fields.grand_total');
    expect(rows[2]!.note).toBe('invoice dated 1 day before the payment');
  });

  it('reads a document date by its direction: issued before the payment matches, after it differs', () => {
    const at = (fields: Record<string, unknown>) => transactionCheck({ case_data: caseData, documents: [buildDocument({ extracted_data: { fields } })] }).find((r) => r.fact === 'date')!;
    expect(at({ issue_date: '2026-09-17' })).toMatchObject({ outcome: 'match', note: 'invoice dated 14 days before the payment' });
    expect(at({ issue_date: '2026-10-01' })).toMatchObject({ outcome: 'match', note: 'same day as the payment' });
    expect(at({ issue_date: '2026-10-04' })).toMatchObject({ outcome: 'differs', note: 'invoice dated 3 days after the payment' });
    expect(at({ contract_date: '2026-01-10' })).toMatchObject({ outcome: 'match', note: 'contract dated 264 days before the payment' });
    expect(at({ payment_date: '2026-09-30' })).toMatchObject({ outcome: 'differs', note: 'payment date stated 1 day before the payment' });
    expect(at({ due_date: '2026-10-15' })).toMatchObject({ outcome: 'match' });
  });

  it('compares a file sent twice once', () => {
    const doc = buildDocument({ extracted_data: { fields: { grand_total: '15250.75', issue_date: '2026-09-30' } } });
    const again = { ...doc, document_id: 'again', file_name: 'invoice (1).pdf' };
    const rows = transactionCheck({ case_data: caseData, documents: [doc, again] });
    expect(rows.filter((r) => r.fact === 'amount')).toHaveLength(1);
    expect(rows.filter((r) => r.fact === 'date')).toHaveLength(1);
    const other = { ...again, sha256: 'f'.repeat(64) };
    expect(transactionCheck({ case_data: caseData, documents: [doc, other] }).filter((r) => r.fact === 'amount')).toHaveLength(2);
  });

  it('takes the party facing the counterparty by direction, and says when no document states a fact', () => {
    const doc = buildDocument({ extracted_data: { seller_name: 'Globex GmbH', buyer_name: 'Acme Ltd' } });
    const outgoing = transactionCheck({ case_data: { ...caseData, trx_direction: 'outgoing' }, documents: [doc] });
    expect(outgoing.find((r) => r.fact === 'counterparty')).toMatchObject({ document_value: 'Globex GmbH', outcome: 'match' });
    const incoming = transactionCheck({ case_data: caseData, documents: [doc] });
    expect(incoming.find((r) => r.fact === 'counterparty')).toMatchObject({ document_value: 'Acme Ltd', outcome: 'differs' });
    expect(incoming.find((r) => r.fact === 'amount')).toMatchObject({ document: null, outcome: 'not_found' });
  });

  it('calls an unrelated reference "not referenced", not a contradiction, and is empty without a transaction', () => {
    const doc = buildDocument({ extracted_data: { invoice_number: 'A-1' } });
    expect(transactionCheck({ case_data: caseData, documents: [doc] }).find((r) => r.fact === 'reference')!.outcome).toBe('unlinked');
    expect(transactionCheck({ case_data: { company_reg_number: '1' }, documents: [doc] })).toEqual([]);
  });
});
