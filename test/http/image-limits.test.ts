// The decompression limit holds for images under the pixel limit too: a 49-megapixel PNG whose
// pixels inflate to 147 MB is refused (not decoded), through the API like any upload.
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, monitoringCase } from '../helpers/factories.ts';
import { verifier } from '../verification/helpers.ts';

let s: TestServer;
setupAll(async () => {
  s = await startServer();
}, 60_000);
afterAll(() => s?.close());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A white RGB PNG of width × height: small on disk, width × height × 3 bytes once inflated. */
async function whitePng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.alloc(1 + width * 3, 0xff);
  row[0] = 0; // filter: none
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await ended;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.concat(out)), chunk('IEND', Buffer.alloc(0))]);
}

describe('image decompression limit', () => {
  it('refuses a 49-megapixel PNG that inflates to 147 MB, with a finding that says so', async () => {
    const png = await whitePng(7000, 7000);
    expect(png.length).toBeLessThan(1024 * 1024);
    const conv = (await flows(s.api).createCase(monitoringCase())).conversation_id;
    const v = await verifier(s.api)(conv, png, { fileName: 'huge.png' });
    expect(v.codes.some((c) => c === 'image_too_large' || c === 'decompression_bomb')).toBe(true);
  }, 180_000);
});
