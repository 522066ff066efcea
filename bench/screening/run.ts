// Screening benchmark (npm run bench:screening): (1) import of a synthetic 1,000,000-entry list in
// OFAC's legacy CSV format, generated from the token distribution of the real SDN names, with
// entries/second and resident memory sampled through the import (flat or not); (2) screening a
// case of 20 names against it through the blocking index, p50/p95 over repeated runs (a new case
// each run, and one case again and again), after the first screening reads the index; (3)
// precision, recall and F1 on the labelled benchmark (labelled.ts) and the OFAC alias pairs (pairs.ts). Needs
// ../shared/data/sanctions/sdn.csv (OFAC SDN, public domain); without it the benchmark says so and
// stops. Results go to bench/results/screening.json. Timings are never test assertions.
// Options: --entries N (default 1000000), --runs N (default 100), --keep (keep the temporary folder),
// --reuse DIR (a folder kept by an earlier --keep run: its imported list is screened again, nothing
// generated or imported; for comparing matcher changes on the same list).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase } from '../../src/db/db.ts';
import { listActiveVersions } from '../../src/db/screening.repo.ts';
import { importList } from '../../src/screening/lists.ts';
import { screenSubject } from '../../src/screening/screen-case.ts';
import { generateList, readSdn } from './generate.ts';
import { measureQuality } from './quality.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SDN = path.resolve(ROOT, '..', 'shared', 'data', 'sanctions', 'sdn.csv');

const { values } = parseArgs({ options: { entries: { type: 'string' }, runs: { type: 'string' }, keep: { type: 'boolean' }, reuse: { type: 'string' } } });
const ENTRIES = Number(values.entries ?? 1_000_000);
const RUNS = Number(values.runs ?? 100);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const mb = (b: number) => Math.round(b / 1048576);

type Handle = ReturnType<typeof openDatabase>;
type ReadSdn = Awaited<ReturnType<typeof readSdn>>;
const loadAvg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/** Generates the synthetic list in `dir` and imports it, sampling resident memory on the way. */
async function importSynthetic(handle: Handle, sdn: ReadSdn, dir: string) {
  const listFile = path.join(dir, 'synthetic-sdn.csv');
  const genStart = Date.now();
  await generateList(sdn, ENTRIES, listFile);
  console.log(`generated ${ENTRIES.toLocaleString('en')} entries (${mb(fs.statSync(listFile).size)} MB) in ${((Date.now() - genStart) / 1000).toFixed(1)} s`);
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
  return {
    entries: out.version.entry_count,
    seconds: Math.round(importSeconds * 10) / 10,
    entries_per_second: Math.round(out.version.entry_count / importSeconds),
    rss_before_mb: mb(rssBefore),
    peak_rss_mb: mb(peak),
    rss_during: rssSamples,
    load_after: loadAvg(),
  };
}

/** With --reuse: the list already imported there, and the import figures of the last full run (if it was that size). */
async function previousImport(handle: Handle) {
  const [version] = await listActiveVersions(handle.db);
  if (!version) throw new Error(`--reuse ${values.reuse}: no imported list there (make one with --keep)`);
  const last = path.join(ROOT, 'bench', 'results', 'screening.json');
  const before = fs.existsSync(last) ? JSON.parse(fs.readFileSync(last, 'utf8')).import : null;
  return before?.entries === version.entry_count ? { ...before, reused: true } : { entries: version.entry_count, reused: true };
}

async function main() {
  if (!fs.existsSync(SDN)) {
    console.log(`bench:screening needs ${SDN} (the OFAC SDN list, public domain), absent here: nothing measured.`);
    return;
  }
  const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', node: process.version, load_at_start: loadAvg() };
  const sdn = await readSdn(SDN);
  const reused = values.reuse ? path.resolve(values.reuse) : null;
  const dir = reused ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-bench-screening-'));
  const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL ?? '', dataDir: dir });
  await migrateToLatest(handle.db);
  const imported = reused ? await previousImport(handle) : await importSynthetic(handle, sdn, dir);
  console.log('import', imported);

  // A case of 20 names: 12 persons and 8 companies, half of them list names (persons in either name
  // order), half ordinary names that are not on the list. Timed twice: a new case each run (names
  // never screened before, their candidates mostly read from the database), and one case screened
  // again and again (its candidates already in memory).
  const people = sdn.filter((e) => e.type === 'individual');
  const firms = sdn.filter((e) => e.type === '');
  const pick = <T>(a: T[], i: number) => a[(i * 7919) % a.length]!;
  const flip = (n: string) => n.split(', ').reverse().join(' ');
  const FIRST = ['Jane', 'Oliver', 'Ahmed', 'Maria', 'Wei', 'Ivan', 'Fatima', 'John', 'Elena', 'Mohammed', 'Anna', 'Carlos', 'Olga', 'David', 'Aisha', 'Peter'];
  const LAST = ['Smith', 'Brown', 'Hassan', 'Garcia', 'Zhang', 'Petrov', 'Khan', 'Müller', 'Rossi', 'Novak', 'Ali', 'Jones', 'Kowalski', 'Ivanova', 'Silva', 'Chen'];
  const WORDS = ['Acme', 'Northwind', 'Blue River', 'Global', 'Harbour', 'Summit', 'Pioneer', 'Atlas', 'Green Valley', 'Silver', 'Eastern', 'Union'];
  const TRADES = ['Trading', 'Logistics', 'Holdings', 'Shipping', 'Metals', 'Foods', 'Engineering', 'Textiles'];
  const FORMS = ['Ltd', 'GmbH', 'AG', 'LLC', 'SA', 'BV'];
  const caseOf = (run: number) => [
    ...[0, 1, 2, 3, 4, 5].map((i) => {
      const n = pick(people, run * 6 + i + 1).name;
      return { kind: 'person' as const, names: [i % 2 ? flip(n) : n], birthDate: null, countries: [], identifiers: [] };
    }),
    ...[0, 1, 2, 3, 4, 5].map((i) => ({
      kind: 'person' as const,
      names: [`${FIRST[(run * 6 + i) % FIRST.length]} ${LAST[(run * 7 + i * 3) % LAST.length]}`],
      birthDate: '1980-01',
      countries: ['GB'],
      identifiers: [],
    })),
    ...[0, 1, 2, 3].map((i) => ({ kind: 'company' as const, names: [pick(firms, run * 4 + i + 1).name], birthDate: null, countries: [], identifiers: [] })),
    ...[0, 1, 2, 3].map((i) => ({
      kind: 'company' as const,
      names: [`${WORDS[(run * 4 + i) % WORDS.length]} ${TRADES[(run * 3 + i) % TRADES.length]} ${FORMS[(run + i) % FORMS.length]}`],
      birthDate: null,
      countries: ['GB'],
      identifiers: [],
    })),
  ];
  const versions = await listActiveVersions(handle.db);
  const thresholds = { match: 0.85, strong: 0.92, maxCandidates: 500 };
  // The first screening reads the list's blocking index into the process (once per list version).
  const t0 = process.hrtime.bigint();
  for (const s of caseOf(0)) await screenSubject(handle.db, versions, s, thresholds);
  const first = { ms: Math.round(Number(process.hrtime.bigint() - t0) / 1e6), rss_mb: mb(process.memoryUsage().rss) };
  /** Times RUNS screenings of 20 names (after 5 not timed); `caseFor(r)` gives run r's case. */
  const timed = async (caseFor: (r: number) => ReturnType<typeof caseOf>) => {
    const times: number[] = [];
    let hits = 0;
    for (let r = 0; r < RUNS + 5; r++) {
      const subjects = caseFor(r + 1);
      const t = process.hrtime.bigint();
      let n = 0;
      for (const s of subjects) n += (await screenSubject(handle.db, versions, s, thresholds)).length;
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      if (r >= 5) {
        times.push(ms);
        hits += n;
      }
    }
    times.sort((a, b) => a - b);
    const round = (x: number) => Math.round(x * 10) / 10;
    return { hits_per_run: round(hits / RUNS), p50_ms: round(pct(times, 50)), p95_ms: round(pct(times, 95)), max_ms: round(times.at(-1)!) };
  };
  const screening = {
    names: 20,
    runs: RUNS,
    first_screening_ms: first.ms,
    rss_after_first_mb: first.rss_mb,
    new_case_each_run: await timed((r) => caseOf(r)),
    same_case_each_run: await timed(() => caseOf(RUNS + 10)),
    load_after: loadAvg(),
  };
  console.log('screening', screening);
  await handle.close();

  // Quality: the labelled benchmark (persons and companies) and the OFAC alias pairs (quality.ts).
  const quality = await measureQuality();
  console.log('quality', JSON.stringify({ by_kind: quality.benchmark.by_kind, ofac: quality.ofac_alias_pairs.at }, null, 1));
  const result = {
    date: new Date().toISOString(),
    machine,
    list: { source: 'synthetic, OFAC CSV format, from the token distribution of sdn.csv (2024-05-03)', entries: imported.entries },
    import: imported,
    screening,
    quality,
  };
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'screening.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('results in bench/results/screening.json and bench/results/screening-benchmark.csv');
  if (!values.keep && !reused) fs.rmSync(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(0);
  },
);
