// How far the checks can trust the text they look at. OCR at low confidence misreads words, so a
// name that is not found may well be there: checks that would assert an absence or a different
// name say instead that they could not be made. And a page read with low confidence is only a
// warning when it kept the document's main facts from being read; when they were read (most of the
// key fields of its type were found), the figure is reported as information.
import type { ReadDocument } from '../document-model.ts';
import type { DocType } from '../document-types.ts';
import type {
  AnyFields,
  BankStatementFields,
  BillOfLadingFields,
  CharterFields,
  ContractFields,
  IdentityFields,
  InsuranceFields,
  InvoiceFields,
  LicenceFields,
  ProofOfAddressFields,
  RegisterFields,
  ShareholderRegisterFields,
} from '../extract/fields.ts';
import { finding } from './catalogue.ts';
import type { Finding } from './context.ts';

/** Mean word confidence (0–100) below which OCR text may hold misread words (reading flags such pages too). */
export const LOW_OCR_CONFIDENCE = 60;
/** Share of a type's key facts that must be read for a low-confidence page to be merely information. */
const KEY_FACTS_NEEDED = 0.5;

/** Findings that assert a name is absent or different; on misread text they could be wrong. */
const NEEDS_RELIABLE_TEXT: Record<string, string> = {
  company_name_absent: 'whether the company name is in the document',
  contract_client_not_party: 'whether the company is a party to the contract',
  contract_counterparty_not_party: 'whether the transaction counterparty is a party to the contract',
  invoice_counterparty_mismatch: 'whether the other party of the invoice is the transaction counterparty',
  bank_statement_holder_mismatch: 'whether the account holder is the company',
};

export interface OcrQuality {
  /** The lowest confidence of the pages read by OCR that hold text; null when none was. */
  lowest: number | null;
  /** Whether some page's text may hold misread words. */
  low: boolean;
}

export function ocrQuality(read: Pick<ReadDocument, 'pages'>): OcrQuality {
  const ocr = read.pages.filter((p) => p.method === 'ocr' && p.ocrConfidence !== undefined && p.text.trim() !== '');
  if (ocr.length === 0) return { lowest: null, low: false };
  const lowest = Math.min(...ocr.map((p) => p.ocrConfidence!));
  return { lowest, low: lowest < LOW_OCR_CONFIDENCE };
}

const has = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/** The facts that make a document of each type usable, as read (true) or not (false). */
export function keyFacts(type: DocType, fields: AnyFields | null): boolean[] {
  if (!fields) return [false];
  switch (type) {
    case 'invoice': {
      const f = fields as InvoiceFields;
      return [f.invoice_number, f.issue_date, f.grand_total ?? f.amount_due, f.seller?.name, f.buyer?.name].map(has);
    }
    case 'contract': {
      const f = fields as ContractFields;
      const named = f.parties.filter((p) => p.name).length;
      return [named >= 1, named >= 2, has(f.effective_date ?? f.signing_date)];
    }
    case 'proof_of_identity': {
      const f = fields as IdentityFields;
      if (f.mrz?.valid) return [true];
      return [f.surname, f.document_number, f.birth_date, f.expiry_date].map(has);
    }
    case 'bank_statement': {
      const f = fields as BankStatementFields;
      return [f.account_holder, f.iban ?? f.account_number, f.period ?? f.statement_date, f.closing_balance].map(has);
    }
    case 'certificate_of_incorporation':
    case 'register_extract':
    case 'articles_of_association': {
      const f = fields as RegisterFields;
      return [f.company_name, f.registration_number, f.issue_date ?? f.incorporation_date].map(has);
    }
    case 'shareholder_register': {
      const f = fields as ShareholderRegisterFields;
      return [f.company_name, f.shareholders].map(has);
    }
    case 'proof_of_address': {
      const f = fields as ProofOfAddressFields;
      return [f.holder, f.address, f.issue_date ?? f.period].map(has);
    }
    case 'license': {
      const f = fields as LicenceFields;
      return [f.licence_number, f.holder, f.expiry_date ?? f.issue_date].map(has);
    }
    case 'insurance_policy': {
      const f = fields as InsuranceFields;
      return [f.policy_number, f.policyholder, f.expiry_date ?? f.valid_from].map(has);
    }
    case 'charter_agreement': {
      const f = fields as CharterFields;
      return [f.owner, f.charterer, f.vessel, f.date].map(has);
    }
    case 'bill_of_lading': {
      const f = fields as BillOfLadingFields;
      return [f.bl_number, f.shipper, f.consignee, f.vessel].map(has);
    }
    default:
      return [false];
  }
}

/**
 * The reader's `ocr_low_confidence` as the document deserves it: information, with the figure, when
 * most of the key facts of its type were read; otherwise (type unknown, facts missing)
 * `ocr_unusable`, a warning that the content could not really be checked.
 */
export function gradeOcrProblems(problems: Finding[], facts: boolean[]): Finding[] {
  const read = facts.filter(Boolean).length;
  const usable = read / facts.length >= KEY_FACTS_NEEDED;
  return problems.map((p) => {
    if (p.code !== 'ocr_low_confidence') return p;
    if (usable) return finding('ocr_low_confidence', `${p.text.replace(/\.$/, '')}; the main facts of the document were read (${read} of ${facts.length}).`);
    return finding(
      'ocr_unusable',
      `${p.text.replace(/; the text may contain errors\.?$/, '').replace(/\.$/, '')}: too poorly to read the main facts of the document (${read} of ${facts.length}), so its content could not really be checked.`,
    );
  });
}

/**
 * Findings that assert an absent or different name, on text read with low OCR confidence, become
 * `check_inconclusive`: the check could not be made, which is all the evidence supports.
 */
export function inconclusiveOnLowOcr(findings: Finding[], quality: OcrQuality, fileName: string): Finding[] {
  if (!quality.low) return findings;
  return findings.map((f) => {
    const what = NEEDS_RELIABLE_TEXT[f.code];
    if (!what) return f;
    return finding(
      'check_inconclusive',
      `It could not be checked ${what}: the text of "${fileName}" was read by OCR with low confidence (${quality.lowest}% at worst), so a name may have been misread. (${f.text})`,
    );
  });
}
