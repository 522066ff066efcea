// Deterministic test data for the ownership benchmark: a shareholding graph (companies owning
// companies, persons at the ends, some holdings pointing back to create circular groups, some stakes
// as register bands), and Companies House PSC snapshot lines.
import type { Holding, OwnershipNode } from '../../src/entities/ownership/graph.ts';

/** Small fast PRNG (mulberry32), so every run measures the same graph. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BANDS: [number, number][] = [
  [0.25, 0.5],
  [0.5, 0.75],
  [0.75, 1],
];

export interface GeneratedGraph {
  nodes: OwnershipNode[];
  holdings: Holding[];
  root: string;
}

/**
 * `entities` nodes (60 % companies) and `holdings` holdings. Company i is held by a few companies
 * with higher numbers (so the root, company 0, reaches nearly everything), by persons, and now and
 * then by a company with a lower number (closing loops). Stakes of each company add up to 70–100 %;
 * 30 % of them are published only as a band that contains them.
 */
export function ownershipGraph(entities: number, holdings: number, seed = 42): GeneratedGraph {
  const r = rng(seed);
  const companies = Math.round(entities * 0.6);
  const persons = entities - companies;
  const nodes: OwnershipNode[] = [];
  for (let i = 0; i < companies; i++) nodes.push({ id: `c${i}`, kind: 'company', unresolved: i % 997 === 0 });
  for (let j = 0; j < persons; j++) nodes.push({ id: `p${j}`, kind: 'person' });
  const out: Holding[] = [];
  const perCompany = holdings / companies;
  for (let i = 0; i < companies; i++) {
    // Exactly `holdings` in all: what is left is shared out over the remaining companies.
    const left = holdings - out.length;
    const k = i === companies - 1 ? left : Math.max(1, Math.min(left - (companies - i - 1), Math.round(perCompany + (r() - 0.5) * 2)));
    if (k <= 0) continue;
    const owners: string[] = [];
    for (let n = 0; n < k; n++) {
      const x = r();
      if (x < 0.55 && i + 1 < companies) owners.push(`c${i + 1 + Math.floor(r() * Math.min(2000, companies - i - 1))}`);
      else if (x < 0.58 && i > 0) owners.push(`c${Math.floor(r() * i)}`);
      else owners.push(`p${Math.floor(r() * persons)}`);
    }
    const weights = owners.map(() => 0.1 + r());
    const total = 0.7 + 0.3 * r();
    const sum = weights.reduce((s, w) => s + w, 0);
    owners.forEach((owner, n) => {
      const exact = (weights[n]! / sum) * total;
      // 30 % published only as a band: the PSC band, or ±5 points below the PSC threshold.
      const band = BANDS.find(([lo, hi]) => exact >= lo && exact <= hi) ?? [Math.max(0, exact - 0.05), exact + 0.05];
      out.push({ owner, owned: `c${i}`, ownership: r() < 0.3 ? { range: band } : { fraction: exact } });
    });
  }
  return { nodes, holdings: out, root: 'c0' };
}

const FIRST = ['Olivia', 'Jack', 'Amelia', 'Harry', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Leo', 'Grace', 'Oscar'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright', 'Khan', 'Evans'];
const NATURES = [
  ['ownership-of-shares-75-to-100-percent', 'voting-rights-75-to-100-percent', 'right-to-appoint-and-remove-directors'],
  ['ownership-of-shares-50-to-75-percent', 'voting-rights-50-to-75-percent'],
  ['ownership-of-shares-25-to-50-percent', 'voting-rights-25-to-50-percent'],
  ['significant-influence-or-control'],
];

/** One line of a PSC snapshot, in the shape Companies House publishes (about 700 bytes). */
export function pscLine(n: number, r: () => number): string {
  const company = String(10_000_000 + Math.floor(n / 2)).padStart(8, '0');
  const id = `${n.toString(36)}${Math.floor(r() * 1e9).toString(36)}`;
  const natures = NATURES[Math.floor(r() * NATURES.length)]!;
  const x = r();
  const address = { address_line_1: `${1 + Math.floor(r() * 200)} High Street`, country: 'England', locality: 'London', postal_code: 'EC1A 1BB', premises: 'Suite 4' };
  if (x < 0.02) {
    return JSON.stringify({
      company_number: company,
      data: {
        etag: id,
        kind: 'persons-with-significant-control-statement',
        links: { self: `/company/${company}/persons-with-significant-control-statements/${id}` },
        notified_on: '2017-04-06',
        statement: 'psc-exists-but-not-identified',
      },
    });
  }
  if (x < 0.22) {
    const owner = String(10_000_000 + Math.floor(r() * 500_000)).padStart(8, '0');
    return JSON.stringify({
      company_number: company,
      data: {
        address,
        etag: id,
        identification: {
          country_registered: 'England',
          legal_authority: 'Companies Act 2006',
          legal_form: 'Private Limited Company',
          place_registered: 'Companies House',
          registration_number: owner,
        },
        kind: 'corporate-entity-person-with-significant-control',
        links: { self: `/company/${company}/persons-with-significant-control/corporate-entity/${id}` },
        name: `${LAST[Math.floor(r() * LAST.length)]!.toUpperCase()} HOLDINGS LIMITED`,
        natures_of_control: natures,
        notified_on: '2016-04-06',
      },
    });
  }
  const forename = FIRST[Math.floor(r() * FIRST.length)]!;
  const surname = LAST[Math.floor(r() * LAST.length)]!;
  return JSON.stringify({
    company_number: company,
    data: {
      address,
      country_of_residence: 'England',
      date_of_birth: { month: 1 + Math.floor(r() * 12), year: 1940 + Math.floor(r() * 60) },
      etag: id,
      kind: 'individual-person-with-significant-control',
      links: { self: `/company/${company}/persons-with-significant-control/individual/${id}` },
      name: `Mr ${forename} ${surname}`,
      name_elements: { forename, surname, title: 'Mr' },
      nationality: 'British',
      natures_of_control: natures,
      notified_on: '2016-04-06',
      ...(r() < 0.05 ? { ceased_on: '2021-03-31' } : {}),
    },
  });
}
