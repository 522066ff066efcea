// Ownership benchmark: effective ownership of the root of a generated graph (100 000 entities,
// 300 000 holdings, bands and circular holdings included) and the import of a Companies House PSC
// snapshot (1 000 000 lines) into the local register. Each measurement runs in its own child
// process so its memory is its own. See bench/README.md.
//
//   npx tsx bench/ownership/run.ts [--entities 100000] [--holdings 300000] [--runs 7]
//                                  [--lines 1000000] [--postgres] [--no-write]
//
// Results go to bench/results/ownership.json and the ownership section of bench/README.md.
// Timings are reported, never asserted: the process exits 0 whether targets pass or not.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const resultsFile = path.join(repoRoot, 'bench', 'results', 'ownership.json');
const readmeFile = path.join(repoRoot, 'bench', 'README.md');
const START_MARK = '<!-- ownership:start -->';
const END_MARK = '<!-- ownership:end -->';
const TARGET_MS = 1000;
const TARGET_MB = 500;
const TARGET_LINES_PER_S = 50_000;

const { values } = parseArgs({
  options: {
    entities: { type: 'string', default: '100000' },
    holdings: { type: 'string', default: '300000' },
    runs: { type: 'string', default: '7' },
    lines: { type: 'string', default: '1000000' },
    postgres: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});

function child(args: string[]): Promise<any> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(here, 'child.ts'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`child ${args[0]} exited with ${code}`))));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const r0 = (x: number) => Math.round(x);
const mark = (ok: boolean) => (ok ? '✅ pass' : '❌ fail');

async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-bench-psc-'));
const pscFile = path.join(work, 'psc-snapshot.jsonl');
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));

async function importRun(url: string) {
  const dir = fs.mkdtempSync(path.join(work, 'data-'));
  try {
    return await child(['import', pscFile, dir, url]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const machine = `${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, ${os.platform()} ${os.release()} ${os.arch()}`;
const load = os.loadavg()[0]!.toFixed(1);
console.error(`ownership: ${values.entities} entities, ${values.holdings} holdings, ${values.runs} runs …`);
const own = await child(['ownership', values.entities!, values.holdings!, values.runs!]);
console.error(`writing a PSC snapshot of ${values.lines} lines …`);
await child(['psc-file', values.lines!, pscFile]);
console.error(`import: ${values.lines} PSC lines into SQLite …`);
const imports = [await importRun('')];
if (values.postgres) {
  console.error('import: into PostgreSQL …');
  imports.push(await withPostgres(importRun));
}

const totals = own.runs.map((r: any) => r.total);
const ownershipRow = {
  median_ms: r0(median(totals)),
  max_ms: r0(Math.max(...totals)),
  median_compile_ms: r0(median(own.runs.map((r: any) => r.compile))),
  median_solve_ms: r0(median(own.runs.map((r: any) => r.solve))),
  median_cpu_ms: r0(median(own.runs.map((r: any) => r.cpu))),
  max_rss_mb: own.max_rss_mb,
  heap_growth_mb: own.heap_growth_mb,
};
const result = {
  date: new Date().toISOString(),
  machine,
  load_average_1m_at_start: Number(load),
  ownership: { ...own, summary: ownershipRow, targets: { time_ms: TARGET_MS, memory_mb: TARGET_MB } },
  imports: imports.map((i) => {
    const rss = i.samples.map((s: any) => s.rss_mb);
    const tenth = i.samples[Math.max(0, Math.floor(i.samples.length / 10))]?.rss_mb ?? rss[0];
    return {
      ...i,
      rss_first_tenth_mb: tenth,
      rss_last_mb: rss.at(-1),
      rss_max_sampled_mb: Math.max(...rss),
      heap_max_sampled_mb: Math.max(...i.samples.map((s: any) => s.heap_mb)),
      target_lines_per_s: TARGET_LINES_PER_S,
    };
  }),
};

const lines: string[] = [
  `Last run: ${result.date} — ${machine}; 1-minute load average ${load} at the start.`,
  '',
  '| Measurement | Result | Target | |',
  '|---|--:|--:|:-:|',
  `| Effective ownership of the root, ${own.entities.toLocaleString('en')} entities / ${own.holdings.toLocaleString('en')} holdings (median of ${own.runs.length}; compile ${ownershipRow.median_compile_ms} ms + solve ${ownershipRow.median_solve_ms} ms) | ${ownershipRow.median_ms} ms (max ${ownershipRow.max_ms} ms; CPU ${ownershipRow.median_cpu_ms} ms) | < ${TARGET_MS} ms | ${mark(ownershipRow.median_ms < TARGET_MS)} |`,
  `| Peak memory of that process (graph generation included; max RSS) | ${own.max_rss_mb} MB (heap growth while computing ${own.heap_growth_mb} MB) | < ${TARGET_MB} MB | ${mark(own.max_rss_mb < TARGET_MB)} |`,
  ...result.imports.map(
    (i: any) =>
      `| PSC snapshot import into ${i.database === 'postgres' ? 'PostgreSQL' : 'SQLite'}, ${i.lines.toLocaleString('en')} lines (${i.file_mb} MB) in ${i.seconds} s (CPU ${i.cpu_seconds} s, both threads) | ${i.lines_per_s.toLocaleString('en')} lines/s (${Math.round(i.lines / i.cpu_seconds).toLocaleString('en')} per CPU-second) | ≥ ${TARGET_LINES_PER_S.toLocaleString('en')} lines/s | ${mark(i.lines_per_s >= TARGET_LINES_PER_S)} |`,
  ),
  ...result.imports.map(
    (i: any) =>
      `| Memory during the ${i.database === 'postgres' ? 'PostgreSQL' : 'SQLite'} import (sampled every 50 000 lines): RSS after the first tenth / at the end / highest; JS heap highest | ${i.rss_first_tenth_mb} / ${i.rss_last_mb} / ${i.rss_max_sampled_mb} MB; heap ${i.heap_max_sampled_mb} MB | flat | ${mark(i.rss_last_mb <= i.rss_first_tenth_mb * 1.25 + 20)} |`,
  ),
  '',
  `The graph: ${own.persons_reached.toLocaleString('en')} persons reached from the root, ${own.banded_holdings.toLocaleString('en')} holdings given as bands, ${own.cycles} circular group(s), the largest of ${own.largest_cycle.toLocaleString('en')} companies (solved by iteration); the exact low ends of all terminal stakes add up to ${own.low_sum}.`,
  `Imported rows: ${result.imports.map((i: any) => `${i.rows.entities.toLocaleString('en')} entities and ${i.rows.relationships.toLocaleString('en')} relationships (${i.database})`).join('; ')}.`,
  '',
  'Raw numbers: [results/ownership.json](results/ownership.json).',
];
const section = lines.join('\n');
console.log(section);

if (!values['no-write']) {
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  // Only our own section of the shared README is rewritten; it is appended when absent.
  const readme = fs.existsSync(readmeFile) ? fs.readFileSync(readmeFile, 'utf8') : '# Benchmarks\n';
  const a = readme.indexOf(START_MARK);
  const b = readme.indexOf(END_MARK);
  const block = `${START_MARK}\n${section}\n${END_MARK}`;
  const next = a !== -1 && b > a ? readme.slice(0, a) + block + readme.slice(b + END_MARK.length) : `${readme.trimEnd()}\n\n## Ownership results\n\n${block}\n`;
  fs.writeFileSync(readmeFile, next);
}
