// The risk score of a case under the versioned policy: findings, countries (dated lists), industry,
// ownership opacity (unresolved chains, unpublished owners, bands only, circular holdings, nominee
// directors), company age and status, PEP and US-person answers, transaction facts. Every factor's
// points and reason are kept so reports can show how the score came about. Pure: the same inputs
// always give the same score (the reference date is an input, never "now").
import type { CompanyDetails, EntityDetails, PersonDetails } from '../entities/case-entities.ts';
import type { ChainFacts } from '../entities/ownership/case-ownership.ts';
import type { ScoringPolicy } from './policy.ts';
import { formatAmount } from '../lib/amounts.ts';
import { findingsFactors, riskLevelOf, type ScoreFactor, type Scoring, type Severity } from './score.ts';

export interface CaseScoreInput {
  /** YYYY-MM-DD the case is judged at (its creation date), for company age. */
  referenceDate: string;
  mainEntityId: string;
  entities: EntityDetails[];
  accountOwnerIds: string[];
  findings: { severity: Severity }[];
  rejectedDocuments: number;
  chain: ChainFacts;
  transaction: {
    direction: string | null;
    amount: number | null;
    currency: string | null;
    counterpartyName: string | null;
    ultimateDebtor: string | null;
    ultimateCreditor: string | null;
  } | null;
}

export interface CaseScoring extends Scoring {
  policy_version: string;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const norm = (s: string | null | undefined) =>
  (s ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function countryRisk(policy: ScoringPolicy, code: string | null | undefined) {
  if (!code) return null;
  let best: ScoringPolicy['countries']['lists'][number] | null = null;
  for (const l of policy.countries.lists) if (l.codes.includes(code.toUpperCase()) && (!best || l.points > best.points)) best = l;
  return best;
}

function worstCountry(policy: ScoringPolicy, codes: (string | null | undefined)[]) {
  let worst: { code: string; list: ScoringPolicy['countries']['lists'][number] } | null = null;
  for (const c of [...new Set(codes.filter(Boolean).map((x) => x!.toUpperCase()))].sort()) {
    const list = countryRisk(policy, c);
    if (list && (!worst || list.points > worst.list.points)) worst = { code: c, list };
  }
  return worst;
}

const personCountries = (p: PersonDetails) => [p.citizenship_country_code, p.residency_country_code, p.tax_residency_country_code];
const companyCountries = (c: CompanyDetails) => [c.company_country_code, c.legal_address?.country_code, c.tax_residency_country_code];

function industryCode(classification: string, code: string): string {
  return classification === 'NACE' ? code.replace(/^[A-U](?=\d)/, '').replace(/\D/g, '') : code.replace(/\D/g, '');
}

function yearsBetween(from: string, to: string): number | null {
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  return (b - a) / (365.2425 * 86_400_000);
}

export function scoreCase(input: CaseScoreInput, policy: ScoringPolicy): CaseScoring {
  const factors: ScoreFactor[] = [{ factor: 'baseline', points: policy.baseline, detail: `policy ${policy.version}` }];
  const add = (factor: string, points: number, detail: string) => {
    if (points !== 0) factors.push({ factor, points: round1(points), detail });
  };
  const byId = new Map(input.entities.map((e) => [e.entity_id, e]));
  const found = byId.get(input.mainEntityId);
  const main = found?.type === 'company' ? found : undefined;

  for (const f of findingsFactors(input, policy)) add(f.factor, f.points, f.detail);

  // Countries: the company itself, the people and companies behind it, its counterparties.
  const w = policy.countries.weights;
  const asOf = `list of ${policy.countries.as_of}`;
  const mainCountry = main ? worstCountry(policy, companyCountries(main)) : null;
  if (mainCountry) add('country_main_company', mainCountry.list.points * w.main_company, `${mainCountry.code}: ${mainCountry.list.label} (${asOf})`);
  const chainIds = new Set<string>(input.chain.reached);
  for (const id of input.chain.reached) {
    const c = byId.get(id);
    if (c?.type !== 'company') continue;
    for (const s of c.shareholders) chainIds.add(s.entity_id);
    for (const d of c.directors) chainIds.add(d.person_entity_id);
  }
  for (const u of main?.ultimate_beneficiary_owners ?? []) chainIds.add(u.person_entity_id);
  chainIds.delete(input.mainEntityId);
  const behind = [...chainIds].map((id) => byId.get(id)).filter((e): e is EntityDetails => !!e);
  const ownerCountry = worstCountry(
    policy,
    behind.flatMap((e) => (e.type === 'person' ? personCountries(e) : companyCountries(e))),
  );
  if (ownerCountry) add('country_owners_directors', ownerCountry.list.points * w.owners_and_directors, `${ownerCountry.code}: ${ownerCountry.list.label} (${asOf})`);
  const counterparties = (main?.counterparties ?? []).map((c) => byId.get(c.entity_id)).filter((e): e is EntityDetails => !!e);
  const cpCountry = worstCountry(
    policy,
    counterparties.flatMap((e) => (e.type === 'person' ? personCountries(e) : companyCountries(e))),
  );
  if (cpCountry) add('country_counterparties', cpCountry.list.points * w.counterparties, `${cpCountry.code}: ${cpCountry.list.label} (${asOf})`);

  // Industry: registered codes count fully, automatically assigned ones at a reduced weight.
  let industry: { points: number; detail: string } | null = null;
  for (const [codes, weight, how] of [
    [main?.registered_industry_codes ?? [], 1, 'registered'],
    [main?.auto_assigned_industry_codes ?? [], policy.industries.auto_assigned_weight, 'assigned from the business description'],
  ] as const) {
    for (const ic of codes) {
      const code = industryCode(ic.classification, ic.code);
      for (const r of policy.industries.rules) {
        if (r.classification !== ic.classification || !code.startsWith(r.prefix)) continue;
        const points = r.points * weight;
        if (!industry || points > industry.points) industry = { points, detail: `${ic.classification} ${ic.code} (${how}): ${r.label}` };
      }
    }
  }
  if (industry) add('industry', industry.points, industry.detail);

  // Ownership transparency.
  const o = policy.ownership;
  const chain = input.chain;
  if (chain.unresolved.length) {
    add(
      'ownership_unresolved',
      Math.min(o.unresolved_chain_max, chain.unresolved.length * o.unresolved_chain),
      `${chain.unresolved.length} owner${chain.unresolved.length === 1 ? '' : 's'} whose own owners are not known`,
    );
  }
  const unpublished = chain.reached.filter((id) => {
    const c = byId.get(id);
    return c?.type === 'company' && c.shareholders.length > 0 && c.additional_details.some((d) => d.item_id.startsWith('ownership_unpublished'));
  }).length;
  if (unpublished) add('ownership_unpublished', unpublished * o.unpublished_statement, `${unpublished} compan${unpublished === 1 ? 'y says' : 'ies say'} some owner is not published`);
  const ubos = main?.ultimate_beneficiary_owners ?? [];
  if (chain.bands && ubos.length > 0 && ubos.every((u) => 'range' in u.effective_ownership)) add('ownership_bands_only', o.bands_only, 'beneficial ownership known only as register bands');
  if (chain.cycles.length) add('ownership_circular', o.circular_holding, `${chain.cycles.length} circular holding${chain.cycles.length === 1 ? '' : 's'} in the chain`);
  const nominees = new Set<string>();
  for (const id of chain.reached) {
    const c = byId.get(id);
    if (c?.type === 'company') for (const d of c.directors) if (d.nominal) nominees.add(d.person_entity_id);
  }
  if (nominees.size) add('nominee_directors', Math.min(o.nominee_director_max, nominees.size * o.nominee_director), `${nominees.size} nominee director${nominees.size === 1 ? '' : 's'}`);
  const ownershipKnown = (main?.shareholders.length ?? 0) > 0 || chain.unresolved.length > 0;
  const listed = main?.additional_details.some((d) => d.item_id === 'publicly_listed') ?? false;
  if (ownershipKnown && chain.ubos === 0 && !listed) add('no_ubo_identified', o.no_ubo_identified, 'no natural person reaches the beneficial-ownership threshold');
  if (chain.inconsistent.length)
    add('inconsistent_stakes', o.inconsistent_stakes, `stated stakes add up to more than 100 % in ${chain.inconsistent.length} compan${chain.inconsistent.length === 1 ? 'y' : 'ies'}`);
  if (chain.disagreements.length) add('declared_ownership_mismatch', o.declared_mismatch, 'a declared stake does not match the chain of holdings');

  // The company itself.
  const c = policy.company;
  if (main) {
    const age = main.incorporation_date ? yearsBetween(main.incorporation_date, input.referenceDate) : null;
    if (age === null) add('company_age_unknown', c.unknown_incorporation_date, 'incorporation date not known');
    else {
      const band = [...c.age_years].sort((a, b) => a.under - b.under).find((b) => age < b.under);
      if (band)
        add(
          'company_age',
          band.points,
          `incorporated ${main.incorporation_date}, ${age < 1 ? 'less than a year' : `${Math.floor(age)} year${Math.floor(age) === 1 ? '' : 's'}`} before ${input.referenceDate}`,
        );
    }
    if (!c.active_statuses.includes(main.company_status.toLowerCase())) add('company_status', c.inactive_status, `register status "${main.company_status}"`);
  }

  // People: politically exposed persons and US persons among the account owners, owners and directors.
  const people = [...new Set([...input.accountOwnerIds, ...chainIds])].map((id) => byId.get(id)).filter((e): e is PersonDetails => e?.type === 'person');
  const peps = people.filter((p) => p.is_pep_self_assessment === true || (p.additional_details ?? []).some((d) => d.item_id.startsWith('pep_status')));
  if (peps.length) add('pep', policy.persons.pep, `${peps.length} politically exposed person${peps.length === 1 ? '' : 's'} among owners, directors and account owners`);
  const us = people.filter((p) => p.is_us_person === true);
  if (us.length) add('us_person', policy.persons.us_person, `${us.length} US person${us.length === 1 ? '' : 's'}`);

  // The transaction of a monitoring case.
  const t = input.transaction;
  if (t) {
    if (t.amount !== null) {
      const band = [...policy.transaction.amount_bands].sort((a, b) => b.at_least - a.at_least).find((b) => t.amount! >= b.at_least);
      if (band) add('transaction_amount', band.points, `${formatAmount(t.amount, t.currency)} is at least ${formatAmount(band.at_least, t.currency)}`);
    }
    const third = t.direction === 'outgoing' ? t.ultimateCreditor && norm(t.ultimateCreditor) !== norm(t.counterpartyName) : t.ultimateDebtor && norm(t.ultimateDebtor) !== norm(t.counterpartyName);
    if (third) add('third_party_payment', policy.transaction.third_party_payment, `ultimate ${t.direction === 'outgoing' ? 'creditor' : 'debtor'} differs from the counterparty`);
    const cp = counterparties.find((e) => t.counterpartyName && e.type === 'person');
    if (cp) add('person_counterparty', policy.transaction.person_counterparty, 'the counterparty is a natural person');
  }

  const total = factors.reduce((s, f) => s + f.points, 0);
  const score = Math.max(0, Math.min(100, Math.round(total)));
  return { score, risk_level: riskLevelOf(score, policy), factors, policy_version: policy.version };
}
