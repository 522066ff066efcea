// The reading layer's entry point: file bytes in, ReadDocument out. Each document is read in a
// pool of worker threads (one per core) under a time limit and a heap limit, so a hostile or
// broken file costs a finding, never the process. Call closeReaders() when the app stops.
import { availableParallelism } from 'node:os';
import { sniffMediaType } from './sniff.ts';
import type { ReadDocument } from '../document-model.ts';
import { DEFAULT_TIMEOUT_MS, LARGE_READ_PIXELS, SOFT_DEADLINE_SHARE, WORKER_HEAP_MB } from './limits.ts';
import { WorkerPool } from './pool.ts';
import { problem } from './problems.ts';
import { createEngineSlots } from './engine-slots.ts';
import type { SecondEngineSettings } from './paddle-ocr.ts';
import { baseMediaType, emptyDocument, type ReadOptions } from './read-options.ts';
import type { ReadRequest } from './worker.ts';

export type { ReadOptions } from './read-options.ts';

let pool: WorkerPool<ReadRequest, ReadDocument> | null = null;
/** Reading threads of the pool; 0 for one per core. */
let threads = 0;

/** The second OCR engine (PaddleOCR): on or off, and the slots bounding how many threads run it at once. */
let secondEngine: SecondEngineSettings = { enabled: false, slots: createEngineSlots(1) };
/** Whether doubtful pages may be read again with Arabic data. */
let arabic = false;
/** Whether pages in another European language may be read again with its data. */
let european = false;

/**
 * Sets how many reading threads the next pool starts (READER_THREADS; 0: one per core), whether
 * they may read pages with the second OCR engine (OCR_SECOND_ENGINE) and how many of them may run
 * it at once (OCR_SECOND_ENGINE_THREADS), whether doubtful pages may be read with Arabic data (OCR_ARABIC),
 * and pages in another European language with its data (OCR_EUROPEAN).
 */
export function configureReaders(opts: { threads: number; secondEngine?: boolean; secondEngineThreads?: number; arabic?: boolean; european?: boolean }): void {
  arabic = opts.arabic ?? false;
  european = opts.european ?? false;
  threads = Math.max(0, Math.floor(opts.threads));
  secondEngine = { enabled: opts.secondEngine ?? false, slots: createEngineSlots(opts.secondEngineThreads ?? 1) };
}

function readers(): WorkerPool<ReadRequest, ReadDocument> {
  pool ??= new WorkerPool({
    size: threads || availableParallelism(),
    workerUrl: new URL('./worker-entry.mjs', import.meta.url),
    heapMb: WORKER_HEAP_MB,
    name: 'dossier-reader',
    // A thread that decoded many pixels is ended after answering, so the memory it grew to is returned.
    recycleAfter: (doc) => (doc.decodedPixels ?? 0) >= LARGE_READ_PIXELS,
  });
  return pool;
}

/**
 * Reads a document (PDF, PNG, JPEG, TIFF, WEBP, decided from the bytes) into text per page, its
 * language, its embedded e-invoice and PDF forensics. Never rejects: problems with the file, a
 * timeout or a crash of the reader come back as findings in `problems`. Readings of different
 * owners (API clients) take turns for the reading threads.
 */
export async function readDocument(bytes: Buffer, mediaType: string, opts: ReadOptions, owner = ''): Promise<ReadDocument> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const started = performance.now();
  // The thread gets its own copy, transferred rather than cloned; the caller keeps its Buffer.
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  const outcome = await readers().run({ bytes: copy, mediaType, opts: { ...opts, timeoutMs }, secondEngine, arabic, european }, timeoutMs, [copy.buffer], SOFT_DEADLINE_SHARE, owner);
  if (outcome.ok) {
    const doc = outcome.value;
    // Time spent outside the reading itself: waiting for a free thread, starting one, messages.
    doc.timings.pool = Math.round((performance.now() - started - (doc.timings.total ?? 0)) * 10) / 10;
    return doc;
  }
  const doc = await failedReading(bytes, opts.sniffed ?? mediaType, outcome.reason, outcome.detail, timeoutMs, opts.sniffed !== undefined);
  doc.timings.total = Math.round((performance.now() - started) * 10) / 10;
  return doc;
}

/** The document returned when the reading thread gave no result: stopped in time, or dead. */
export async function failedReading(bytes: Buffer, mediaType: string, reason: 'timeout' | 'crashed', detail: string, timeoutMs: number, alreadySniffed = false): Promise<ReadDocument> {
  const sniffed = bytes.length > 0 && !alreadySniffed ? (await sniffMediaType(bytes)).accepted : null;
  const doc = emptyDocument(sniffed ?? baseMediaType(mediaType));
  doc.problems.push(
    reason === 'timeout'
      ? problem('read_timeout', `Reading the file did not finish within ${Math.round(timeoutMs / 100) / 10} s, so it was stopped and none of its content could be used.`)
      : problem('reader_crashed', `The reader stopped on this file (${detail}), so none of its content could be used.`),
  );
  return doc;
}

/** Stops the reading threads and their OCR engines; the next readDocument() starts new ones. */
export async function closeReaders(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}
