// The names a case is searched by besides its company's: every company and person among its
// entities (the account owner, the counterparty, directors, shareholders, beneficial owners) and
// every party its documents name (an invoice's seller and buyer, a contract's parties, a register
// extract's company, directors and shareholders, an identity document's holder, the addressee of a
// bill). Normalised like the company name (accents, case and punctuation ignored) and kept as one
// text, names separated by " | ". Pure.
import { nameSearchKey } from './search-keys.ts';

/** At most this many names of one case are searchable (a case with more is very unusual). */
const MAX_NAMES = 300;

type Fields = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const obj = (v: unknown): Fields | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The names an entity's details (the spec's entity_details) give: a company's full name, a person's first and last name. */
export function entityNames(details: unknown): string[] {
  const d = obj(details);
  if (!d) return [];
  const person = [str(d.first_name), str(d.last_name)].filter(Boolean).join(' ');
  return [str(d.company_full_name), person || null].filter((x): x is string => x !== null);
}

/** The names of the parties a document's extracted data gives. */
export function documentPartyNames(extracted: unknown): string[] {
  const top = obj(extracted);
  if (!top) return [];
  const f = obj(top.fields) ?? top;
  const out: (string | null)[] = [str(f.company_name), str(f.holder), str(obj(f.seller)?.name), str(obj(f.buyer)?.name)];
  for (const key of ['parties', 'directors', 'shareholders']) for (const p of list(f[key])) out.push(str(obj(p)?.name));
  const person = [str(f.given_names), str(f.surname)].filter(Boolean).join(' ');
  if (person) out.push(person);
  return out.filter((x): x is string => x !== null);
}

/** The searchable text of a case's parties: distinct normalised names, " | " between them. */
export function casePartyNames(entityDetails: unknown[], documentsExtracted: unknown[]): string {
  const keys = new Set<string>();
  for (const name of [...entityDetails.flatMap(entityNames), ...documentsExtracted.flatMap(documentPartyNames)]) {
    const key = nameSearchKey(name);
    if (key) keys.add(key);
    if (keys.size >= MAX_NAMES) break;
  }
  return [...keys].join(' | ');
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The same, from stored rows: entities' details and documents' extracted data (JSON), the withdrawn documents left out. */
export function casePartyNamesOfRows(entities: { details: string }[], documents: { extracted_data: string; withdrawn_at: string | null }[]): string {
  return casePartyNames(
    entities.map((e) => parse(e.details)),
    documents.filter((d) => !d.withdrawn_at).map((d) => parse(d.extracted_data)),
  );
}
