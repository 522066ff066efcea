// The reading half of a register file import, in a worker thread: reads the file, parses each
// line or statement and gathers its rows, and hands batches to the main thread, which writes them.
// At most a few batches are in flight (credits), so memory stays flat whatever the file's size.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { RowCollector, toValues } from './batch.ts';
import { addBodsStatement, type BodsStatement } from './bods-import.ts';
import { jsonObjects, lines } from './json-stream.ts';
import { addPscLine } from './psc-import.ts';

const { file, format, batchSize } = workerData.job as { file: string; format: 'psc' | 'bods'; batchSize: number };
const port = parentPort!;
let credits = 4;
let wake: (() => void) | null = null;
port.on('message', (m) => {
  if (m === 'credit') {
    credits++;
    wake?.();
    wake = null;
  }
});

const collector = new RowCollector();
const stats = { lines: 0, accepted: 0, skipped: 0 };
let pending = 0;

async function send(): Promise<void> {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
  credits--;
  port.postMessage({ type: 'batch', values: toValues(collector.take()), stats: { ...stats } });
  pending = 0;
}

try {
  const now = new Date().toISOString();
  const input = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  for await (const text of format === 'psc' ? lines(input) : jsonObjects(input)) {
    stats.lines++;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      stats.skipped++;
      continue;
    }
    const added = format === 'psc' ? addPscLine(collector, record as Parameters<typeof addPscLine>[1], now) : addBodsStatement(collector, record as BodsStatement, now);
    if (added) stats.accepted++;
    else stats.skipped++;
    if (++pending >= batchSize) await send();
  }
  await send();
  port.postMessage({ type: 'done', stats });
} catch (err) {
  port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
}
