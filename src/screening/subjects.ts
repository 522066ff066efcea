// The companies and persons of a case as screening sees them: names, birth date, countries and
// identifiers from their entity details, and the part each plays in the case (the company,
// account owner, counterparty, director, beneficial owner, shareholder). Pure.
import { entityDetailsOf } from '../db/stored-json.ts';
import type { Subject } from './match.ts';

export interface CaseSubject extends Subject {
  entityId: string;
  /** Plain-language part in the case, e.g. "Director". */
  role: string;
  /** The name as the case writes it. */
  label: string;
  /** Persons: what they declared about being politically exposed (null: nothing). */
  pepDeclared: boolean | null;
}

interface EntityLike {
  id: string;
  role: string;
  entity_type: string;
  details: string;
}

export function caseSubjects(entities: EntityLike[], mainEntityId: string | null): CaseSubject[] {
  const parsed = entities.map((e) => ({ row: e, d: entityDetailsOf(e) }));
  const mainDetails = parsed.find((p) => p.row.id === mainEntityId)?.d;
  const main = mainDetails?.type === 'company' ? mainDetails : undefined;
  const directors = new Set<string>((main?.directors ?? []).map((x) => x.person_entity_id));
  const ubos = new Set<string>((main?.ultimate_beneficiary_owners ?? []).map((x) => x.person_entity_id));
  const holders = new Set<string>(parsed.flatMap((p) => (p.d.type === 'company' ? (p.d.shareholders ?? []).map((x) => x.entity_id) : [])));
  const roles = (id: string, role: string) => {
    const out: string[] = [];
    if (role === 'main_company') out.push('The company');
    if (role === 'account_owner') out.push('Account owner');
    if (role === 'counterparty') out.push('Counterparty');
    if (directors.has(id)) out.push('Director');
    if (ubos.has(id)) out.push('Beneficial owner');
    if (holders.has(id) && !ubos.has(id)) out.push('Shareholder');
    return out.length ? out.join(', ') : 'Related party';
  };
  const out: CaseSubject[] = [];
  for (const { row, d } of parsed) {
    if (d.type === 'person') {
      const name = [d.first_name, d.last_name].filter(Boolean).join(' ').trim();
      if (!name) continue;
      out.push({
        entityId: row.id,
        kind: 'person',
        names: [name],
        label: name,
        role: roles(row.id, row.role),
        birthDate: typeof d.date_of_birth === 'string' ? d.date_of_birth : null,
        countries: [d.citizenship_country_code, d.residency_country_code].filter((c): c is string => typeof c === 'string' && c.length === 2),
        identifiers: [d.id_number].filter((x): x is string => typeof x === 'string' && x.length > 0),
        pepDeclared: typeof d.is_pep_self_assessment === 'boolean' ? d.is_pep_self_assessment : null,
      });
    } else {
      const name = typeof d.company_full_name === 'string' ? d.company_full_name.trim() : '';
      if (!name) continue;
      out.push({
        entityId: row.id,
        kind: 'company',
        names: [name],
        label: name,
        role: roles(row.id, row.role),
        birthDate: null,
        countries: [d.company_country_code, d.legal_address?.country_code].filter((c): c is string => typeof c === 'string' && c.length === 2),
        identifiers: [d.company_reg_number, d.vat_number].filter((x): x is string => typeof x === 'string' && x.length > 0),
        pepDeclared: null,
      });
    }
  }
  return out;
}
