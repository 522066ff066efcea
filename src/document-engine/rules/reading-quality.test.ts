// Honest findings: a type that serves the request is no mismatch, a name not found on poorly read
// text is not asserted absent, and low OCR confidence warns only when it kept the facts from being read.
import { describe, expect, it } from 'vitest';
import type { ReadPage } from '../document-model.ts';
import { problem } from '../reading/problems.ts';
import { codes, invoiceText, ONBOARDING, run, type Run } from '../../../test/verification/scenarios.ts';

const utilityBill = (date = '2 November 2026') =>
  [
    'Bright Energy Ltd',
    'Electricity bill',
    `Bill date:\t${date}`,
    'Invoice number:\tEB-2026-114',
    'Account holder:\tAcme Trading Ltd',
    'Supply address:\t12 Harbour Road, London EC1A 1BB',
    'Meter number:\tM12345678',
    'Consumption:\t3200 kWh',
    'Total due:\t120.00 GBP',
  ].join('\n');
/** An invoice to the company, as a bill that would prove its address. */
const invoiceToCompany = (date = '28 October 2026') => invoiceText({ seller: 'Globex GmbH', buyer: 'Acme Trading Ltd', date });

const ocrPages = (text: string, confidence: number): ReadPage[] => [{ number: 1, text, method: 'ocr', ocrConfidence: confidence }];
const lowOcr = (text: string, confidence: number): Run['read'] => ({
  pages: ocrPages(text, confidence),
  problems: [problem('ocr_low_confidence', `Page 1 was recognised with low confidence (${confidence}% at worst); the text may contain errors.`)],
});
const severity = (r: Run, code: string) => run(r).findings.find((f) => f.code === code)?.severity;

describe('a document that serves the request under another type', () => {
  it('accepts a utility bill asked for as an invoice, and one that reads as an invoice asked for as a utility bill', () => {
    expect(run({ text: utilityBill(), requested: 'invoice', caseData: ONBOARDING }).type).toBe('proof_of_address');
    expect(codes({ text: utilityBill(), requested: 'invoice', caseData: ONBOARDING })).not.toContain('document_type_mismatch');
    expect(codes({ text: invoiceToCompany(), requested: 'utility_bill', caseData: ONBOARDING })).not.toContain('document_type_mismatch');
  });

  it('accepts an invoice giving the buyer’s address as a proof of address, and checks its age', () => {
    expect(codes({ text: invoiceToCompany(), requested: 'company_proof_of_address', caseData: ONBOARDING })).not.toContain('document_type_mismatch');
    expect(codes({ text: invoiceToCompany('1 May 2026'), requested: 'company_proof_of_address', caseData: ONBOARDING })).toContain('proof_of_address_stale');
  });

  it('still reports a document of an unrelated type', () => {
    expect(codes({ text: invoiceText(), requested: 'bank_statement', caseData: ONBOARDING })).toContain('document_type_mismatch');
  });
});

describe('text read with low OCR confidence', () => {
  it('does not assert that the company name is absent: the check could not be made', () => {
    const low = codes({ text: invoiceText(), company: 'Initech LLC', read: lowOcr(invoiceText(), 23) });
    expect(low).not.toContain('company_name_absent');
    expect(low).toContain('check_inconclusive');
    expect(codes({ text: invoiceText(), company: 'Initech LLC', read: { pages: ocrPages(invoiceText(), 88) } })).toContain('company_name_absent');
  });

  it('is information when the document’s key facts were read, a warning when they were not', () => {
    expect(severity({ text: invoiceText(), read: lowOcr(invoiceText(), 52) }, 'ocr_low_confidence')).toBe('info');
    const garbled = 'Acrne Tr4ding\n~~ lnv0ce ;; 12.5\nT0tal';
    const out = codes({ text: garbled, requested: 'other_document', read: lowOcr(garbled, 31) });
    expect(out).toContain('ocr_unusable');
    expect(out).not.toContain('ocr_low_confidence');
  });

  it('does not assert a name absent when OCR, however sure of what it read, missed most of the main facts', () => {
    // A photo of a licence of which OCR kept a title and a few fragments at high confidence: the holder was never read.
    const fragments = 'Business licence\nLegal representative Zhang Wei\nRegistered capital 30 million\nDate 201\nScope of\nRegistration authority';
    const sparse = codes({ text: fragments, requested: 'business_license', company: 'Initech Trading Co Ltd', read: { pages: ocrPages(fragments, 95) } });
    expect(sparse).not.toContain('company_name_absent');
    expect(sparse).toContain('check_inconclusive');
    // The same fragments as a text layer are what the file holds: the name is asserted absent.
    expect(codes({ text: fragments, requested: 'business_license', company: 'Initech Trading Co Ltd' })).toContain('company_name_absent');
    // An invoice OCR read in full, to another buyer, still says the company is not there.
    expect(codes({ text: invoiceText(), company: 'Initech LLC', read: { pages: ocrPages(invoiceText(), 95) } })).toContain('company_name_absent');
  });
});
