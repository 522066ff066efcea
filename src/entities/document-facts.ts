// What the verification engine read from a case's documents (`extracted_data.fields`), as facts
// about the case's entities: a certificate or register extract fills or confirms the company's
// register fields and directors, a shareholder register its owners, an identity document the
// person's birth month, nationality and document number, invoices and contracts the company's
// counterparties. Only companies and persons the case already knows are filled, and only when the
// document identifies them by evidence both sides have (the same registration number, or the read
// name); a document whose subject is not identified adds nothing. Also which entity a document
// evidences, for its `entity_id`. Pure.
import type { CompanyDetails, EntityDetails, PersonDetails } from './case-entities.ts';
import { emptyAddress, looksLikePerson } from './case-entities.ts';
import { emptyCompany, type FoundCompany, type FoundGraph, type FoundItem, type FoundPerson } from './found.ts';
import { birthMonthsAgree, companyNameKey, normalizeRegNumber, personNameKey } from './keys.ts';
import { countryCodeOf } from '../lib/countries.ts';
import { splitPersonName } from '../lib/person-names.ts';
import { ROOT_KEY } from './resolve-registers.ts';
import { requestedDocType } from '../document-engine/document-types.ts';

export interface CaseDocument {
  id: string;
  /** The type the latest verification asked for (invoice_with_client, register_extract…). */
  documentType: string | null;
  fileName: string;
  extracted: Record<string, unknown>;
}

export interface FoundCounterparty {
  name: string;
  countryCode: string | null;
  regNumber: string | null;
  role: string[];
  nature: string;
}

type Fields = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function fieldsOf(extracted: Record<string, unknown>): Fields {
  const f = extracted.fields;
  return f && typeof f === 'object' && !Array.isArray(f) ? (f as Fields) : extracted;
}

const sameNumber = (c: CompanyDetails, regNumber: string) => normalizeRegNumber(c.company_country_code, c.company_reg_number) === normalizeRegNumber(c.company_country_code, regNumber);

/**
 * The case company a document names: the one with the registration number it reads (both numbers
 * known and equal), else the one with the name it reads, unless their numbers differ. Missing
 * values on both sides are no evidence: an unread name or number matches nothing.
 */
export function matchCompany(entities: EntityDetails[], name: string | null, regNumber: string | null): CompanyDetails | undefined {
  const companies = entities.filter((e): e is CompanyDetails => e.type === 'company');
  if (regNumber) {
    const byReg = companies.find((c) => !!c.company_reg_number.trim() && sameNumber(c, regNumber));
    if (byReg) return byReg;
  }
  const key = companyNameKey(name);
  if (!key) return undefined;
  return companies.find((c) => companyNameKey(c.company_full_name) === key && !(regNumber && c.company_reg_number.trim() && !sameNumber(c, regNumber)));
}

/** The case person an identity document names: same first and last name, birth months not disagreeing. */
export function matchPerson(entities: EntityDetails[], given: string | null, surname: string | null, birth: string | null): PersonDetails | undefined {
  const key = personNameKey(given, surname);
  if (!key || !surname) return undefined;
  return entities.find((e): e is PersonDetails => e.type === 'person' && personNameKey(e.first_name, e.last_name) === key && birthMonthsAgree(e.date_of_birth, birth));
}

function personItem(key: string, name: string, source: string): FoundPerson {
  const { first, last } = splitPersonName(name);
  return { kind: 'person', key, first, last, birthMonth: null, citizenship: null, residency: null, notes: [], sources: [{ source: 'document', ref: source, url: null }] };
}

/** Facts one document gives about the case's entities (null when it gives none) and its counterparties. */
export function documentFacts(doc: CaseDocument, entities: EntityDetails[], mainEntityId: string): { graph: FoundGraph | null; counterparties: FoundCounterparty[] } {
  const f = fieldsOf(doc.extracted);
  const items: FoundItem[] = [];
  const counterparties: FoundCounterparty[] = [];
  const source = { source: 'document', ref: doc.id, url: null };
  const main = entities.find((e) => e.entity_id === mainEntityId) as CompanyDetails | undefined;
  const companyName = str(f.company_name);
  const regNumber = str(f.registration_number);

  if (companyName || regNumber) {
    const target = matchCompany(entities, companyName, regNumber);
    if (target) {
      const key = target.entity_id === mainEntityId ? ROOT_KEY : `doc:${doc.id}:company`;
      const c: FoundCompany = emptyCompany(key, companyName ?? target.company_full_name, target.company_country_code, regNumber);
      c.entityId = target.entity_id;
      c.legalType = str(f.legal_form);
      c.status = str(f.status);
      c.incorporationDate = str(f.incorporation_date);
      const address = str(f.registered_address);
      if (address) c.address = { ...emptyAddress(target.company_country_code), street_address: address };
      c.sources = [source];
      const directors = list(f.directors)
        .map(str)
        .filter((n): n is string => !!n);
      if (directors.length) {
        c.directors = directors.map((name, i) => {
          const key = `doc:${doc.id}:director:${i}`;
          items.push(personItem(key, name, doc.id));
          return { key, nominal: false };
        });
      }
      const holders = list(f.shareholders) as { name?: unknown; shares?: unknown; percentage?: unknown }[];
      const totalShares = holders.reduce((s, h) => s + (typeof h.shares === 'number' ? h.shares : 0), 0);
      if (holders.length) {
        c.shareholders = [];
        holders.forEach((h, i) => {
          const name = str(h.name);
          const fraction = typeof h.percentage === 'number' ? h.percentage / 100 : typeof h.shares === 'number' && totalShares > 0 ? h.shares / totalShares : null;
          if (!name || fraction === null) return;
          const key = `doc:${doc.id}:holder:${i}`;
          if (looksLikePerson(name)) items.push(personItem(key, name, doc.id));
          else items.push({ ...emptyCompany(key, name, '', null), sources: [source] });
          c.shareholders!.push({ key, ownership: { fraction } });
        });
      }
      items.unshift(c);
    }
  }

  const surname = str(f.surname);
  if (surname) {
    const given = str(f.given_names);
    const birth = str(f.birth_date);
    const person = matchPerson(entities, given, surname, birth);
    if (person) {
      items.push({
        ...personItem(`doc:${doc.id}:person`, `${given ?? ''} ${surname}`, doc.id),
        first: given,
        last: surname,
        birthMonth: birth ? birth.slice(0, 7) : null,
        citizenship: countryCodeOf(str(f.nationality)),
        idNumber: str(f.document_number),
        entityId: person.entity_id,
      });
    }
  }

  const mainKey = companyNameKey(main?.company_full_name);
  const isMain = (name: string | null) => !!name && !!mainKey && companyNameKey(name) === mainKey;
  const requested = (doc.documentType ?? '').toLowerCase();
  const seller = f.seller as Fields | undefined;
  const buyer = f.buyer as Fields | undefined;
  if (seller || buyer) {
    const number = str(f.invoice_number);
    const what = [
      number ? `invoice ${number}` : 'an invoice',
      str(f.issue_date) ? `of ${str(f.issue_date)}` : '',
      str(f.grand_total) ? `(${str(f.grand_total)} ${str(f.currency) ?? ''})`.replace(' )', ')') : '',
    ]
      .filter(Boolean)
      .join(' ');
    const mainSells = isMain(str(seller?.name)) || (!isMain(str(buyer?.name)) && requested === 'invoice_with_client');
    const other = mainSells ? buyer : seller;
    const name = str(other?.name);
    if (name && !isMain(name)) {
      counterparties.push({
        name,
        countryCode: str(other?.country_code),
        regNumber: str(other?.registration_number),
        role: [mainSells ? 'customer' : 'supplier'],
        nature: `${mainSells ? 'Buyer on' : 'Seller on'} ${what}`,
      });
    }
  }
  for (const p of list(f.parties) as Fields[]) {
    const name = str(p.name);
    if (!name || isMain(name)) continue;
    const roleText = (str(p.role) ?? '').toLowerCase();
    const role =
      /buyer|purchaser|client|customer|charterer|licensee|lessee/.test(roleText) || requested === 'contract_with_client'
        ? 'customer'
        : /seller|supplier|vendor|contractor|provider|owner|licensor|lessor/.test(roleText) || requested === 'contract_from_supplier'
          ? 'supplier'
          : null;
    const title = str(f.title) ?? 'a contract';
    counterparties.push({
      name,
      countryCode: str(p.country_code),
      regNumber: str(p.registration_number),
      role: role ? [role] : [],
      nature: `Party to ${title}${str(f.signing_date) ? ` signed ${str(f.signing_date)}` : ''}${roleText ? ` (${roleText})` : ''}`,
    });
  }
  return { graph: items.length ? { rootKey: ROOT_KEY, items } : null, counterparties };
}

/** Whether a document is evidence about a person (passport, ID card, driving licence…) rather than a company. */
export function isPersonEvidence(doc: Pick<CaseDocument, 'documentType' | 'extracted'>): boolean {
  return doc.extracted.document_type === 'proof_of_identity' || (!!doc.documentType && requestedDocType(doc.documentType) === 'proof_of_identity');
}

/**
 * The entity a document evidences, for its `entity_id`: for person evidence the case person it
 * names (by name and birth date; null when no person matches, never the company); for other
 * documents `stored`, the entity it was filed for.
 */
export function documentEntityId(doc: Pick<CaseDocument, 'documentType' | 'extracted'>, entities: EntityDetails[], stored: string | null): string | null {
  if (!isPersonEvidence(doc)) return stored;
  const f = fieldsOf(doc.extracted);
  return matchPerson(entities, str(f.given_names), str(f.surname), str(f.birth_date))?.entity_id ?? null;
}
