// Legal entities known from the case data alone: the company, the account owner person and the
// transaction counterparty. Pure; later engines (registers, documents) enrich these entities.
import { newId as newIdDefault } from '../lib/ids.ts';
import type { StoredCaseData as CaseData } from '../db/case-data.ts';
import { normalizeCompanyName } from '../lib/names.ts';
import { splitPersonName } from '../lib/person-names.ts';

export type { Address, CompanyDetails, EntityDetails, Ownership, PersonDetails } from '../db/entity-details.ts';
import type { Address, CompanyDetails, EntityDetails, PersonDetails } from '../db/entity-details.ts';

export interface CaseEntities {
  mainEntityId: string;
  accountOwnerIds: string[];
  entities: EntityDetails[];
}

export const emptyAddress = (countryCode = ''): Address => ({ street_address: '', city: '', postcode: '', country_code: countryCode, state_or_province: '' });

/** The legal form as written in the name ("Acme Trading Ltd." → "Ltd."), or null. */
export function legalTypeOf(name: string): string | null {
  const form = normalizeCompanyName(name).legalForm;
  if (!form) return null;
  const tokens = name.trim().split(/\s+/);
  for (let k = 1; k <= Math.min(5, tokens.length - 1); k++) {
    const suffix = tokens.slice(-k).join(' ');
    if (normalizeCompanyName(`X ${suffix}`).legalForm === form) return suffix;
  }
  return form;
}

export function newCompany(entityId: string, name: string, countryCode = ''): CompanyDetails {
  return {
    type: 'company',
    entity_id: entityId,
    company_full_name: name,
    legal_type: legalTypeOf(name),
    incorporation_date: '',
    company_status: '',
    company_country_code: countryCode,
    company_website: { url: '' },
    company_email: null,
    company_reg_number: '',
    tax_residency_country_code: '',
    tax_residence_number: '',
    vat_number: '',
    legal_address: emptyAddress(countryCode),
    legal_address_translated: emptyAddress(countryCode),
    operational_address: emptyAddress(),
    operational_address_translated: emptyAddress(),
    registered_industry_codes: [],
    auto_assigned_industry_codes: [],
    shareholders: [],
    ultimate_beneficiary_owners: [],
    directors: [],
    is_license_required: null,
    counterparties: [],
    additional_details: [],
  };
}

export function newPerson(entityId: string, fullName: string): PersonDetails {
  const { first, last } = splitPersonName(fullName);
  return {
    type: 'person',
    entity_id: entityId,
    first_name: first,
    last_name: last,
    date_of_birth: null,
    id_number: null,
    citizenship_country_code: null,
    residency_country_code: null,
    tax_residency_country_code: null,
    tax_residence_number: null,
    is_us_person: null,
    is_pep_self_assessment: null,
    email: null,
    phone: null,
    residential_address: null,
    residential_address_translated: null,
    linkedin_profile: null,
    identity_verification_external_user_id: null,
    identity_verification_applicant_id: null,
    additional_details: [],
  };
}

/** A counterparty name with no legal form and two to four plain words reads as a person. */
export function looksLikePerson(name: string): boolean {
  if (normalizeCompanyName(name).legalForm) return false;
  const words = name.trim().split(/\s+/);
  return words.length >= 2 && words.length <= 4 && words.every((w) => /^[\p{L}][\p{L}'’.-]*$/u.test(w));
}

export function buildCaseEntities(c: CaseData, newId: () => string = newIdDefault): CaseEntities {
  const company = newCompany(newId(), c.company_full_name, c.company_country_code);
  company.company_reg_number = c.company_reg_number ?? '';
  company.incorporation_date = c.company_reg_date ?? '';
  company.registered_industry_codes = (c.company_industry_classification ?? []).map((ic) => ({ classification: ic.classification, code: ic.code }));
  if (c.company_id) company.additional_details.push({ item_id: 'company_id', value: c.company_id });
  if (c.account_opening_date) company.additional_details.push({ item_id: 'account_opening_date', value: c.account_opening_date });

  const entities: EntityDetails[] = [company];
  const accountOwnerIds: string[] = [];
  if (c.user_full_name) {
    const person = newPerson(newId(), c.user_full_name);
    entities.push(person);
    accountOwnerIds.push(person.entity_id);
  }
  if (c.trx_counterparty_full_name) {
    const id = newId();
    const name = c.trx_counterparty_full_name;
    entities.push(looksLikePerson(name) ? newPerson(id, name) : newCompany(id, name));
    const role = c.trx_direction === 'outgoing' ? 'supplier' : 'customer';
    const what = [c.trx_amount !== undefined ? `${c.trx_amount} ${c.trx_currency ?? ''}`.trim() : null, c.trx_date ? `on ${c.trx_date}` : null, c.trx_ref_number ? `ref. ${c.trx_ref_number}` : null]
      .filter(Boolean)
      .join(' ');
    company.counterparties.push({
      entity_id: id,
      nature_of_relationship: `${c.trx_direction === 'outgoing' ? 'Payee of an outgoing' : 'Payer of an incoming'} transaction${what ? ` (${what})` : ''}`,
      counterparty_role: [role],
    });
  }
  return { mainEntityId: company.entity_id, accountOwnerIds, entities };
}
