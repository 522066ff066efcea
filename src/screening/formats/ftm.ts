// FollowTheMoney entities as JSON lines (OpenSanctions exports and data an operator licenses):
// {"id", "schema", "properties": {"name": [...], "alias": [...], "birthDate": [...], ...}}. People,
// companies, organisations, legal entities, vessels and aircraft are read; other schemas (sanction,
// address, ownership records) are skipped. A topic role.pep (or role.rca) makes the entry a PEP,
// sanction makes it a sanctions entry; otherwise the list's topic holds.
import fs from 'node:fs';
import readline from 'node:readline';
import type { EntryKind, ListEntry, Topic } from '../match.ts';
import { addAll, blankEntry, countryCode, listDates } from './common.ts';

const KINDS: Record<string, EntryKind> = {
  Person: 'person',
  Company: 'company',
  Organization: 'company',
  LegalEntity: 'company',
  PublicBody: 'company',
  Vessel: 'vessel',
  Airplane: 'aircraft',
};

const ID_PROPS = ['idNumber', 'passportNumber', 'registrationNumber', 'taxNumber', 'innCode', 'ogrnCode', 'leiCode', 'imoNumber', 'swiftBic', 'vatCode'];

export async function* readFtm(file: string, listTopic: Topic): AsyncGenerator<ListEntry> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (!line.trim()) continue;
    let obj: { id?: unknown; schema?: unknown; properties?: Record<string, unknown> };
    try {
      obj = JSON.parse(line);
    } catch {
      throw new Error(`line ${n} is not JSON: a FollowTheMoney file has one entity object per line`);
    }
    if (typeof obj.id !== 'string' || typeof obj.schema !== 'string' || typeof obj.properties !== 'object' || obj.properties === null)
      throw new Error(`line ${n} is not a FollowTheMoney entity (id, schema and properties expected)`);
    const kind = KINDS[obj.schema];
    if (!kind) continue;
    const p = obj.properties;
    const list = (k: string): string[] => (Array.isArray(p[k]) ? (p[k] as unknown[]).filter((v): v is string => typeof v === 'string') : []);
    const names = list('name');
    if (!names.length) continue;
    const topics = list('topics');
    const topic: Topic = topics.includes('sanction') ? 'sanctions' : topics.some((t) => t === 'role.pep' || t === 'role.rca') ? 'pep' : listTopic;
    const e = blankEntry(obj.id, kind, topic, names[0]!);
    addAll(e.aliases, [...names.slice(1), ...list('alias'), ...list('previousName'), ...list('weakAlias')]);
    for (const d of [...list('birthDate'), ...list('incorporationDate')].slice(0, 20)) addAll(e.birthDates, kind === 'person' ? listDates(d) : []);
    addAll(
      e.nationalities,
      [...list('nationality'), ...list('citizenship')].map((c) => countryCode(c) ?? c.toUpperCase()),
    );
    addAll(
      e.countries,
      [...list('country'), ...list('jurisdiction'), ...list('mainCountry')].map((c) => countryCode(c) ?? c.toUpperCase()),
    );
    addAll(e.addresses, list('address'));
    for (const k of ID_PROPS) for (const v of list(k)) e.identifiers.push({ type: k, value: v });
    addAll(e.programmes, [...list('program'), ...list('programId'), ...list('position')]);
    const notes = list('notes');
    if (notes.length) e.remarks = notes.join(' ').slice(0, 2000);
    yield e;
  }
}
