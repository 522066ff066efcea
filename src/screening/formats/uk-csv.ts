// The UK consolidated list of financial sanctions targets as OFSI publishes it in CSV
// (ConList.csv): a first row "Last Updated,<dd/mm/yyyy>", then a header row, then one row per
// name of a target (Name 6 is the surname; Alias Type "Primary name" or an alias), the rows of one
// target (Group ID) following each other. Group Type is Individual, Entity or Ship.
import type { EntryKind, ListEntry } from '../match.ts';
import { addAll, blankEntry, countryCode, listDates } from './common.ts';
import { csvRecords } from './csv.ts';

const KIND: Record<string, EntryKind> = { individual: 'person', entity: 'company', ship: 'vessel' };

export async function* readUkCsv(file: string, meta: { versionDate?: string }): AsyncGenerator<ListEntry> {
  let header: string[] | null = null;
  let current: ListEntry | null = null;
  let line = 0;
  for await (const r of csvRecords(file)) {
    line++;
    if (line === 1) {
      if (!/^last updated$/i.test((r[0] ?? '').trim())) throw new Error('not an OFSI consolidated list CSV: the first row is not "Last Updated"');
      const d = listDates(r[1]);
      if (d[0] && d[0].length === 10) meta.versionDate = d[0];
      continue;
    }
    if (!header) {
      header = r.map((h) => h.trim());
      if (!header.includes('Group ID') || !header.includes('Name 6')) throw new Error('not an OFSI consolidated list CSV: the header has no "Group ID" or "Name 6"');
      continue;
    }
    const get = (k: string) => (r[header!.indexOf(k)] ?? '').trim();
    const group = get('Group ID');
    if (!group) continue;
    const name = [get('Name 1'), get('Name 2'), get('Name 3'), get('Name 4'), get('Name 5'), get('Name 6')].filter(Boolean).join(' ');
    if (!current || current.listEntryId !== group) {
      if (current) yield current;
      current = blankEntry(group, KIND[get('Group Type').toLowerCase()] ?? 'company', 'sanctions', name);
    }
    const e = current;
    if (/primary/i.test(get('Alias Type')) && e.name !== name) {
      addAll(e.aliases, [e.name]);
      e.name = name;
    } else if (name !== e.name) addAll(e.aliases, [name]);
    addAll(e.aliases, [get('Name Non-Latin Script')]);
    addAll(e.birthDates, listDates(get('DOB')));
    for (const n of get('Nationality').split(/[,;]|\(\d+\)/)) {
      const c = countryCode(n);
      if (c) addAll(e.nationalities, [c]);
    }
    const country = countryCode(get('Country'));
    if (country) addAll(e.countries, [country]);
    const address = [1, 2, 3, 4, 5, 6]
      .map((i) => get(`Address ${i}`))
      .concat(get('Post/Zip Code'), get('Country'))
      .filter(Boolean)
      .join(', ');
    addAll(e.addresses, [address]);
    for (const k of ['Passport Number', 'National Identification Number']) if (get(k)) e.identifiers.push({ type: k, value: get(k) });
    addAll(e.programmes, [get('Regime')]);
  }
  if (current) yield current;
}
