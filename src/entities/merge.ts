// Merges what registers and documents found into a case's legal entities. One real entity keeps
// one entity_id: a found company is the case entity with the same country and registration number
// (else the same read name in the same country, unless their numbers differ), a found person the
// one with the same first and last name and no disagreeing birth month; two mentions match only on
// evidence both have. Registers are authoritative for register facts; documents only fill what is
// empty, and a document's value that differs is kept beside it in additional_details. Every source
// is kept. Pure and deterministic: ids of new entities derive from the case and what identifies the
// entity, so merging again gives the same result.
import { emptyAddress, newCompany, newPerson, type Address, type CompanyDetails, type EntityDetails, type Ownership, type PersonDetails } from './case-entities.ts';
import type { FoundCompany, FoundGraph, FoundPerson, FoundSource } from './found.ts';
import { birthMonthsAgree, companyNameKey, normalizeRegNumber, personNameKey, regKey, stableId } from './keys.ts';
import { DECLARED_PREFIX, UNRESOLVED_ITEM, formatDeclared } from './ownership/case-ownership.ts';
import { splitAddress } from '../lib/postal-address.ts';
import { translatedAddress } from './translated.ts';

export type Authority = 'register' | 'document';

export interface MergeResult {
  entities: EntityDetails[];
  /** Found key → entity id. */
  idOf: Map<string, string>;
  created: string[];
  sources: { entity_id: string; source: FoundSource }[];
}

const companyRegKey = (c: CompanyDetails) => regKey(c.company_country_code, c.company_reg_number);

function sameCompany(c: CompanyDetails, f: FoundCompany): boolean {
  const a = companyRegKey(c);
  const b = regKey(f.countryCode, f.regNumber);
  if (a && b) return a === b;
  // Numbers on both sides that differ are different companies, whatever their names.
  const country = c.company_country_code || f.countryCode || '';
  if (c.company_reg_number && f.regNumber && normalizeRegNumber(country, c.company_reg_number) !== normalizeRegNumber(country, f.regNumber)) return false;
  const name = companyNameKey(f.name);
  if (!name || companyNameKey(c.company_full_name) !== name) return false;
  return !c.company_country_code || !f.countryCode || c.company_country_code === f.countryCode;
}

function samePerson(p: PersonDetails, f: FoundPerson): boolean {
  const key = personNameKey(f.first, f.last);
  return key !== '' && personNameKey(p.first_name, p.last_name) === key && birthMonthsAgree(p.date_of_birth, f.birthMonth);
}

/** Adds a detail, numbering the item id when the same id already says something else. */
export function addDetail(list: { item_id: string; value: string }[], item_id: string, value: string): void {
  if (!value || list.some((d) => d.item_id.replace(/_\d+$/, '') === item_id && d.value === value)) return;
  let id = item_id;
  for (let n = 2; list.some((d) => d.item_id === id); n++) id = `${item_id}_${n}`;
  list.push({ item_id: id, value });
}

function setDetail(list: { item_id: string; value: string }[], item_id: string, value: string): void {
  const at = list.findIndex((d) => d.item_id === item_id);
  if (at >= 0) list[at] = { item_id, value };
  else list.push({ item_id, value });
}

const isEmptyAddress = (a: Address) => !a.street_address && !a.city && !a.postcode;
/** VAT numbers compared without spaces, dots or dashes, Greece's EL and GR prefixes alike. */
const vatKey = (v: string) =>
  v
    .replace(/[\s.\-]+/g, '')
    .toUpperCase()
    .replace(/^GR/, 'EL');
const addressText = (a: Partial<Address>) => [a.street_address, a.postcode, a.city, a.state_or_province, a.country_code].filter(Boolean).join(', ');
const sameText = (a: string, b: string) => a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

/** Fills a company from what one source found about it: empty fields filled, a differing value kept beside a known one. */
export function fillCompany(c: CompanyDetails, f: FoundCompany, authority: Authority): void {
  const register = authority === 'register';
  if (!c.company_full_name) c.company_full_name = f.name;
  else if (f.name && companyNameKey(f.name) !== companyNameKey(c.company_full_name)) addDetail(c.additional_details, `${authority}_name`, f.name);
  if (f.countryCode && !c.company_country_code) c.company_country_code = f.countryCode;
  else if (f.countryCode && f.countryCode !== c.company_country_code) addDetail(c.additional_details, `${authority}_country_code`, f.countryCode);
  if (f.regNumber && !c.company_reg_number) c.company_reg_number = f.regNumber;
  else if (f.regNumber && normalizeRegNumber(c.company_country_code, f.regNumber) !== normalizeRegNumber(c.company_country_code, c.company_reg_number))
    addDetail(c.additional_details, `${authority}_reg_number`, f.regNumber);
  if (f.legalType && (register || !c.legal_type)) c.legal_type = f.legalType;
  else if (f.legalType && c.legal_type && !sameText(f.legalType, c.legal_type)) addDetail(c.additional_details, `${authority}_legal_type`, f.legalType);
  if (f.status && (register || !c.company_status)) c.company_status = f.status;
  else if (f.status && !sameText(f.status, c.company_status)) addDetail(c.additional_details, `${authority}_status`, f.status);
  if (f.incorporationDate) {
    if (!c.incorporation_date) c.incorporation_date = f.incorporationDate;
    else if (c.incorporation_date !== f.incorporationDate) addDetail(c.additional_details, `${authority}_incorporation_date`, f.incorporationDate);
  }
  const address = f.address ? splitAddress({ ...emptyAddress(), ...f.address }) : null;
  if (address && (register || isEmptyAddress(c.legal_address))) {
    c.legal_address = address;
    c.legal_address_translated = translatedAddress(address);
  } else if (address && !sameText(addressText(address), addressText(c.legal_address))) addDetail(c.additional_details, `${authority}_address`, addressText(address));
  const operational = f.operationalAddress ? splitAddress({ ...emptyAddress(), ...f.operationalAddress }) : null;
  if (operational && isEmptyAddress(c.operational_address)) {
    c.operational_address = operational;
    c.operational_address_translated = translatedAddress(operational);
  } else if (operational && !sameText(addressText(operational), addressText(c.operational_address))) addDetail(c.additional_details, `${authority}_operational_address`, addressText(operational));
  if (f.vatNumber) {
    if (!c.vat_number) c.vat_number = f.vatNumber;
    else if (vatKey(f.vatNumber) !== vatKey(c.vat_number)) addDetail(c.additional_details, `${authority}_vat_number`, f.vatNumber);
  }
  if (f.email) {
    if (!c.company_email) c.company_email = f.email;
    else if (f.email.toLowerCase() !== c.company_email.toLowerCase()) addDetail(c.additional_details, `${authority}_email`, f.email);
  }
  for (const ic of f.industryCodes) {
    if (!c.registered_industry_codes.some((x) => x.classification === ic.classification && x.code === ic.code)) c.registered_industry_codes.push(ic);
  }
  for (const n of f.notes) addDetail(c.additional_details, n.item_id, n.value);
}

function fillPerson(p: PersonDetails, f: FoundPerson): void {
  if (!p.first_name && f.first) p.first_name = f.first;
  if (!p.last_name && f.last) p.last_name = f.last;
  if (!p.date_of_birth && f.birthMonth) p.date_of_birth = f.birthMonth;
  if (!p.citizenship_country_code && f.citizenship) p.citizenship_country_code = f.citizenship;
  if (!p.residency_country_code && f.residency) p.residency_country_code = f.residency;
  if (!p.id_number && f.idNumber) p.id_number = f.idNumber;
  if (!p.residential_address && f.residentialAddress) {
    p.residential_address = splitAddress({ ...emptyAddress(), ...f.residentialAddress });
    p.residential_address_translated = translatedAddress(p.residential_address);
  }
  p.additional_details ??= [];
  for (const n of f.notes) addDetail(p.additional_details, n.item_id, n.value);
}

function addStake(a: Ownership, b: Ownership): Ownership {
  const [a0, a1] = 'fraction' in a ? [a.fraction, a.fraction] : a.range;
  const [b0, b1] = 'fraction' in b ? [b.fraction, b.fraction] : b.range;
  const lo = Math.min(1, a0 + b0);
  const hi = Math.min(1, a1 + b1);
  return lo === hi ? { fraction: lo } : { range: [lo, hi] };
}

export function mergeFound(caseId: string, existing: EntityDetails[], mainEntityId: string, graph: FoundGraph, authority: Authority): MergeResult {
  const entities: EntityDetails[] = existing.map((e) => structuredClone(e));
  const byId = new Map(entities.map((e) => [e.entity_id, e]));
  const idOf = new Map<string, string>();
  const created: string[] = [];
  const sources: MergeResult['sources'] = [];

  for (const item of graph.items) {
    let target: EntityDetails | undefined;
    if (item.key === graph.rootKey) target = byId.get(mainEntityId);
    else if (item.entityId && byId.get(item.entityId)?.type === item.kind) target = byId.get(item.entityId);
    else if (item.kind === 'company') target = entities.find((e) => e.type === 'company' && sameCompany(e, item));
    else target = entities.find((e) => e.type === 'person' && samePerson(e, item)) ?? entities.find((e) => e.type === 'person' && samePerson(e, { ...item, birthMonth: null }) && !e.date_of_birth);
    if (!target) {
      const identity =
        item.kind === 'company'
          ? (regKey(item.countryCode, item.regNumber) ?? (companyNameKey(item.name) ? `name:${item.countryCode}:${companyNameKey(item.name)}` : item.key))
          : `person:${personNameKey(item.first, item.last)}:${item.birthMonth ?? ''}:${personNameKey(item.first, item.last) ? '' : item.key}`;
      let id = stableId(caseId, identity);
      for (let n = 2; byId.has(id); n++) id = stableId(caseId, `${identity}#${n}`);
      target = item.kind === 'company' ? newCompany(id, item.name, item.countryCode) : newPerson(id, '');
      if (target.type === 'company') {
        target.company_reg_number = item.kind === 'company' ? (item.regNumber ?? '') : '';
        target.legal_address = emptyAddress(item.kind === 'company' ? item.countryCode : '');
        target.legal_address_translated = emptyAddress(item.kind === 'company' ? item.countryCode : '');
      } else target.last_name = null;
      entities.push(target);
      byId.set(id, target);
      created.push(id);
    }
    idOf.set(item.key, target.entity_id);
    if (target.type === 'company' && item.kind === 'company') fillCompany(target, item, authority);
    if (target.type === 'person' && item.kind === 'person') fillPerson(target, item);
    for (const s of item.sources) sources.push({ entity_id: target.entity_id, source: s });
  }

  // Links second: every key now has its entity.
  for (const item of graph.items) {
    if (item.kind !== 'company') continue;
    const c = byId.get(idOf.get(item.key)!);
    if (c?.type !== 'company') continue;
    if (item.shareholders && (authority === 'register' || c.shareholders.length === 0)) {
      const stakes = new Map<string, Ownership>();
      for (const s of item.shareholders) {
        const id = idOf.get(s.key);
        if (!id || id === c.entity_id) continue;
        stakes.set(id, stakes.has(id) ? addStake(stakes.get(id)!, s.ownership) : s.ownership);
      }
      if (stakes.size || authority === 'register') c.shareholders = [...stakes].map(([entity_id, ownership]) => ({ entity_id, ownership }));
    }
    if (item.directors && (authority === 'register' || c.directors.length === 0)) {
      const seen = new Map<string, boolean>();
      for (const d of item.directors) {
        const id = idOf.get(d.key);
        if (id) seen.set(id, (seen.get(id) ?? false) || d.nominal);
      }
      if (seen.size || authority === 'register') c.directors = [...seen].map(([person_entity_id, nominal]) => ({ person_entity_id, nominal }));
    }
    for (const ctl of item.controllers) {
      const id = idOf.get(ctl.key);
      if (id) setDetail(c.additional_details, `significant_control:${id}`, ctl.natures.join(', '));
    }
    for (const d of item.declared) {
      const id = idOf.get(d.key);
      if (id) setDetail(c.additional_details, `${DECLARED_PREFIX}${id}`, formatDeclared(d.ownership));
    }
    if (item.unresolved && c.shareholders.length === 0) setDetail(c.additional_details, UNRESOLVED_ITEM, item.unresolved);
    else if (!item.unresolved && item.shareholders?.length) c.additional_details = c.additional_details.filter((d) => d.item_id !== UNRESOLVED_ITEM);
  }
  return { entities, idOf, created, sources };
}
