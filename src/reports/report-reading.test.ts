// What a compliance officer reads first: plain words, facts as small tables, the reader's details
// kept for the appendix.
import { describe, expect, it } from 'vitest';
import { buildDocument, buildReportData } from '../../test/fixtures/report-data.ts';
import { answerStatus, documentKind, documentTables, plainSummary, technicalFacts, uniqueDocuments, withArticle } from './report-reading.ts';

const invoice = buildDocument({
  document_type: 'invoice',
  extracted_data: {
    document_type: 'invoice',
    classification_confidence: 0.96,
    read_method: 'text_layer',
    text_length: 320,
    producer: 'Dossier sample',
    fields: {
      invoice_number: 'INV-7',
      issue_date: '2026-09-28',
      currency: 'EUR',
      seller: { name: 'Acme Trading Ltd', address: '1 Example Street', registration_number: null, vat_id: 'GB123', iban: null, country_code: 'GB' },
      buyer: { name: 'Globex GmbH', address: null, registration_number: null, vat_id: null, iban: null, country_code: null },
      lines: [{ description: 'Pump', quantity: '200', unit_price: '63.54', amount: '12708.00' }],
      grand_total: '15250.75',
      references: { order: 'PO-1', contract: null },
      source: 'text',
    },
  },
});

describe('report reading', () => {
  it("shows only the last four digits of a statement's account number", () => {
    const statement = buildDocument({
      document_type: 'bank_statement',
      extracted_data: { document_type: 'bank_statement', fields: { bank_name: 'Harbour Bank plc', account_number: '4417 2209 1836', statement_date: '2026-10-31' } },
    });
    const rows = documentTables(statement).flatMap((t) => t.rows);
    expect(rows).toContainEqual(['Account number', '•••• 1836']);
    expect(JSON.stringify(rows)).not.toContain('2209');
  });

  it('uses the right article', () => {
    expect(withArticle('invoice')).toBe('an invoice');
    expect(withArticle('contract')).toBe('a contract');
    expect(withArticle('identity document')).toBe('an identity document');
    expect(documentKind(invoice)).toBe('invoice');
    expect(documentKind(buildDocument({ document_type: 'official_registers', extracted_data: {} }))).toBe('register filing');
  });

  it('gives a document its facts as tables: parties, lines, totals, dates and other facts, never field paths', () => {
    const tables = documentTables(invoice);
    expect(tables.map((t) => t.title)).toEqual(['Parties', 'Lines', 'Totals', 'Dates and other facts']);
    expect(tables[0]!.rows).toEqual([
      ['Seller', 'Acme Trading Ltd', '1 Example Street, GB', 'VAT GB123'],
      ['Buyer', 'Globex GmbH', '—', '—'],
    ]);
    expect(tables[2]!.rows).toEqual([['Grand total', '15,250.75 EUR']]);
    expect(tables[3]!.rows).toEqual([
      ['Issue date', '2026-09-28'],
      ['Currency', 'EUR'],
      ['Invoice number', 'INV-7'],
      ['References: order', 'PO-1'],
    ]);
    const shown = JSON.stringify(tables);
    for (const technical of ['0.96', 'text_layer', 'Dossier sample', '320', 'fields.']) expect(shown).not.toContain(technical);
    const appendix = technicalFacts(invoice).map((f) => `${f.label}: ${f.value}`);
    expect(appendix).toEqual(
      expect.arrayContaining(['Classification confidence: 0.96', 'Read method: text layer of the PDF', 'Text length: 320', 'Producer: Dossier sample', 'Fields read from: the text']),
    );
  });

  it('says who, what, the risk and the decision only when there is one, in plain words', () => {
    const data = buildReportData({ documents: [invoice, { ...invoice, document_id: 'again', file_name: 'again.pdf' }] });
    const summary = plainSummary(data);
    expect(summary.who).toContain(data.company_full_name);
    expect(summary.what).toContain('1 document was received: an invoice');
    expect(summary.risk).toBe(`High risk: the case scores 72 of 100 under scoring policy 2026-11-21.1. This conversation's findings add 8 points to it.`);
    expect(summary.decision).toBeNull();
    expect(plainSummary({ ...data, decision: { outcome: 'approved', by: 'Jane Analyst', at: null, reason: null } }).decision).toBe('Decision: approved by Jane Analyst.');
    expect(uniqueDocuments(data.documents)).toHaveLength(1);
  });

  it('counts refused attempts and never shows them', () => {
    expect(answerStatus({ module: 'website', question: 'Company website', status: 'answered', answer: ['https://a.example'], refused_attempts: 0 })).toBe('Accepted at the first attempt');
    expect(answerStatus({ module: 'transaction_rationale', question: 'Rationale', status: 'answered', answer: ['x'], refused_attempts: 2 })).toBe('2 attempts refused');
    expect(answerStatus({ module: 'follow_up', question: 'Q', status: 'skipped', answer: ['no idea'], refused_attempts: 1 })).toBe('Skipped; 1 attempt refused');
  });
});
