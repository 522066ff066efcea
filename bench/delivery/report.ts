// Writes the delivery benchmark's results: bench/results/delivery.json, a Markdown table on stdout,
// and the section of bench/README.md between the delivery markers (appended if they are absent;
// nothing else in that file is touched).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface DeliveryBenchResult {
  database: 'sqlite' | 'postgres';
  runs: number;
  completion_to_arrival_ms: { p50: number; p95: number; max: number };
  follow_up_to_arrival_ms: { p50: number; p95: number; max: number };
  backlog_events: number;
  backlog_drain_ms: number;
  backlog_events_per_s: number;
  duplicates: number;
  refused: number;
}

const START = '<!-- delivery:start -->';
const END = '<!-- delivery:end -->';
const TARGET_P50_MS = 1000;
const TARGET_RATE = 200;

const ms = (n: number) => n.toFixed(0);
const mark = (ok: boolean) => (ok ? '✅ pass' : '❌ fail');

function section(results: DeliveryBenchResult[], machine: string, date: string): string {
  const rows = results.map((r) => {
    const c = r.completion_to_arrival_ms;
    const f = r.follow_up_to_arrival_ms;
    return `| ${r.database === 'sqlite' ? 'SQLite (embedded)' : 'PostgreSQL'} | ${ms(c.p50)} / ${ms(c.p95)} / ${ms(c.max)} | ${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.max)} | ${r.backlog_events} in ${ms(r.backlog_drain_ms)} ms = **${Math.round(r.backlog_events_per_s)}/s** | ${r.duplicates} | ${r.refused} | ${mark(c.p50 < TARGET_P50_MS)} | ${mark(r.backlog_events_per_s >= TARGET_RATE)} |`;
  });
  return `## Delivery benchmark (\`bench/delivery/\`)

### What it measures

- **Completion → arrival**: the time from sending endpoint 8 (\`POST /api/v1/conversations/{id}/status\`
  \`"completed"\`) to the \`chat_finished\` webhook reaching a receiver on loopback. It covers the
  whole path: the API call, the \`conversation.finalize\` job (web and PDF reports, result, event
  and delivery written in one transaction), the \`webhook.deliver\` job and the HTTP POST. One
  conversation at a time (an empty onboarding conversation), ${results[0]?.runs ?? 0} times.
- **Follow-up → arrival**: endpoint 2, then the new-follow-up notification at the receiver.
- **Backlog**: deliveries are paused, ${results[0]?.backlog_events ?? 0} follow-ups are created
  (so ${results[0]?.backlog_events ?? 0} events wait in the outbox), deliveries resume, and the time
  until the last distinct event id has arrived gives the rate.
- **Set-up**: Dossier runs in a child process built exactly as \`npm start\` builds it
  (\`buildDossier\`, jobs in the same process, default \`DELIVERY_CONCURRENCY\` and timeouts,
  \`LOG_LEVEL=warn\`, rate limit off) on a fresh data folder; the receiver runs in the benchmark
  process on a loopback port and checks the Basic credentials and the HMAC signature of every
  request, as a bank would, answering 200 at once. "Duplicates" counts event ids received more
  than once; "refused" counts requests that failed the receiver's checks (both should be 0).
- **Targets** (from the issue): completion → arrival p50 under 1 s; the backlog delivered at
  200 events/s or more.

Run it with \`npm run bench:delivery\` or \`npx tsx bench/delivery/run.ts [--runs 50] [--events 1000] [--postgres] [--no-write]\`
(\`--postgres\` also runs Dossier on a throwaway PostgreSQL database from \`DATABASE_URL\`, else
\`postgres://postgres@127.0.0.1:5432/test\`). It writes \`results/delivery.json\` and this section.

### Delivery results

Last run: ${date} — ${machine}.

| Database | completion → arrival p50 / p95 / max (ms) | follow-up → arrival p50 / p95 / max (ms) | backlog | duplicates | refused | p50 < 1 s | ≥ 200 events/s |
|---|--:|--:|--:|--:|--:|:-:|:-:|
${rows.join('\n')}

Raw numbers: [results/delivery.json](results/delivery.json).`;
}

export function writeReport(results: DeliveryBenchResult[], o: { write: boolean; repoRoot: string; loadAtStart: number }): void {
  const cpus = os.cpus();
  // The load average matters on a shared machine: other work slows every figure.
  const machine = `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, ${os.platform()} ${os.release()} ${os.arch()}; load average ${o.loadAtStart.toFixed(1)} when the run began`;
  const date = new Date().toISOString();
  const text = section(results, machine, date);
  console.log(text.slice(text.indexOf('### Delivery results')));
  if (!o.write) return;
  const resultsDir = path.join(o.repoRoot, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'delivery.json'), `${JSON.stringify({ date, machine, targets: { completion_p50_ms: TARGET_P50_MS, events_per_s: TARGET_RATE }, results }, null, 2)}\n`);
  const readme = path.join(o.repoRoot, 'bench', 'README.md');
  const current = fs.existsSync(readme) ? fs.readFileSync(readme, 'utf8') : '# Benchmarks\n';
  const a = current.indexOf(START);
  const b = current.indexOf(END);
  const next = a >= 0 && b > a ? `${current.slice(0, a + START.length)}\n${text}\n${current.slice(b)}` : `${current.replace(/\n*$/, '\n')}\n${START}\n${text}\n${END}\n`;
  fs.writeFileSync(readme, next);
}
