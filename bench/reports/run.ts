// Reports and case-list benchmark. (1) Generating both reports of a conversation with 20 documents
// and 100 commented findings: rendering alone, and gathering from the database + rendering +
// storing (what completion does); plus the case-level PDF. (2) The back-office case list with
// 100 000 cases of one API client: latency of each search, filter, sort and page over HTTP with a
// signed-in session. Writes bench/results/reports.json and the reports section of bench/README.md.
// See bench/README.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { buildDossier, type Dossier } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { readCaseFile } from '../../src/completion/case-file.ts';
import { conversationReport } from '../../src/completion/conversation-report.ts';
import { loadPolicy } from '../../src/scoring/policy.ts';
import { SessionService } from '../../src/backoffice/sessions.service.ts';
import { renderWebReport } from '../../src/reports/web-report.ts';
import { renderCaseReport, renderPdfReport } from '../../src/reports/pdf-report.ts';
import { seedBigConversation, seedCases } from './seed.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const resultsFile = path.join(repoRoot, 'bench', 'results', 'reports.json');
const readmeFile = path.join(repoRoot, 'bench', 'README.md');
const START_MARK = '<!-- reports:start -->';
const END_MARK = '<!-- reports:end -->';

const { values: args } = parseArgs({
  options: {
    cases: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    requests: { type: 'string', default: '60' },
    postgres: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`Usage: npx tsx bench/reports/run.ts [--cases N] [--runs N] [--requests N] [--postgres] [--no-write]
  --cases N      cases in the list database (default 100000)
  --runs N       timed report generations (default 20, after 3 warm-ups)
  --requests N   timed requests per list scenario (default 60, after 5 warm-ups)
  --postgres     also measure the case list on PostgreSQL (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
  --no-write     print only`);
  process.exit(0);
}
const CASES = Number(args.cases);
const RUNS = Number(args.runs);
const REQUESTS = Number(args.requests);

interface Stats {
  n: number;
  min: number;
  p50: number;
  p95: number;
  max: number;
  /** CPU time of this process per run (user + system): what the work costs, whatever else the machine runs. */
  cpu_ms: number;
}

const r1 = (x: number) => Math.round(x * 10) / 10;

function stats(samples: number[], cpuMs: number): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { n: s.length, min: r1(s[0]!), p50: r1(at(0.5)), p95: r1(at(0.95)), max: r1(s[s.length - 1]!), cpu_ms: r1(cpuMs) };
}

async function timed(runs: number, warmups: number, fn: () => Promise<unknown>): Promise<Stats> {
  for (let i = 0; i < warmups; i++) await fn();
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  return stats(samples, (used.user + used.system) / 1000 / runs);
}

/** The machine's load average over the last minute, per core: above 1, timings include waiting. */
function loadPerCore(): number {
  return r1(os.loadavg()[0]! / (os.availableParallelism?.() ?? os.cpus().length));
}

async function startDossier(databaseUrl: string): Promise<{ d: Dossier; url: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-bench-reports-'));
  const config = loadConfig({}, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: 0, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: 0 });
  const d = await buildDossier(config);
  await d.http.listen({ port: 0, host: '127.0.0.1' });
  const { port } = d.http.server.address() as { port: number };
  return { d, url: `http://127.0.0.1:${port}`, dataDir };
}

async function reportsBench(d: Dossier) {
  const client = await d.services.clients.create({ username: `bench-${crypto.randomBytes(3).toString('hex')}` });
  const { caseId, conversationId } = await seedBigConversation(d.ctx.db, client.client.id);
  const gather = async () =>
    conversationReport((await readCaseFile(d.ctx.db, caseId, {}, { steps: true }))!, conversationId, new Date().toISOString(), {
      policy: loadPolicy(d.ctx.config.SCORING_POLICY_FILE),
      uboThreshold: d.ctx.config.UBO_THRESHOLD,
    });
  const { report } = await gather();
  const findings = report.documents.reduce((n, doc) => n + doc.findings.length, 0);
  console.log(`reports: ${report.documents.length} documents, ${findings} findings, ${report.conversation_log.length} log messages`);
  const pdf = await renderPdfReport(report);
  const html = renderWebReport(report);
  const render = await timed(RUNS, 3, async () => {
    renderWebReport(report);
    await renderPdfReport(report);
  });
  const endToEnd = await timed(RUNS, 3, async () => {
    const g = await gather();
    await d.services.reports.renderConversation(g.report);
  });
  const caseData = {
    generated_at: report.generated_at,
    case_id: caseId,
    company_full_name: report.company_full_name,
    scoring: report.scoring,
    conversations: [report, { ...report, conversation_id: crypto.randomUUID() }],
  };
  const caseReport = await timed(Math.max(5, Math.round(RUNS / 2)), 1, () => renderCaseReport(caseData));
  const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  return {
    documents: report.documents.length,
    findings,
    pdf_bytes: pdf.length,
    pdf_pages: pages,
    html_bytes: Buffer.byteLength(html),
    render_both_ms: render,
    gather_render_store_ms: endToEnd,
    case_report_two_conversations_ms: caseReport,
  };
}

const SCENARIOS: [string, string][] = [
  ['newest first, page 1', ''],
  ['page 200 (offset 4 975)', '?page=200'],
  ['name contains "trading"', '?q=trading'],
  ['name contains, no match', '?q=zzyzx'],
  ['accents ignored: "muller"', '?q=muller'],
  ['registration number', '?q=10054321'],
  ['communication id', '?q=crm-0054321'],
  ['case id', '?q=CASEID'],
  ['state ready + risk high', '?state=ready&risk=high'],
  ['kind + state + oldest first', '?kind=monitoring&state=open&sort=oldest'],
  ['created in one month', '?from=2025-06-01&to=2025-06-30'],
  ['sorted by name, page 50', '?sort=name&page=50'],
  ['sorted by risk', '?sort=risk'],
  ['100 per page', '?size=100'],
];

async function listBench(d: Dossier, url: string, database: string) {
  const { client } = await d.services.clients.create({ username: `list-${crypto.randomBytes(3).toString('hex')}` });
  const seedStart = performance.now();
  let last = 0;
  await seedCases(d.ctx.db, client.id, CASES, (done) => {
    if (done - last >= 20_000 || done === CASES) {
      process.stdout.write(`  ${database}: ${done} cases\r`);
      last = done;
    }
  });
  // The seeded cases were written straight into the tables: the search indexer takes them in, as
  // it would have shortly after each creation.
  await d.ctx.searchIndex.drain();
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
  console.log(`\n  ${database}: seeded ${CASES} cases in ${seedSeconds} s`);
  loads.push(loadPerCore());
  // Fresh statistics (and, on PostgreSQL, a vacuumed table), as autovacuum would leave a database
  // that grew over time rather than in one bulk load.
  await sql.raw(d.ctx.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(d.ctx.db);
  const { user } = await d.services.users.create({ username: `bench-${crypto.randomBytes(3).toString('hex')}`, clientUsername: client.username });
  const { token } = await new SessionService(d.ctx).create(user, { ip: '127.0.0.1', userAgent: 'bench' });
  const anyCase = await d.ctx.db.selectFrom('cases').select('id').where('client_id', '=', client.id).limit(1).executeTakeFirstOrThrow();
  const rows = [];
  for (const [name, query] of SCENARIOS) {
    const target = `${url}/backoffice/cases${query.replace('CASEID', anyCase.id)}`;
    let bytes = 0;
    let shown = '';
    const s = await timed(REQUESTS, 5, async () => {
      const res = await fetch(target, { headers: { cookie: `dossier_session=${token}` } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
      bytes = text.length;
      shown = /Showing [^<]+|No cases/.exec(text)?.[0] ?? '';
    });
    rows.push({ database, scenario: name, query: query.replace('CASEID', '<case id>'), ...s, result: shown.replace('&nbsp;', ' '), html_bytes: bytes });
    console.log(`  ${database} ${name.padEnd(30)} p50 ${String(s.p50).padStart(6)} ms  p95 ${String(s.p95).padStart(6)} ms  cpu ${String(s.cpu_ms).padStart(5)} ms  ${shown}`);
  }
  return { seed_seconds: seedSeconds, rows };
}

async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_reports_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    memory_gb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  };
}

const mark = (ok: boolean) => (ok ? '✅ pass' : '❌ fail');

function markdown(report: Awaited<ReturnType<typeof run>>): string {
  const m = report.machine;
  const r = report.reports;
  const lines = [
    '### Reports and case list (`bench/reports/`)',
    '',
    'Run with `npx tsx bench/reports/run.ts` (add `--postgres` for the case list on PostgreSQL too; `--help` for the options). It builds Dossier as `npm start` does on a fresh temporary data folder, writes the rows straight into the database (`bench/reports/seed.ts`), and measures in one process. Targets (from the issue): both reports of a conversation with 20 documents and 100 findings in under 1 s; the case list under 100 ms p95 with 100 000 cases.',
    '',
    `Last run: ${report.date} — ${m.cpu_model}, ${m.cores} cores, ${m.memory_gb} GB, Node ${m.node}, ${m.platform}.`,
    '',
    `**Report generation** — one conversation with ${r.documents} documents and ${r.findings} findings (each with a comment), an ownership chart of 7 entities and a 60-message log; the PDF has ${r.pdf_pages} pages (${Math.round(r.pdf_bytes / 1024)} KiB, DejaVu fonts embedded), the web report ${Math.round(r.html_bytes / 1024)} KiB. ${RUNS} timed runs after 3 warm-ups, in one process.`,
    '',
    '| What | min (ms) | p50 (ms) | p95 (ms) | max (ms) | CPU per run (ms) | p95 < 1 000 ms |',
    '|---|--:|--:|--:|--:|--:|:-:|',
    `| both reports rendered (web + PDF) | ${r.render_both_ms.min} | ${r.render_both_ms.p50} | ${r.render_both_ms.p95} | ${r.render_both_ms.max} | ${r.render_both_ms.cpu_ms} | ${mark(r.render_both_ms.p95 < 1000)} |`,
    `| gathered from the database, rendered and stored (what completion does) | ${r.gather_render_store_ms.min} | ${r.gather_render_store_ms.p50} | ${r.gather_render_store_ms.p95} | ${r.gather_render_store_ms.max} | ${r.gather_render_store_ms.cpu_ms} | ${mark(r.gather_render_store_ms.p95 < 1000)} |`,
    `| case-level PDF over two such conversations | ${r.case_report_two_conversations_ms.min} | ${r.case_report_two_conversations_ms.p50} | ${r.case_report_two_conversations_ms.p95} | ${r.case_report_two_conversations_ms.max} | ${r.case_report_two_conversations_ms.cpu_ms} | – |`,
    '',
    `**Case list** — ${CASES.toLocaleString('en')} cases of one API client (one conversation each), \`GET /backoffice/cases\` with a signed-in session over loopback HTTP, the whole HTML page; ${REQUESTS} sequential requests per row after 5 warm-ups, client and server in one process.`,
    '',
    '| Database | Scenario | Query | p50 (ms) | p95 (ms) | max (ms) | CPU per request (ms) | Result | p95 < 100 ms |',
    '|---|---|---|--:|--:|--:|--:|---|:-:|',
    ...report.list.flatMap((l) =>
      l.rows.map((row) => `| ${row.database} | ${row.scenario} | \`${row.query || '(none)'}\` | ${row.p50} | ${row.p95} | ${row.max} | ${row.cpu_ms} | ${row.result} | ${mark(row.p95 < 100)} |`),
    ),
    '',
    `"CPU per request" is the CPU time of the benchmark process (HTTP client and Dossier together; PostgreSQL's own work is not in it). Load average per core during the run: ${report.load_per_core.join(' → ')} (above 1 the machine was busy with other work and wall times include waiting for a core).`,
    '',
    `Seeding took ${report.list.map((l) => `${l.seed_seconds} s (${l.rows[0]?.database})`).join(', ')}. Raw numbers: [results/reports.json](results/reports.json).`,
  ];
  return lines.join('\n');
}

const loads: number[] = [];

async function run() {
  const date = new Date().toISOString();
  loads.push(loadPerCore());
  const sqlite = await startDossier('');
  let reports;
  const list = [];
  try {
    reports = await reportsBench(sqlite.d);
    console.log(
      `  render both: p50 ${reports.render_both_ms.p50} ms, p95 ${reports.render_both_ms.p95} ms, cpu ${reports.render_both_ms.cpu_ms} ms; gather+render+store p95 ${reports.gather_render_store_ms.p95} ms`,
    );
    list.push(await listBench(sqlite.d, sqlite.url, 'SQLite'));
  } finally {
    await sqlite.d.close();
    fs.rmSync(sqlite.dataDir, { recursive: true, force: true });
  }
  if (args.postgres) {
    list.push(
      await withPostgres(async (databaseUrl) => {
        const p = await startDossier(databaseUrl);
        try {
          return await listBench(p.d, p.url, 'PostgreSQL');
        } finally {
          await p.d.close();
          fs.rmSync(p.dataDir, { recursive: true, force: true });
        }
      }),
    );
  }
  loads.push(loadPerCore());
  return { generated_by: 'bench/reports/run.ts', date, machine: machine(), settings: { cases: CASES, runs: RUNS, requests: REQUESTS }, load_per_core: loads, reports, list };
}

const report = await run();
const section = markdown(report);
console.log(`\n${section}`);
if (!args['no-write']) {
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  const block = `${START_MARK}\n${section}\n${END_MARK}`;
  let text = fs.existsSync(readmeFile) ? fs.readFileSync(readmeFile, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(START_MARK);
  const end = text.indexOf(END_MARK);
  if (start >= 0 && end > start) text = text.slice(0, start) + block + text.slice(end + END_MARK.length);
  else text = `${text.trimEnd()}\n\n## Reports and case list results\n\n${block}\n`;
  fs.writeFileSync(readmeFile, text);
  console.log(`\nwrote ${path.relative(repoRoot, resultsFile)} and the reports section of bench/README.md`);
}
process.exit(0);
