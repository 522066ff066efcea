// The document types Dossier tells apart, and how the `verification_task.document_type` a client asks
// for (open-ended, lower snake case) maps onto them.

export const DOC_TYPES = [
  'certificate_of_incorporation',
  'register_extract',
  'articles_of_association',
  'shareholder_register',
  'proof_of_address',
  'bank_statement',
  'invoice',
  'contract',
  'license',
  'insurance_policy',
  'charter_agreement',
  'bill_of_lading',
  'proof_of_identity',
  'other',
] as const;
export type DocType = (typeof DOC_TYPES)[number];

/**
 * Requested type → the types that satisfy it. Registry documents stand in for each other; a utility
 * bill is an invoice for a supply at an address, so a bill that reads as an invoice is one.
 */
const REQUESTED: Record<string, DocType[]> = {
  certificate_of_incorporation: ['certificate_of_incorporation', 'register_extract'],
  register_extract: ['register_extract', 'certificate_of_incorporation'],
  official_registers: ['register_extract', 'certificate_of_incorporation'],
  company_registration: ['register_extract', 'certificate_of_incorporation'],
  articles_of_association: ['articles_of_association'],
  memorandum_of_association: ['articles_of_association'],
  shareholder_register: ['shareholder_register'],
  register_of_shareholders: ['shareholder_register'],
  proof_of_address: ['proof_of_address', 'bank_statement'],
  company_proof_of_address: ['proof_of_address', 'bank_statement'],
  utility_bill: ['proof_of_address', 'invoice'],
  bank_statement: ['bank_statement'],
  bank_statement_business_activity: ['bank_statement'],
  invoice: ['invoice'],
  invoice_with_client: ['invoice'],
  invoice_from_supplier: ['invoice'],
  contract: ['contract', 'charter_agreement'],
  contract_with_client: ['contract'],
  contract_from_supplier: ['contract'],
  license: ['license'],
  licence: ['license'],
  business_license: ['license'],
  insurance: ['insurance_policy'],
  insurance_policy: ['insurance_policy'],
  charter_agreement: ['charter_agreement', 'contract'],
  charter_party: ['charter_agreement', 'contract'],
  cargo_bill: ['bill_of_lading'],
  bill_of_lading: ['bill_of_lading'],
  proof_of_identity: ['proof_of_identity'],
  passport: ['proof_of_identity'],
  id_card: ['proof_of_identity'],
  identity_document: ['proof_of_identity'],
  driving_licence: ['proof_of_identity'],
  driving_license: ['proof_of_identity'],
};

/** The types a requested document type accepts; null when the request is open (`other_document`, unknown names). */
export function acceptedTypes(requested: string): DocType[] | null {
  return REQUESTED[requested.trim().toLowerCase()] ?? null;
}

/** The canonical type a request names, for extraction hints; null when open. */
export function requestedDocType(requested: string): DocType | null {
  return acceptedTypes(requested)?.[0] ?? null;
}

/** Which side of an invoice or contract the client is on, when the request says it. */
export function requestedClientRole(requested: string): 'seller' | 'buyer' | null {
  const r = requested.trim().toLowerCase();
  if (r === 'invoice_with_client' || r === 'contract_with_client') return 'seller';
  if (r === 'invoice_from_supplier' || r === 'contract_from_supplier') return 'buyer';
  return null;
}

export const DOC_TYPE_LABELS: Record<DocType, string> = {
  certificate_of_incorporation: 'certificate of incorporation',
  register_extract: 'company register extract',
  articles_of_association: 'articles of association',
  shareholder_register: 'shareholder register',
  proof_of_address: 'proof of address',
  bank_statement: 'bank statement',
  invoice: 'invoice',
  contract: 'contract',
  license: 'licence',
  insurance_policy: 'insurance policy',
  charter_agreement: 'charter agreement',
  bill_of_lading: 'bill of lading',
  proof_of_identity: 'identity document',
  other: 'other document',
};
