// Delivery benchmark: how soon a webhook arrives after the change that causes it, and how fast a
// backlog of events drains to a receiver. Dossier runs in a child process (bench/delivery/
// dossier-child.ts) exactly as `npm start` builds it; the receiver runs here, on loopback, and
// checks Basic credentials and the signature of every request as a bank would. See bench/README.md.
//
//   npx tsx bench/delivery/run.ts [--runs 50] [--events 1000] [--postgres] [--no-write]
//
// Timings are reported, never asserted: the process exits 0 whether targets pass or not.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { READY } from './ready.ts';
import { writeReport, type DeliveryBenchResult } from './report.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const AUTH = `Basic ${Buffer.from('bench:bench-password-123').toString('base64')}`;
const HOOK_AUTH = `Basic ${Buffer.from('bench-hook:bench-hook-password').toString('base64')}`;

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '50' },
    events: { type: 'string', default: '1000' },
    postgres: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});

/** The loopback receiver: verifies each request and resolves whoever waits for that conversation. */
class Receiver {
  readonly arrivals = new Map<string, number>();
  duplicates = 0;
  refused = 0;
  private readonly byConversation = new Map<string, number>();
  private readonly waiters = new Map<string, (t: number) => void>();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const raw = Buffer.concat(chunks).toString('utf8');
      const { t, v1 } = Object.fromEntries(
        String(req.headers['x-dossier-signature'])
          .split(',')
          .map((kv) => kv.split('=')),
      );
      const expected = crypto.createHmac('sha256', 'bench-secret').update(`${t}.${raw}`).digest('hex');
      if (req.headers.authorization !== HOOK_AUTH || v1 !== expected) {
        this.refused++;
        return res.writeHead(401).end();
      }
      res.writeHead(200).end();
      const id = String(req.headers['x-dossier-event-id']);
      if (this.arrivals.has(id)) this.duplicates++;
      else this.arrivals.set(id, at);
      const body = JSON.parse(raw) as { conversation_id: string; event?: string };
      const key = `${body.event ?? 'follow_up'}:${body.conversation_id}`;
      if (!this.byConversation.has(key)) this.byConversation.set(key, at);
      this.waiters.get(key)?.(at);
      this.waiters.delete(key);
    });
  });
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** When the event `<event or follow_up>:<conversation_id>` arrived (first time), now or later. */
  arrival(key: string): Promise<number> {
    const at = this.byConversation.get(key);
    return at !== undefined ? Promise.resolve(at) : new Promise((resolve) => this.waiters.set(key, resolve));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

class Child {
  private lines: string[] = [];
  private next: ((line: string) => void) | null = null;
  url = '';
  constructor(readonly proc: ChildProcess) {
    readline.createInterface({ input: proc.stdout! }).on('line', (l) => {
      if (this.next) {
        const n = this.next;
        this.next = null;
        n(l);
      } else this.lines.push(l);
    });
    proc.stderr!.on('data', (d) => process.stderr.write(`[dossier] ${d}`));
  }
  line(): Promise<string> {
    const l = this.lines.shift();
    return l !== undefined ? Promise.resolve(l) : new Promise((r) => (this.next = r));
  }
  async command(cmd: string): Promise<void> {
    this.proc.stdin!.write(`${cmd}\n`);
    if ((await this.line()) !== 'ok') throw new Error(`child did not acknowledge ${cmd}`);
  }
}

async function api(base: string, method: string, p: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${p}`, { method, headers: { authorization: AUTH, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${p}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

const caseBody = (i: number) => ({
  communication_id: `bench-${i}`,
  case: { case_kind: 'onboarding', company_full_name: 'Acme Trading Ltd', company_country_code: 'GB', user_full_name: 'Jane Public', modules: [{ module: 'documents_verification' }] },
});
const followUpBody = { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runOn(database: 'sqlite' | 'postgres', runs: number, events: number): Promise<DeliveryBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-bench-delivery-'));
  let dbUrl = '';
  let dropDb = async () => {};
  if (database === 'postgres') {
    const admin = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    const name = `bench_${crypto.randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    dropDb = async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    };
  }
  const rx = new Receiver();
  await rx.start();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'dossier-child.ts')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', BENCH_DATA_DIR: dataDir, BENCH_DATABASE_URL: dbUrl, BENCH_WEBHOOK_URL: rx.url },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const child = new Child(proc);
  try {
    const ready = await child.line();
    if (!ready.startsWith(READY)) throw new Error(`unexpected child output: ${ready}`);
    child.url = (JSON.parse(ready.slice(READY.length)) as { url: string }).url;

    // 1. Completion → arrival: endpoint 8, then the chat_finished event at the receiver.
    const completion: number[] = [];
    const followUp: number[] = [];
    for (let i = 0; i < runs; i++) {
      const created = await api(child.url, 'POST', '/api/v1/cases', caseBody(i));
      const t0 = performance.now();
      await api(child.url, 'POST', `/api/v1/conversations/${created.conversation_id}/status`, 'completed');
      completion.push((await rx.arrival(`chat_finished:${created.conversation_id}`)) - t0);
      // Follow-up created (endpoint 2) → its notification at the receiver.
      const t1 = performance.now();
      const fu = await api(child.url, 'POST', `/api/v1/cases/${created.case_id}/conversations`, followUpBody);
      followUp.push((await rx.arrival(`follow_up:${fu.conversation_id}`)) - t1);
    }

    // 2. Backlog: `events` follow-ups written while deliveries are paused, then drained.
    await child.command('pause-delivery');
    const cases = await Promise.all(Array.from({ length: 10 }, (_, i) => api(child.url, 'POST', '/api/v1/cases', caseBody(1000 + i))));
    const before = rx.arrivals.size;
    for (let i = 0; i < events; i += 20) {
      await Promise.all(Array.from({ length: Math.min(20, events - i) }, (_, j) => api(child.url, 'POST', `/api/v1/cases/${cases[(i + j) % cases.length].case_id}/conversations`, followUpBody)));
    }
    const t0 = performance.now();
    await child.command('resume-delivery');
    while (rx.arrivals.size < before + events) await new Promise((r) => setTimeout(r, 5));
    const drainMs = performance.now() - t0;
    const sortedC = [...completion].sort((a, b) => a - b);
    const sortedF = [...followUp].sort((a, b) => a - b);
    return {
      database,
      runs,
      completion_to_arrival_ms: { p50: percentile(sortedC, 50), p95: percentile(sortedC, 95), max: sortedC.at(-1)! },
      follow_up_to_arrival_ms: { p50: percentile(sortedF, 50), p95: percentile(sortedF, 95), max: sortedF.at(-1)! },
      backlog_events: events,
      backlog_drain_ms: drainMs,
      backlog_events_per_s: events / (drainMs / 1000),
      duplicates: rx.duplicates,
      refused: rx.refused,
    };
  } finally {
    proc.stdin!.end();
    await new Promise((r) => proc.once('exit', r));
    await rx.stop();
    await dropDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0]!;
  const runs = Number(opts.runs);
  const events = Number(opts.events);
  const results = [await runOn('sqlite', runs, events)];
  if (opts.postgres) results.push(await runOn('postgres', runs, events));
  writeReport(results, { write: !opts['no-write'], repoRoot, loadAtStart });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
