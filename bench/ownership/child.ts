// One measurement of the ownership benchmark, in its own process so its memory is its own:
//   ownership <entities> <holdings> <runs>   effective ownership of the root of a generated graph
//   psc-file <lines> <file>                  write a PSC snapshot of that many lines
//   import <file> <dataDir> [postgresUrl]    import that snapshot into a fresh database
// Prints one JSON line with the figures.
import fs from 'node:fs';
import { once } from 'node:events';
import { compileGraph } from '../../src/entities/ownership/graph.ts';
import { effectiveOwnership } from '../../src/entities/ownership/effective.ts';
import { belowThreshold, ultimateOwners } from '../../src/entities/ownership/ubo.ts';
import { openDatabase, migrateToLatest } from '../../src/db/db.ts';
import { importRegisterFile } from '../../src/entities/registers/registers.service.ts';
import { ownershipGraph, pscLine, rng } from './generate.ts';

const mb = (b: number) => Math.round((b / 1048576) * 10) / 10;

async function ownership(entities: number, holdings: number, runs: number) {
  const g = ownershipGraph(entities, holdings);
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  const times: { compile: number; solve: number; total: number; cpu: number }[] = [];
  let result: ReturnType<typeof effectiveOwnership> | null = null;
  let peakHeap = 0;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const compiled = compileGraph({ nodes: g.nodes, holdings: g.holdings });
    const t1 = performance.now();
    result = effectiveOwnership(compiled, g.root);
    ultimateOwners(result);
    belowThreshold(result, 0.25);
    const t2 = performance.now();
    const c = process.cpuUsage(c0);
    times.push({ compile: t1 - t0, solve: t2 - t1, total: t2 - t0, cpu: (c.user + c.system) / 1000 });
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - heapBefore);
  }
  const r = result!;
  const exactSum = r.terminals.reduce((s, t) => s + t.low, 0);
  return {
    kind: 'ownership',
    entities: g.nodes.length,
    holdings: g.holdings.length,
    banded_holdings: g.holdings.filter((h) => h.ownership && 'range' in h.ownership).length,
    runs: times,
    terminals: r.terminals.length,
    persons_reached: r.terminals.filter((t) => t.kind === 'person').length,
    cycles: r.cycles.length,
    largest_cycle: Math.max(0, ...r.cycles.map((c) => c.length)),
    companies_in_cycles: r.cycles.reduce((s, c) => s + c.length, 0),
    low_sum: Math.round(exactSum * 1e6) / 1e6,
    heap_growth_mb: mb(peakHeap),
    rss_before_mb: mb(rssBefore),
    max_rss_mb: mb(process.resourceUsage().maxRSS * 1024),
  };
}

async function writePscFile(lines: number, file: string) {
  const r = rng(7);
  const out = fs.createWriteStream(file);
  let buffer = '';
  for (let n = 0; n < lines; n++) {
    buffer += `${pscLine(n, r)}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return { kind: 'psc-file', lines, file_mb: mb(fs.statSync(file).size) };
}

/** Lines of a file, counted by newlines (streamed). */
async function lineCount(file: string): Promise<number> {
  let n = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

async function importBench(file: string, dataDir: string, databaseUrl: string) {
  const lines = await lineCount(file);
  const bytes = fs.statSync(file).size;
  const handle = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(handle.db);
  const samples: { at_lines: number; rss_mb: number; heap_mb: number }[] = [];
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let next = 50_000;
  const stats = await importRegisterFile(handle.db, handle.dialect, file, 'psc', (s) => {
    if (s.lines >= next) {
      next += 50_000;
      const m = process.memoryUsage();
      samples.push({ at_lines: s.lines, rss_mb: mb(m.rss), heap_mb: mb(m.heapUsed) });
    }
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const counts = {
    entities: Number(
      (
        await handle.db
          .selectFrom('register_entities')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    relationships: Number(
      (
        await handle.db
          .selectFrom('register_relationships')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
  await handle.close();
  return {
    kind: 'import',
    database: databaseUrl ? 'postgres' : 'sqlite',
    lines,
    file_mb: mb(bytes),
    seconds: Math.round(seconds * 100) / 100,
    lines_per_s: Math.round(lines / seconds),
    /** CPU time of the importing process (this thread and its helpers): the cost on an idle machine. */
    cpu_seconds: Math.round(((cpu.user + cpu.system) / 1e6) * 100) / 100,
    stats,
    rows: counts,
    samples,
    max_rss_mb: mb(process.resourceUsage().maxRSS * 1024),
  };
}

const [what, a, b, c] = process.argv.slice(2);
const result = what === 'ownership' ? await ownership(Number(a), Number(b), Number(c)) : what === 'psc-file' ? await writePscFile(Number(a), b!) : await importBench(a!, b!, c ?? '');
process.stdout.write(`${JSON.stringify(result)}\n`);
