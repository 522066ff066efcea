// The scoring policy: a versioned JSON file (src/scoring/policy.json by default, SCORING_POLICY_FILE
// to use another). Country lists carry the date they were taken from their source. Read and checked
// once per file; a wrong file stops Dossier at start-up with the path at fault.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ScoringPolicy {
  version: string;
  description?: string;
  baseline: number;
  levels: { medium: number; high: number };
  findings: { info: number; warning: number; critical: number; rejected_document: number };
  countries: {
    as_of: string;
    source: string;
    lists: { id: string; label: string; points: number; codes: string[] }[];
    weights: { main_company: number; owners_and_directors: number; counterparties: number };
  };
  industries: { as_of: string; rules: { classification: string; prefix: string; points: number; label: string }[]; auto_assigned_weight: number };
  ownership: {
    unresolved_chain: number;
    unresolved_chain_max: number;
    unpublished_statement: number;
    bands_only: number;
    circular_holding: number;
    nominee_director: number;
    nominee_director_max: number;
    no_ubo_identified: number;
    inconsistent_stakes: number;
    declared_mismatch: number;
  };
  company: { age_years: { under: number; points: number }[]; unknown_incorporation_date: number; inactive_status: number; active_statuses: string[] };
  persons: { pep: number; us_person: number };
  transaction: { amount_bands: { at_least: number; points: number }[]; third_party_payment: number; person_counterparty: number };
}

export const DEFAULT_POLICY_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'policy.json');

function check(p: unknown, file: string): ScoringPolicy {
  const problems: string[] = [];
  const num = (v: unknown, at: string) => (typeof v === 'number' && Number.isFinite(v) ? true : (problems.push(`${at} must be a number`), false));
  const o = p as ScoringPolicy;
  if (!o || typeof o !== 'object') throw new Error(`${file}: not a JSON object`);
  if (typeof o.version !== 'string' || !o.version) problems.push('version must be a non-empty string');
  num(o.baseline, 'baseline');
  num(o.levels?.medium, 'levels.medium');
  num(o.levels?.high, 'levels.high');
  for (const k of ['info', 'warning', 'critical', 'rejected_document'] as const) num(o.findings?.[k], `findings.${k}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(o.countries?.as_of ?? '')) problems.push('countries.as_of must be a date (YYYY-MM-DD)');
  (o.countries?.lists ?? []).forEach((l, i) => {
    num(l.points, `countries.lists[${i}].points`);
    if (!Array.isArray(l.codes) || l.codes.some((c) => !/^[A-Z]{2}$/.test(c))) problems.push(`countries.lists[${i}].codes must be alpha-2 codes`);
  });
  (o.industries?.rules ?? []).forEach((r, i) => num(r.points, `industries.rules[${i}].points`));
  for (const [k, v] of Object.entries(o.ownership ?? {})) num(v, `ownership.${k}`);
  if (!o.ownership || !o.company || !o.persons || !o.transaction || !o.industries || !o.countries)
    problems.push('sections countries, industries, ownership, company, persons and transaction are all required');
  if (problems.length) throw new Error(`Scoring policy ${file} is not valid: ${problems.join('; ')}`);
  return o;
}

const cache = new Map<string, ScoringPolicy>();

export function loadPolicy(file = ''): ScoringPolicy {
  const p = path.resolve(file || DEFAULT_POLICY_FILE);
  const hit = cache.get(p);
  if (hit) return hit;
  const policy = check(JSON.parse(fs.readFileSync(p, 'utf8')), p);
  cache.set(p, policy);
  return policy;
}
