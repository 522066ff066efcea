// Small documents and cases for rule tests: an invoice, a contract, a register extract, a passport…
// as the text a reader returns, with knobs for what a test changes.
import { readText, forensics } from '../corpus/read-document.ts';
import type { PdfForensics, ReadDocument } from '../../src/document-engine/document-model.ts';
import { verifyRead, type EngineOutput } from '../../src/document-engine/engine.ts';
import { buildTd3 } from '../../src/document-engine/extract/mrz.ts';
import { caseFactsFrom, type DocumentFacts } from '../../src/document-engine/rules/context.ts';

export const TODAY = '2026-11-20';

export const MONITORING = {
  case_kind: 'monitoring',
  company_full_name: 'Acme Trading Ltd',
  company_reg_number: '01234567',
  trx_direction: 'incoming',
  trx_amount: 15000,
  trx_currency: 'EUR',
  trx_date: '2026-10-05',
  trx_counterparty_full_name: 'Globex GmbH',
};
export const ONBOARDING = { case_kind: 'onboarding', company_full_name: 'Acme Trading Ltd', company_reg_number: '01234567', user_full_name: 'Jane Quinn Public' };

export interface InvoiceKnobs {
  seller?: string;
  buyer?: string;
  date?: string;
  due?: string;
  lines?: [string, number, string, string][];
  subtotal?: string;
  vat?: string;
  total?: string;
  currency?: string;
  contractRef?: string;
}

export function invoiceText(k: InvoiceKnobs = {}): string {
  const cur = k.currency ?? 'EUR';
  const lines = k.lines ?? [
    ['Industrial pump P-20', 20, '500.00', '10,000.00'],
    ['Hydraulic valve assembly', 10, '250.00', '2,500.00'],
  ];
  return [
    k.seller ?? 'Acme Trading Ltd',
    '12 Harbour Road, London EC1A 1BB, United Kingdom',
    'VAT No: GB123456789',
    'INVOICE',
    'Invoice No:\tINV-2026-0042',
    `Invoice Date:\t${k.date ?? '28 September 2026'}`,
    `Due Date:\t${k.due ?? '28 October 2026'}`,
    ...(k.contractRef ? [`Contract No:\t${k.contractRef}`] : []),
    'Bill to:',
    k.buyer ?? 'Globex GmbH',
    'Hafenstraße 21',
    '20457 Hamburg',
    'Description\tQty\tUnit price\tAmount',
    ...lines.map(([d, q, u, a]) => `${d}\t${q}\t${u}\t${a}`),
    `Subtotal\t${k.subtotal ?? '12,500.00'} ${cur}`,
    `VAT 20%\t${k.vat ?? '2,500.00'} ${cur}`,
    `Total due\t${k.total ?? '15,000.00'} ${cur}`,
    'IBAN: GB33 BUKB 2020 1555 5555 55',
  ].join('\n');
}

export function contractText(a = 'Acme Trading Ltd', b = 'Globex GmbH', goods = 'Industrial pumps P-20; hydraulic valve assemblies', number = 'SC-10042'): string {
  return [
    'SALES CONTRACT',
    `Contract No:\t${number}`,
    'Date:\t1 August 2026',
    'This contract is made by and between:',
    'Seller:',
    a,
    '12 Harbour Road, London EC1A 1BB',
    'Buyer:',
    b,
    'Hafenstraße 21, 20457 Hamburg',
    `Goods: ${goods}`,
    'Total contract value: 45,000.00 EUR',
    'This contract is governed by the laws of England.',
  ].join('\n');
}

export function registerText(name = 'ACME TRADING LIMITED', number: string | null = '01234567', extractDate = '02/11/2026'): string {
  return [
    'EXTRACT FROM THE COMMERCIAL REGISTER',
    `Company name:\t${name}`,
    ...(number ? [`Registration number:\t${number}`] : []),
    'Registered office:\t12 Harbour Road, London EC1A 1BB',
    'Date of incorporation:\t14/03/2015',
    'Company status:\tActive',
    `Date of this extract:\t${extractDate}`,
  ].join('\n');
}

export function passportText(opts: { given?: string; surname?: string; expiry?: string; breakCheck?: boolean } = {}): string {
  const given = opts.given ?? 'Jane';
  const surname = opts.surname ?? 'Public';
  const expiry = opts.expiry ?? '2031-05-01';
  const [l1, l2] = buildTd3({ state: 'GBR', surname, given, number: 'AB1234567', nationality: 'GBR', birth: '1985-02-14', sex: 'F', expiry });
  const line2 = opts.breakCheck ? `${l2.slice(0, 19)}${(Number(l2[19]) + 3) % 10}${l2.slice(20)}` : l2;
  return [
    'PASSPORT',
    `Surname:\t${surname.toUpperCase()}`,
    `Given names:\t${given.toUpperCase()}`,
    'Date of issue:\t01/05/2021',
    `Date of expiry:\t${expiry.split('-').reverse().join('/')}`,
    l1,
    line2,
  ].join('\n');
}

export interface Run {
  text: string | string[];
  requested?: string;
  company?: string;
  caseData?: Record<string, unknown>;
  forensics?: Partial<PdfForensics> | null;
  others?: DocumentFacts[];
  rationale?: string;
  sameFile?: string[];
  read?: Partial<ReadDocument>;
}

export function run(r: Run): EngineOutput {
  const company = r.company ?? 'Acme Trading Ltd';
  return verifyRead({
    read: readText(r.text, { forensics: r.forensics === null ? null : forensics(r.forensics ?? {}), ...r.read }),
    documentId: 'doc-under-test',
    others: r.others,
    rationale: r.rationale,
    sameFileElsewhere: r.sameFile,
    ctx: {
      case: caseFactsFrom(r.caseData ?? MONITORING, company),
      task: { requested_type: r.requested ?? 'invoice', company_full_name: company, file_name: 'document.pdf' },
      today: TODAY,
    },
  });
}

export function codes(r: Run): string[] {
  return run(r).findings.map((f) => f.code);
}

/** Another document of the case, analysed the same way, as cross-document rules see it. */
export function factsOf(id: string, text: string, requested: string, caseData: Record<string, unknown> = MONITORING): DocumentFacts {
  const out = run({ text, requested, caseData });
  return { document_id: id, file_name: `${id}.pdf`, ...out.typed! };
}
