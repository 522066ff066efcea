// The facts Dossier reads from each type of document: one documented shape per type, stored under
// `extracted_data.fields`. Dates are ISO YYYY-MM-DD, amounts exact decimal strings ("1234.56"),
// currencies ISO 4217, anything not found is null.
import type { LineItem, PartyFacts } from '../document-model.ts';

export type { LineItem, PartyFacts };

export interface InvoiceFields {
  invoice_number: string | null;
  issue_date: string | null;
  due_date: string | null;
  service_period: { from: string; to: string } | null;
  currency: string | null;
  seller: PartyFacts;
  buyer: PartyFacts;
  lines: LineItem[];
  net_total: string | null;
  tax_total: string | null;
  grand_total: string | null;
  amount_due: string | null;
  /** Order, contract and bill-of-lading numbers the invoice refers to. */
  references: { order: string | null; contract: string | null; bill_of_lading: string | null };
  vessel: string | null;
  /** Where the fields came from: the embedded e-invoice XML, or the text. */
  source: 'einvoice' | 'text';
}

export interface ContractFields {
  contract_number: string | null;
  title: string | null;
  signing_date: string | null;
  effective_date: string | null;
  expiry_date: string | null;
  parties: (PartyFacts & { role: string | null })[];
  goods: string[];
  total_value: string | null;
  currency: string | null;
}

export interface CharterFields {
  charter_reference: string | null;
  date: string | null;
  owner: string | null;
  charterer: string | null;
  vessel: string | null;
  imo_number: string | null;
  load_port: string | null;
  discharge_port: string | null;
  cargo: string | null;
  freight: string | null;
  currency: string | null;
  laycan: { from: string; to: string } | null;
}

export interface BillOfLadingFields {
  bl_number: string | null;
  issue_date: string | null;
  shipped_on_board_date: string | null;
  shipper: string | null;
  consignee: string | null;
  notify_party: string | null;
  carrier: string | null;
  vessel: string | null;
  voyage: string | null;
  port_of_loading: string | null;
  port_of_discharge: string | null;
  goods: string | null;
  gross_weight: string | null;
  /** The invoice and contract (or letter of credit) numbers the bill refers to. */
  references: { invoice: string | null; contract: string | null };
}

export interface BankStatementFields {
  bank_name: string | null;
  account_holder: string | null;
  iban: string | null;
  account_number: string | null;
  currency: string | null;
  period: { from: string; to: string } | null;
  statement_date: string | null;
  opening_balance: string | null;
  closing_balance: string | null;
  /** The holder's address the statement is sent to (a statement serves as proof of address). */
  address: string | null;
}

export interface RegisterFields {
  company_name: string | null;
  registration_number: string | null;
  legal_form: string | null;
  incorporation_date: string | null;
  registered_address: string | null;
  status: string | null;
  issue_date: string | null;
  jurisdiction: string | null;
  /** The registrar, register court or state office that issued the document. */
  issuing_authority: string | null;
  directors: string[];
}

export interface ShareholderRegisterFields {
  company_name: string | null;
  registration_number: string | null;
  date: string | null;
  shareholders: { name: string; shares: number | null; percentage: number | null }[];
}

export interface ProofOfAddressFields {
  kind: 'utility_bill' | 'bank_letter' | 'other';
  holder: string | null;
  address: string | null;
  issuer: string | null;
  issue_date: string | null;
  period: { from: string; to: string } | null;
}

export interface LicenceFields {
  licence_number: string | null;
  holder: string | null;
  issuer: string | null;
  activity: string | null;
  issue_date: string | null;
  valid_from: string | null;
  expiry_date: string | null;
}

export interface InsuranceFields {
  policy_number: string | null;
  insurer: string | null;
  policyholder: string | null;
  insured_amount: string | null;
  premium: string | null;
  currency: string | null;
  issue_date: string | null;
  valid_from: string | null;
  expiry_date: string | null;
}

export interface IdentityFields {
  document_kind: 'passport' | 'id_card' | 'driving_licence' | 'other';
  surname: string | null;
  given_names: string | null;
  document_number: string | null;
  nationality: string | null;
  issuing_state: string | null;
  birth_date: string | null;
  sex: string | null;
  issue_date: string | null;
  expiry_date: string | null;
  /** `exact`: the zone was read as written (no OCR repair), so a failed check is a fact, not a doubt. */
  mrz: { format: string; valid: boolean; failed_checks: string[]; exact?: boolean; names_doubtful?: boolean } | null;
}

export interface OtherFields {
  dates: string[];
  amounts: string[];
  companies: string[];
}
