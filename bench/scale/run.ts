// Scale-out benchmark: verification throughput with 1, 2 and 4 `dossier worker` processes, and API
// throughput with 1 and 2 `dossier serve` processes, all on one throwaway PostgreSQL database. See
// bench/README.md ("Scale-out benchmark").
//
//   npx tsx bench/scale/run.ts [--workers 1,2,4] [--backlog 40] [--api-seconds 10] [--no-write]
//
// Verification: one `serve` process takes the requests; N workers are started and warmed (a few
// verifications each), then frozen (SIGSTOP) while a backlog of cases, each with one invoice PDF
// to verify, is queued through the API; they are let go (SIGCONT) and the drain is timed until
// every verification is ready. Reported: verifications per minute, the CPU-seconds the workers
// spent per case (from /proc), and the machine's load: the load average and the share of the
// machine's CPU that other processes used during the run. A run where others took more than a
// quarter of the machine is flagged busy: its figures are low bounds.
// API: autocannon against GET /api/v1/cases/{id}/result and POST /api/v1/cases, on one process and
// then split over two (one autocannon per process, at the same time; requests/s summed).
// Results go to bench/scale/results-<document>.json and .md. Timings are reported, never
// asserted: the process exits 0.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { freePort } from '../../test/helpers/ports.ts';
import { makeInvoicePdf } from '../../test/fixtures/documents.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const { values: args } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2,4' },
    backlog: { type: 'string', default: '40' },
    document: { type: 'string', default: 'scan' },
    'api-seconds': { type: 'string', default: '10' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' },
    'no-write': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log('npx tsx bench/scale/run.ts [--workers 1,2,4] [--backlog 40] [--document scan|text] [--api-seconds 10] [--database-url postgres://…] [--no-write]');
  process.exit(0);
}
const WORKER_COUNTS = args.workers
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const BACKLOG = Number(args.backlog);
const DOCUMENT = args.document === 'text' ? 'text' : 'scan';
const API_SECONDS = Number(args['api-seconds']);
const CREDS = { username: 'bench', password: 'bench-password-1234' };
const AUTH = `Basic ${Buffer.from(`${CREDS.username}:${CREDS.password}`).toString('base64')}`;
/** Others' share of the machine's CPU above which a run is flagged busy. */
const BUSY_SHARE = 0.25;
const CLK_TCK = 100;

type Child = ChildProcess & { output: string };
const children = new Set<Child>();

function dossier(command: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', command], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', WORKER_HTTP_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as Child;
  child.output = '';
  child.stdout!.on('data', (d) => (child.output = (child.output + String(d)).slice(-20_000)));
  child.stderr!.on('data', (d) => (child.output = (child.output + String(d)).slice(-20_000)));
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stop(child: Child): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGCONT');
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await done;
  clearTimeout(late);
}

process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** CPU-seconds a process has used (all its threads), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** The machine's busy and total CPU-seconds so far (all cores), from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  const [, ...f] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = f.map(Number);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = n[3]! + n[4]!;
  return { busy: (total - idle) / CLK_TCK, total: total / CLK_TCK };
}

interface Load {
  loadavg_before: number[];
  loadavg_after: number[];
  /** Share of the whole machine's CPU (all cores) used by processes other than the benchmark's. */
  others_cpu_share: number;
  busy: boolean;
}

async function withLoad<T>(ours: () => number, fn: () => Promise<T>): Promise<{ value: T; load: Load }> {
  const loadBefore = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const m0 = machineCpu();
  const o0 = ours();
  const value = await fn();
  const m1 = machineCpu();
  const o1 = ours();
  const others = Math.max(0, m1.busy - m0.busy - (o1 - o0));
  const share = m1.total > m0.total ? others / (m1.total - m0.total) : 0;
  return {
    value,
    load: { loadavg_before: loadBefore, loadavg_after: os.loadavg().map((x) => Math.round(x * 100) / 100), others_cpu_share: Math.round(share * 1000) / 1000, busy: share > BUSY_SHARE },
  };
}

async function api(base: string, method: string, p: string, body?: unknown, raw?: FormData): Promise<any> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { authorization: AUTH, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

function newCase(i: number) {
  return {
    communication_id: `bench-${i}`,
    case: {
      case_kind: 'onboarding',
      company_full_name: 'Acme Trading Ltd',
      company_country_code: 'GB',
      company_reg_number: '01234567',
      user_full_name: 'Jane Quinn Public',
      modules: [{ module: 'documents_verification' }],
    },
  };
}

let scans = 0;
let scanFolder = '';

/** Renders `count` scanned invoices in a child process (see render-scans.ts). */
function renderScans(count: number): void {
  scanFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-bench-scans-'));
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'render-scans.ts'), String(count), scanFolder], { cwd: root, stdio: 'inherit', timeout: 600_000 });
}

/**
 * One invoice, different bytes each time: a one-page text PDF (--document text), or a scanned
 * page read with OCR (--document scan, a JPEG of a generated invoice, each with its own tilt and
 * tint).
 */
async function invoice(): Promise<{ bytes: Buffer; name: string; company: string }> {
  if (DOCUMENT === 'scan') {
    const n = scans++;
    const { company } = JSON.parse(fs.readFileSync(path.join(scanFolder, `${n}.json`), 'utf8')) as { company: string };
    return { bytes: fs.readFileSync(path.join(scanFolder, `${n}.jpg`)), name: `invoice-${n}.jpg`, company };
  }
  const n = crypto.randomBytes(4).toString('hex').toUpperCase();
  const bytes = await makeInvoicePdf({
    seller: 'Acme Trading Ltd',
    buyer: 'Globex GmbH',
    invoiceNumber: `INV-${n}`,
    date: '2026-10-01',
    currency: 'EUR',
    total: 1000 + crypto.randomInt(90_000) / 100,
  });
  return { bytes, name: `invoice-${n}.pdf`, company: 'Acme Trading Ltd' };
}

/** Creates a case, uploads an invoice and asks for its verification; returns the verification id. */
async function queueVerification(base: string, i: number): Promise<string> {
  const pdf = await invoice();
  const created = await api(base, 'POST', '/api/v1/cases', newCase(i));
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf.bytes)]), pdf.name);
  const doc = await api(base, 'POST', `/api/v1/conversations/${created.conversation_id}/documents`, undefined, form);
  const v = await api(base, 'POST', `/api/v1/conversations/${created.conversation_id}/verifications`, {
    document_id: doc.document_id,
    verification_task: { document_type: 'invoice', company_full_name: pdf.company },
  });
  return v.verification_id as string;
}

async function readyCount(db: pg.Client, ids: string[]): Promise<number> {
  const r = await db.query('select count(*)::int as n from verifications where id = any($1) and status = $2', [ids, 'ready']);
  return r.rows[0].n as number;
}

interface VerificationRun {
  workers: number;
  backlog: number;
  drain_s: number;
  verifications_per_min: number;
  worker_cpu_s_per_case: number;
  warmup_verifications: number;
  load: Load;
}

interface ApiRun {
  processes: number;
  scenario: 'get_result' | 'create_case';
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  non2xx: number;
  server_cpu_us_per_req: number;
  load: Load;
}

async function startServe(env: Record<string, string>): Promise<{ child: Child; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = dossier('serve', { ...env, PORT: String(port), PUBLIC_URL: base });
  await until(`serve on ${base}`, 180_000, async () => {
    if (child.exitCode !== null) throw new Error(child.output);
    return (await fetch(`${base}/readyz`)).ok ? true : undefined;
  }).catch((err) => {
    throw new Error(`dossier serve did not start: ${(err as Error).message}\n${child.output}`);
  });
  return { child, base };
}

async function benchVerification(env: Record<string, string>, base: string, db: pg.Client, workers: number): Promise<VerificationRun> {
  process.stderr.write(`verification, ${workers} worker(s): warm-up … `);
  const procs = Array.from({ length: workers }, () => dossier('worker', env));
  // Warm: every worker loads its readers and runs a few verifications.
  const warm = await Promise.all(Array.from({ length: workers * 2 }, (_, i) => queueVerification(base, i)));
  await until('warm-up verifications', 600_000, async () => ((await readyCount(db, warm)) === warm.length ? true : undefined));
  for (const p of procs) p.kill('SIGSTOP');
  process.stderr.write(`backlog of ${BACKLOG} … `);
  const ids: string[] = [];
  for (let i = 0; i < BACKLOG; i += 8) ids.push(...(await Promise.all(Array.from({ length: Math.min(8, BACKLOG - i) }, (_, k) => queueVerification(base, i + k)))));
  const cpu = () => procs.reduce((s, p) => s + cpuSeconds(p.pid), 0);
  const { value, load } = await withLoad(cpu, async () => {
    const cpu0 = cpu();
    const t0 = process.hrtime.bigint();
    for (const p of procs) p.kill('SIGCONT');
    await until('backlog drained', 1_800_000, async () => ((await readyCount(db, ids)) === ids.length ? true : undefined));
    const drain = Number(process.hrtime.bigint() - t0) / 1e9;
    return { drain, cpu: cpu() - cpu0 };
  });
  await Promise.all(procs.map(stop));
  const run: VerificationRun = {
    workers,
    backlog: BACKLOG,
    drain_s: Math.round(value.drain * 10) / 10,
    verifications_per_min: Math.round((BACKLOG / value.drain) * 60 * 10) / 10,
    worker_cpu_s_per_case: Math.round((value.cpu / BACKLOG) * 1000) / 1000,
    warmup_verifications: warm.length,
    load,
  };
  process.stderr.write(`${run.verifications_per_min}/min${load.busy ? ' (busy)' : ''}\n`);
  return run;
}

function cannon(url: string, method: 'GET' | 'POST', body: string | undefined, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, method, connections: 25, duration: seconds, headers: { authorization: AUTH, 'content-type': 'application/json' }, body, timeout: 10 }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
  });
}

async function benchApi(serves: { child: Child; base: string }[], scenario: ApiRun['scenario'], caseId: string): Promise<ApiRun> {
  process.stderr.write(`API ${scenario}, ${serves.length} process(es) … `);
  const method = scenario === 'create_case' ? 'POST' : 'GET';
  const target = (s: { base: string }) => (scenario === 'create_case' ? `${s.base}/api/v1/cases` : `${s.base}/api/v1/cases/${caseId}/result`);
  const body = scenario === 'create_case' ? JSON.stringify(newCase(0)) : undefined;
  await Promise.all(serves.map((s) => cannon(target(s), method, body, 2)));
  const cpu = () => serves.reduce((sum, s) => sum + cpuSeconds(s.child.pid), 0) + process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
  const serverCpu = () => serves.reduce((sum, s) => sum + cpuSeconds(s.child.pid), 0);
  const c0 = serverCpu();
  const { value: results, load } = await withLoad(cpu, () => Promise.all(serves.map((s) => cannon(target(s), method, body, API_SECONDS))));
  const served = results.reduce((s, r) => s + r['2xx'], 0);
  const run: ApiRun = {
    processes: serves.length,
    scenario,
    rps: Math.round(results.reduce((s, r) => s + r.requests.average, 0)),
    p50_ms: Math.max(...results.map((r) => r.latency.p50)),
    p99_ms: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((s, r) => s + r.errors + r.timeouts, 0),
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    server_cpu_us_per_req: served ? Math.round(((serverCpu() - c0) / served) * 1e6) : 0,
    load,
  };
  process.stderr.write(`${run.rps} req/s${load.busy ? ' (busy)' : ''}\n`);
  return run;
}

function markdown(r: { date: string; machine: string; document: string; verification: VerificationRun[]; api: ApiRun[] }): string {
  const loadText = (l: Load) => `${l.loadavg_before[0]} → ${l.loadavg_after[0]}; others ${Math.round(l.others_cpu_share * 100)} %${l.busy ? ' **busy**' : ''}`;
  const lines = [
    `Run ${r.date} on ${r.machine}. PostgreSQL, STORAGE=fs, JOBS_CONCURRENCY=2 per worker, ${r.document === 'scan' ? 'scanned invoices (one JPEG page each, read with OCR)' : 'one-page text invoices'}.`,
    '',
    "| workers | backlog | drain (s) | verifications/min | worker CPU-s per case | load (1-min avg before → after; others' CPU share) |",
    '|---|---|---|---|---|---|',
    ...r.verification.map((v) => `| ${v.workers} | ${v.backlog} | ${v.drain_s} | ${v.verifications_per_min} | ${v.worker_cpu_s_per_case} | ${loadText(v.load)} |`),
    '',
    '| serve processes | scenario | req/s | p50 (ms) | p99 (ms) | errors / non-2xx | server CPU µs per request | load |',
    '|---|---|---|---|---|---|---|---|',
    ...r.api.map((a) => `| ${a.processes} | ${a.scenario} | ${a.rps} | ${a.p50_ms} | ${a.p99_ms} | ${a.errors} / ${a.non2xx} | ${a.server_cpu_us_per_req} | ${loadText(a.load)} |`),
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const name = `bench_scale_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args['database-url'] });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(args['database-url']);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-bench-scale-'));
  const env = {
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    API_USERNAME: CREDS.username,
    API_PASSWORD: CREDS.password,
    ADMIN_PASSWORD: 'bench-admin-password-1',
    RATE_LIMIT_PER_MINUTE: '0',
    JOBS_POLL_MS: '100',
  };
  const db = new pg.Client({ connectionString: url.toString() });
  const verification: VerificationRun[] = [];
  const apiRuns: ApiRun[] = [];
  try {
    if (DOCUMENT === 'scan') renderScans(WORKER_COUNTS.reduce((sum, n) => sum + 2 * n + BACKLOG, 0));
    const first = await startServe(env);
    await db.connect();
    for (const n of WORKER_COUNTS) verification.push(await benchVerification(env, first.base, db, n));

    // A case whose result is ready, for the read scenario.
    const created = await api(first.base, 'POST', '/api/v1/cases', newCase(0));
    await api(first.base, 'POST', `/api/v1/conversations/${created.conversation_id}/status`, 'completed');
    const worker = dossier('worker', env);
    await until('a ready case', 300_000, async () => ((await api(first.base, 'GET', `/api/v1/cases/${created.case_id}/result`)).status === 'ready' ? true : undefined));
    await stop(worker);
    const second = await startServe(env);
    for (const scenario of ['get_result', 'create_case'] as const) {
      apiRuns.push(await benchApi([first], scenario, created.case_id));
      apiRuns.push(await benchApi([first, second], scenario, created.case_id));
    }
    await Promise.all([stop(first.child), stop(second.child)]);
  } finally {
    for (const c of [...children]) await stop(c);
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (scanFolder) fs.rmSync(scanFolder, { recursive: true, force: true });
  }
  const cpus = os.cpus();
  const result = {
    date: new Date().toISOString(),
    machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`,
    document: DOCUMENT,
    settings: { workers: WORKER_COUNTS, backlog: BACKLOG, document: DOCUMENT, api_seconds: API_SECONDS, connections: 25 },
    verification,
    api: apiRuns,
  };
  const md = markdown(result);
  console.log(md);
  if (!args['no-write']) {
    fs.writeFileSync(path.join(here, `results-${DOCUMENT}.json`), `${JSON.stringify(result, null, 2)}\n`);
    fs.writeFileSync(path.join(here, `results-${DOCUMENT}.md`), `# Scale-out benchmark results (${DOCUMENT})\n\n${md}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
