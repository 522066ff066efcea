import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { InflateNowStream } from './inflate.ts';

/** The part of a DecompressionStream pdfjs uses. */
type Decompressor = new (
  format: string,
) => { readable: AsyncIterable<Uint8Array>; writable: { getWriter(): { ready: Promise<void>; write(chunk: Uint8Array<ArrayBuffer>): Promise<void>; close(): Promise<void> } } };

/** Decompresses the way pdfjs does: one write, close, then read every chunk; 'error' on any failure. */
async function inflateWith(Stream: Decompressor, format: string, bytes: Uint8Array): Promise<string> {
  try {
    const { readable, writable } = new Stream(format);
    const writer = writable.getWriter();
    await writer.ready;
    writer
      .write(bytes as Uint8Array<ArrayBuffer>)
      .then(async () => {
        await writer.ready;
        await writer.close();
      })
      .catch(() => {});
    const chunks: Uint8Array[] = [];
    for await (const chunk of readable) chunks.push(chunk);
    return Buffer.concat(chunks).toString('latin1');
  } catch {
    return 'error';
  }
}

const platform = globalThis.DecompressionStream as unknown as Decompressor;
const content = Buffer.from('BT /F1 12 Tf 72 712 Td (Invoice INV-7, total 1,000.00 EUR) Tj ET\n'.repeat(40));

describe('inflating in the reading thread', () => {
  const deflated = deflateSync(content);
  const cases: Record<string, [string, Uint8Array]> = {
    'a whole stream': ['deflate', deflated],
    'a truncated stream': ['deflate', deflated.subarray(0, deflated.length - 12)],
    'a stream without its checksum': ['deflate', deflated.subarray(0, deflated.length - 4)],
    'a stream followed by an end of line': ['deflate', Buffer.concat([deflated, Buffer.from('\r\n')])],
    'a stream followed by junk': ['deflate', Buffer.concat([deflated, Buffer.from('endstream junk')])],
    'a damaged header': ['deflate', Buffer.concat([Buffer.from([0x78, 0x00]), deflated.subarray(2)])],
    nothing: ['deflate', new Uint8Array(0)],
    'bytes that are not compressed': ['deflate', Buffer.from('plain text')],
    'raw deflate': ['deflate-raw', deflateRawSync(content)],
    gzip: ['gzip', gzipSync(content)],
  };
  for (const [name, [format, bytes]] of Object.entries(cases)) {
    it(`gives what the platform's DecompressionStream gives for ${name}`, async () => {
      const ours = await inflateWith(InflateNowStream, format, bytes);
      expect(ours).toBe(await inflateWith(platform, format, bytes));
      if (name === 'a whole stream') expect(ours).toBe(content.toString('latin1'));
    });
  }

  it('refuses a format it does not know when the stream is made, as the platform does', () => {
    expect(() => new InflateNowStream('brotli')).toThrow(TypeError);
    expect(() => new platform('brotli')).toThrow();
  });
});
