// Screening benchmark (npm run bench:screening): (1) import of a synthetic 1,000,000-entry list in
// OFAC's legacy CSV format, generated from the token distribution of the real SDN names, with
// entries/second and resident memory sampled through the import (flat or not); (2) screening a
// case of 20 names against it through the blocking index, p50/p95 over repeated runs; (3)
// precision and recall on labelled name pairs built from the real list's aliases. Needs
// ../shared/data/sanctions/sdn.csv (OFAC SDN, public domain); without it the benchmark says so and
// stops. Results go to bench/results/screening.json. Timings are never test assertions.
// Options: --entries N (default 1000000), --runs N (default 100), --keep (keep the temporary folder).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '../../src/db/db.ts';
import { listActiveVersions } from '../../src/db/screening.repo.ts';
import { importList } from '../../src/screening/lists.ts';
import { screenSubject } from '../../src/screening/screen-case.ts';
import { generateList, readSdn } from './generate.ts';
import { labelledPairs, scorePairs } from './pairs.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SDN = path.resolve(ROOT, '..', 'shared', 'data', 'sanctions', 'sdn.csv');

const { values } = parseArgs({ options: { entries: { type: 'string' }, runs: { type: 'string' }, keep: { type: 'boolean' } } });
const ENTRIES = Number(values.entries ?? 1_000_000);
const RUNS = Number(values.runs ?? 100);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const mb = (b: number) => Math.round(b / 1048576);

async function main() {
  if (!fs.existsSync(SDN)) {
    console.log(`bench:screening needs ${SDN} (the OFAC SDN list, public domain), absent here: nothing measured.`);
    return;
  }
  const loadAvg = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
  const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', node: process.version, load_at_start: loadAvg() };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-bench-screening-'));
  const listFile = path.join(dir, 'synthetic-sdn.csv');
  const sdn = await readSdn(SDN);
  const genStart = Date.now();
  await generateList(sdn, ENTRIES, listFile);
  console.log(`generated ${ENTRIES.toLocaleString('en')} entries (${mb(fs.statSync(listFile).size)} MB) in ${((Date.now() - genStart) / 1000).toFixed(1)} s`);

  const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL ?? '', dataDir: dir });
  await migrateToLatest(handle.db);
  const rssSamples: { entries: number; rss_mb: number }[] = [];
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const rssBefore = process.memoryUsage().rss;
  const started = Date.now();
  let nextSample = 50_000;
  const out = await importList(handle.db, handle.dialect, listFile, { name: 'synthetic' }, (n) => {
    if (n >= nextSample) {
      rssSamples.push({ entries: n, rss_mb: mb(process.memoryUsage().rss) });
      nextSample += Math.max(50_000, Math.round(ENTRIES / 20));
    }
  });
  const importSeconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const imported = {
    entries: out.version.entry_count,
    seconds: Math.round(importSeconds * 10) / 10,
    entries_per_second: Math.round(out.version.entry_count / importSeconds),
    rss_before_mb: mb(rssBefore),
    peak_rss_mb: mb(peak),
    rss_during: rssSamples,
    load_after: loadAvg(),
  };
  console.log('import', imported);

  // A case of 20 names: 12 persons and 8 companies, half of them list names (some in another
  // order or script), half ordinary names that are not on the list.
  const people = sdn.filter((e) => e.type === 'individual');
  const firms = sdn.filter((e) => e.type === '');
  const pick = <T>(a: T[], i: number) => a[(i * 7919) % a.length]!;
  const flip = (n: string) => n.split(', ').reverse().join(' ');
  const subjects = [
    ...[1, 2, 3, 4, 5, 6].map((i) => ({ kind: 'person' as const, names: [i % 2 ? flip(pick(people, i).name) : pick(people, i).name], birthDate: null, countries: [], identifiers: [] })),
    ...['Jane Smith', 'Oliver Brown', 'Ahmed Hassan', 'Maria Garcia', 'Wei Zhang', 'Ivan Petrov'].map((n) => ({
      kind: 'person' as const,
      names: [n],
      birthDate: '1980-01',
      countries: ['GB'],
      identifiers: [],
    })),
    ...[1, 2, 3, 4].map((i) => ({ kind: 'company' as const, names: [pick(firms, i).name], birthDate: null, countries: [], identifiers: [] })),
    ...['Acme Trading Ltd', 'Northwind Logistics GmbH', 'Blue River Holdings AG', 'Global Shipping LLC'].map((n) => ({
      kind: 'company' as const,
      names: [n],
      birthDate: null,
      countries: ['GB'],
      identifiers: [],
    })),
  ];
  const versions = await listActiveVersions(handle.db);
  const thresholds = { match: 0.85, strong: 0.92, maxCandidates: 500 };
  const times: number[] = [];
  let hits = 0;
  for (let r = 0; r < RUNS + 5; r++) {
    const t = process.hrtime.bigint();
    let n = 0;
    for (const s of subjects) n += (await screenSubject(handle.db, versions, s, thresholds)).length;
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (r >= 5) times.push(ms);
    hits = n;
  }
  times.sort((a, b) => a - b);
  const screening = {
    names: subjects.length,
    runs: RUNS,
    hits_per_run: hits,
    p50_ms: Math.round(pct(times, 50) * 10) / 10,
    p95_ms: Math.round(pct(times, 95) * 10) / 10,
    max_ms: Math.round(times.at(-1)! * 10) / 10,
    load_after: loadAvg(),
  };
  console.log('screening', screening);
  await handle.close();

  const pairs = labelledPairs(sdn);
  const quality = scorePairs(pairs, [0.8, 0.85, 0.9, 0.92]);
  console.log('quality', JSON.stringify(quality, null, 1));
  const examplesFile = path.join(ROOT, 'bench', 'results', 'screening-pairs.csv');
  const lines = ['label,kind,variant,score,name_a,name_b'];
  for (const p of quality.scored) lines.push([p.match ? 1 : 0, p.kind, p.variant, p.score.toFixed(3), JSON.stringify(p.a), JSON.stringify(p.b)].join(','));
  fs.writeFileSync(examplesFile, `${lines.join('\n')}\n`);
  const { scored: _scored, ...summary } = quality;
  const result = {
    date: new Date().toISOString(),
    machine,
    list: { source: 'synthetic, OFAC CSV format, from the token distribution of sdn.csv (2024-05-03)', entries: ENTRIES },
    import: imported,
    screening,
    quality: summary,
  };
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'screening.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`results in bench/results/screening.json and ${path.relative(ROOT, examplesFile)}`);
  if (!values.keep) fs.rmSync(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(0);
  },
);
