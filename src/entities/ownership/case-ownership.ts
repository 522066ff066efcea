// Ownership of every company of a case, from the flat legal entities: the graph their
// `shareholders` references make, each company's ultimate beneficial owners, and the facts about
// the main company's chain that scoring and reports use. Pure.
import type { CompanyDetails, EntityDetails, Ownership } from '../case-entities.ts';
import { effectiveOwnership, type EffectiveOwnership } from './effective.ts';
import { compileGraph, type Holding, type OwnershipNode } from './graph.ts';
import { belowThreshold, ultimateOwners, withDeclared, type DeclaredStake } from './ubo.ts';

/** additional_details item of a company whose owners could not be followed; the value says why. */
export const UNRESOLVED_ITEM = 'ownership_unresolved';
/** additional_details item prefix of a stake a register declares for a person: `declared_ownership:<entity_id>`. */
export const DECLARED_PREFIX = 'declared_ownership:';
/** additional_details item prefix of a beneficial owner whose stake stays below the configured threshold: `below_ubo_threshold:<entity_id>`. */
export const BELOW_THRESHOLD_PREFIX = 'below_ubo_threshold:';

export interface ChainFacts {
  /** Companies reached from the main company through shareholders (the main company first). */
  reached: string[];
  /** Terminal companies on the main company's chain whose owners are not known, with their stake. */
  unresolved: { entity_id: string; ownership: Ownership; reason: string }[];
  cycles: string[][];
  bands: boolean;
  inconsistent: string[];
  /** Beneficial owners of the main company whose stake reaches (or may reach) the threshold. */
  ubos: number;
  /** Persons whose declared stake disagrees with the chain. */
  disagreements: string[];
}

export function isUnresolved(c: CompanyDetails): string | null {
  return c.additional_details.find((d) => d.item_id === UNRESOLVED_ITEM)?.value ?? null;
}

/** "0.3" or "0.25-0.5" as an ownership; null when it is neither. */
export function parseDeclared(value: string): Ownership | null {
  const m = /^\s*([\d.]+)\s*(?:-\s*([\d.]+))?\s*$/.exec(value);
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  return a === b ? { fraction: a } : { range: [Math.min(a, b), Math.max(a, b)] };
}

export function formatDeclared(o: Ownership): string {
  return 'fraction' in o ? String(o.fraction) : `${o.range[0]}-${o.range[1]}`;
}

function declaredOf(c: CompanyDetails): DeclaredStake[] {
  const out: DeclaredStake[] = [];
  for (const d of c.additional_details) {
    if (!d.item_id.startsWith(DECLARED_PREFIX)) continue;
    const ownership = parseDeclared(d.value);
    if (ownership) out.push({ id: d.item_id.slice(DECLARED_PREFIX.length), ownership });
  }
  return out;
}

/**
 * Sets `ultimate_beneficiary_owners` of every company that has shareholders (others keep theirs):
 * every natural person at the end of its chains; those below `threshold` are flagged in the
 * company's additional_details, never dropped. Describes the main company's chain. Returns new
 * objects; the input is not changed.
 */
export function applyOwnership(entities: EntityDetails[], mainEntityId: string, threshold: number): { entities: EntityDetails[]; facts: ChainFacts } {
  const nodes: OwnershipNode[] = entities.map((e) => ({ id: e.entity_id, kind: e.type, unresolved: e.type === 'company' && isUnresolved(e) !== null }));
  const holdings: Holding[] = [];
  for (const e of entities) {
    if (e.type !== 'company') continue;
    for (const s of e.shareholders) holdings.push({ owner: s.entity_id, owned: e.entity_id, ownership: s.ownership });
  }
  const graph = compileGraph({ nodes, holdings });
  let mainResult: EffectiveOwnership | null = null;
  let disagreements: string[] = [];
  const out = entities.map((e) => {
    if (e.type !== 'company' || e.shareholders.length === 0) return e;
    const reconciled = withDeclared(effectiveOwnership(graph, e.entity_id), declaredOf(e));
    if (e.entity_id === mainEntityId) {
      mainResult = reconciled.result;
      disagreements = reconciled.disagreements;
    }
    const below = new Set(belowThreshold(reconciled.result, threshold));
    const ubos = ultimateOwners(reconciled.result);
    const details = e.additional_details.filter((d) => !d.item_id.startsWith(BELOW_THRESHOLD_PREFIX));
    for (const u of ubos) {
      if (below.has(u.person_entity_id))
        details.push({ item_id: `${BELOW_THRESHOLD_PREFIX}${u.person_entity_id}`, value: `Effective ownership below the ${Math.round(threshold * 1000) / 10} % threshold` });
    }
    return { ...e, ultimate_beneficiary_owners: ubos, additional_details: details };
  });
  const main = out.find((e) => e.entity_id === mainEntityId);
  const byId = new Map(out.map((e) => [e.entity_id, e]));
  const result = mainResult as EffectiveOwnership | null;
  const reached: string[] = [];
  const seen = new Set<string>();
  for (let queue = [mainEntityId]; queue.length; ) {
    const id = queue.shift()!;
    const e = byId.get(id);
    if (seen.has(id) || e?.type !== 'company') continue;
    seen.add(id);
    reached.push(id);
    for (const s of e.shareholders) queue.push(s.entity_id);
  }
  const facts: ChainFacts = {
    reached,
    unresolved: (result?.terminals ?? [])
      .filter((t) => t.kind === 'company' && t.unresolved)
      .map((t) => {
        const c = byId.get(t.id);
        return { entity_id: t.id, ownership: t.ownership, reason: (c?.type === 'company' && isUnresolved(c)) || 'owners not known' };
      }),
    cycles: result?.cycles ?? [],
    bands: result?.bands ?? false,
    inconsistent: result?.inconsistent ?? [],
    ubos: main?.type === 'company' ? main.ultimate_beneficiary_owners.filter((u) => !main.additional_details.some((d) => d.item_id === `${BELOW_THRESHOLD_PREFIX}${u.person_entity_id}`)).length : 0,
    disagreements,
  };
  return { entities: out, facts };
}
