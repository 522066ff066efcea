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

/** A DecompressionStream that inflates synchronously once its input is closed. */
export class InflateNowStream {
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<BufferSource>;

  constructor(format: string) {
    const inflate = INFLATE[format];
    // As the platform's: an unknown format is refused when the stream is made.
    if (!inflate) throw new TypeError(`Unsupported compression format: '${format}'`);
    const chunks: Buffer[] = [];
    let output!: ReadableStreamDefaultController<Uint8Array>;
    this.readable = new ReadableStream<Uint8Array>({ start: (controller) => void (output = controller) });
    this.writable = new WritableStream<BufferSource>({
      write(chunk) {
        const bytes = ArrayBuffer.isView(chunk) ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : Buffer.from(chunk);
        // The input is copied: the writer may reuse its buffer once write() has resolved.
        chunks.push(Buffer.from(bytes));
      },
      close() {
        try {
          const out = inflate(Buffer.concat(chunks), { maxOutputLength: MAX_STREAM_BYTES });
          // A small result may sit in Node's shared buffer pool: hand out bytes of its own, as the platform does.
          output.enqueue(out.byteOffset === 0 && out.buffer.byteLength === out.byteLength ? new Uint8Array(out.buffer) : new Uint8Array(out));
          output.close();
        } catch (error) {
          output.error(error);
        }
      },
      abort(reason) {
        output.error(reason);
      },
    });
  }
}

/** Makes this thread's DecompressionStream inflate at once (reading threads only: it is global to the thread). */
export function inflateInThisThread(): void {
  // Stands in for the platform's stream where pdf.js looks for it; it implements the part pdf.js calls, not the whole DOM type.
  Reflect.set(globalThis, 'DecompressionStream', InflateNowStream);
}
