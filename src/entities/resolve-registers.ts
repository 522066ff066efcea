// Follows a company's ownership through the registers: its profile, directors, owners, the owners'
// own owners (corporate owners recursively, breadth first), and the filing that evidences each
// company. Chains stop where no register Dossier reads covers the owner, where the register
// publishes no owners, or at the configured limits; those companies are kept as leaves with the
// reason. Returns what was found, not yet merged into the case.
import type { CompanyQuery, CompanyRef, FilingDocument, RegisterConnector, RegisterFiling } from './registers/connector.ts';
import { companyFromOwner, companyFromProfile, companyFromRef, personFromFacts, type FoundCompany, type FoundGraph, type FoundItem } from './found.ts';
import { regKey } from './keys.ts';

export interface ResolveOptions {
  maxDepth: number;
  maxCompanies: number;
  filingsPerCompany: number;
  /** Whether a filing's document still has to be fetched (false when it is stored already). */
  needsDocument(companyKey: string, register: string, filing: RegisterFiling): Promise<boolean>;
}

export interface ResolvedFiling {
  companyKey: string;
  register: string;
  filing: RegisterFiling;
  document: FilingDocument | null;
}

interface Task {
  key: string;
  depth: number;
  query: CompanyQuery | null;
  ref: CompanyRef | null;
  register: string | null;
}

export const ROOT_KEY = 'root';
/** additional_details item of a register statement that some owner is not published. */
export const UNPUBLISHED_ITEM = 'ownership_unpublished';

/** The filings that best evidence who owns a company: latest confirmation statement first. */
export function evidenceFilings(filings: RegisterFiling[], count: number): RegisterFiling[] {
  const rank = (f: RegisterFiling) => ['confirmation-statement', 'annual-return', 'persons-with-significant-control', 'incorporation'].indexOf(f.category);
  return [...filings]
    .map((f, i) => ({ f, i, r: rank(f) }))
    .sort((a, b) => (a.r === -1 ? 99 : a.r) - (b.r === -1 ? 99 : b.r) || (a.f.date < b.f.date ? 1 : a.f.date > b.f.date ? -1 : a.i - b.i))
    .slice(0, count)
    .map((x) => x.f);
}

function outsideCoverage(c: FoundCompany): string {
  const where = c.countryCode ? `registered in ${c.countryCode}` : 'registered in an unknown country';
  return `Owner ${where}${c.regNumber ? ` (number ${c.regNumber})` : ''}; no register Dossier reads covers it, so its owners are not known.`;
}

export async function resolveFromRegisters(connectors: RegisterConnector[], root: CompanyQuery, opts: ResolveOptions): Promise<{ graph: FoundGraph; filings: ResolvedFiling[] } | null> {
  const items = new Map<string, FoundItem>();
  const byReg = new Map<string, string>();
  const filings: ResolvedFiling[] = [];
  const queue: Task[] = [{ key: ROOT_KEY, depth: 0, query: root, ref: null, register: null }];
  let read = 0;

  while (queue.length) {
    const task = queue.shift()!;
    let connector: RegisterConnector | undefined;
    let ref: CompanyRef | null = null;
    if (task.ref && task.register) {
      connector = connectors.find((c) => c.name === task.register);
      ref = task.ref;
    }
    for (const c of connector ? [] : connectors) {
      ref = task.query ? await c.find(task.query) : null;
      if (ref) {
        connector = c;
        break;
      }
    }
    const placeholder = items.get(task.key) as FoundCompany | undefined;
    if (!connector || !ref) {
      if (task.key === ROOT_KEY) return null;
      if (placeholder)
        placeholder.unresolved = `Not found in the registers Dossier reads${placeholder.regNumber ? ` (${placeholder.countryCode} ${placeholder.regNumber})` : ''}; its owners are not known.`;
      continue;
    }
    const profile = await connector.profile(ref);
    const source = { source: connector.name, ref: ref.key, url: profile?.publicUrl ?? null };
    const company = profile ? companyFromProfile(task.key, profile, source) : companyFromRef(task.key, ref);
    if (!profile) company.sources = [source];
    if (placeholder) company.notes.unshift(...placeholder.notes.filter((n) => !company.notes.some((m) => m.item_id === n.item_id)));
    items.set(task.key, company);
    const rk = regKey(company.countryCode, company.regNumber);
    if (rk) byReg.set(rk, task.key);
    read++;

    const officers = await connector.officers(ref);
    company.directors = [];
    for (const o of officers) {
      const key = `${connector.name}:${o.key}`;
      if (!items.has(key)) {
        if (o.kind === 'person') items.set(key, personFromFacts(key, o.person, source));
        else
          items.set(key, companyFromRef(key, { register: connector.name, key: o.key, countryCode: o.company?.countryCode ?? '', regNumber: o.company?.regNumber ?? null, name: o.person.name.full }));
      }
      company.directors.push({ key, nominal: o.nominee });
    }

    const owners = await connector.owners(ref);
    company.shareholders = [];
    for (const o of owners.owners) {
      let key = `${connector.name}:${o.key}`;
      if (o.kind === 'person' && o.person) {
        if (!items.has(key)) items.set(key, personFromFacts(key, o.person, source));
      } else if (o.company) {
        const ork = regKey(o.company.countryCode, o.company.regNumber);
        key = (ork && byReg.get(ork)) ?? (ork ? `co:${ork}` : key);
        if (!items.has(key)) {
          const leaf = companyFromOwner(key, o, source);
          items.set(key, leaf);
          if (o.kind === 'public_body') {
            // A public body or legal person has no shareholders: the chain ends here as it should.
          } else if (task.depth + 1 > opts.maxDepth || read + queue.length >= opts.maxCompanies) {
            leaf.unresolved = `Not followed: the limit of ${opts.maxCompanies} companies or ${opts.maxDepth} levels per case was reached.`;
          } else if (o.company.ref) {
            queue.push({ key, depth: task.depth + 1, query: null, ref: o.company.ref, register: connector.name });
          } else if (ork) {
            queue.push({ key, depth: task.depth + 1, query: { countryCode: o.company.countryCode!, regNumber: o.company.regNumber, name: o.company.name }, ref: null, register: null });
          } else leaf.unresolved = outsideCoverage(leaf);
          if (ork) byReg.set(ork, key);
        }
      }
      if (o.ownership) company.shareholders.push({ key, ownership: o.ownership });
      else company.controllers.push({ key, natures: o.natures });
    }
    for (const d of owners.declared) company.declared.push({ key: `${connector.name}:${d.key}`, ownership: d.ownership });
    const opaque = owners.statements.filter((s) => s.opaque);
    for (const s of owners.statements) company.notes.push({ item_id: s.opaque ? UNPUBLISHED_ITEM : 'ownership_statement', value: s.text });
    if (company.shareholders.length === 0 && opaque.length) company.unresolved = opaque.map((s) => s.text).join(' ');
    else if (company.shareholders.length === 0 && owners.owners.length === 0 && owners.statements.length === 0)
      company.unresolved = 'The register lists no owner of this company and no statement about its owners.';

    for (const filing of evidenceFilings(await connector.filings(ref), opts.filingsPerCompany)) {
      const document = (await opts.needsDocument(task.key, connector.name, filing)) ? await connector.filingDocument(ref, filing) : null;
      filings.push({ companyKey: task.key, register: connector.name, filing, document });
    }
  }
  return { graph: { rootKey: ROOT_KEY, items: [...items.values()] }, filings };
}
