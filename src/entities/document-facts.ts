// What the verification engine read from a case's documents (`extracted_data.fields`), as facts
// about the case's entities: a certificate or register extract fills or confirms the company's
// register fields and directors, a shareholder register its owners, an identity document the
// person's birth month, nationality and document number, invoices and contracts the company's
// counterparties and what they print about both sides (VAT number, e-mail, address, country), a
// bill addressed to the company the address it is found at. Only companies and persons the case
// already knows are filled, and only when the document identifies them by evidence both sides have
// (the same registration or VAT number, or the read name); a document whose subject is not
// identified adds nothing. Also which entity a document evidences, for its `entity_id`. Pure.
import type { Address, CompanyDetails, EntityDetails, PersonDetails } from './case-entities.ts';
import { emptyAddress, looksLikePerson } from './case-entities.ts';
import { emptyCompany, type FoundCompany, type FoundGraph, type FoundItem, type FoundPerson, type FoundSource } from './found.ts';
import { birthMonthsAgree, companyNameKey, normalizeRegNumber, personNameKey } from './keys.ts';
import { countryCodeOf } from '../lib/countries.ts';
import { countryOfAddress, FORMATS, parsePostalAddress } from '../lib/postal-address.ts';
import { splitPersonName } from '../lib/person-names.ts';
import { ROOT_KEY } from './resolve-registers.ts';
import { requestedDocType } from '../document-engine/index.ts';

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
  /** What the document prints about this party (VAT number, address, country), when the case company's own side of it is identified. */
  facts?: FoundCompany;
}

type Fields = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** A JSON object among the fields (a party, a shareholder); the fields are read by name, each checked where it is used. */
const isFields = (v: unknown): v is Fields => !!v && typeof v === 'object' && !Array.isArray(v);

/** The fields the engine read (`extracted_data.fields`), else the top level (a register filing's facts). */
function fieldsOf(extracted: Record<string, unknown>): Fields {
  return isFields(extracted.fields) ? extracted.fields : extracted;
}

const sameNumber = (c: CompanyDetails, regNumber: string) => normalizeRegNumber(c.company_country_code, c.company_reg_number) === normalizeRegNumber(c.company_country_code, regNumber);

/** An address as a document prints it: the country it names (else `country`), the rest whole in the street; split later where its format is known. */
export function documentAddress(text: string | null, country: string): Address | null {
  if (!text) return null;
  return { ...emptyAddress(countryOfAddress(text) ?? country), street_address: text };
}

const vatKey = (v: string) => v.replace(/[\s.\-]+/g, '').toUpperCase();
/** The country a VAT number's prefix names (Greece writes EL); null for a number without one. */
const vatCountry = (v: string | null) => (v && /^[A-Z]{2}/i.test(v) ? v.slice(0, 2).toUpperCase().replace('EL', 'GR') : null);

/**
 * The country a party of an invoice or contract is in: the one its address names (or, in an
 * e-invoice, the address's country field), else the one its VAT number or the reading gave, unless
 * its address fits another country's postcode format and not that one's. Null when nothing says.
 */
function partyCountry(p: Fields, einvoice: boolean): string | null {
  const address = str(p.address);
  const named = countryOfAddress(address) ?? (einvoice ? countryCodeOf(str(p.country_code)) : null);
  if (named) return named;
  const read = countryCodeOf(str(p.country_code)) ?? vatCountry(str(p.vat_id));
  if (!read || !address || parsePostalAddress(address, read)) return read;
  return Object.keys(FORMATS).some((cc) => parsePostalAddress(address, cc)) ? null : read;
}

/** What a document prints about one party identified as a case entity (or as the named counterparty). */
/** A party's registration number; none when what was read is its VAT number ("VAT Reg No"), which says nothing of its company number. */
function partyRegNumber(p: Fields): string | null {
  const reg = str(p.registration_number);
  const vat = str(p.vat_id);
  return reg && !(vat && vatKey(reg) === vatKey(vat)) ? reg : null;
}

function partyFound(key: string, p: Fields, fallbackName: string, country: string | null, source: FoundSource, einvoice: boolean): FoundCompany {
  const c = emptyCompany(key, str(p.name) ?? fallbackName, partyCountry(p, einvoice) ?? '', partyRegNumber(p));
  const vat = str(p.vat_id);
  c.vatNumber = vat ? vatKey(vat) : null;
  const email = str(p.email);
  c.email = email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email.toLowerCase() : null;
  c.operationalAddress = documentAddress(str(p.address), c.countryCode || country || '');
  c.sources = [source];
  return c;
}

/**
 * Whether a party of a document is the case company: its read name or registration number (the
 * numbers not disagreeing), or its VAT number. A company may hold VAT numbers in several countries,
 * so a different VAT number is kept beside the known one rather than taken as another company.
 */
function isCompany(c: CompanyDetails | undefined, p: Fields | undefined): boolean {
  if (!c || !p) return false;
  if (matchCompany([c], str(p.name), partyRegNumber(p))) return true;
  const vat = str(p.vat_id);
  return !!vat && !!c.vat_number && vatKey(vat) === vatKey(c.vat_number);
}

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
  const mainEntity = entities.find((e) => e.entity_id === mainEntityId);
  const main = mainEntity?.type === 'company' ? mainEntity : undefined;
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
      c.address = documentAddress(str(f.registered_address), target.company_country_code);
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
      const holders = list(f.shareholders).filter(isFields);
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

  const requested = (doc.documentType ?? '').toLowerCase();
  const einvoice = f.source === 'einvoice';
  const seller = isFields(f.seller) ? f.seller : undefined;
  const buyer = isFields(f.buyer) ? f.buyer : undefined;
  if (main && (seller || buyer)) {
    const number = str(f.invoice_number);
    const what = [
      number ? `invoice ${number}` : 'an invoice',
      str(f.issue_date) ? `of ${str(f.issue_date)}` : '',
      str(f.grand_total) ? `(${str(f.grand_total)} ${str(f.currency) ?? ''})`.replace(' )', ')') : '',
    ]
      .filter(Boolean)
      .join(' ');
    // The case company's side: the one that names it; else, when that side's name was not read,
    // the side the request put it on. An invoice between two other companies adds nothing.
    const sellerIsMain = isCompany(main, seller);
    const buyerIsMain = !sellerIsMain && isCompany(main, buyer);
    const mainSells = sellerIsMain
      ? true
      : buyerIsMain
        ? false
        : requested === 'invoice_with_client' && !str(seller?.name)
          ? true
          : requested === 'invoice_from_supplier' && !str(buyer?.name)
            ? false
            : null;
    if (mainSells !== null) {
      const own = mainSells ? seller : buyer;
      const other = mainSells ? buyer : seller;
      const identified = sellerIsMain || buyerIsMain;
      if (identified && own) {
        const c = partyFound(`doc:${doc.id}:${mainSells ? 'seller' : 'buyer'}`, own, main.company_full_name, main.company_country_code, source, einvoice);
        c.entityId = main.entity_id;
        items.push(c);
      }
      const name = str(other?.name);
      if (name && other && !isCompany(main, other)) {
        counterparties.push({
          name,
          countryCode: partyCountry(other, einvoice),
          regNumber: partyRegNumber(other),
          role: [mainSells ? 'customer' : 'supplier'],
          nature: `${mainSells ? 'Buyer on' : 'Seller on'} ${what}`,
          ...(identified ? { facts: partyFound(`doc:${doc.id}:${mainSells ? 'buyer' : 'seller'}`, other, name, null, source, einvoice) } : {}),
        });
      }
    }
  }
  const parties = list(f.parties).filter(isFields);
  // A contract's parties are the case company's counterparties when it is one of them, or when a party's name was not read.
  const mainParty = parties.findIndex((p) => isCompany(main, p));
  if (main && (mainParty >= 0 || parties.some((p) => !str(p.name)))) {
    parties.forEach((p, i) => {
      const name = str(p.name);
      if (!name) return;
      const roleText = (str(p.role) ?? '').toLowerCase();
      if (i === mainParty) {
        const c = partyFound(`doc:${doc.id}:party:${i}`, p, main.company_full_name, main.company_country_code, source, false);
        c.entityId = main.entity_id;
        items.push(c);
        return;
      }
      if (isCompany(main, p)) return;
      const role =
        /buyer|purchaser|client|customer|charterer|licensee|lessee/.test(roleText) || requested === 'contract_with_client'
          ? 'customer'
          : /seller|supplier|vendor|contractor|provider|owner|licensor|lessor/.test(roleText) || requested === 'contract_from_supplier'
            ? 'supplier'
            : null;
      const title = str(f.title) ?? 'a contract';
      counterparties.push({
        name,
        countryCode: partyCountry(p, false),
        regNumber: partyRegNumber(p),
        role: role ? [role] : [],
        nature: `Party to ${title}${str(f.signing_date) ? ` signed ${str(f.signing_date)}` : ''}${roleText ? ` (${roleText})` : ''}`,
        ...(mainParty >= 0 ? { facts: partyFound(`doc:${doc.id}:party:${i}`, p, name, null, source, false) } : {}),
      });
    });
  }
  // A bill or a bank letter addressed to the case company: the address it is found at.
  const holder = str(f.holder);
  if (main && holder && str(f.address) && doc.extracted.document_type === 'proof_of_address' && matchCompany([main], holder, null)) {
    const c = emptyCompany(`doc:${doc.id}:holder`, holder, '', null);
    c.operationalAddress = documentAddress(str(f.address), main.company_country_code);
    c.entityId = main.entity_id;
    c.sources = [source];
    items.push(c);
  }
  // A bill or a bank letter addressed to a person of the case by name: where that person lives.
  if (holder && str(f.address) && doc.extracted.document_type === 'proof_of_address' && looksLikePerson(holder) && !(main && matchCompany([main], holder, null))) {
    const { first, last } = splitPersonName(holder);
    const person = last ? matchPerson(entities, first, last, null) : undefined;
    const country = countryOfAddress(str(f.address));
    if (person) items.push({ ...personItem(`doc:${doc.id}:resident`, holder, doc.id), entityId: person.entity_id, residentialAddress: documentAddress(str(f.address), ''), residency: country });
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
