// What changed in a decided hit since the analyst's decision: the decision keeps a copy of the hit
// as it was (list version, matcher version, threshold, score, matched name, the entry's facts), and
// a later screening against a new list version may find it otherwise (an alias added, a birth date
// corrected, a higher score). Said in sentences for the case page. Pure.
import type { ScreeningHitRow } from '../db/screening.repo.ts';

interface VersionLike {
  id: string;
  version_date: string;
}

type Lists = 'aliases' | 'birthDates' | 'nationalities' | 'countries' | 'programmes' | 'addresses';
type EntryFacts = { name?: string; identifiers?: string[] } & Partial<Record<Lists, string[]>>;
const LISTS: Lists[] = ['aliases', 'birthDates', 'nationalities', 'countries', 'programmes', 'addresses'];

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);

/** The facts of a stored entry (ListEntry as JSON) that can change from one list version to the next. */
function facts(json: string | null): EntryFacts {
  if (!json) return {};
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof v !== 'object' || v === null) return {};
  const out: EntryFacts = {};
  if ('name' in v && typeof v.name === 'string') out.name = v.name;
  for (const key of LISTS) if (key in v) out[key] = strings((v as Record<string, unknown>)[key]);
  if ('identifiers' in v && Array.isArray(v.identifiers))
    out.identifiers = v.identifiers
      .filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null)
      .map((i) => `${typeof i.type === 'string' ? i.type : ''} ${typeof i.value === 'string' ? i.value : ''}`.trim());
  return out;
}

const list = (xs: string[]) => xs.map((x) => `“${x}”`).join(', ');

function difference(label: string, before: string[] | undefined, after: string[] | undefined): string[] {
  const b = new Set(before ?? []);
  const a = new Set(after ?? []);
  const added = [...a].filter((x) => !b.has(x));
  const removed = [...b].filter((x) => !a.has(x));
  const out: string[] = [];
  if (added.length) out.push(`${label} added: ${list(added)}`);
  if (removed.length) out.push(`${label} removed: ${list(removed)}`);
  return out;
}

/** Sentences saying how the hit differs from what the analyst decided on; empty when it replays identically (or was never decided). */
export function changesSinceDecision(hit: ScreeningHitRow, versions: VersionLike[]): string[] {
  if (!hit.decided_at || hit.decided_version_id === null) return [];
  const out: string[] = [];
  const date = (id: string | null) => versions.find((v) => v.id === id)?.version_date ?? 'an earlier version';
  if (hit.decided_version_id !== hit.version_id) {
    const [then, now] = [date(hit.decided_version_id), date(hit.version_id)];
    out.push(then === now ? `List version: decided on an earlier version of ${then}, now found in a later one` : `List version: decided on the version of ${then}, now found in the version of ${now}`);
  }
  if (hit.decided_matcher_version !== hit.matcher_version) out.push(`Matcher: ${hit.decided_matcher_version ?? 'unrecorded'} then, ${hit.matcher_version ?? 'unrecorded'} now`);
  if (hit.decided_threshold !== hit.threshold) out.push(`Threshold: ${hit.decided_threshold ?? 'unrecorded'} then, ${hit.threshold ?? 'unrecorded'} now`);
  if (hit.decided_score !== null && hit.decided_score !== hit.score) out.push(`Score: ${hit.decided_score.toFixed(2)} then, ${hit.score.toFixed(2)} now`);
  if (hit.decided_matched_name !== null && hit.decided_matched_name !== hit.matched_name) out.push(`Matched name: “${hit.decided_matched_name}” then, “${hit.matched_name}” now`);
  const before = facts(hit.decided_entry);
  const after = facts(hit.entry);
  if (before.name !== undefined && before.name !== after.name) out.push(`Entry name: “${before.name}” then, “${after.name ?? ''}” now`);
  out.push(
    ...difference('Aliases', before.aliases, after.aliases),
    ...difference('Birth dates', before.birthDates, after.birthDates),
    ...difference('Nationalities', before.nationalities, after.nationalities),
    ...difference('Countries', before.countries, after.countries),
    ...difference('Identifiers', before.identifiers, after.identifiers),
    ...difference('Programmes', before.programmes, after.programmes),
    ...difference('Addresses', before.addresses, after.addresses),
  );
  if (!hit.current) out.push('The latest screening no longer finds this hit');
  return out;
}
