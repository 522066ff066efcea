// Companies House "persons with significant control" snapshot (JSON lines, one PSC or statement
// per line: {"company_number": …, "data": {kind, name, natures_of_control, identification, …}})
// into the local register. Corporate PSCs registered in the UK are linked to their own company
// number, so chains can be followed through the snapshot itself.
import type { Db, Dialect } from '../../../db/db.ts';
import { companyNameKey } from '../../keys.ts';
import { countryCodeOf } from '../../../lib/countries.ts';
import { addressOf, birthMonthOf, normalizeCompanyNumber, ownershipOfNatures, personNameOf, ukRegistrationOf } from '../companies-house/mapping.ts';
import type { ChPsc } from '../companies-house/types.ts';
import { RegisterBatch, type RowCollector } from './batch.ts';
import { lines } from './json-stream.ts';

export interface ImportStats {
  /** Lines (PSC) or statements (BODS) read. */
  lines: number;
  accepted: number;
  skipped: number;
  /** Rows written (a row written in two batches counts twice). */
  entities: number;
  relationships: number;
}

export const companyId = (number: string) => `GB-COH:${normalizeCompanyNumber(number)}`;
/** Snapshot lines come grouped by company: its number is normalised once per group. */
const lastNumber = { raw: '', normalized: '' };

/** Adds the rows one snapshot line stands for to the batch; false when the line is not a PSC or statement. */
export function addPscLine(batch: RowCollector, record: { company_number?: string; data?: ChPsc & { statement?: string } }, now: string): 'owner' | 'statement' | false {
  const number = record.company_number;
  const d = record.data;
  if (!number || !d?.kind) return false;
  // The company itself needs no row: its relationships name it (GB-COH:<number>), and the local
  // register finds a UK company by those. Its name is filled when it is itself someone's owner.
  const normalized = lastNumber.raw === number ? lastNumber.normalized : normalizeCompanyNumber(number);
  lastNumber.raw = number;
  lastNumber.normalized = normalized;
  const subject = `GB-COH:${normalized}`;
  // "/company/<n>/persons-with-significant-control/individual/<id>" → "psc:<n>/<id>": short keys, small indexes.
  const selfLink = d.links?.self ?? '';
  const pscId = selfLink.slice(selfLink.lastIndexOf('/') + 1);
  const relId = `psc:${normalized}/${pscId || `${d.kind}/${d.name ?? d.statement ?? ''}`}`;
  const base = { id: relId, source: 'psc' as const, subject_id: subject, start_date: d.notified_on ?? null, end_date: d.ceased_on ?? null, updated_at: now };

  if (d.kind === 'persons-with-significant-control-statement' || d.kind.startsWith('super-secure')) {
    const reason = d.statement ?? 'super-secure-person-with-significant-control';
    batch.relationship({ ...base, party_id: null, party: null, unspecified_reason: reason, ownership: null, natures: '[]', kind: 'statement' });
    return 'statement';
  }
  const natures = d.natures_of_control ?? [];
  const { ownership, naturesJson } = naturesOf(natures);
  if (d.kind.startsWith('individual')) {
    // A PSC individual has no identity across companies in the snapshot: it is written inline in
    // its one relationship (half the rows of an entity row of its own).
    const name = personNameOf(d.name ?? '', d.name_elements);
    // The address is kept as the register wrote it; it is read into Dossier's shape only when used.
    const details = {
      first: name.first,
      last: name.last,
      birth_month: birthMonthOf(d.date_of_birth),
      nationality: d.nationality ?? null,
      residence: d.country_of_residence ?? null,
      ch_address: d.address ?? null,
    };
    batch.relationship({
      ...base,
      party_id: null,
      party: JSON.stringify({ entity_type: 'person', name: name.full, details }),
      unspecified_reason: null,
      ownership,
      natures: naturesJson,
      kind: 'direct',
    });
    return 'owner';
  }
  let partyId: string;
  if (d.kind.startsWith('corporate-entity') || d.kind.startsWith('legal-person')) {
    const uk = d.kind.startsWith('corporate-entity') ? ukRegistrationOf(d.identification) : null;
    const details = {
      legal_form: d.identification?.legal_form ?? null,
      legal_authority: d.identification?.legal_authority ?? null,
      place_registered: d.identification?.place_registered ?? null,
      address: addressOf(d.address),
      public_body: d.kind.startsWith('legal-person'),
    };
    const row = { source: 'psc' as const, entity_type: 'company' as const, name: d.name ?? '', name_key: companyNameKey(d.name), details: JSON.stringify(details), updated_at: now };
    if (uk) {
      partyId = companyId(uk);
      batch.placeholder({ ...row, id: partyId, country_code: 'GB', reg_number: uk });
    } else {
      partyId = relId;
      batch.entity({ ...row, id: partyId, country_code: countryCodeOf(d.identification?.country_registered) ?? '', reg_number: d.identification?.registration_number ?? null });
    }
  } else return false;
  batch.relationship({ ...base, party_id: partyId, party: null, unspecified_reason: null, ownership, natures: naturesJson, kind: 'direct' });
  return 'owner';
}

/** Natures of control repeat from line to line: their JSON and stake are worked out once. */
const naturesSeen = new Map<string, { ownership: string | null; naturesJson: string }>();
function naturesOf(natures: string[]): { ownership: string | null; naturesJson: string } {
  const key = natures.join('|');
  let hit = naturesSeen.get(key);
  if (!hit) {
    const o = ownershipOfNatures(natures);
    hit = { ownership: o ? JSON.stringify(o) : null, naturesJson: JSON.stringify(natures) };
    if (naturesSeen.size < 10_000) naturesSeen.set(key, hit);
  }
  return hit;
}

export async function importPsc(db: Db, dialect: Dialect, input: AsyncIterable<Buffer | string>, onProgress?: (stats: ImportStats) => void): Promise<ImportStats> {
  const batch = new RegisterBatch(db, dialect);
  const stats: ImportStats = { lines: 0, accepted: 0, skipped: 0, entities: 0, relationships: 0 };
  const now = new Date().toISOString();
  let inBatch = 0;
  for await (const line of lines(input)) {
    stats.lines++;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      stats.skipped++;
      continue;
    }
    if (addPscLine(batch, record as Parameters<typeof addPscLine>[1], now)) stats.accepted++;
    else stats.skipped++;
    if (++inBatch >= batch.size) {
      await batch.flush();
      inBatch = 0;
      if (onProgress) onProgress({ ...stats, ...batch.written });
    }
  }
  await batch.flush();
  return { ...stats, ...batch.written };
}
