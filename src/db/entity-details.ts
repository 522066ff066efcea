// The shape of the JSON the `entities.details` column holds: a company or a person, as the
// contract's entity_details describes them (entities/case-entities.ts builds them).
export interface Address {
  street_address: string;
  city: string;
  postcode: string;
  country_code: string;
  state_or_province: string;
}

export type Ownership = { fraction: number } | { range: [number, number] };

export interface CompanyDetails {
  type: 'company';
  entity_id: string;
  company_full_name: string;
  legal_type: string | null;
  incorporation_date: string;
  company_status: string;
  company_country_code: string;
  company_website: { url: string };
  company_email: string | null;
  company_reg_number: string;
  tax_residency_country_code: string;
  tax_residence_number: string;
  vat_number: string;
  legal_address: Address;
  legal_address_translated: Address;
  operational_address: Address;
  operational_address_translated: Address;
  registered_industry_codes: { classification: string; code: string }[];
  auto_assigned_industry_codes: { classification: string; code: string }[];
  shareholders: { entity_id: string; ownership: Ownership }[];
  ultimate_beneficiary_owners: { person_entity_id: string; effective_ownership: Ownership }[];
  directors: { person_entity_id: string; nominal: boolean }[];
  is_license_required: boolean | null;
  counterparties: { entity_id: string; nature_of_relationship: string; counterparty_role: string[] }[];
  additional_details: { item_id: string; value: string }[];
}

export interface PersonDetails {
  type: 'person';
  entity_id: string;
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  id_number: string | null;
  citizenship_country_code: string | null;
  residency_country_code: string | null;
  tax_residency_country_code: string | null;
  tax_residence_number: string | null;
  is_us_person: boolean | null;
  is_pep_self_assessment: boolean | null;
  email: string | null;
  phone: string | null;
  residential_address: Address | null;
  residential_address_translated: Address | null;
  linkedin_profile: string | null;
  identity_verification_external_user_id: string | null;
  identity_verification_applicant_id: string | null;
  additional_details: { item_id: string; value: string }[] | null;
}

export type EntityDetails = CompanyDetails | PersonDetails;
