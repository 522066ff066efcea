// OFAC's legacy CSV files (no header row; the value -0- means empty): sdn.csv (or cons_prim.csv)
// with ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag,
// Vess_owner, Remarks; alt.csv (ent_num, alt_num, alt_type, alt_name, alt_remarks) and add.csv
// (ent_num, add_num, address, city/state/postal, country, add_remarks) joined by ent_num. When the
// alias and address files are not given, aliases, dates of birth, nationalities and identifiers are
// read from the Remarks ("a.k.a. 'X'; DOB 12 Mar 1960; nationality Russia; Passport 123 (Russia)").
import type { EntryKind, ListEntry } from '../match.ts';
import { addAll, blankEntry, countryCode, listDates } from './common.ts';
import { csvRecords } from './csv.ts';

const empty = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '-0-' ? '' : t;
};

function kindOf(type: string): EntryKind {
  const t = type.toLowerCase();
  if (t === 'individual') return 'person';
  if (t === 'vessel') return 'vessel';
  if (t === 'aircraft') return 'aircraft';
  return 'company';
}

/** Identifier labels of the remarks worth keeping (the label, then the number). */
const ID_LABELS =
  /\b(Passport|National ID No\.|Registration (?:ID|Number)|Tax ID No\.|Identification Number|Cedula No\.|C\.U\.R\.P\.|RFC|D\.N\.I\.|SWIFT\/BIC|IMO|MMSI|Business Registration Number|Company Number|Registration No\.|License|Commercial Registry Number|Government Gazette Number|Legal Entity Number|Unified Social Credit Code \(USCC\)|Personal ID Card|Residency Number|Public Registration Number|UK Company Number|Trade License No\.|Chamber of Commerce Number|NIT #|Kenyan ID No\.|Pakistani ID|Bosnian Personal ID No\.)\s+([A-Z0-9][A-Z0-9./\- ]{2,40}?)(?=\s*(?:\(|;|$|\.\s))/g;

/** Facts of the remarks, added to the entry. */
export function applyRemarks(e: ListEntry, remarks: string): void {
  if (!remarks) return;
  e.remarks = remarks;
  for (const m of remarks.matchAll(/\b(?:a\.k\.a\.|f\.k\.a\.|n\.k\.a\.)\s*'([^']+)'/g)) addAll(e.aliases, [m[1]]);
  for (const part of remarks.split(';')) {
    const p = part.trim();
    let m = /^(?:DOB|Date of Birth)\s+(.+)$/i.exec(p);
    if (m) addAll(e.birthDates, listDates(m[1]));
    m = /^(?:nationality|citizen)\s+(.+?)\.?$/i.exec(p);
    if (m) addAll(e.nationalities, [countryCode(m[1]) ?? m[1]]);
  }
  for (const m of remarks.matchAll(ID_LABELS)) e.identifiers.push({ type: m[1]!, value: m[2]!.trim() });
}

/** The entries of an OFAC CSV publication; `alt` and `add` are the optional alias and address files. */
export async function* readOfacCsv(file: string, extra: { alt?: string; add?: string } = {}): AsyncGenerator<ListEntry> {
  // Aliases and addresses are a small fraction of the list: held by ent_num while the main file streams.
  const aliases = new Map<string, string[]>();
  const addresses = new Map<string, { text: string; country: string | null }[]>();
  if (extra.alt)
    for await (const r of csvRecords(extra.alt)) {
      const name = empty(r[3]);
      if (!name || !/^\d+$/.test(empty(r[0]))) continue;
      const list = aliases.get(empty(r[0])) ?? [];
      list.push(name);
      aliases.set(empty(r[0]), list);
    }
  if (extra.add)
    for await (const r of csvRecords(extra.add)) {
      if (!/^\d+$/.test(empty(r[0]))) continue;
      const list = addresses.get(empty(r[0])) ?? [];
      list.push({ text: [empty(r[2]), empty(r[3]), empty(r[4])].filter(Boolean).join(', '), country: countryCode(empty(r[4])) });
      addresses.set(empty(r[0]), list);
    }
  let line = 0;
  for await (const r of csvRecords(file)) {
    line++;
    const id = empty(r[0]);
    if (!/^\d+$/.test(id) || r.length < 4) throw new Error(`line ${line} is not an OFAC SDN record (ent_num, SDN_Name, SDN_Type, Program, …)`);
    const name = empty(r[1]);
    if (!name) continue;
    const e = blankEntry(id, kindOf(empty(r[2])), 'sanctions', name);
    addAll(
      e.programmes,
      empty(r[3])
        .split(/\]\s*\[|\s+/)
        .map((p) => p.replace(/[[\]]/g, '')),
    );
    applyRemarks(e, empty(r[11]));
    addAll(e.aliases, aliases.get(id) ?? []);
    for (const a of addresses.get(id) ?? []) {
      addAll(e.addresses, [a.text]);
      if (a.country) addAll(e.countries, [a.country]);
    }
    const flag = countryCode(empty(r[9]));
    if (flag) addAll(e.countries, [flag]);
    yield e;
  }
}
