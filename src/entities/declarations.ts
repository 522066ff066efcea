// What the people of a case declare about themselves, or the account owner declares for them: PEP
// self-assessment, US-person status and tax residency; the account owner also gives their own
// contact details (e-mail, phone, LinkedIn profile). Who is asked (the account owner, the main
// company's directors and its ultimate beneficial owners), how a declared value is read, and how
// declarations fill the persons' fields. The account owner also declares the main company's tax
// residence (country and tax number), the only fields a company is declared for. The API client
// links a person to the references its own identity-verification provider gave them. Pure. A value
// nobody declared stays null (empty for a company).
import type { CompanyDetails, EntityDetails, PersonDetails } from './case-entities.ts';
import { applyOwnership } from './ownership/case-ownership.ts';
import countries from 'i18n-iso-countries';

/** The account owner's contact details, which they declare for themselves only (optional). */
export const CONTACT_FIELDS = ['email', 'phone', 'linkedin_profile'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** A person's references at the API client's own identity-verification provider (declared through the API only). */
export const IDENTITY_VERIFICATION_FIELDS = ['identity_verification_external_user_id', 'identity_verification_applicant_id'] as const;
export type IdentityVerificationField = (typeof IDENTITY_VERIFICATION_FIELDS)[number];

export const DECLARATION_FIELDS = ['is_pep_self_assessment', 'is_us_person', 'tax_residency_country_code', 'tax_residence_number', ...CONTACT_FIELDS, ...IDENTITY_VERIFICATION_FIELDS] as const;
export type DeclarationField = (typeof DECLARATION_FIELDS)[number];

/** One person's declared values (the person's fields of the same names, not null); a field left out was not declared. */
export type Declaration = { [F in DeclarationField]?: NonNullable<PersonDetails[F]> };

export function isContactField(v: string): v is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(v);
}

export function isIdentityVerificationField(v: string): v is IdentityVerificationField {
  return (IDENTITY_VERIFICATION_FIELDS as readonly string[]).includes(v);
}

/** The longest identity-verification reference taken. */
export const MAX_REFERENCE = 128;

/** An identity-verification provider's reference, kept as given: 1 to 128 letters, digits, `.`, `_`, `:` and `-`; null otherwise. */
export function readReference(text: string): string | null {
  const v = text.trim();
  return v.length <= MAX_REFERENCE && /^[A-Za-z0-9._:-]+$/.test(v) ? v : null;
}

/** The fields declared for a company: its tax residence. */
export const COMPANY_DECLARATION_FIELDS = ['tax_residency_country_code', 'tax_residence_number'] as const;

export function isCompanyDeclarationField(v: string): v is (typeof COMPANY_DECLARATION_FIELDS)[number] {
  return (COMPANY_DECLARATION_FIELDS as readonly string[]).includes(v);
}

/** The company whose tax residence is asked: the case's main company. */
export interface DeclarationCompany {
  entity_id: string;
  name: string;
}

/** The main company, when the case's main entity is a company with a name; else null. */
export function declarationCompany(entities: EntityDetails[], mainEntityId: string): DeclarationCompany | null {
  const main = entities.find((e) => e.entity_id === mainEntityId);
  return main?.type === 'company' && main.company_full_name.trim() ? { entity_id: main.entity_id, name: main.company_full_name } : null;
}

export type PersonRole = 'account_owner' | 'director' | 'beneficial_owner';

export interface DeclarationPerson {
  entity_id: string;
  name: string;
  roles: PersonRole[];
}

export const MAX_TAX_NUMBER = 50;

export function isDeclarationField(v: string): v is DeclarationField {
  return (DECLARATION_FIELDS as readonly string[]).includes(v);
}

/** The people declarations are asked for: account owners first, then directors and beneficial owners of the main company. */
export function declarationPeople(entities: EntityDetails[], accountOwnerIds: string[], mainEntityId: string, uboThreshold: number): DeclarationPerson[] {
  const owned = applyOwnership(entities, mainEntityId, uboThreshold).entities;
  const byId = new Map(owned.map((e) => [e.entity_id, e]));
  const main = byId.get(mainEntityId);
  const people = new Map<string, DeclarationPerson>();
  const add = (id: string, role: PersonRole) => {
    const e = byId.get(id);
    if (e?.type !== 'person') return;
    const known = people.get(id);
    if (known) {
      if (!known.roles.includes(role)) known.roles.push(role);
      return;
    }
    const name = [e.first_name, e.last_name].filter(Boolean).join(' ').trim();
    if (name) people.set(id, { entity_id: id, name, roles: [role] });
  };
  for (const id of accountOwnerIds) add(id, 'account_owner');
  if (main?.type === 'company') {
    for (const d of main.directors) add(d.person_entity_id, 'director');
    for (const u of main.ultimate_beneficiary_owners) add(u.person_entity_id, 'beneficial_owner');
  }
  return [...people.values()];
}

/** Reads one declared value as given in a form or an API comment; null when it is not a valid value. "unknown" declares nothing. */
export function readDeclaredValue(field: DeclarationField, text: string): { value: boolean | string | undefined } | null {
  const v = text.trim();
  if (field === 'is_pep_self_assessment' || field === 'is_us_person') {
    const l = v.toLowerCase();
    if (['yes', 'true'].includes(l)) return { value: true };
    if (['no', 'false'].includes(l)) return { value: false };
    if (['unknown', ''].includes(l)) return { value: undefined };
    return null;
  }
  if (field === 'tax_residency_country_code') {
    if (v === '' || v.toLowerCase() === 'unknown') return { value: undefined };
    return /^[A-Za-z]{2}$/.test(v) && countries.isValid(v.toUpperCase()) ? { value: v.toUpperCase() } : null;
  }
  if (isContactField(field)) {
    if (v === '' || v.toLowerCase() === 'unknown') return { value: undefined };
    const read = field === 'email' ? readEmail(v) : field === 'phone' ? readPhone(v) : readLinkedinProfile(v);
    return read === null ? null : { value: read };
  }
  if (isIdentityVerificationField(field)) {
    const read = readReference(v);
    return read === null ? null : { value: read };
  }
  if (v === '') return { value: undefined };
  return v.length <= MAX_TAX_NUMBER && !/[\u0000-\u001f]/.test(v) ? { value: v } : null;
}

/** An e-mail address (one `@`, a dotted domain, at most 254 characters), the domain in lower case; null when it is not one. */
export function readEmail(text: string): string | null {
  const v = text.trim();
  const m = /^([^\s@<>()",;:]+)@([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+)$/.exec(v);
  if (!m || v.length > 254 || m[1]!.length > 64 || !/[A-Za-z]{2,}$/.test(m[2]!)) return null;
  return `${m[1]}@${m[2]!.toLowerCase()}`;
}

/**
 * A telephone number written with digits, spaces, `+`, `-` and parentheses (a `+` only first),
 * 6 to 20 digits; stored as its digits, after a `+` when it was given in international form
 * (a leading `00` is read as `+`): `+44 (20) 7946-0958` is `+442079460958`. Null otherwise.
 */
export function readPhone(text: string): string | null {
  const v = text.trim();
  if (!/^\+?[0-9 ()-]+$/.test(v)) return null;
  let digits = v.replace(/[^0-9]/g, '');
  let plus = v.startsWith('+');
  if (!plus && digits.startsWith('00')) {
    digits = digits.slice(2);
    plus = true;
  }
  if (digits.length < 6 || digits.length > 20) return null;
  return `${plus ? '+' : ''}${digits}`;
}

/** A LinkedIn profile: `https://` on linkedin.com or one of its subdomains, path `/in/<name>`; stored without query or fragment. Null otherwise. */
export function readLinkedinProfile(text: string): string | null {
  const v = text.trim();
  if (v.length > 300 || !/^https:\/\//i.test(v)) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return null;
  }
  const host = u.hostname.toLowerCase();
  if (u.protocol !== 'https:' || u.username || u.password || u.port) return null;
  if (host !== 'linkedin.com' && !host.endsWith('.linkedin.com')) return null;
  if (!/^\/in\/[^/]+\/?$/.test(u.pathname)) return null;
  return `https://${host}${u.pathname}`;
}

/** Declarations merged in order: a later value of a field replaces an earlier one. */
export function mergeDeclarations(list: Map<string, Declaration>[]): Map<string, Declaration> {
  const out = new Map<string, Declaration>();
  for (const m of list) for (const [id, d] of m) out.set(id, { ...(out.get(id) ?? {}), ...d });
  return out;
}

/** Fills one declared field of a person (left as it is when it was not declared). */
function declare<F extends DeclarationField>(person: PersonDetails, d: Declaration, field: F): void {
  const value = d[field];
  if (value !== undefined) person[field] = value;
}

/** The persons with their declared fields filled, and the companies with their declared tax residence; undeclared fields unchanged. */
export function applyDeclarations(entities: EntityDetails[], declarations: Map<string, Declaration>): EntityDetails[] {
  if (declarations.size === 0) return entities;
  return entities.map((e) => {
    const d = declarations.get(e.entity_id);
    if (!d) return e;
    if (e.type === 'company') {
      const next: CompanyDetails = { ...e };
      if (d.tax_residency_country_code !== undefined) next.tax_residency_country_code = d.tax_residency_country_code;
      if (d.tax_residence_number !== undefined) next.tax_residence_number = d.tax_residence_number;
      return next;
    }
    const next: PersonDetails = { ...e };
    for (const field of DECLARATION_FIELDS) {
      // Contact details and identity-verification references fill a field nothing else filled: what a stronger source gives is kept.
      if ((isContactField(field) || isIdentityVerificationField(field)) && next[field] !== null) continue;
      declare(next, d, field);
    }
    return next;
  });
}

/** Prefix of the issue ids under which declarations are given through the comments endpoint. */
export const DECLARATION_PREFIX = 'declaration:';

/** `declaration:<field>` (the account owner) or `declaration:<field>:<entity_id>` (a person, or the main company for its tax residence); null for anything else. */
export function parseDeclarationIssue(issueId: string): { field: DeclarationField; entityId: string | null } | null | 'bad_field' {
  if (!issueId.startsWith(DECLARATION_PREFIX)) return null;
  const [field, entityId, ...rest] = issueId.slice(DECLARATION_PREFIX.length).split(':');
  if (!field || !isDeclarationField(field) || rest.length > 0 || entityId === '') return 'bad_field';
  return { field, entityId: entityId ?? null };
}
