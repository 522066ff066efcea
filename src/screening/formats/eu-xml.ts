// The EU Financial Sanctions consolidated list (the "fsf" XML export): export (generationDate)
// with sanctionEntity (logicalId, euReferenceNumber), each with regulation (programme), subjectType
// (code person / enterprise), nameAlias (wholeName, firstName, lastName), citizenship
// (countryIso2Code), birthdate (birthdate, year), identification (number, identificationTypeCode)
// and address (street, city, countryIso2Code). Facts are in attributes.
import type { ListEntry } from '../match.ts';
import { addAll, blankEntry, countryCode, listDates } from './common.ts';
import { children, xmlRecords } from './xml.ts';

export async function* readEuXml(file: string, meta: { versionDate?: string }): AsyncGenerator<ListEntry> {
  const records = xmlRecords(file, new Set(['sanctionEntity']), (name, attrs) => {
    if (name !== 'export') throw new Error('not an EU financial sanctions export: the root element is not export');
    if (attrs.generationDate) meta.versionDate = attrs.generationDate.slice(0, 10);
  });
  for await (const r of records) {
    const names = children(r, 'nameAlias')
      .map((n) => n.attrs.wholeName || [n.attrs.firstName, n.attrs.middleName, n.attrs.lastName].filter(Boolean).join(' '))
      .filter(Boolean);
    if (!names.length) continue;
    const type = children(r, 'subjectType')[0]?.attrs.code ?? '';
    const e = blankEntry(r.attrs.logicalId || r.attrs.euReferenceNumber || names[0]!, type === 'person' ? 'person' : 'company', 'sanctions', names[0]!);
    addAll(e.aliases, names.slice(1));
    for (const c of children(r, 'citizenship')) addAll(e.nationalities, [countryCode(c.attrs.countryIso2Code) ?? '']);
    for (const b of children(r, 'birthdate')) addAll(e.birthDates, listDates(b.attrs.birthdate || b.attrs.year));
    for (const i of children(r, 'identification')) if (i.attrs.number) e.identifiers.push({ type: i.attrs.identificationTypeCode || 'identification', value: i.attrs.number });
    for (const a of children(r, 'address')) {
      const c = countryCode(a.attrs.countryIso2Code);
      if (c) addAll(e.countries, [c]);
      addAll(e.addresses, [[a.attrs.street, a.attrs.city, a.attrs.zipCode, a.attrs.countryDescription].filter(Boolean).join(', ')]);
    }
    for (const g of children(r, 'regulation')) addAll(e.programmes, [g.attrs.programme]);
    addAll(e.programmes, [r.attrs.euReferenceNumber]);
    yield e;
  }
}
