// Beneficial Ownership Data Standard 0.4 statements (a JSON array, or JSON lines) into the local
// register. Later statements about a record replace earlier ones; closed relationships end. Shares
// are percentages in BODS and fractions here; a party given only as a reason becomes a statement.
import type { Db, Dialect } from '../../../db/db.ts';
import type { Ownership } from '../../case-entities.ts';
import { sumStakes } from '../../ownership/interval.ts';
import { companyNameKey, normalizeRegNumber, personNameKey } from '../../keys.ts';
import { personNameOf } from '../companies-house/mapping.ts';
import { RegisterBatch, type RowCollector } from './batch.ts';
import { jsonObjects } from './json-stream.ts';
import type { ImportStats } from './psc-import.ts';
import { isRecord, storedOrNull } from '../../../lib/stored-json.ts';

interface BodsShare {
  exact?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}
interface BodsInterest {
  type?: string;
  directOrIndirect?: string;
  beneficialOwnershipOrControl?: boolean;
  share?: BodsShare;
  startDate?: string;
  endDate?: string;
}
interface BodsName {
  type?: string;
  fullName?: string;
  givenName?: string;
  familyName?: string;
}
export interface BodsStatement {
  statementId?: string;
  statementDate?: string;
  recordId?: string;
  recordStatus?: string;
  recordType?: string;
  recordDetails?: Record<string, unknown>;
}

const optionalText = (v: unknown): boolean => v === undefined || typeof v === 'string';

/** Whether a parsed line is a statement: an object whose fields, where present, have their types. */
export function isBodsStatement(v: unknown): v is BodsStatement {
  return (
    isRecord(v) &&
    optionalText(v.statementId) &&
    optionalText(v.statementDate) &&
    optionalText(v.recordId) &&
    optionalText(v.recordStatus) &&
    optionalText(v.recordType) &&
    (v.recordDetails === undefined || isRecord(v.recordDetails))
  );
}

export const bodsId = (recordId: string) => `bods:${recordId}`;

/** A BODS share (percentages) as an ownership; exclusive bounds are taken as the bounds. */
export function ownershipOfShare(share: BodsShare | undefined): Ownership | null {
  if (!share) return null;
  if (typeof share.exact === 'number') return { fraction: share.exact / 100 };
  const lo = share.minimum ?? share.exclusiveMinimum;
  const hi = share.maximum ?? share.exclusiveMaximum;
  if (lo === undefined && hi === undefined) return null;
  return { range: [(lo ?? 0) / 100, (hi ?? 100) / 100] };
}

function sum(stakes: Ownership[]): Ownership | null {
  return stakes.length === 0 ? null : sumStakes(stakes);
}

function countryOf(details: Record<string, unknown>): string {
  const j = details.jurisdiction as { code?: string } | undefined;
  if (j?.code) return j.code.slice(0, 2).toUpperCase();
  const ids = (details.identifiers as { scheme?: string }[] | undefined) ?? [];
  const scheme = ids.find((i) => i.scheme && /^[A-Z]{2}-/.test(i.scheme))?.scheme;
  return scheme ? scheme.slice(0, 2) : '';
}

function regNumberOf(details: Record<string, unknown>, country: string): string | null {
  const ids = (details.identifiers as { id?: string; scheme?: string; schemeName?: string }[] | undefined) ?? [];
  // The country's company register first (GB-COH, FI-PRO…), then any identifier that is not a LEI.
  const pick = ids.find((i) => i.id && i.scheme?.startsWith(`${country}-`)) ?? ids.find((i) => i.id && i.scheme !== 'XI-LEI');
  return pick?.id ? normalizeRegNumber(country, pick.id) : null;
}

function personName(details: Record<string, unknown>): { full: string; first: string | null; last: string | null } {
  const names = (details.names as BodsName[] | undefined) ?? [];
  const n = names.find((x) => x.type === 'individual') ?? names.find((x) => x.type === 'legal') ?? names[0];
  if (!n) return { full: '', first: null, last: null };
  if (n.familyName) return { full: n.fullName ?? [n.givenName, n.familyName].filter(Boolean).join(' '), first: n.givenName ?? null, last: n.familyName };
  const parsed = personNameOf(n.fullName ?? n.givenName ?? '');
  return { full: n.fullName ?? parsed.full, first: n.givenName ?? parsed.first, last: parsed.last };
}

export function addBodsStatement(batch: RowCollector, s: BodsStatement, now: string): 'entity' | 'person' | 'relationship' | false {
  const d = s.recordDetails;
  if (!s.recordId || !d) return false;
  const id = bodsId(s.recordId);
  if (s.recordType === 'entity') {
    const type = (d.entityType as { type?: string; subtype?: string } | undefined) ?? {};
    const country = countryOf(d);
    const name = String(d.name ?? '');
    const details = {
      entity_type: type.type ?? null,
      entity_subtype: type.subtype ?? null,
      identifiers: d.identifiers ?? [],
      jurisdiction: d.jurisdiction ?? null,
      founding_date: d.foundingDate ?? null,
      dissolution_date: d.dissolutionDate ?? null,
      addresses: d.addresses ?? [],
      listed: !!d.publicListing,
    };
    batch.entity({
      id,
      source: 'bods',
      entity_type: 'company',
      name,
      name_key: companyNameKey(name),
      country_code: country,
      reg_number: regNumberOf(d, country),
      details: JSON.stringify(details),
      updated_at: now,
    });
    return 'entity';
  }
  if (s.recordType === 'person') {
    const name = personName(d);
    const nationalities = ((d.nationalities as { code?: string }[] | undefined) ?? []).map((n) => n.code).filter(Boolean);
    const pep = (d.politicalExposure as { status?: string } | undefined)?.status;
    const details = {
      first: name.first,
      last: name.last,
      birth_month: typeof d.birthDate === 'string' ? d.birthDate.slice(0, 7) : null,
      nationality: nationalities[0] ?? null,
      tax_residency: ((d.taxResidencies as { code?: string }[] | undefined) ?? [])[0]?.code ?? null,
      person_type: d.personType ?? null,
      pep: pep === 'isPep' ? true : pep === 'isNotPep' ? false : null,
    };
    batch.entity({
      id,
      source: 'bods',
      entity_type: 'person',
      name: name.full,
      name_key: personNameKey(name.first, name.last),
      country_code: '',
      reg_number: null,
      details: JSON.stringify(details),
      updated_at: now,
    });
    return 'person';
  }
  if (s.recordType !== 'relationship' || typeof d.subject !== 'string') return false;
  const interests = (d.interests as BodsInterest[] | undefined) ?? [];
  const party = d.interestedParty;
  const closed = s.recordStatus === 'closed' ? (s.statementDate ?? now.slice(0, 10)) : null;
  const base = { source: 'bods' as const, subject_id: bodsId(d.subject), updated_at: now };
  if (typeof party !== 'string') {
    const reason = (party as { reason?: string } | undefined)?.reason ?? 'unknown';
    batch.relationship({ ...base, id, party_id: null, party: null, unspecified_reason: reason, ownership: null, natures: '[]', kind: 'statement', start_date: null, end_date: closed });
    return 'relationship';
  }
  const current = interests.filter((i) => !i.endDate);
  const ended =
    closed ??
    (interests.length > 0 && current.length === 0
      ? interests
          .map((i) => i.endDate!)
          .sort()
          .pop()!
      : null);
  const live = current.length ? current : interests;
  const untyped = live.length === 0 || live.every((i) => !i.type || i.type === 'unknownInterest');
  const shares = (how: (x?: string) => boolean) => live.filter((i) => i.type === 'shareholding' && how(i.directOrIndirect));
  const direct = shares((x) => x !== 'indirect');
  const indirect = shares((x) => x === 'indirect');
  const natures = JSON.stringify([...new Set(live.map((i) => i.type ?? 'unknownInterest'))]);
  const stake = (list: BodsInterest[]) => sum(list.map((i) => ownershipOfShare(i.share) ?? { range: [0, 1] as [number, number] }));
  const partyId = bodsId(party);
  const start =
    live
      .map((i) => i.startDate)
      .filter(Boolean)
      .sort()[0] ?? null;
  // Interests held through others are a declaration about the whole chain, kept apart from holdings.
  const directOwnership = direct.length ? stake(direct) : untyped ? { range: [0, 1] as [number, number] } : null;
  if (direct.length || !indirect.length || untyped) {
    batch.relationship({
      ...base,
      id,
      party_id: partyId,
      party: null,
      unspecified_reason: null,
      ownership: directOwnership ? JSON.stringify(directOwnership) : null,
      natures,
      kind: untyped ? 'unknown' : 'direct',
      start_date: start,
      end_date: ended,
    });
  }
  if (indirect.length) {
    batch.relationship({
      ...base,
      id: `${id}#indirect`,
      party_id: partyId,
      party: null,
      unspecified_reason: null,
      ownership: JSON.stringify(stake(indirect)),
      natures,
      kind: 'indirect',
      start_date: start,
      end_date: ended,
    });
  }
  return 'relationship';
}

export async function importBods(db: Db, dialect: Dialect, input: AsyncIterable<Buffer | string>, onProgress?: (stats: ImportStats) => void): Promise<ImportStats> {
  const batch = new RegisterBatch(db, dialect);
  const stats: ImportStats = { lines: 0, accepted: 0, skipped: 0, entities: 0, relationships: 0 };
  const now = new Date().toISOString();
  let inBatch = 0;
  for await (const text of jsonObjects(input)) {
    stats.lines++;
    const s = storedOrNull(text, isBodsStatement);
    if (!s) {
      stats.skipped++;
      continue;
    }
    if (addBodsStatement(batch, s, now)) stats.accepted++;
    else stats.skipped++;
    if (++inBatch >= batch.size) {
      await batch.flush();
      inBatch = 0;
      onProgress?.({ ...stats, ...batch.written });
    }
  }
  await batch.flush();
  return { ...stats, ...batch.written };
}
