// API benchmark: Dossier's create-case and get-result endpoints against the bare floor of this
// machine (plain Fastify + one better-sqlite3 table), measured in the same run with the same
// autocannon settings. See bench/README.md.
//
//   npx tsx bench/api/run.ts [--duration 10] [--warmup 2] [--connections 50] [--postgres]
//                            [--cpu-prof] [--no-write]
//
// Each server runs in its own child process (one per server and scenario, on a fresh data
// folder) listening on a loopback port; autocannon runs here in the parent. Results go to
// bench/results/api.json and the results section of bench/README.md, and a Markdown table is
// printed. Timings are reported, never asserted: the process exits 0 whether targets pass or not.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { READY_PREFIX, type ReadyMessage } from './child.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const resultsFile = path.join(repoRoot, 'bench', 'results', 'api.json');
const readmeFile = path.join(repoRoot, 'bench', 'README.md');
const START_MARK = '<!-- api:start -->';
const END_MARK = '<!-- api:end -->';

const TARGET_RPS_RATIO = 0.5;
const TARGET_P99_MS = 50;
const CHILD_START_TIMEOUT_MS = 120_000;
const CHILD_STOP_TIMEOUT_MS = 15_000;

type ScenarioId = 'create_case' | 'get_result';
type ServerKind = 'bare' | 'dossier';
type Database = 'sqlite' | 'postgres';

interface ScenarioResult {
  scenario: ScenarioId;
  server: ServerKind;
  database: Database;
  label: string;
  method: 'POST' | 'GET';
  endpoint: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  latency_avg_ms: number;
  requests_total: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  response_bytes: number | null;
  /** CPU the server process used during the measured window, in % of one core. */
  server_cpu_pct: number | null;
  /** Server CPU time per completed request, in microseconds: the cost of one request on this machine. */
  server_cpu_us_per_req: number | null;
  /** CPU this process (autocannon) used during the measured window, in % of one core. */
  loadgen_cpu_pct: number;
}

interface TargetCheck {
  scenario: ScenarioId;
  database: Database;
  rps_ratio: number;
  rps_ratio_target: number;
  rps_pass: boolean;
  p99_ms: number;
  p99_target_ms: number;
  p99_pass: boolean;
}

const SCENARIOS: { id: ScenarioId; title: string; method: 'POST' | 'GET'; endpoint: Record<ServerKind, string> }[] = [
  { id: 'create_case', title: 'create case', method: 'POST', endpoint: { dossier: 'POST /api/v1/cases', bare: 'POST /items (one INSERT)' } },
  {
    id: 'get_result',
    title: 'get result',
    method: 'GET',
    endpoint: { dossier: 'GET /api/v1/cases/{id}/result (ready case)', bare: 'GET /items/{id} (one SELECT by primary key)' },
  },
];

// ---------------------------------------------------------------------------------------------
// Options

const { values: argv } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    postgres: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (argv.help) {
  process.stdout.write(
    [
      'Usage: npx tsx bench/api/run.ts [options]',
      '  --duration <s>     measured seconds per scenario (default 10)',
      '  --warmup <s>       warm-up seconds before each measurement (default 2)',
      '  --connections <n>  autocannon connections (default 50)',
      '  --postgres         also run Dossier on PostgreSQL (DATABASE_URL or postgres://127.0.0.1:5432/test;',
      '                     a throwaway database bench_<random> is created and dropped)',
      '  --cpu-prof         write V8 CPU profiles of every server (implies --no-write)',
      '  --no-write         print the table only; leave bench/results/api.json and bench/README.md alone',
      '',
    ].join('\n'),
  );
  process.exit(0);
}

function positiveInt(name: string, raw: string, max: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    process.stderr.write(`--${name} must be a whole number from 1 to ${max}, got "${raw}"\n`);
    process.exit(2);
  }
  return n;
}
const durationS = positiveInt('duration', argv.duration, 3600);
const warmupS = Number(argv.warmup) === 0 ? 0 : positiveInt('warmup', argv.warmup, 600);
const connections = positiveInt('connections', argv.connections, 1000);
const cpuProf = argv['cpu-prof'];
const write = !argv['no-write'] && !cpuProf;
const adminPgUrl = withDefaultUser(process.env.DATABASE_URL || 'postgres://127.0.0.1:5432/test');

/** Like psql, default the PostgreSQL user to the OS user when neither the URL nor PGUSER/USER name one. */
function withDefaultUser(raw: string): string {
  const url = new URL(raw);
  if (!url.username && !process.env.PGUSER && !process.env.USER) url.username = os.userInfo().username;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------
// Resources to release on every way out: child processes, temp folders, throwaway databases.

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const pgDatabases = new Set<string>();
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-bench-'));
tempDirs.add(runDir);
const profileDir = path.join(os.tmpdir(), `dossier-bench-profiles-${Date.now()}`);

function killAllChildrenNow(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

function removeTempDirsNow(): void {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

async function cleanup(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c)));
  await dropPgDatabases();
  removeTempDirsNow();
}

process.on('exit', () => {
  killAllChildrenNow();
  removeTempDirsNow();
});
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping servers and cleaning up…\n`);
    const hard = setTimeout(() => process.exit(130), 20_000);
    hard.unref();
    cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Child servers

interface RunningServer {
  child: ChildProcess;
  ready: ReadyMessage;
  base: string;
}

function startServer(script: 'dossier-server.ts' | 'baseline.ts', env: Record<string, string>, profileName?: string): Promise<RunningServer> {
  const tsx = import.meta.resolve('tsx');
  const nodeArgs: string[] = [];
  if (profileName) {
    // One folder per server: node writes one profile per thread (the main thread's is the big
    // one; tsx's module loader thread writes a small one too).
    const dir = path.join(profileDir, profileName);
    fs.mkdirSync(dir, { recursive: true });
    nodeArgs.push('--cpu-prof', '--cpu-prof-dir', dir);
  }
  const child = spawn(process.execPath, [...nodeArgs, '--import', tsx, path.join(here, script)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));

  return new Promise<RunningServer>((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, ready?: ReadyMessage) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        if (child.exitCode === null) child.kill('SIGKILL');
        reject(err);
      } else {
        resolve({ child, ready: ready!, base: `http://127.0.0.1:${ready!.port}` });
      }
    };
    const timer = setTimeout(() => finish(new Error(`${script} did not get ready within ${CHILD_START_TIMEOUT_MS} ms`)), CHILD_START_TIMEOUT_MS);
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!settled && line.startsWith(READY_PREFIX)) {
        try {
          finish(null, JSON.parse(line.slice(READY_PREFIX.length)) as ReadyMessage);
        } catch (err) {
          finish(new Error(`${script} sent a bad ready line: ${String(err)}`));
        }
      } else {
        process.stderr.write(`[${script}] ${line}\n`);
      }
    });
    child.once('error', (err) => finish(err));
    child.once('exit', (code, signal) => finish(new Error(`${script} exited before it was ready (code ${code}, signal ${signal})`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), CHILD_STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    child.stdin?.end();
    child.kill('SIGTERM');
  });
}

/** Total user+system CPU seconds of a process, from /proc (Linux); null elsewhere. */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ", field 3 (state) is index 0, so utime (14) is 11 and stime (15) is 12.
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Load generation

function cannon(url: string, seconds: number, method: 'POST' | 'GET', ready: ReadyMessage): Promise<Result> {
  return new Promise<Result>((resolve, reject) => {
    const headers: Record<string, string> = { ...ready.headers };
    if (method === 'POST') headers['content-type'] = 'application/json';
    const instance = autocannon({ url, connections, duration: seconds, pipelining: 1, timeout: 10, method, headers, body: method === 'POST' ? ready.postBody : undefined }, (err, result) => {
      clearTimeout(guard);
      if (err) reject(err);
      else resolve(result);
    });
    // autocannon stops by itself after `seconds`; this only guards against it hanging.
    const guard = setTimeout(() => instance.stop(), (seconds + 30) * 1000);
  });
}

async function measure(scenario: (typeof SCENARIOS)[number], server: ServerKind, database: Database, label: string, running: RunningServer): Promise<ScenarioResult> {
  const url = running.base + (scenario.method === 'POST' ? running.ready.postPath : running.ready.getPath);
  process.stderr.write(`  ${label} · ${scenario.title}: warm-up ${warmupS} s, measure ${durationS} s … `);
  if (warmupS > 0) await cannon(url, warmupS, scenario.method, running.ready);
  const cpuBefore = cpuSecondsOf(running.child.pid);
  const selfBefore = process.cpuUsage();
  const wallBefore = process.hrtime.bigint();
  const r = await cannon(url, durationS, scenario.method, running.ready);
  const wallS = Number(process.hrtime.bigint() - wallBefore) / 1e9;
  const cpuAfter = cpuSecondsOf(running.child.pid);
  const self = process.cpuUsage(selfBefore);
  const serverCpuS = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const result: ScenarioResult = {
    scenario: scenario.id,
    server,
    database,
    label,
    method: scenario.method,
    endpoint: scenario.endpoint[server],
    rps: round(r.requests.average, 1),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    latency_avg_ms: round(r.latency.average, 2),
    requests_total: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    response_bytes: scenario.method === 'GET' ? running.ready.getBytes : null,
    server_cpu_pct: serverCpuS !== null ? round((serverCpuS / wallS) * 100, 0) : null,
    server_cpu_us_per_req: serverCpuS !== null && r.requests.total > 0 ? round((serverCpuS / r.requests.total) * 1e6, 0) : null,
    loadgen_cpu_pct: round(((self.user + self.system) / 1e6 / wallS) * 100, 0),
  };
  process.stderr.write(`${result.rps} req/s, p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms, errors ${result.errors}, non-2xx ${result.non2xx}\n`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL throwaway databases

async function createPgDatabase(): Promise<string> {
  const name = `bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminPgUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    pgDatabases.add(name);
  } finally {
    await admin.end();
  }
  const url = new URL(adminPgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPgDatabases(): Promise<void> {
  if (!pgDatabases.size) return;
  const admin = new pg.Client({ connectionString: adminPgUrl, connectionTimeoutMillis: 10_000 });
  try {
    await admin.connect();
    for (const name of [...pgDatabases]) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } catch {
        await admin.query(`DROP DATABASE IF EXISTS "${name}"`); // PostgreSQL before 13
      }
      pgDatabases.delete(name);
    }
  } catch (err) {
    process.stderr.write(`could not drop ${[...pgDatabases].join(', ')}: ${String(err)}\n`);
  } finally {
    await admin.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    memory_gb: round(os.totalmem() / 2 ** 30, 1),
  };
}

function targetsOf(results: ScenarioResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const r of results) {
    if (r.server !== 'dossier') continue;
    const bare = results.find((b) => b.server === 'bare' && b.scenario === r.scenario);
    if (!bare) continue;
    const ratio = bare.rps > 0 ? r.rps / bare.rps : 0;
    checks.push({
      scenario: r.scenario,
      database: r.database,
      rps_ratio: round(ratio, 3),
      rps_ratio_target: TARGET_RPS_RATIO,
      rps_pass: ratio >= TARGET_RPS_RATIO && r.errors === 0 && r.non2xx === 0,
      p99_ms: r.p99_ms,
      p99_target_ms: TARGET_P99_MS,
      p99_pass: r.p99_ms < TARGET_P99_MS && r.errors === 0 && r.non2xx === 0,
    });
  }
  return checks;
}

const pass = (ok: boolean) => (ok ? '✅ pass' : '❌ fail');
const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');

function markdownTable(results: ScenarioResult[], checks: TargetCheck[]): string {
  const rows = [
    '| Scenario | Server | req/s | p50 (ms) | p99 (ms) | errors | non-2xx | server CPU | server CPU per request | autocannon CPU | vs bare | req/s ≥ 50 % of bare | p99 < 50 ms |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|:-:|',
  ];
  for (const s of SCENARIOS) {
    for (const r of results.filter((x) => x.scenario === s.id)) {
      const c = checks.find((x) => x.scenario === r.scenario && x.database === r.database && r.server === 'dossier');
      rows.push(
        `| ${s.title} | ${r.label} | ${fmtInt(r.rps)} | ${r.p50_ms} | ${r.p99_ms} | ${r.errors} | ${r.non2xx} | ${r.server_cpu_pct === null ? '–' : `${r.server_cpu_pct} %`} | ${r.server_cpu_us_per_req === null ? '–' : `${r.server_cpu_us_per_req} µs`} | ${r.loadgen_cpu_pct} % | ${
          c ? `${(c.rps_ratio * 100).toFixed(0)} %` : '100 %'
        } | ${c ? pass(c.rps_pass) : '–'} | ${c ? pass(c.p99_pass) : '–'} |`,
      );
    }
  }
  return rows.join('\n');
}

function resultsSection(report: Report, table: string): string {
  const m = report.machine;
  const ratios = report.targets
    .map(
      (c) =>
        `- ${c.scenario === 'create_case' ? 'create case' : 'get result'} (${c.database === 'sqlite' ? 'embedded SQLite' : 'PostgreSQL'}): Dossier/bare = **${c.rps_ratio.toFixed(2)}** (target ≥ ${c.rps_ratio_target}: ${pass(c.rps_pass)}); p99 ${c.p99_ms} ms (target < ${c.p99_target_ms} ms: ${pass(c.p99_pass)})`,
    )
    .join('\n');
  return [
    `Last run: ${report.date} — ${m.cpu_model}, ${m.cores} cores, ${m.memory_gb} GB, Node ${m.node}, ${m.platform}.`,
    `autocannon ${report.settings.autocannon}, ${report.settings.connections} connections, pipelining 1, ${report.settings.warmup_s} s warm-up then ${report.settings.duration_s} s measured per row; each server in its own child process on a fresh data folder. "server CPU" and "autocannon CPU" are the CPU time of the server process and of the load generator over the measured window (100 % = one core; the machine has ${m.cores}); "server CPU per request" is the server's CPU time divided by the requests it answered.`,
    '',
    table,
    '',
    'Ratios Dossier/bare (requests per second):',
    '',
    ratios,
    '',
    `Raw numbers: [results/api.json](results/api.json).`,
  ].join('\n');
}

function rewriteReadme(section: string): void {
  const block = `${START_MARK}\n${section}\n${END_MARK}`;
  let text = fs.existsSync(readmeFile) ? fs.readFileSync(readmeFile, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(START_MARK);
  const end = text.indexOf(END_MARK);
  if (start >= 0 && end > start) text = text.slice(0, start) + block + text.slice(end + END_MARK.length);
  else text = `${text.trimEnd()}\n\n## API results\n\n${block}\n`;
  fs.writeFileSync(readmeFile, text);
}

interface Report {
  generated_by: string;
  date: string;
  machine: ReturnType<typeof machine>;
  settings: { autocannon: string; connections: number; pipelining: number; duration_s: number; warmup_s: number; servers: string };
  scenarios: ScenarioResult[];
  targets: TargetCheck[];
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const autocannonVersion = (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;
  const variants: { server: ServerKind; database: Database; label: string }[] = [
    { server: 'dossier', database: 'sqlite', label: 'Dossier (SQLite)' },
    { server: 'bare', database: 'sqlite', label: 'bare Fastify + better-sqlite3' },
    ...(argv.postgres ? [{ server: 'dossier' as const, database: 'postgres' as const, label: 'Dossier (PostgreSQL)' }] : []),
  ];
  const getBodyFile = path.join(runDir, 'get-body.json');
  const results: ScenarioResult[] = [];
  let counter = 0;
  if (argv.postgres) {
    // Fail before the long SQLite part if PostgreSQL cannot be reached.
    const probe = new pg.Client({ connectionString: adminPgUrl, connectionTimeoutMillis: 10_000 });
    try {
      await probe.connect();
      await probe.query('select 1');
    } finally {
      await probe.end().catch(() => {});
    }
  }

  process.stderr.write(`API benchmark: ${connections} connections, ${warmupS} s warm-up + ${durationS} s per row, autocannon ${autocannonVersion}, ${machine().cpu_model} × ${machine().cores}\n`);
  for (const scenario of SCENARIOS) {
    for (const v of variants) {
      const dataDir = path.join(runDir, `${++counter}-${v.server}-${v.database}-${scenario.id}`);
      tempDirs.add(dataDir);
      const env: Record<string, string> = { BENCH_DATA_DIR: dataDir };
      if (v.server === 'dossier') env.BENCH_DATABASE_URL = v.database === 'postgres' ? await createPgDatabase() : '';
      if (v.server === 'bare' && fs.existsSync(getBodyFile)) env.BENCH_GET_BODY_FILE = getBodyFile;
      const profileName = cpuProf ? `${v.server}-${v.database}-${scenario.id}` : undefined;
      const running = await startServer(v.server === 'dossier' ? 'dossier-server.ts' : 'baseline.ts', env, profileName);
      try {
        if (v.server === 'dossier' && v.database === 'sqlite' && !fs.existsSync(getBodyFile)) {
          // The bare GET serves the same bytes Dossier answers for its ready case.
          const res = await fetch(running.base + running.ready.getPath, { headers: running.ready.headers });
          fs.writeFileSync(getBodyFile, await res.text());
        }
        results.push(await measure(scenario, v.server, v.database, v.label, running));
      } finally {
        await stopChild(running.child);
        fs.rmSync(dataDir, { recursive: true, force: true });
        tempDirs.delete(dataDir);
        await dropPgDatabases();
      }
    }
  }

  const report: Report = {
    generated_by: 'bench/api/run.ts',
    date: new Date().toISOString(),
    machine: machine(),
    settings: {
      autocannon: autocannonVersion,
      connections,
      pipelining: 1,
      duration_s: durationS,
      warmup_s: warmupS,
      servers: 'one child process per server and scenario, fresh data folder; autocannon in the parent process',
    },
    scenarios: results,
    targets: targetsOf(results),
  };
  const table = markdownTable(results, report.targets);
  process.stdout.write(`\n${table}\n\n`);
  for (const c of report.targets) {
    process.stdout.write(`${c.scenario} (${c.database}): Dossier/bare = ${c.rps_ratio.toFixed(2)}, p99 ${c.p99_ms} ms\n`);
  }
  if (cpuProf) process.stdout.write(`\nCPU profiles: ${profileDir}\n`);
  if (write) {
    fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
    fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
    rewriteReadme(resultsSection(report, table));
    process.stdout.write(`\nWrote ${path.relative(repoRoot, resultsFile)} and the results section of ${path.relative(repoRoot, readmeFile)}.\n`);
  }
}

main()
  .catch((err) => {
    process.stderr.write(`\nbenchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup();
  });
