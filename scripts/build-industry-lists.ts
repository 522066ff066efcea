// Builds the industry code lists Dossier ships (src/industry/lists/*.tsv) from the upstream public
// files: UK SIC 2007 as Companies House uses it with the ONS alphabetical index of activities,
// NACE Rev. 2, NAICS 2022 and ISO 18245 MCC, in the folder layout REFERENCE_DATA_DIR also reads.
// Each table keeps only code, level/parent where the list has them, and title (plus the index's
// activity phrases). src/industry/lists/LICENSES.md names each source and its licence.
// Run: npx tsx scripts/build-industry-lists.ts [folder]   (default ../shared/data/reference)
import fs from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../src/industry/code-lists.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const from = path.resolve(process.argv[2] ?? path.join(ROOT, '..', 'shared', 'data', 'reference'));
const to = path.join(ROOT, 'src', 'industry', 'lists');

function rows(file: string): Record<string, string>[] {
  const p = path.join(from, file);
  if (!fs.existsSync(p)) throw new Error(`missing ${p}`);
  return parseCsv(fs.readFileSync(p, 'utf8'));
}

/** One table: a header line, then tab-separated rows; tabs and line breaks inside values become spaces. */
function write(name: string, header: string[], body: string[][]): void {
  const clean = (v: string) =>
    v
      .replace(/[\t\r\n]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim();
  const text = [header, ...body].map((r) => r.map(clean).join('\t')).join('\n') + '\n';
  fs.writeFileSync(path.join(to, name), text);
  console.log(`${name}: ${body.length} rows`);
}

fs.mkdirSync(to, { recursive: true });

const sic = rows('uk-sic-2007-companies-house/uk_sic2007_condensed.clean.csv').filter((r) => /^\d{5}$/.test(r.sic_code ?? ''));
write(
  'uk-sic-2007.tsv',
  ['code', 'title'],
  sic.map((r) => [r.sic_code!, r.description!]),
);

// The ONS index, one line per code with its phrases joined by " | " (none contains a bar).
const phrases = new Map<string, string[]>();
for (const r of rows('uk-sic-2007-companies-house/ons_alphabetic_index.clean.csv')) {
  const code = (r.sic_code ?? '').trim();
  const activity = (r.activity ?? '').trim();
  if (!/^\d{5}$/.test(code) || !activity || activity.includes('|')) continue;
  const list = phrases.get(code) ?? [];
  if (!list.includes(activity)) list.push(activity);
  phrases.set(code, list);
}
write(
  'uk-sic-2007-index.tsv',
  ['code', 'activities'],
  [...phrases].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([code, list]) => [code, list.join(' | ')]),
);

const nace = rows('nace-rev2/nace_rev2.csv');
write(
  'nace-rev2.tsv',
  ['code', 'level', 'parent', 'title'],
  nace.map((r) => [r.code!, r.level!, r.parent ?? '', r.name!]),
);

const naics = rows('naics-2022/naics_2022_all_levels.csv');
write(
  'naics-2022.tsv',
  ['code', 'level', 'title'],
  naics.map((r) => [r.code!, r.level!, r.title!]),
);

const mcc = rows('mcc-iso18245/iso18245_official_list.csv').filter((r) => /^\d{4}$/.test(r.MCC ?? ''));
write(
  'mcc-iso18245.tsv',
  ['code', 'title'],
  mcc.map((r) => [r.MCC!, r.DESCRIPTION!]),
);
