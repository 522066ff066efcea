// Body of a reading thread: reads one document at a time for the pool (pool.ts), keeps its
// tesseract worker between documents, and releases it when the pool closes.
import { parentPort } from 'node:worker_threads';
import type { ReadDocument } from '../document-model.ts';
import { inflateInThisThread } from './inflate.ts';
import { plainCloneInThisThread } from './plain-clone.ts';
import { closeArabicOcr, configureArabic } from './arabic-ocr.ts';
import { closeEuropeanOcr, configureEuropean } from './european-ocr.ts';
import { closeOcr } from './ocr.ts';
import { closeSecondEngine, configureSecondEngine, type SecondEngineSettings } from './paddle-ocr.ts';
import { readHere } from './read.ts';
import type { ReadOptions } from './read-options.ts';
import type { WorkerReply, WorkerTaskMessage } from './pool.ts';

export interface ReadRequest {
  bytes: Uint8Array;
  mediaType: string;
  opts: ReadOptions;
  /** Whether pages may be read by the second OCR engine too, and the slots shared by the threads that run it. */
  secondEngine?: SecondEngineSettings;
  /** Whether doubtful pages may be read again with Arabic data (OCR_ARABIC). */
  arabic?: boolean;
  /** Whether pages in another European language may be read again with its data (OCR_EUROPEAN). */
  european?: boolean;
}

const port = parentPort;
if (!port) throw new Error('worker.ts runs only as a worker thread');
// One document at a time: pdfjs's Flate streams are inflated here rather than in the thread pool.
inflateInThisThread();
// pdfjs's messages between its two halves, which run in this thread, copied without a MessageChannel.
plainCloneInThisThread();

/**
 * The previous document's clean-up (closing its pdfjs document), run after its answer was sent so
 * the answer does not wait for it; the next document starts once it is done.
 */
let cleaning: Promise<void> = Promise.resolve();

port.on('message', async (message: WorkerTaskMessage<ReadRequest> | { kind: 'close' }) => {
  await cleaning;
  if (message.kind === 'close') {
    await closeOcr().catch(() => {});
    await closeSecondEngine().catch(() => {});
    await closeArabicOcr().catch(() => {});
    await closeEuropeanOcr().catch(() => {});
    port.close();
    process.exit(0);
  }
  const { id, payload, softDeadline, deadline } = message;
  let reply: WorkerReply<ReadDocument>;
  const cleanup: (() => Promise<void>)[] = [];
  try {
    configureSecondEngine(payload.secondEngine ?? { enabled: false, slots: null });
    configureArabic(payload.arabic ?? false);
    configureEuropean(payload.european ?? false);
    const bytes = Buffer.from(payload.bytes.buffer, payload.bytes.byteOffset, payload.bytes.byteLength);
    reply = { kind: 'result', id, value: await readHere(bytes, payload.mediaType, payload.opts, { soft: softDeadline, hard: deadline }, cleanup) };
  } catch (error) {
    reply = { kind: 'failure', id, message: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown error' };
  }
  port.postMessage(reply);
  cleaning = Promise.all(cleanup.map((run) => run().catch(() => {}))).then(() => {});
});
