// biome-ignore-all format: tables and word lists read better packed than one item a line
// Every rule of the catalogue, with a document that raises it and one that does not.
import { describe, expect, it } from 'vitest';
import { completionFindings } from '../engine.ts';
import fs from 'node:fs';
import { catalogueMarkdown, RULES } from './catalogue.ts';
import { codes, contractText, factsOf, invoiceText, MONITORING, ONBOARDING, passportText, registerText, type Run } from '../../../test/verification/scenarios.ts';

const utility = (date: string) => ['Bright Energy Ltd', 'Electricity bill', `Bill date:\t${date}`, 'Account holder:\tAcme Trading Ltd', 'Supply address:\t12 Harbour Road, London EC1A 1BB', 'Meter number:\tM12345678', 'Consumption:\t3200 kWh'].join('\n');
const licence = (until: string, from = '1 March 2025') => ['Financial Conduct Authority', 'TRADING LICENCE', 'Licence number:\tLIC-204411', 'Licence holder:\tAcme Trading Ltd', 'Company number:\t01234567', `Date of issue:\t${from}`, `Valid until:\t${until}`].join('\n');
const policy = (from: string, to: string) => ['Harbour Mutual Insurance Ltd', 'INSURANCE POLICY SCHEDULE', 'Policy number:\tPOL-AB-1234567', 'Policyholder:\tAcme Trading Ltd', 'Sum insured:\t1,000,000.00 EUR', `Period of insurance:\t${from} to ${to}`].join('\n');
const statement = (holder: string) => ['Harbour Bank plc', 'STATEMENT OF ACCOUNT', `Account holder:\t${holder}`, 'IBAN:\tGB33 BUKB 2020 1555 5555 55', 'Statement period:\t01/10/2026 - 31/10/2026', 'Opening balance\t10,000.00', 'Closing balance\t12,000.00'].join('\n');
const packingList = (name: string) => [name, 'PACKING LIST', 'Crate 1\tValves\t40 kg'].join('\n');
const billOfLading = (vessel: string) => ['BILL OF LADING', 'B/L No:\tMSCU1234567', 'Shipper:', 'Acme Trading Ltd', 'Consignee:', 'Globex GmbH', `Vessel:\t${vessel}`, 'Port of Loading:\tFelixstowe', 'Port of Discharge:\tHamburg', 'Description of goods:\t20 x Industrial pump P-20'].join('\n');
const charter = (vessel: string) => ['VOYAGE CHARTER PARTY', 'Owners:', 'Northern Star Shipping Ltd', 'Charterers:', 'Acme Trading Ltd', `Vessel:\t${vessel}`, 'Loading port:\tFelixstowe', 'Discharging port:\tHamburg', 'Cargo:\tIndustrial pumps'].join('\n');
const party = (name: string) => ({ name, address: null, registration_number: null, vat_id: null, iban: null, country_code: null });
/** The invoice of invoiceText() as the XML attached to a hybrid e-invoice, with the total it gives. */
const hybrid = (total: string) => ({
  einvoice: { syntax: 'CII' as const, profile: null, invoice_number: 'INV-2026-0042', type_code: '380', issue_date: '2026-09-28', due_date: '2026-10-28', currency: 'EUR', seller: party('Acme Trading Ltd'), buyer: party('Globex GmbH'), net_total: '12500.00', tax_total: '2500.00', grand_total: total, due_payable: null, lines: [], source_file: 'factur-x.xml' },
});
const genuine = { revisions: 1, producer: 'Microsoft® Word for Microsoft 365', creator: 'Microsoft® Word for Microsoft 365' };
const contractFacts = (a: string, b: string, goods?: string, number?: string) => factsOf('contract', contractText(a, b, goods, number), 'contract');

/** code → a run that raises it and one that does not. */
const CASES: Record<string, { hit: Run; miss: Run }> = {
  document_type_mismatch: { hit: { text: invoiceText(), requested: 'bank_statement' }, miss: { text: invoiceText(), requested: 'invoice_with_client' } },
  company_name_absent: { hit: { text: invoiceText(), company: 'Initech LLC' }, miss: { text: invoiceText(), company: 'ACME TRADING LIMITED' } },
  check_inconclusive: {
    hit: { text: invoiceText(), company: 'Initech LLC', read: { pages: [{ number: 1, text: invoiceText(), method: 'ocr', ocrConfidence: 23 }] } },
    miss: { text: invoiceText(), company: 'Initech LLC', read: { pages: [{ number: 1, text: invoiceText(), method: 'ocr', ocrConfidence: 91 }] } },
  },
  company_name_without_legal_form: { hit: { text: packingList('Acme Trading'), requested: 'other_document', caseData: ONBOARDING }, miss: { text: packingList('Acme Trading Ltd'), requested: 'other_document', caseData: ONBOARDING } },
  company_legal_form_differs: { hit: { text: registerText(), requested: 'register_extract', company: 'Acme Trading GmbH', caseData: ONBOARDING }, miss: { text: registerText(), requested: 'register_extract', company: 'Acme Trading Limited', caseData: ONBOARDING } },
  company_name_close: { hit: { text: packingList('Acme Tradinq Ltd'), requested: 'other_document', caseData: ONBOARDING }, miss: { text: packingList('ACME Trading Ltd.'), requested: 'other_document', caseData: ONBOARDING } },
  name_close_match: { hit: { text: invoiceText(), caseData: { ...MONITORING, trx_counterparty_full_name: 'Globex GmbH & Co. KG' } }, miss: { text: invoiceText() } },
  registration_number_mismatch: { hit: { text: registerText(undefined, '07654321'), requested: 'register_extract', caseData: ONBOARDING }, miss: { text: registerText(undefined, '1234567'), requested: 'register_extract', caseData: ONBOARDING } },
  registration_number_absent: { hit: { text: registerText(undefined, null), requested: 'certificate_of_incorporation', caseData: ONBOARDING }, miss: { text: registerText(), requested: 'certificate_of_incorporation', caseData: ONBOARDING } },
  issue_date_in_future: { hit: { text: registerText(undefined, undefined, '15/01/2027'), requested: 'register_extract', caseData: ONBOARDING }, miss: { text: registerText(), requested: 'register_extract', caseData: ONBOARDING } },
  dates_inconsistent: { hit: { text: registerText(undefined, undefined, '02/11/2014'), requested: 'register_extract', caseData: ONBOARDING }, miss: { text: registerText(), requested: 'register_extract', caseData: ONBOARDING } },
  proof_of_address_stale: { hit: { text: utility('1 May 2026'), requested: 'company_proof_of_address', caseData: ONBOARDING }, miss: { text: utility('30 October 2026'), requested: 'company_proof_of_address', caseData: ONBOARDING } },
  license_expired: { hit: { text: licence('1 October 2026'), requested: 'license', caseData: ONBOARDING }, miss: { text: licence('1 October 2027'), requested: 'license', caseData: ONBOARDING } },
  insurance_expired: { hit: { text: policy('1 October 2025', '30 September 2026'), requested: 'insurance', caseData: ONBOARDING }, miss: { text: policy('1 October 2026', '30 September 2027'), requested: 'insurance', caseData: ONBOARDING } },
  identity_document_expired: { hit: { text: passportText({ expiry: '2026-01-01' }), requested: 'passport', caseData: ONBOARDING }, miss: { text: passportText(), requested: 'passport', caseData: ONBOARDING } },
  identity_mrz_invalid: { hit: { text: passportText({ breakCheck: true }), requested: 'passport', caseData: ONBOARDING }, miss: { text: passportText(), requested: 'passport', caseData: ONBOARDING } },
  identity_mrz_unverified: { hit: { text: passportText({ breakCheck: true }).replace(/<{6}(<\d)$/, 'KLKLCL$1'), requested: 'passport', caseData: ONBOARDING }, miss: { text: passportText().replace(/<{6}(<\d)$/, 'KLKLCL$1'), requested: 'passport', caseData: ONBOARDING } },
  identity_holder_mismatch: { hit: { text: passportText({ given: 'John', surname: 'Smith' }), requested: 'passport', caseData: ONBOARDING }, miss: { text: passportText(), requested: 'passport', caseData: ONBOARDING } },
  bank_statement_holder_mismatch: { hit: { text: statement('Globex GmbH'), requested: 'bank_statement', caseData: ONBOARDING }, miss: { text: statement('ACME TRADING LIMITED'), requested: 'bank_statement', caseData: ONBOARDING } },
  invoice_line_amount_mismatch: {
    hit: { text: invoiceText({ lines: [['Industrial pump P-20', 20, '500.00', '10,000.00'], ['Hydraulic valve assembly', 10, '250.00', '3,000.00']], subtotal: '13,000.00', vat: '2,600.00', total: '15,600.00' }), caseData: { ...MONITORING, trx_amount: 15600 } },
    miss: { text: invoiceText() },
  },
  invoice_subtotal_mismatch: { hit: { text: invoiceText({ subtotal: '12,400.00', vat: '2,480.00', total: '14,880.00' }), caseData: { ...MONITORING, trx_amount: 14880 } }, miss: { text: invoiceText() } },
  invoice_tax_mismatch: {
    hit: { text: invoiceText({ lines: [['Industrial pump P-20', 20, '500.00', '10,000.00'], ['Hydraulic valve assembly', 10, '300.00', '3,000.00']], subtotal: '13,000.00', vat: '2,500.00', total: '15,500.00' }), caseData: { ...MONITORING, trx_amount: 15500 } },
    miss: { text: invoiceText() },
  },
  einvoice_page_mismatch: { hit: { text: invoiceText(), read: hybrid('15900.00') }, miss: { text: invoiceText(), read: hybrid('15000.00') } },
  invoice_total_mismatch: { hit: { text: invoiceText({ total: '15,100.00' }), caseData: { ...MONITORING, trx_amount: 15100 } }, miss: { text: invoiceText() } },
  contract_client_not_party: { hit: { text: contractText('Globex GmbH', 'Initech LLC'), requested: 'contract' }, miss: { text: contractText(), requested: 'contract' } },
  invoice_amount_mismatch: { hit: { text: invoiceText(), caseData: { ...MONITORING, trx_amount: 18000 } }, miss: { text: invoiceText(), caseData: { ...MONITORING, trx_amount: 15100 } } },
  invoice_currency_mismatch: { hit: { text: invoiceText(), caseData: { ...MONITORING, trx_currency: 'USD' } }, miss: { text: invoiceText() } },
  invoice_date_after_transaction: { hit: { text: invoiceText(), caseData: { ...MONITORING, trx_date: '2026-09-01' } }, miss: { text: invoiceText() } },
  invoice_counterparty_mismatch: { hit: { text: invoiceText(), caseData: { ...MONITORING, trx_counterparty_full_name: 'Initech LLC' } }, miss: { text: invoiceText() } },
  invoice_client_wrong_side: { hit: { text: invoiceText(), caseData: { ...MONITORING, trx_direction: 'outgoing' } }, miss: { text: invoiceText() } },
  contract_counterparty_not_party: { hit: { text: contractText(), requested: 'contract', caseData: { ...MONITORING, trx_counterparty_full_name: 'Initech LLC' } }, miss: { text: contractText(), requested: 'contract' } },
  file_submitted_for_other_company: { hit: { text: invoiceText(), sameFile: ['Initech LLC'] }, miss: { text: invoiceText(), sameFile: ['ACME TRADING LIMITED'] } },
  documents_parties_inconsistent: { hit: { text: invoiceText(), others: [contractFacts('Acme Trading Ltd', 'Initech LLC')] }, miss: { text: invoiceText(), others: [contractFacts('Acme Trading Ltd', 'Globex GmbH')] } },
  documents_goods_inconsistent: { hit: { text: invoiceText(), others: [contractFacts('Acme Trading Ltd', 'Globex GmbH', 'Frozen shrimp cartons')] }, miss: { text: invoiceText(), others: [contractFacts('Acme Trading Ltd', 'Globex GmbH', 'Industrial pumps')] } },
  documents_references_inconsistent: {
    hit: { text: invoiceText({ contractRef: 'SC-10042' }), others: [contractFacts('Acme Trading Ltd', 'Globex GmbH', undefined, 'SC-99999')] },
    miss: { text: invoiceText({ contractRef: 'SC-10042' }), others: [contractFacts('Acme Trading Ltd', 'Globex GmbH', undefined, 'SC-10042')] },
  },
  rationale_amount_unsupported: { hit: { text: invoiceText(), rationale: 'We were paid 22,000.00 EUR for pumps.' }, miss: { text: invoiceText(), rationale: 'We were paid 15,000.00 EUR for pumps.' } },
  rationale_party_unsupported: { hit: { text: invoiceText(), rationale: 'We sold industrial pumps to Initech LLC.' }, miss: { text: invoiceText(), rationale: 'We sold industrial pumps to Globex GmbH.' } },
  rationale_goods_unsupported: { hit: { text: invoiceText(), rationale: 'Payment for marketing advice.' }, miss: { text: invoiceText(), rationale: 'Payment for the pumps we delivered.' } },
  document_edited: { hit: { text: invoiceText(), forensics: { ...genuine, revisions: 2, producer: 'Adobe Acrobat Pro DC 23.1', white_boxes_over_text: 1 } }, miss: { text: invoiceText(), forensics: genuine } },
  document_possibly_edited: { hit: { text: invoiceText(), forensics: { ...genuine, revisions: 2, producer: 'iLovePDF' } }, miss: { text: invoiceText(), forensics: { ...genuine, revisions: 2 } } },
  edit_signals: {
    hit: { text: invoiceText(), forensics: { ...genuine, revisions: 2, creation_date: '2026-09-28T10:00:00Z', modification_date: '2026-11-01T10:00:00Z' } },
    miss: { text: invoiceText(), forensics: { ...genuine, revisions: 2 } },
  },
  no_text_layer: { hit: { text: '' }, miss: { text: invoiceText() } },
  file_unreadable: { hit: { text: [], read: { readable: false, pageCount: null } }, miss: { text: invoiceText() } },
};

describe('the rule catalogue', () => {
  for (const [code, { hit, miss }] of Object.entries(CASES)) {
    it(`${code}: raised by a document that breaks it, not by one that keeps it`, () => {
      expect(codes(hit)).toContain(code);
      expect(codes(miss)).not.toContain(code);
    });
  }

  it('has a test for every rule the engine raises (file problems beyond these come from reading, tested there and end to end)', () => {
    const fromReading = new Set(RULES.filter((r) => r.scope === 'file').map((r) => r.code));
    const untested = RULES.map((r) => r.code).filter((c) => !CASES[c] && !fromReading.has(c));
    expect(untested).toEqual([]);
  });

  it('is the table the README shows', () => {
    const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('<!-- rules:start -->') + '<!-- rules:start -->'.length, readme.indexOf('<!-- rules:end -->')).trim();
    expect(table).toBe(catalogueMarkdown());
  });

  it('gives every finding a catalogued code and severity, and names the values involved', () => {
    const out = codes({ text: invoiceText(), caseData: { ...MONITORING, trx_amount: 18000, trx_currency: 'USD' } });
    expect(out).toEqual(expect.arrayContaining(['invoice_amount_mismatch', 'invoice_currency_mismatch']));
  });

  it('raises nothing on a consistent invoice for its transaction', () => {
    expect(codes({ text: invoiceText(), forensics: genuine })).toEqual([]);
  });

  it('accepts a line discount written on the row and prices with four decimals', () => {
    const text = invoiceText({ lines: [['Nougat 250g', 20, '4.55', '81.90'], ['Hot air (litres)', 800, '0.0250', '20.00'], ['Valves', 2, '12.50', '25.00']], subtotal: '126.90', vat: '25.38', total: '152.28' })
      .replace('Nougat 250g\t20\t4.55\t81.90', 'Nougat 250g\t20\t4.55\t10%\t81.90');
    expect(codes({ text, caseData: { ...MONITORING, trx_amount: 152.28 } })).toEqual([]);
  });

  it('checks the client side from the requested type when the case has no transaction', () => {
    expect(codes({ text: invoiceText(), requested: 'invoice_from_supplier', caseData: ONBOARDING })).toContain('invoice_client_wrong_side');
    expect(codes({ text: invoiceText(), requested: 'invoice_with_client', caseData: ONBOARDING })).not.toContain('invoice_client_wrong_side');
  });

  it('compares vessels and ports between a bill of lading and a charter', () => {
    const c = factsOf('charter', charter('MV Northern Star'), 'charter_agreement');
    expect(codes({ text: billOfLading('MV Baltic Carrier'), requested: 'cargo_bill', others: [c] })).toContain('documents_references_inconsistent');
    expect(codes({ text: billOfLading('MV Northern Star'), requested: 'cargo_bill', others: [c] })).not.toContain('documents_references_inconsistent');
  });

  it('at completion, reports cross-document findings not already raised', () => {
    const inv = factsOf('invoice', invoiceText(), 'invoice');
    const con = contractFacts('Acme Trading Ltd', 'Initech LLC');
    const all = completionFindings([inv, con], 'Payment for 15,000.00 EUR of pumps', []);
    expect(all.map((f) => f.code)).toEqual(['documents_parties_inconsistent']);
    expect(completionFindings([inv, con], null, all)).toEqual([]);
  });
});
