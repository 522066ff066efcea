// Industry code lists read from the reference-data folder (REFERENCE_DATA_DIR), in the layout of
// the project's shared reference data: UK SIC 2007 as Companies House uses it (with the ONS
// alphabetical index of activities), NACE Rev. 2, NAICS 2022 and ISO 18245 MCC. A list that is not
// there falls back to a small built-in one. Read once per folder.
import fs from 'node:fs';
import path from 'node:path';
import { BUILTIN_CODES } from './builtin-codes.ts';

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
  /** Where each list came from: a file under the folder, or "built-in". */
  origin: Record<Classification, string>;
}

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

function read(dir: string, file: string): Record<string, string>[] | null {
  if (!dir) return null;
  const p = path.join(dir, file);
  return fs.existsSync(p) ? parseCsv(fs.readFileSync(p, 'utf8')) : null;
}

const cache = new Map<string, CodeLists>();

/** "London Museum", "Port of London Authority": names of bodies, whose place names only mislead. */
function isProperName(phrase: string): boolean {
  const words = phrase.replace(/\(.*?\)/g, ' ').split(/[\s,/-]+/).filter((w) => w.length > 3);
  return words.length >= 2 && words.every((w) => /^\p{Lu}/u.test(w));
}

export function loadCodeLists(dir: string): CodeLists {
  const key = dir ? path.resolve(dir) : '';
  const hit = cache.get(key);
  if (hit) return hit;
  const lists = {} as Record<Classification, CodeEntry[]>;
  const origin = {} as Record<Classification, string>;
  const use = (c: Classification, entries: CodeEntry[] | null, file: string) => {
    lists[c] = entries?.length ? entries : BUILTIN_CODES[c].map(([code, title]) => ({ code, title, phrases: [] }));
    origin[c] = entries?.length ? file : 'built-in';
  };

  const sicFile = 'uk-sic-2007-companies-house/uk_sic2007_condensed.clean.csv';
  const sic = read(key, sicFile);
  const index = read(key, 'uk-sic-2007-companies-house/ons_alphabetic_index.clean.csv') ?? [];
  const phrases = new Map<string, string[]>();
  for (const r of index) {
    const code = r.sic_code!;
    if (isProperName(r.activity ?? '')) continue;
    if (!phrases.has(code)) phrases.set(code, []);
    phrases.get(code)!.push(r.activity!);
  }
  use('UKSIC2007', sic && sic.filter((r) => /^\d{5}$/.test(r.sic_code ?? '')).map((r) => ({ code: r.sic_code!, title: r.description!, phrases: phrases.get(r.sic_code!) ?? [] })), sicFile);

  const naceFile = 'nace-rev2/nace_rev2.csv';
  const nace = read(key, naceFile);
  // NACE Rev. 2 and UK SIC 2007 are the same down to the class: "62012" is in NACE class "62.01".
  const naceAlso = new Map<string, string[]>();
  for (const [code, list] of phrases) {
    const cls = `${code.slice(0, 2)}.${code.slice(2, 4)}`;
    naceAlso.set(cls, [...(naceAlso.get(cls) ?? []), ...list]);
  }
  use('NACE', nace && nace.filter((r) => r.level === '4').map((r) => ({ code: r.code!, title: r.name!, phrases: naceAlso.get(r.code!) ?? [] })), naceFile);

  const naicsFile = 'naics-2022/naics_2022_all_levels.csv';
  const naics = read(key, naicsFile);
  use('NAICS', naics && naics.filter((r) => r.level === '6').map((r) => ({ code: r.code!, title: r.title!, phrases: [] })), naicsFile);

  const mccFile = 'mcc-iso18245/iso18245_official_list.csv';
  const mcc = read(key, mccFile);
  use('MCC', mcc && mcc.filter((r) => /^\d{4}$/.test(r.MCC ?? '')).map((r) => ({ code: r.MCC!, title: r.DESCRIPTION!, phrases: [] })), mccFile);

  const out = { lists, origin };
  cache.set(key, out);
  return out;
}

/** The title of a code in its list, when the list has it. */
export function titleOf(lists: CodeLists, classification: string, code: string): string | null {
  return lists.lists[classification as Classification]?.find((e) => e.code === code)?.title ?? null;
}
