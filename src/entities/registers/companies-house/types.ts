// The Companies House public data API's answers, as documented at
// https://developer-specs.company-information.service.gov.uk (only the fields Dossier reads).
import { isRecord } from '../../../lib/stored-json.ts';

export interface ChAddress {
  premises?: string;
  address_line_1?: string;
  address_line_2?: string;
  locality?: string;
  region?: string;
  postal_code?: string;
  country?: string;
  care_of?: string;
  po_box?: string;
}

export interface ChCompanyProfile {
  company_name: string;
  company_number: string;
  company_status?: string;
  company_status_detail?: string;
  date_of_creation?: string;
  date_of_cessation?: string;
  type?: string;
  jurisdiction?: string;
  registered_office_address?: ChAddress;
  sic_codes?: string[];
  has_insolvency_history?: boolean;
  links?: Record<string, string>;
}

export interface ChDateOfBirth {
  month?: number;
  year?: number;
  day?: number;
}

export interface ChIdentification {
  registration_number?: string;
  country_registered?: string;
  place_registered?: string;
  legal_authority?: string;
  legal_form?: string;
  identification_type?: string;
}

export interface ChOfficer {
  name: string;
  officer_role: string;
  appointed_on?: string;
  resigned_on?: string;
  date_of_birth?: ChDateOfBirth;
  nationality?: string;
  country_of_residence?: string;
  occupation?: string;
  address?: ChAddress;
  identification?: ChIdentification;
  links?: { self?: string; officer?: { appointments?: string } };
}

export interface ChList<T> {
  items?: T[];
  items_per_page?: number;
  start_index?: number;
  total_results?: number;
  total_count?: number;
  active_count?: number;
  ceased_count?: number;
  resigned_count?: number;
  links?: Record<string, string>;
}

export interface ChPsc {
  kind: string;
  name?: string;
  name_elements?: { title?: string; forename?: string; middle_name?: string; surname?: string };
  natures_of_control?: string[];
  date_of_birth?: ChDateOfBirth;
  nationality?: string;
  country_of_residence?: string;
  address?: ChAddress;
  identification?: ChIdentification;
  notified_on?: string;
  ceased_on?: string;
  ceased?: boolean;
  is_sanctioned?: boolean;
  description?: string;
  links?: { self?: string; statement?: string };
  etag?: string;
}

export interface ChPscStatement {
  kind?: string;
  statement: string;
  notified_on?: string;
  ceased_on?: string;
  linked_psc_name?: string;
  links?: { self?: string };
}

export interface ChFiling {
  transaction_id: string;
  category?: string;
  subcategory?: string;
  date?: string;
  description?: string;
  description_values?: Record<string, string>;
  type?: string;
  pages?: number;
  barcode?: string;
  links?: { self?: string; document_metadata?: string };
}

export interface ChDocumentMetadata {
  company_number?: string;
  barcode?: string;
  category?: string;
  filename?: string;
  pages?: number;
  significant_date?: string;
  significant_date_type?: string;
  created_at?: string;
  links?: { self?: string; document?: string };
  resources?: Record<string, { content_length?: number; created_at?: string; updated_at?: string }>;
}

export interface ChSearchResult {
  company_number: string;
  title: string;
  company_status?: string;
}

// What an answer must hold to be read as the resource asked for: the fields its mapping cannot do
// without. An answer without them is refused (the register answered something else), not read.
const hasTexts =
  <T>(...keys: string[]) =>
  (v: unknown): v is T =>
    isRecord(v) && keys.every((k) => typeof v[k] === 'string');

export const isChCompanyProfile = hasTexts<ChCompanyProfile>('company_name', 'company_number');
export const isChOfficer = hasTexts<ChOfficer>('name', 'officer_role');
export const isChPsc = hasTexts<ChPsc>('kind');
export const isChPscStatement = hasTexts<ChPscStatement>('statement');
export const isChFiling = hasTexts<ChFiling>('transaction_id');
export const isChSearchResult = hasTexts<ChSearchResult>('company_number', 'title');
export const isChDocumentMetadata = hasTexts<ChDocumentMetadata>();

/** A page of a list whose items are each of the shape `item` checks. */
export const isChList =
  <T>(item: (v: unknown) => v is T) =>
  (v: unknown): v is ChList<T> =>
    isRecord(v) && (v.items === undefined || (Array.isArray(v.items) && v.items.every(item)));
