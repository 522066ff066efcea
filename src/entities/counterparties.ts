// Counterparties of the case company found in documents (invoices, contracts): the same real party
// is one entity, its roles (customer, supplier) gathered, the ways it is related kept, and what the
// document prints about it (VAT number, address, country) filled in. Pure.
import { looksLikePerson, newCompany, newPerson, type CompanyDetails, type EntityDetails } from './case-entities.ts';
import type { FoundCounterparty } from './document-facts.ts';
import { companyNameKey, personNameKey, regKey, stableId } from './keys.ts';
import { fillCompany } from './merge.ts';

function matches(e: EntityDetails, cp: FoundCounterparty): boolean {
  if (e.type === 'company') {
    const a = regKey(e.company_country_code, e.company_reg_number);
    const b = regKey(cp.countryCode ?? e.company_country_code, cp.regNumber);
    if (a && b) return a === b;
    const key = companyNameKey(cp.name);
    return key !== '' && companyNameKey(e.company_full_name) === key;
  }
  const words = cp.name.trim().split(/\s+/);
  return personNameKey(e.first_name, e.last_name) === personNameKey(words.slice(0, -1).join(' '), words[words.length - 1]);
}

/** The entity a counterparty found in a document stands for, among the case's other entities. */
export function counterpartyEntity(entities: EntityDetails[], mainEntityId: string, cp: FoundCounterparty): EntityDetails | undefined {
  return entities.find((e) => e.entity_id !== mainEntityId && matches(e, cp));
}

/** Adds (or updates) a counterparty of the main company; returns new entity objects, input untouched. */
export function addCounterparty(caseId: string, entities: EntityDetails[], mainEntityId: string, cp: FoundCounterparty): EntityDetails[] {
  const out = entities.map((e) => (e.entity_id === mainEntityId ? structuredClone(e) : e));
  const main = out.find((e) => e.entity_id === mainEntityId) as CompanyDetails | undefined;
  if (!main || main.type !== 'company') return entities;
  let party = counterpartyEntity(out, mainEntityId, cp);
  if (!party) {
    const person = looksLikePerson(cp.name);
    const id = stableId(caseId, `counterparty:${person ? 'person' : 'company'}:${person ? cp.name.toLowerCase() : companyNameKey(cp.name)}`);
    party = person ? newPerson(id, cp.name) : newCompany(id, cp.name, cp.countryCode ?? '');
    if (party.type === 'company' && cp.regNumber) party.company_reg_number = cp.regNumber;
    out.push(party);
  }
  // What the document prints about the party fills the company's empty fields; a differing value is kept beside.
  if (cp.facts && party.type === 'company') {
    const filled = structuredClone(party);
    fillCompany(filled, cp.facts, 'document');
    out[out.indexOf(party)] = filled;
  }
  const at = main.counterparties.findIndex((c) => c.entity_id === party.entity_id);
  if (at === -1) {
    main.counterparties.push({ entity_id: party.entity_id, nature_of_relationship: cp.nature, counterparty_role: [...cp.role].sort() });
  } else {
    const c = main.counterparties[at]!;
    const natures = c.nature_of_relationship.split('; ');
    main.counterparties[at] = {
      entity_id: c.entity_id,
      nature_of_relationship: natures.includes(cp.nature) ? c.nature_of_relationship : [...natures, cp.nature].slice(-5).join('; '),
      counterparty_role: [...new Set([...c.counterparty_role, ...cp.role])].sort(),
    };
  }
  return out;
}
