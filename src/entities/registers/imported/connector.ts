// The local register (imported PSC snapshots and BODS files) behind the same connector interface
// as the live registers. One real company may sit in several rows (a PSC company number and a BODS
// record with the same identifier); they are read together.
import type { Address, Ownership } from '../../case-entities.ts';
import { companyNameKey, normalizeRegNumber } from '../../keys.ts';
import type { Db } from '../../../db/db.ts';
import type { CompanyQuery, CompanyRef, RegisterCompany, RegisterConnector, RegisterFiling, RegisterOfficer, RegisterOwner, RegisterOwners, RegisterPersonFacts } from '../connector.ts';
import { countryCodeOf } from '../../../lib/countries.ts';
import { sumStakes } from '../../ownership/interval.ts';
import { addressOf, statementOf } from '../companies-house/mapping.ts';
import type { ChAddress } from '../companies-house/types.ts';
import {
  currentRelationshipsOf,
  findCompaniesByName,
  findCompaniesByNumber,
  findRegisterEntities,
  subjectHasRelationships,
  type RegisterEntityRow,
  type RegisterRelationshipRow,
} from '../../../db/local-register.repo.ts';
import { companyId } from './psc-import.ts';
import { storedStrings } from '../../../lib/stored-json.ts';
import { inlinePartyOf, registerDetailsOf, registerOwnershipOf, type InlineRegisterParty } from '../../../db/stored-json.ts';

export const LOCAL_REGISTER = 'local-register';

const NOT_OPAQUE_REASONS = new Set(['noBeneficialOwners', 'subjectExemptFromDisclosure']);
const BOARD = new Set(['boardMember', 'boardChair', 'seniorManagingOfficial']);

type Details = Record<string, unknown>;

/** A party written inline in its relationship (PSC individuals), as a row of its own. */
function inlineParty(r: RegisterRelationshipRow, p: InlineRegisterParty): RegisterEntityRow {
  return { id: r.id, source: r.source, entity_type: p.entity_type, name: p.name, name_key: '', country_code: '', reg_number: null, details: JSON.stringify(p.details), updated_at: r.updated_at };
}

/** The implied row of a UK company that a PSC snapshot names only as a subject. */
function pscSubject(id: string): RegisterEntityRow | null {
  const m = /^GB-COH:(.+)$/.exec(id);
  return m ? { id, source: 'psc', entity_type: 'company', name: '', name_key: '', country_code: 'GB', reg_number: m[1]!, details: '{}', updated_at: '' } : null;
}

function refOf(rows: RegisterEntityRow[]): CompanyRef {
  const named = rows.find((r) => r.name) ?? rows[0]!;
  return {
    register: LOCAL_REGISTER,
    key: rows
      .map((r) => r.id)
      .sort()
      .join('|'),
    countryCode: named.country_code,
    regNumber: rows.find((r) => r.reg_number)?.reg_number ?? null,
    name: named.name,
  };
}

function bodsAddress(details: Details, country: string): Address | null {
  const list = (details.addresses as { type?: string; address?: string; postCode?: string; country?: { code?: string } }[] | undefined) ?? [];
  const a = list.find((x) => x.type === 'registered') ?? list[0];
  if (a) return { street_address: a.address ?? '', city: '', postcode: a.postCode ?? '', country_code: a.country?.code ?? country, state_or_province: '' };
  return (details.address as Address | null | undefined) ?? null;
}

function personFacts(row: RegisterEntityRow): RegisterPersonFacts {
  const d = registerDetailsOf(row);
  return {
    name: { full: row.name, first: (d.first as string | null) ?? null, last: (d.last as string | null) ?? null },
    birthMonth: (d.birth_month as string | null) ?? null,
    nationality: (d.nationality as string | null) ?? null,
    countryOfResidence: (d.residence as string | null) ?? (d.tax_residency as string | null) ?? null,
    address: d.ch_address ? addressOf(d.ch_address as ChAddress) : ((d.address as Address | null | undefined) ?? null),
    pep: (d.pep as boolean | null | undefined) ?? null,
  };
}

export class LocalRegisterConnector implements RegisterConnector {
  readonly name = LOCAL_REGISTER;

  constructor(private readonly db: Db) {}

  /** Every row standing for the same company as these ids (same country and registration number). */
  private async sameCompany(ids: string[]): Promise<RegisterEntityRow[]> {
    const rows = await findRegisterEntities(this.db, ids);
    const out = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) if (!out.has(id) && pscSubject(id)) out.set(id, pscSubject(id)!);
    for (const r of [...out.values()]) {
      if (!r.reg_number || !r.country_code) continue;
      for (const x of await findCompaniesByNumber(this.db, r.country_code, r.reg_number)) out.set(x.id, x);
      const psc = r.country_code === 'GB' ? pscSubject(companyId(r.reg_number)) : null;
      if (psc && !out.has(psc.id)) out.set(psc.id, psc);
    }
    return [...out.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  async find(q: CompanyQuery): Promise<CompanyRef | null> {
    if (q.regNumber) {
      const number = normalizeRegNumber(q.countryCode, q.regNumber);
      const rows = await findCompaniesByNumber(this.db, q.countryCode, number);
      // A UK company of a PSC snapshot has no row of its own, only relationships under its number.
      if (rows.length === 0 && q.countryCode === 'GB' && (await subjectHasRelationships(this.db, companyId(number)))) rows.push(pscSubject(companyId(number))!);
      if (rows.length) return refOf(await this.sameCompany(rows.map((r) => r.id)));
    }
    const key = companyNameKey(q.name);
    if (!key) return null;
    const rows = (await findCompaniesByName(this.db, key)).filter((r) => !q.countryCode || !r.country_code || r.country_code === q.countryCode);
    // A name is enough only when it points at one company.
    const companies = new Set(rows.map((r) => (r.reg_number ? `${r.country_code}:${r.reg_number}` : r.id)));
    return companies.size === 1 ? refOf(await this.sameCompany(rows.map((r) => r.id))) : null;
  }

  async profile(ref: CompanyRef): Promise<RegisterCompany | null> {
    const rows = await this.sameCompany(ref.key.split('|'));
    if (rows.length === 0) return null;
    const merged: Details = Object.assign({}, ...rows.map((r) => registerDetailsOf(r)));
    const named = rows.find((r) => r.name) ?? rows[0]!;
    const country = rows.find((r) => r.country_code)?.country_code ?? '';
    const extra: RegisterCompany['extra'] = [];
    if (merged.listed) extra.push({ item_id: 'publicly_listed', value: 'true' });
    if (merged.entity_type && merged.entity_type !== 'registeredEntity') extra.push({ item_id: 'register_entity_type', value: String(merged.entity_type) });
    return {
      ref: refOf(rows),
      name: named.name,
      legalType: (merged.legal_form as string | null) ?? (merged.entity_subtype as string | null) ?? null,
      status: merged.dissolution_date ? 'dissolved' : '',
      incorporationDate: (merged.founding_date as string | null) ?? '',
      address: bodsAddress(merged, country),
      sicCodes: [],
      publicUrl: null,
      extra,
    };
  }

  async officers(ref: CompanyRef): Promise<RegisterOfficer[]> {
    const rows = await this.sameCompany(ref.key.split('|'));
    const rels = (
      await currentRelationshipsOf(
        this.db,
        rows.map((r) => r.id),
      )
    ).filter((r) => r.party_id && storedStrings(r.natures, 'register interest natures').some((n) => BOARD.has(n)));
    const parties = new Map(
      (
        await findRegisterEntities(
          this.db,
          rels.map((r) => r.party_id!),
        )
      ).map((p) => [p.id, p]),
    );
    const out: RegisterOfficer[] = [];
    for (const r of rels) {
      const p = parties.get(r.party_id!);
      if (!p || p.entity_type !== 'person') continue;
      out.push({ key: p.id, kind: 'person', role: 'director', nominee: false, appointedOn: r.start_date, person: personFacts(p), company: null });
    }
    return out;
  }

  async owners(ref: CompanyRef): Promise<RegisterOwners> {
    const rows = await this.sameCompany(ref.key.split('|'));
    const rels = await currentRelationshipsOf(
      this.db,
      rows.map((r) => r.id),
    );
    const parties = new Map(
      (
        await findRegisterEntities(
          this.db,
          rels.filter((r) => r.party_id).map((r) => r.party_id!),
        )
      ).map((p) => [p.id, p]),
    );
    const out: RegisterOwners = { owners: [], statements: [], declared: [] };
    const totals = new Map<string, Ownership[]>();
    const hasIndirect = new Set<string>();
    for (const r of rels) {
      if (r.kind === 'statement' || (!r.party_id && !r.party)) {
        const code = r.unspecified_reason ?? 'unknown';
        // PSC statements keep Companies House's wording; BODS reasons are read out.
        out.statements.push(
          code.includes('-') ? statementOf(code) : { code, text: `The register gives no owner: ${code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}.`, opaque: !NOT_OPAQUE_REASONS.has(code) },
        );
        continue;
      }
      const inline = inlinePartyOf(r);
      const party = inline ? inlineParty(r, inline) : parties.get(r.party_id!);
      if (!party) continue;
      const ownership = registerOwnershipOf(r);
      if (ownership && party.entity_type === 'person') totals.set(party.id, [...(totals.get(party.id) ?? []), ownership]);
      if (r.kind === 'indirect') {
        hasIndirect.add(party.id);
        continue;
      }
      out.owners.push(await this.ownerOf(party, ownership, storedStrings(r.natures, 'register interest natures')));
    }
    // Largest stakes first (the register files carry no order of their own).
    const top = (o: Ownership | null) => (o ? ('fraction' in o ? [o.fraction, o.fraction] : o.range) : [-1, -1]);
    out.owners.sort((a, b) => top(b.ownership)[1]! - top(a.ownership)[1]! || top(b.ownership)[0]! - top(a.ownership)[0]! || (a.key < b.key ? -1 : 1));
    for (const id of [...hasIndirect].sort()) {
      out.declared.push({ key: id, ownership: sumStakes(totals.get(id) ?? []) });
    }
    return out;
  }

  private async ownerOf(party: RegisterEntityRow, ownership: Ownership | null, natures: string[]): Promise<RegisterOwner> {
    if (party.entity_type === 'person') return { key: party.id, kind: 'person', ownership, natures, person: personFacts(party), company: null };
    const d = registerDetailsOf(party);
    const type = String(d.entity_type ?? '');
    const kind: RegisterOwner['kind'] = type === 'arrangement' ? 'arrangement' : type === 'state' || type === 'stateBody' || d.public_body ? 'public_body' : 'company';
    const same = await this.sameCompany([party.id]);
    return {
      key: party.id,
      kind,
      ownership,
      natures,
      person: null,
      company: {
        name: party.name,
        countryCode: party.country_code || countryCodeOf(String(d.place_registered ?? '')) || null,
        regNumber: party.reg_number,
        legalForm: (d.legal_form as string | null) ?? null,
        address: bodsAddress(d, party.country_code),
        ref: refOf(same.length ? same : [party]),
      },
    };
  }

  async filings(): Promise<RegisterFiling[]> {
    return [];
  }

  async filingDocument(): Promise<null> {
    return null;
  }
}
