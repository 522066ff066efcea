// biome-ignore-all format: tables and word lists read better packed than one item a line
// Every finding the verification engine can raise: a stable code, one severity, and when it is raised.
// The README's rule catalogue is this table; tests check that every code has a triggering case.
import type { Severity } from '../document-model.ts';
import { declareFindings, type FindingDeclaration, type FindingSpec } from '../../findings/catalogue.ts';

export interface RuleSpec {
  code: string;
  severity: Severity;
  /** Where it is decided: the file itself, one document, several documents, or the PDF's structure. */
  scope: 'file' | 'document' | 'transaction' | 'cross_document' | 'tamper';
  when: string;
}

export const RULES: RuleSpec[] = [
  { code: 'file_unreadable', severity: 'critical', scope: 'file', when: 'the file cannot be opened or is not a document (the verification is still answered)' },
  { code: 'file_encrypted', severity: 'critical', scope: 'file', when: 'the PDF needs a password' },
  { code: 'file_encrypted_no_password', severity: 'warning', scope: 'file', when: 'the PDF is encrypted with an empty password' },
  { code: 'no_text_layer', severity: 'warning', scope: 'file', when: 'no page has text, even after OCR' },
  { code: 'ocr_low_confidence', severity: 'info', scope: 'file', when: 'OCR read some pages with low confidence (the figure is given), yet most of the key facts of the document\'s type were read' },
  { code: 'ocr_unusable', severity: 'warning', scope: 'file', when: 'OCR read some pages with low confidence and the document\'s type, or most of its key facts, could not be read: its content could not really be checked' },
  { code: 'page_limit_reached', severity: 'info', scope: 'file', when: 'only the first `MAX_PDF_PAGES` pages were read' },
  { code: 'page_unreadable', severity: 'warning', scope: 'file', when: 'some pages could not be read' },
  { code: 'read_incomplete', severity: 'warning', scope: 'file', when: 'reading stopped before the last page (time limit)' },
  { code: 'read_budget_reached', severity: 'warning', scope: 'file', when: 'reading the whole file would decode more pixels (pages × pixels per page) than its budget: `READ_MAX_DOCUMENT_MEGAPIXELS`, or what is left of its conversation\'s (`READ_MAX_CONVERSATION_MEGAPIXELS`) or its API client\'s hourly one (`READ_MAX_CLIENT_MEGAPIXELS_PER_HOUR`); only the pages within it were read, or none. Checked before anything is decoded: from an image\'s header, and for each PDF page that needs OCR at the size it is decoded at' },
  { code: 'image_too_large', severity: 'critical', scope: 'file', when: 'an image has more pixels than reading accepts' },
  { code: 'decompression_bomb', severity: 'critical', scope: 'file', when: 'the file inflates far beyond its size' },
  { code: 'read_timeout', severity: 'critical', scope: 'file', when: 'reading did not finish in time and was stopped' },
  { code: 'reader_crashed', severity: 'critical', scope: 'file', when: 'the reader stopped on the file (it is isolated in a thread)' },
  { code: 'verification_incomplete', severity: 'warning', scope: 'file', when: 'the checks after reading failed unexpectedly; the verification is answered and an analyst should look' },
  { code: 'document_type_mismatch', severity: 'warning', scope: 'document', when: 'the document is confidently classified as another type than the one asked for (aliases accepted; a utility bill serves as an invoice, an invoice that gives the buyer\'s address as a proof of address)' },
  { code: 'company_name_absent', severity: 'warning', scope: 'document', when: 'the company name of the task is not in the document, not even nearly' },
  { code: 'check_inconclusive', severity: 'info', scope: 'document', when: 'a check that would find a name absent or different (company name, party, holder, counterparty) could not be made: the text was read by OCR with low confidence or OCR missed most of the document\'s key facts, or an identity document\'s machine-readable names were misread and its printed names do not confirm them' },
  { code: 'company_name_without_legal_form', severity: 'info', scope: 'document', when: 'the company name is there only without a legal form' },
  { code: 'company_legal_form_differs', severity: 'warning', scope: 'document', when: 'the company name is there with another legal form (`ACME GmbH` for `ACME Ltd`): a different entity' },
  { code: 'company_name_close', severity: 'info', scope: 'document', when: 'the company name is there only with a slightly different spelling (OCR, typing); both names and the score are given' },
  { code: 'name_close_match', severity: 'info', scope: 'document', when: 'a party compared with the case (counterparty, holder, account holder) matches only closely; both names and the score are given' },
  { code: 'registration_number_mismatch', severity: 'warning', scope: 'document', when: 'the registration number in the document is not the case\'s `company_reg_number`' },
  { code: 'registration_number_absent', severity: 'info', scope: 'document', when: 'a registry document shows no registration number, or not the case\'s' },
  { code: 'issue_date_in_future', severity: 'warning', scope: 'document', when: 'the document is dated after today' },
  { code: 'dates_inconsistent', severity: 'warning', scope: 'document', when: 'dates contradict each other: expiry before issue or start, due before issue, incorporation after the extract, loading after the bill\'s issue' },
  { code: 'proof_of_address_stale', severity: 'warning', scope: 'document', when: 'a proof of address is older than 3 months' },
  { code: 'license_expired', severity: 'warning', scope: 'document', when: 'a licence expired before today' },
  { code: 'insurance_expired', severity: 'warning', scope: 'document', when: 'an insurance policy expired before today' },
  { code: 'identity_document_expired', severity: 'warning', scope: 'document', when: 'a passport or ID card expired before today' },
  { code: 'identity_mrz_invalid', severity: 'critical', scope: 'document', when: 'a check digit of the machine-readable zone, read as written, is wrong' },
  { code: 'identity_mrz_unverified', severity: 'info', scope: 'document', when: 'the machine-readable zone was read by OCR with repairs and its check digits could not all be verified; what was read is given' },
  { code: 'identity_holder_mismatch', severity: 'warning', scope: 'document', when: 'the identity document\'s holder is not the case\'s `user_full_name`' },
  { code: 'bank_statement_holder_mismatch', severity: 'warning', scope: 'document', when: 'the account holder of a bank statement is not the company' },
  { code: 'invoice_line_amount_mismatch', severity: 'warning', scope: 'document', when: 'a line\'s quantity × unit price is not its amount' },
  { code: 'invoice_subtotal_mismatch', severity: 'warning', scope: 'document', when: 'the lines do not add up to the net total' },
  { code: 'invoice_tax_mismatch', severity: 'warning', scope: 'document', when: 'the invoice states one tax rate and the tax is not the net total at that rate (beyond rounding)' },
  { code: 'invoice_total_mismatch', severity: 'warning', scope: 'document', when: 'net total + tax is not the grand total' },
  { code: 'einvoice_page_mismatch', severity: 'warning', scope: 'document', when: 'a hybrid e-invoice (ZUGFeRD, Factur-X) whose attached XML gives a number, date, total or party that its printed page does not show: the XML is not taken silently' },
  { code: 'contract_client_not_party', severity: 'warning', scope: 'document', when: 'the contract names parties and the company is not one of them' },
  { code: 'invoice_amount_mismatch', severity: 'warning', scope: 'transaction', when: 'neither the invoice total nor the amount due is within 1% of `trx_amount`' },
  { code: 'invoice_currency_mismatch', severity: 'warning', scope: 'transaction', when: 'the invoice currency is not `trx_currency`' },
  { code: 'invoice_date_after_transaction', severity: 'warning', scope: 'transaction', when: 'the invoice is dated after `trx_date`' },
  { code: 'invoice_counterparty_mismatch', severity: 'warning', scope: 'transaction', when: 'the other party of the invoice (buyer for incoming, seller for outgoing) is not `trx_counterparty_full_name`' },
  { code: 'invoice_client_wrong_side', severity: 'critical', scope: 'transaction', when: 'the company is the buyer of an incoming payment\'s invoice or the seller of an outgoing one (or the opposite of what `invoice_with_client` / `invoice_from_supplier` says)' },
  { code: 'contract_counterparty_not_party', severity: 'warning', scope: 'transaction', when: 'the transaction counterparty is not a party to the contract' },
  { code: 'file_submitted_for_other_company', severity: 'critical', scope: 'cross_document', when: 'the same file (same SHA-256) was already submitted by the same API client for another company' },
  { code: 'documents_parties_inconsistent', severity: 'warning', scope: 'cross_document', when: 'invoice, contract, bill of lading and charter do not share their parties' },
  { code: 'documents_goods_inconsistent', severity: 'warning', scope: 'cross_document', when: 'their goods have no word in common' },
  { code: 'documents_references_inconsistent', severity: 'warning', scope: 'cross_document', when: 'a reference one makes to another (contract number, bill of lading number, invoice number, vessel, ports) does not match it' },
  { code: 'rationale_amount_unsupported', severity: 'warning', scope: 'cross_document', when: 'an amount the transaction rationale mentions is in no document' },
  { code: 'rationale_party_unsupported', severity: 'warning', scope: 'cross_document', when: 'a company the rationale mentions is in no document' },
  { code: 'rationale_goods_unsupported', severity: 'warning', scope: 'cross_document', when: 'the rationale shares no word with the goods of the documents' },
  { code: 'document_edited', severity: 'critical', scope: 'tamper', when: 'structural signs of editing weigh 6 or more (see tamper signals)' },
  { code: 'document_possibly_edited', severity: 'warning', scope: 'tamper', when: 'structural signs of editing weigh 3 to 6' },
  { code: 'edit_signals', severity: 'info', scope: 'tamper', when: 'weak signs of editing, below 3: listed for the analyst, not a warning' },
];

/**
 * For the analyst only: how a file was read, close matches that change nothing the user could do,
 * and fraud signals (editing traces, a file reused for another company), which a user must not
 * learn to avoid.
 */
export const FOR_ANALYST_ONLY: ReadonlySet<string> = new Set([
  'text_not_read',
  'page_limit_reached',
  'file_encrypted_no_password',
  'company_name_without_legal_form',
  'company_name_close',
  'name_close_match',
  'registration_number_absent',
  'document_edited',
  'document_possibly_edited',
  'edit_signals',
  'file_submitted_for_other_company',
]);

/** Codes earlier versions raised and stored findings may still hold; nothing raises them now. */
const RETIRED_RULES: FindingDeclaration[] = [
  { code: 'text_not_read', severity: 'info', when: 'raised by earlier versions for an image whose text was not read (today: `no_text_layer`)' },
];

/** The engine's codes as entries of the findings catalogue (with the translation request, check-results.ts). */
export function engineFindings(more: FindingDeclaration[]): FindingSpec[] {
  return declareFindings('engine', [...RULES, ...more, ...RETIRED_RULES].map((r) => ({ code: r.code, severity: r.severity, when: r.when, forUser: !FOR_ANALYST_ONLY.has(r.code) })));
}

const BY_CODE = new Map(RULES.map((r) => [r.code, r]));

export function ruleOf(code: string): RuleSpec {
  const r = BY_CODE.get(code);
  if (!r) throw new Error(`unknown rule code ${code}`);
  return r;
}

/** A finding of a catalogued rule, with its catalogued severity. */
export function finding(code: string, text: string): { code: string; severity: Severity; text: string } {
  return { code, severity: ruleOf(code).severity, text };
}

/** The catalogue as the Markdown table the README shows (a test keeps the two equal). */
export function catalogueMarkdown(): string {
  const rows = RULES.map((r) => `| \`${r.code}\` | ${r.severity} | ${r.scope.replace('_', '-')} | ${r.when} |`);
  return ['| code | severity | scope | when |', '|---|---|---|---|', ...rows].join('\n');
}
