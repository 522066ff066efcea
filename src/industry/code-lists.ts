// Industry code lists: UK SIC 2007 as Companies House uses it (with the ONS alphabetical index of
// activities), NACE Rev. 2, NAICS 2022 and ISO 18245 MCC. Dossier ships them in ./lists (built by
// scripts/build-industry-lists.ts; sources and licences in ./lists/LICENSES.md); a folder named by
// REFERENCE_DATA_DIR, in the layout of the upstream files, overrides each list it holds (newer
// lists). Read once per folder.
import fs from 'node:fs';
import path from 'node:path';
import { EXTRA_PHRASES } from './extra-phrases.ts';

export type Classification = 'UKSIC2007' | 'NACE' | 'NAICS' | 'MCC';
export const CLASSIFICATIONS: Classification[] = ['UKSIC2007', 'NACE', 'NAICS', 'MCC'];

export interface CodeEntry {
  code: string;
  title: string;
  /** Further phrases that describe the code (the ONS index of activities for UK SIC and NACE). */
  phrases: string[];
}

export interface CodeLists {
  lists: Record<Classification, CodeEntry[]>;
  /** Where each list came from: a file under the override folder, or "shipped". */
  origin: Record<Classification, string>;
}

/** The folder of the lists Dossier ships. */
export const SHIPPED_LISTS_DIR = path.join(import.meta.dirname, 'lists');

/** Rows of a CSV file with a header: quoted fields, doubled quotes, a BOM and blank lines allowed. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f.trim() !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f.trim() !== '')) rows.push(row);
  const [header, ...body] = rows;
  if (!header) return [];
  const names = header.map((h) => h.trim());
  return body.map((r) => Object.fromEntries(names.map((n, i) => [n, (r[i] ?? '').trim()])));
}

/** Rows of a shipped table: a header line, then tab-separated values. */
export function parseTsv(text: string): Record<string, string>[] {
  const [header, ...body] = text.split('\n').filter((l) => l.trim() !== '');
  if (!header) return [];
  const names = header.split('\t');
  return body.map((l) => {
    const v = l.split('\t');
    return Object.fromEntries(names.map((n, i) => [n, (v[i] ?? '').trim()]));
  });
}

function readCsv(dir: string, file: string): Record<string, string>[] | null {
  if (!dir) return null;
  const p = path.join(dir, file);
  return fs.existsSync(p) ? parseCsv(fs.readFileSync(p, 'utf8')) : null;
}

function readShipped(file: string): Record<string, string>[] {
  return parseTsv(fs.readFileSync(path.join(SHIPPED_LISTS_DIR, file), 'utf8'));
}

const cache = new Map<string, CodeLists>();

/** "London Museum", "Port of London Authority": names of bodies, whose place names only mislead. */
function isProperName(phrase: string): boolean {
  const words = phrase
    .replace(/\(.*?\)/g, ' ')
    .split(/[\s,/-]+/)
    .filter((w) => w.length > 3);
  return words.length >= 2 && words.every((w) => /^\p{Lu}/u.test(w));
}

/** The lists: those of the override folder `dir` where it holds them, the shipped ones otherwise. */
export function loadCodeLists(dir = ''): CodeLists {
  const key = dir ? path.resolve(dir) : '';
  const hit = cache.get(key);
  if (hit) return hit;
  const lists = {} as Record<Classification, CodeEntry[]>;
  const origin = {} as Record<Classification, string>;
  const pick = (c: Classification, override: CodeEntry[] | null, file: string, shipped: () => CodeEntry[]) => {
    lists[c] = override?.length ? override : shipped();
    origin[c] = override?.length ? file : 'shipped';
  };

  // The ONS index: from the folder when it has it, else shipped (one line per code, " | " between phrases).
  const phrases = new Map<string, string[]>();
  const add = (code: string, phrase: string) => {
    if (!phrase || isProperName(phrase)) return;
    if (!phrases.has(code)) phrases.set(code, []);
    phrases.get(code)!.push(phrase);
  };
  const index = readCsv(key, 'uk-sic-2007-companies-house/ons_alphabetic_index.clean.csv');
  if (index?.length) for (const r of index) add((r.sic_code ?? '').trim(), r.activity ?? '');
  else for (const r of readShipped('uk-sic-2007-index.tsv')) for (const p of r.activities!.split(' | ')) add(r.code!, p.trim());
  for (const [code, list] of Object.entries(EXTRA_PHRASES)) for (const p of list) add(code, p);

  const sicFile = 'uk-sic-2007-companies-house/uk_sic2007_condensed.clean.csv';
  const sicRows = (rows: Record<string, string>[], code: string, title: string) =>
    rows.filter((r) => /^\d{5}$/.test(r[code] ?? '')).map((r) => ({ code: r[code]!, title: r[title]!, phrases: phrases.get(r[code]!) ?? [] }));
  const sic = readCsv(key, sicFile);
  pick('UKSIC2007', sic && sicRows(sic, 'sic_code', 'description'), sicFile, () => sicRows(readShipped('uk-sic-2007.tsv'), 'code', 'title'));

  // NACE Rev. 2 and UK SIC 2007 are the same down to the class: "62012" is in NACE class "62.01".
  const naceAlso = new Map<string, string[]>();
  for (const [code, list] of phrases) {
    const cls = `${code.slice(0, 2)}.${code.slice(2, 4)}`;
    naceAlso.set(cls, [...(naceAlso.get(cls) ?? []), ...list]);
  }
  const naceFile = 'nace-rev2/nace_rev2.csv';
  const naceRows = (rows: Record<string, string>[], title: string) => rows.filter((r) => r.level === '4').map((r) => ({ code: r.code!, title: r[title]!, phrases: naceAlso.get(r.code!) ?? [] }));
  const nace = readCsv(key, naceFile);
  pick('NACE', nace && naceRows(nace, 'name'), naceFile, () => naceRows(readShipped('nace-rev2.tsv'), 'title'));

  const naicsFile = 'naics-2022/naics_2022_all_levels.csv';
  const naicsRows = (rows: Record<string, string>[]) => rows.filter((r) => r.level === '6').map((r) => ({ code: r.code!, title: r.title!, phrases: [] }));
  const naics = readCsv(key, naicsFile);
  pick('NAICS', naics && naicsRows(naics), naicsFile, () => naicsRows(readShipped('naics-2022.tsv')));

  const mccFile = 'mcc-iso18245/iso18245_official_list.csv';
  const mcc = readCsv(key, mccFile);
  const mccRows = (rows: Record<string, string>[], code: string, title: string) => rows.filter((r) => /^\d{4}$/.test(r[code] ?? '')).map((r) => ({ code: r[code]!, title: r[title]!, phrases: [] }));
  pick('MCC', mcc && mccRows(mcc, 'MCC', 'DESCRIPTION'), mccFile, () => mccRows(readShipped('mcc-iso18245.tsv'), 'code', 'title'));

  const out = { lists, origin };
  cache.set(key, out);
  return out;
}

/** The title of a code in its list, when the list has it. */
export function titleOf(lists: CodeLists, classification: string, code: string): string | null {
  return lists.lists[classification as Classification]?.find((e) => e.code === code)?.title ?? null;
}
