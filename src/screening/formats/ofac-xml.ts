// OFAC's XML publications (sdn.xml and the consolidated list, root sdnList): publshInformation
// (Publish_Date MM/DD/YYYY) then sdnEntry with uid, firstName, lastName, sdnType
// (Individual / Entity / Vessel / Aircraft), programList/program, akaList/aka (firstName,
// lastName), idList/id (idType, idNumber), addressList/address (city, country),
// nationalityList/nationality (country), citizenshipList/citizenship (country) and
// dateOfBirthList/dateOfBirthItem (dateOfBirth).
import type { EntryKind, ListEntry } from '../match.ts';
import { addAll, blankEntry, countryCode, listDates } from './common.ts';
import { child, children, descendants, textOf, xmlRecords } from './xml.ts';

const KIND: Record<string, EntryKind> = { individual: 'person', entity: 'company', vessel: 'vessel', aircraft: 'aircraft' };

export async function* readOfacXml(file: string, meta: { versionDate?: string }): AsyncGenerator<ListEntry> {
  const records = xmlRecords(file, new Set(['sdnEntry', 'publshInformation']), (name) => {
    if (name !== 'sdnList') throw new Error('not an OFAC list: the root element is not sdnList');
  });
  for await (const r of records) {
    if (r.name === 'publshInformation') {
      const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(textOf(r, 'Publish_Date'));
      if (m) meta.versionDate = `${m[3]}-${m[1]}-${m[2]}`;
      continue;
    }
    const full = (n: typeof r) => [textOf(n, 'firstName'), textOf(n, 'lastName')].filter(Boolean).join(' ');
    const e = blankEntry(textOf(r, 'uid'), KIND[textOf(r, 'sdnType').toLowerCase()] ?? 'company', 'sanctions', full(r));
    if (!e.name) continue;
    addAll(
      e.programmes,
      children(child(r, 'programList'), 'program').map((p) => p.text),
    );
    addAll(e.aliases, children(child(r, 'akaList'), 'aka').map(full));
    for (const id of children(child(r, 'idList'), 'id')) if (textOf(id, 'idNumber')) e.identifiers.push({ type: textOf(id, 'idType'), value: textOf(id, 'idNumber') });
    for (const a of children(child(r, 'addressList'), 'address')) {
      const c = countryCode(textOf(a, 'country'));
      if (c) addAll(e.countries, [c]);
      addAll(e.addresses, [
        ['address1', 'city', 'stateOrProvince', 'postalCode', 'country']
          .map((k) => textOf(a, k))
          .filter(Boolean)
          .join(', '),
      ]);
    }
    for (const n of [...descendants(r, 'nationality'), ...descendants(r, 'citizenship')]) addAll(e.nationalities, [countryCode(textOf(n, 'country')) ?? textOf(n, 'country')]);
    for (const d of descendants(r, 'dateOfBirthItem')) addAll(e.birthDates, listDates(textOf(d, 'dateOfBirth')));
    yield e;
  }
}
