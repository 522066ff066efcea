// Ultimate beneficial owners from effective ownership: every natural person at the end of a chain
// (the spec's shareholding rule 5), those whose stake cannot reach the threshold told apart, and
// stakes a register declares directly (BODS indirect interests) reconciled with what the chain
// computes. Pure.
import type { Ownership } from '../case-entities.ts';
import type { EffectiveOwnership, TerminalStake } from './effective.ts';
import { contains, toInterval } from './interval.ts';

export interface Ubo {
  person_entity_id: string;
  effective_ownership: Ownership;
}

/** The default share of ownership from which a natural person counts as a beneficial owner under the usual rules. */
export const DEFAULT_UBO_THRESHOLD = 0.25;

/** Every natural person at the end of a chain, with the stake through all paths combined. Largest stakes first. */
export function ultimateOwners(result: EffectiveOwnership): Ubo[] {
  return result.terminals
    .filter((t) => t.kind === 'person')
    .sort((a, b) => b.high - a.high || b.low - a.low || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((t) => ({ person_entity_id: t.id, effective_ownership: t.ownership }));
}

/**
 * Persons whose stake cannot reach the threshold, even at the high end of a band (a compliance
 * team must look at anyone who could be above it). They stay listed; this only tells them apart.
 */
export function belowThreshold(result: EffectiveOwnership, threshold = DEFAULT_UBO_THRESHOLD): string[] {
  return result.terminals
    .filter((t) => t.kind === 'person' && t.high < threshold - 1e-12)
    .map((t) => t.id)
    .sort();
}

export interface DeclaredStake {
  id: string;
  ownership: Ownership;
}

/**
 * A register may declare a person's whole stake in a company (direct and indirect) while the
 * intermediate holdings it lists carry no shares. The declaration then narrows what the chain
 * gives; when the two disagree, the declaration is kept and the disagreement reported.
 */
export function withDeclared(result: EffectiveOwnership, declared: DeclaredStake[]): { result: EffectiveOwnership; disagreements: string[] } {
  if (declared.length === 0) return { result, disagreements: [] };
  const byId = new Map(result.terminals.map((t) => [t.id, t]));
  const disagreements: string[] = [];
  for (const d of [...declared].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const [low, high] = toInterval(d.ownership);
    const computed = byId.get(d.id);
    if (computed && !(contains(computed.ownership, low) && contains(computed.ownership, high))) disagreements.push(d.id);
    const next: TerminalStake = { id: d.id, kind: computed?.kind ?? 'person', low, high, ownership: d.ownership, unresolved: false };
    byId.set(d.id, next);
  }
  const terminals = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { result: { ...result, terminals }, disagreements };
}
