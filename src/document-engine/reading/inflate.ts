// Flate streams inflated in the reading thread itself. pdfjs inflates content streams and embedded
// fonts with the platform's DecompressionStream, which on Node hands every stream to the libuv
// thread pool and waits for it: a round trip per stream that costs more than the inflating, and
// most of a short document's reading time is spent waiting. A reading thread only ever reads one
// document at a time, so nothing else could run in that wait; inflating at once, with the same
// zlib, gives the same bytes (or the same error, after which pdfjs inflates the stream itself).
import { inflateRawSync, inflateSync, gunzipSync } from 'node:zlib';
import { MAX_STREAM_BYTES } from './limits.ts';

const INFLATE: Record<string, (data: Buffer, options: { maxOutputLength: number }) => Buffer> = {
  deflate: inflateSync,
  'deflate-raw': inflateRawSync,
  gzip: gunzipSync,
};

/** What pdf.js writes to a DecompressionStream's writable side: one writer, written once, then closed. */
interface InflateWriter {
  readonly ready: Promise<void>;
  write(chunk: BufferSource): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
  releaseLock(): void;
}

const done = Promise.resolve();

/**
 * A DecompressionStream that inflates synchronously once its input is closed. It has the part pdf.js
 * uses (a writer from the writable side, the readable side read with `for await`), without the web
 * streams behind the platform's: on Node 20 building and releasing those costs more than inflating
 * a page's content.
 */
export class InflateNowStream {
  readonly readable: AsyncIterable<Uint8Array>;
  readonly writable: { getWriter(): InflateWriter };

  constructor(format: string) {
    const inflate = INFLATE[format];
    // As the platform's: an unknown format is refused when the stream is made.
    if (!inflate) throw new TypeError(`Unsupported compression format: '${format}'`);
    const chunks: Buffer[] = [];
    let settle!: (outcome: { bytes: Uint8Array } | { error: unknown }) => void;
    const output = new Promise<{ bytes: Uint8Array } | { error: unknown }>((resolve) => (settle = resolve));
    let closed = false;
    const writer: InflateWriter = {
      ready: done,
      write(chunk) {
        if (closed) return Promise.reject(new TypeError('The stream is closed.'));
        const bytes = ArrayBuffer.isView(chunk) ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : Buffer.from(chunk);
        // The input is copied: the writer may reuse its buffer once write() has resolved.
        chunks.push(Buffer.from(bytes));
        return done;
      },
      close() {
        if (closed) return Promise.reject(new TypeError('The stream is closed.'));
        closed = true;
        try {
          const out = inflate(Buffer.concat(chunks), { maxOutputLength: MAX_STREAM_BYTES });
          // A small result may sit in Node's shared buffer pool: hand out bytes of its own, as the platform does.
          settle({ bytes: out.byteOffset === 0 && out.buffer.byteLength === out.byteLength ? new Uint8Array(out.buffer) : new Uint8Array(out) });
        } catch (error) {
          settle({ error });
        }
        return done;
      },
      abort(reason) {
        closed = true;
        settle({ error: reason });
        return done;
      },
      releaseLock() {},
    };
    this.writable = { getWriter: () => writer };
    this.readable = {
      async *[Symbol.asyncIterator]() {
        const outcome = await output;
        if ('error' in outcome) throw outcome.error;
        yield outcome.bytes;
      },
    };
  }
}

/** Makes this thread's DecompressionStream inflate at once (reading threads only: it is global to the thread). */
export function inflateInThisThread(): void {
  // Stands in for the platform's stream where pdf.js looks for it; it implements the part pdf.js calls, not the whole DOM type.
  Reflect.set(globalThis, 'DecompressionStream', InflateNowStream);
}
