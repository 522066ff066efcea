// The UK Companies House register behind the connector interface: profile, directors (with the
// nominee flag), persons with significant control (bands as ranges, corporate owners linked for
// following), PSC statements, filing history and filing documents.
import { normalizeCompanyName } from '../../../lib/names.ts';
import type { CompanyQuery, CompanyRef, FilingDocument, RegisterCompany, RegisterConnector, RegisterFiling, RegisterOfficer, RegisterOwners } from '../connector.ts';
import type { CompaniesHouseClient } from './client.ts';
import { companyOf, filingOf, normalizeCompanyNumber, officerOf, ownerOfPsc, refOf, REGISTER, statementOf } from './mapping.ts';
import { isChCompanyProfile, isChDocumentMetadata, isChFiling, isChList, isChOfficer, isChPsc, isChPscStatement, isChSearchResult } from './types.ts';

const PAGE = 100;
const MAX_PAGES = 5;

export class CompaniesHouseConnector implements RegisterConnector {
  readonly name = REGISTER;

  constructor(private readonly client: CompaniesHouseClient) {}

  private async all<T>(path: string, item: (v: unknown) => v is T): Promise<T[] | null> {
    const items: T[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const list = await this.client.json(`${path}?items_per_page=${PAGE}&start_index=${page * PAGE}`, isChList(item));
      if (!list) return page === 0 ? null : items;
      items.push(...(list.items ?? []));
      const total = list.total_results ?? list.total_count ?? items.length;
      if (!list.items?.length || items.length >= total) break;
    }
    return items;
  }

  async find(q: CompanyQuery): Promise<CompanyRef | null> {
    if (q.countryCode !== 'GB') return null;
    if (q.regNumber) {
      const number = normalizeCompanyNumber(q.regNumber);
      const profile = await this.client.json(`/company/${encodeURIComponent(number)}`, isChCompanyProfile);
      return profile ? refOf(profile.company_number, profile.company_name) : null;
    }
    if (!q.name) return null;
    // By name only when the register's title is the same name (legal forms compared as equal).
    const found = await this.client.json(`/search/companies?q=${encodeURIComponent(q.name)}&items_per_page=10`, isChList(isChSearchResult));
    const want = normalizeCompanyName(q.name);
    const hit = (found?.items ?? []).find((r) => {
      const n = normalizeCompanyName(r.title);
      return n.core === want.core && (!want.legalForm || !n.legalForm || n.legalForm === want.legalForm);
    });
    return hit ? refOf(hit.company_number, hit.title) : null;
  }

  async profile(ref: CompanyRef): Promise<RegisterCompany | null> {
    const p = await this.client.json(`/company/${encodeURIComponent(ref.key)}`, isChCompanyProfile);
    return p ? companyOf(p) : null;
  }

  async officers(ref: CompanyRef): Promise<RegisterOfficer[]> {
    const items = (await this.all(`/company/${encodeURIComponent(ref.key)}/officers`, isChOfficer)) ?? [];
    return items.map(officerOf).filter((o): o is RegisterOfficer => o !== null);
  }

  async owners(ref: CompanyRef): Promise<RegisterOwners> {
    const base = `/company/${encodeURIComponent(ref.key)}`;
    const items = (await this.all(`${base}/persons-with-significant-control`, isChPsc)) ?? [];
    const out: RegisterOwners = { owners: [], statements: [], declared: [] };
    for (const item of items) {
      const o = ownerOfPsc(item);
      if (!o) continue;
      if ('statement' in o) out.statements.push(statementOf(o.statement));
      else out.owners.push(o);
    }
    const statements = (await this.all(`${base}/persons-with-significant-control-statements`, isChPscStatement)) ?? [];
    for (const s of statements) if (!s.ceased_on) out.statements.push(statementOf(s.statement));
    return out;
  }

  async filings(ref: CompanyRef): Promise<RegisterFiling[]> {
    const list = await this.client.json(`/company/${encodeURIComponent(ref.key)}/filing-history?items_per_page=${PAGE}`, isChList(isChFiling));
    return (list?.items ?? []).filter((f) => f.links?.document_metadata).map((f) => filingOf(ref.key, f));
  }

  async filingDocument(ref: CompanyRef, filing: RegisterFiling): Promise<FilingDocument | null> {
    const link = filing.documentRef;
    if (!link) return null;
    const meta = await this.client.documentMetadata(link, isChDocumentMetadata);
    if (!meta?.resources?.['application/pdf']) return null;
    const bytes = await this.client.documentContent(link, 'application/pdf');
    if (!bytes) return null;
    const name = (meta.filename ?? `${ref.key}_${filing.type || 'filing'}_${filing.date}`).replace(/[^\w.-]+/g, '_');
    return { bytes, mediaType: 'application/pdf', fileName: name.endsWith('.pdf') ? name : `${name}.pdf` };
  }
}
