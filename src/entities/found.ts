// What registers and documents say about a case's companies and persons, before it is merged into
// the case's legal entities: a small graph keyed by each source's own handles. Builders here turn
// register answers into it. Pure.
import type { Address, Ownership } from './case-entities.ts';
import type { CompanyRef, RegisterCompany, RegisterOwner, RegisterPersonFacts } from './registers/connector.ts';
import { countryCodeOf } from '../lib/countries.ts';

export interface FoundSource {
  source: string;
  ref: string;
  url: string | null;
}

export interface FoundCompany {
  kind: 'company';
  key: string;
  name: string;
  countryCode: string;
  regNumber: string | null;
  legalType: string | null;
  status: string | null;
  incorporationDate: string | null;
  /** The registered address (legal_address). */
  address: Address | null;
  /** An address the company is found at that is not stated to be its registered one (an invoice's, a bill's). */
  operationalAddress: Address | null;
  vatNumber: string | null;
  email: string | null;
  industryCodes: { classification: string; code: string }[];
  /** Direct owners; null when this source does not know them. */
  shareholders: { key: string; ownership: Ownership }[] | null;
  directors: { key: string; nominal: boolean }[] | null;
  /** Owners by control only (voting rights, board appointment…), with the natures of their control. */
  controllers: { key: string; natures: string[] }[];
  /** Whole stakes a register declares through intermediaries. */
  declared: { key: string; ownership: Ownership }[];
  /** Why the chain stops at this company, when it does. */
  unresolved: string | null;
  notes: { item_id: string; value: string }[];
  sources: FoundSource[];
  /** The case entity the source itself identified this company as (a document naming it); else matched by keys. */
  entityId?: string;
}

export interface FoundPerson {
  kind: 'person';
  key: string;
  first: string | null;
  last: string | null;
  birthMonth: string | null;
  citizenship: string | null;
  residency: string | null;
  /** Number of an identity document, when one was read. */
  idNumber?: string | null;
  /** Where the person lives, as a bill or bank letter addressed to them prints it. */
  residentialAddress?: Address | null;
  notes: { item_id: string; value: string }[];
  sources: FoundSource[];
  /** The case entity the source itself identified this person as; else matched by keys. */
  entityId?: string;
}

export type FoundItem = FoundCompany | FoundPerson;

export interface FoundGraph {
  /** The key standing for the case's main company. */
  rootKey: string;
  /** In the order they were found (the order entities are created in). */
  items: FoundItem[];
}

export function emptyCompany(key: string, name: string, countryCode: string, regNumber: string | null): FoundCompany {
  return {
    kind: 'company',
    key,
    name,
    countryCode,
    regNumber,
    legalType: null,
    status: null,
    incorporationDate: null,
    address: null,
    operationalAddress: null,
    vatNumber: null,
    email: null,
    industryCodes: [],
    shareholders: null,
    directors: null,
    controllers: [],
    declared: [],
    unresolved: null,
    notes: [],
    sources: [],
  };
}

export function companyFromProfile(key: string, p: RegisterCompany, source: FoundSource): FoundCompany {
  const c = emptyCompany(key, p.name, p.ref.countryCode, p.ref.regNumber);
  c.legalType = p.legalType;
  c.status = p.status || null;
  c.incorporationDate = p.incorporationDate || null;
  c.address = p.address;
  c.industryCodes = p.sicCodes.map((code) => ({ classification: 'UKSIC2007', code }));
  c.notes = [...p.extra];
  c.sources = [source];
  return c;
}

export function companyFromRef(key: string, ref: CompanyRef): FoundCompany {
  return emptyCompany(key, ref.name, ref.countryCode, ref.regNumber);
}

export function personFromFacts(key: string, f: RegisterPersonFacts, source: FoundSource): FoundPerson {
  const notes: FoundPerson['notes'] = [];
  if (f.address) notes.push({ item_id: 'service_address', value: [f.address.street_address, f.address.city, f.address.postcode, f.address.country_code].filter(Boolean).join(', ') });
  if (f.pep) notes.push({ item_id: 'pep_status', value: 'politically exposed person (register declaration)' });
  return {
    kind: 'person',
    key,
    first: f.name.first,
    last: f.name.last,
    birthMonth: f.birthMonth,
    citizenship: countryCodeOf(f.nationality),
    residency: countryCodeOf(f.countryOfResidence),
    notes,
    sources: [source],
  };
}

/** The company an owner stands for, before (or instead of) reading its own register entry. */
export function companyFromOwner(key: string, o: RegisterOwner, source: FoundSource): FoundCompany {
  const c = o.company!;
  const found = emptyCompany(key, c.name, c.countryCode ?? '', c.regNumber);
  found.legalType = o.kind === 'arrangement' ? 'arrangement' : c.legalForm;
  found.address = c.address;
  found.sources = [source];
  if (o.kind === 'public_body') found.notes.push({ item_id: 'owner_kind', value: 'public body or legal person without shareholders' });
  return found;
}
