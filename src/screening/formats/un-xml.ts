// The UN Security Council Consolidated List (consolidated.xml): CONSOLIDATED_LIST (dateGenerated)
// with INDIVIDUALS/INDIVIDUAL and ENTITIES/ENTITY, each with DATAID, REFERENCE_NUMBER, FIRST_NAME …
// FOURTH_NAME, NAME_ORIGINAL_SCRIPT, UN_LIST_TYPE, NATIONALITY/VALUE, INDIVIDUAL_ALIAS or
// ENTITY_ALIAS (ALIAS_NAME), INDIVIDUAL_ADDRESS or ENTITY_ADDRESS (COUNTRY), INDIVIDUAL_DATE_OF_BIRTH
// (DATE, YEAR, FROM_YEAR/TO_YEAR) and INDIVIDUAL_DOCUMENT (TYPE_OF_DOCUMENT, NUMBER).
import type { ListEntry } from '../match.ts';
import { addAll, blankEntry, countryCode, listDates } from './common.ts';
import { children, descendants, textOf, xmlRecords, type XmlNode } from './xml.ts';

export async function* readUnXml(file: string, meta: { versionDate?: string }): AsyncGenerator<ListEntry> {
  const records = xmlRecords(file, new Set(['INDIVIDUAL', 'ENTITY']), (name, attrs) => {
    if (name !== 'CONSOLIDATED_LIST') throw new Error('not a UN consolidated list: the root element is not CONSOLIDATED_LIST');
    if (attrs.dateGenerated) meta.versionDate = attrs.dateGenerated.slice(0, 10);
  });
  for await (const r of records) yield unEntry(r);
}

function unEntry(r: XmlNode): ListEntry {
  const person = r.name === 'INDIVIDUAL';
  const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
    .map((k) => textOf(r, k))
    .filter(Boolean)
    .join(' ');
  const e = blankEntry(textOf(r, 'REFERENCE_NUMBER') || textOf(r, 'DATAID'), person ? 'person' : 'company', 'sanctions', name);
  addAll(e.aliases, [textOf(r, 'NAME_ORIGINAL_SCRIPT')]);
  for (const a of children(r, person ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) addAll(e.aliases, [textOf(a, 'ALIAS_NAME')]);
  for (const n of descendants(r, 'NATIONALITY').flatMap((x) => children(x, 'VALUE'))) addAll(e.nationalities, [countryCode(n.text) ?? n.text.trim()]);
  for (const a of children(r, person ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS')) {
    const c = countryCode(textOf(a, 'COUNTRY'));
    if (c) addAll(e.countries, [c]);
    addAll(e.addresses, [
      ['STREET', 'CITY', 'STATE_PROVINCE', 'COUNTRY']
        .map((k) => textOf(a, k))
        .filter(Boolean)
        .join(', '),
    ]);
  }
  for (const d of children(r, 'INDIVIDUAL_DATE_OF_BIRTH')) {
    const from = textOf(d, 'FROM_YEAR');
    const to = textOf(d, 'TO_YEAR');
    addAll(e.birthDates, from && to ? listDates(`${from} to ${to}`) : listDates(textOf(d, 'DATE') || textOf(d, 'YEAR')));
  }
  for (const d of children(r, 'INDIVIDUAL_DOCUMENT')) {
    const number = textOf(d, 'NUMBER');
    if (number) e.identifiers.push({ type: textOf(d, 'TYPE_OF_DOCUMENT') || 'document', value: number });
  }
  addAll(e.programmes, [textOf(r, 'UN_LIST_TYPE')]);
  const comments = textOf(r, 'COMMENTS1');
  if (comments) e.remarks = comments.slice(0, 2000);
  return e;
}
