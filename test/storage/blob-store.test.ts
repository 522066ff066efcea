// The blob store contract, run against both stores: the filesystem store on a temporary folder and
// the S3 store on a real S3 API (Swift with s3api on loopback, or TEST_S3_ENDPOINT).
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobCorruptError, BlobMissingError, BlobStoreUnavailableError, FsBlobStore, sha256Hex, type BlobStore } from '../../src/storage/blobs.ts';
import { S3BlobStore } from '../../src/storage/s3-blobs.ts';
import { setupAll } from '../helpers/setup.ts';
import { freePort } from '../helpers/server.ts';
import { createTestBucket, s3Endpoint, S3_SKIP_REASON, type TestBucket } from '../helpers/s3.ts';

interface Backend {
  store: BlobStore;
  /** Removes a blob behind the store's back. */
  remove(sha256: string): Promise<void>;
  /** Replaces a blob's bytes behind the store's back. */
  overwrite(sha256: string, bytes: Buffer): Promise<void>;
  close(): Promise<void>;
}

async function fsBackend(): Promise<Backend> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-blobs-'));
  const file = (sha: string) => path.join(root, sha.slice(0, 2), sha.slice(2, 4), sha);
  return {
    store: new FsBlobStore(root),
    remove: (sha) => fsp.rm(file(sha)),
    overwrite: (sha, bytes) => fsp.writeFile(file(sha), bytes),
    close: () => fsp.rm(root, { recursive: true, force: true }),
  };
}

async function s3Backend(): Promise<Backend> {
  const bucket: TestBucket = await createTestBucket();
  return {
    store: new S3BlobStore(bucket.settings),
    remove: (sha) => bucket.deleteRaw(`blobs/${sha}`),
    overwrite: (sha, bytes) => bucket.putRaw(`blobs/${sha}`, bytes),
    close: () => bucket.drop(),
  };
}

/** Reads a stream to its end; returns what arrived and the error it ended with, if any. */
async function drain(stream: Readable): Promise<{ bytes: Buffer; error: unknown }> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), error: null };
  } catch (error) {
    return { bytes: Buffer.concat(chunks), error };
  }
}

const backends: { name: string; make: () => Promise<Backend>; skip: string | null }[] = [
  { name: 'filesystem store', make: fsBackend, skip: null },
  { name: 'S3 store', make: s3Backend, skip: s3Endpoint ? null : S3_SKIP_REASON },
];

for (const { name, make, skip } of backends) {
  describe.skipIf(skip !== null)(`${name}${skip ? ` (${skip})` : ''}`, () => {
    let b: Backend;
    setupAll(async () => {
      b = await make();
    });
    afterAll(async () => {
      await b?.close();
    });

    it('stores bytes under their sha256 and gives them back whole and streamed', async () => {
      const bytes = Buffer.from(`a document ${crypto.randomUUID()}`);
      const stored = await b.store.put(bytes);
      expect(stored).toEqual({ sha256: sha256Hex(bytes), size: bytes.length });
      expect(await b.store.has(stored.sha256)).toBe(true);
      expect((await b.store.get(stored.sha256)).equals(bytes)).toBe(true);
      const streamed = await drain(await b.store.open(stored.sha256));
      expect(streamed.error).toBeNull();
      expect(streamed.bytes.equals(bytes)).toBe(true);
    });

    it('gives the same bytes the same address, and a second put leaves them intact', async () => {
      const bytes = crypto.randomBytes(4096);
      const first = await b.store.put(bytes);
      const second = await b.store.put(Buffer.from(bytes));
      expect(second).toEqual(first);
      expect((await b.store.get(first.sha256)).equals(bytes)).toBe(true);
    });

    it('streams a large blob byte for byte', async () => {
      const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
      const { sha256 } = await b.store.put(bytes);
      const streamed = await drain(await b.store.open(sha256));
      expect(streamed.error).toBeNull();
      expect(streamed.bytes.length).toBe(bytes.length);
      expect(sha256Hex(streamed.bytes)).toBe(sha256);
    });

    it('says a blob that is not there is missing, before any byte is read', async () => {
      const { sha256 } = await b.store.put(crypto.randomBytes(100));
      await b.remove(sha256);
      expect(await b.store.has(sha256)).toBe(false);
      await expect(b.store.get(sha256)).rejects.toBeInstanceOf(BlobMissingError);
      await expect(b.store.open(sha256)).rejects.toBeInstanceOf(BlobMissingError);
      const never = sha256Hex(crypto.randomUUID());
      await expect(b.store.open(never)).rejects.toMatchObject({ code: 'blob_missing', sha256: never });
    });

    it('fails closed when the stored bytes no longer match their address', async () => {
      const small = Buffer.from('the original, short');
      const big = crypto.randomBytes(1024 * 1024);
      const s = await b.store.put(small);
      const l = await b.store.put(big);
      await b.overwrite(s.sha256, Buffer.from('a changed copy, short'));
      const changedBig = Buffer.from(big);
      changedBig[changedBig.length - 1] ^= 0xff;
      await b.overwrite(l.sha256, changedBig);

      await expect(b.store.get(s.sha256)).rejects.toBeInstanceOf(BlobCorruptError);
      await expect(b.store.get(l.sha256)).rejects.toBeInstanceOf(BlobCorruptError);
      for (const { sha256, size } of [s, l]) {
        const streamed = await drain(await b.store.open(sha256));
        expect(streamed.error).toBeInstanceOf(BlobCorruptError);
        // A reader never gets the whole of a changed file.
        expect(streamed.bytes.length).toBeLessThan(size);
      }
    });

    it('refuses addresses that are not a sha256', async () => {
      await expect(b.store.get('../../etc/passwd')).rejects.toThrow(/invalid blob address/);
      await expect(b.store.open('ABC')).rejects.toThrow(/invalid blob address/);
    });

    it('passes its readiness check', async () => {
      await expect(b.store.check()).resolves.toBeUndefined();
    });
  });
}

describe.skipIf(!s3Endpoint)(`S3 store: requests and a bucket it cannot use${s3Endpoint ? '' : ` (${S3_SKIP_REASON})`}`, () => {
  let bucket: TestBucket;
  setupAll(async () => {
    bucket = await createTestBucket();
  });
  afterAll(async () => {
    await bucket?.drop();
  });

  it('names S3_BUCKET when the bucket does not exist', async () => {
    const store = new S3BlobStore({ ...bucket.settings, bucket: `${bucket.settings.bucket}-absent` });
    const err = await store.check().catch((e) => e);
    expect(err).toBeInstanceOf(BlobStoreUnavailableError);
    expect(err.message).toMatch(/S3_BUCKET/);
    await expect(store.put(Buffer.from('x'))).rejects.toBeInstanceOf(BlobStoreUnavailableError);
  });

  it('sends Content-MD5 and the sha256 checksum with every put', async () => {
    // A loopback relay in front of the S3 API records what each PUT carries.
    const seen: http.IncomingHttpHeaders[] = [];
    const target = new URL(bucket.settings.endpoint);
    const relay = http.createServer((req, res) => {
      if (req.method === 'PUT') seen.push(req.headers);
      const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(out);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    try {
      const store = new S3BlobStore({ ...bucket.settings, endpoint: `http://127.0.0.1:${(relay.address() as AddressInfo).port}` });
      const bytes = crypto.randomBytes(2048);
      const { sha256 } = await store.put(bytes);
      await store.put(Buffer.from('another blob'));
      expect(seen).toHaveLength(2);
      expect(seen[0]!['content-md5']).toBe(crypto.createHash('md5').update(bytes).digest('base64'));
      expect(seen[0]!['x-amz-checksum-sha256']).toBe(Buffer.from(sha256, 'hex').toString('base64'));
      expect(seen[1]!['content-md5']).toBe(crypto.createHash('md5').update('another blob').digest('base64'));
      expect((await store.get(sha256)).equals(bytes)).toBe(true);
    } finally {
      relay.close();
    }
  });

  it('names the credentials when the secret is wrong', async () => {
    const store = new S3BlobStore({ ...bucket.settings, secretAccessKey: 'not-the-secret' });
    const err = await store.check().catch((e) => e);
    expect(err).toBeInstanceOf(BlobStoreUnavailableError);
    expect(err.message).toMatch(/S3_SECRET_ACCESS_KEY/);
  });
});

describe('S3 store: an endpoint that does not answer', () => {
  it('fails with a storage-unavailable error, not the SDK error', async () => {
    const port = await freePort(); // nothing listens there
    const store = new S3BlobStore({ endpoint: `http://127.0.0.1:${port}`, bucket: 'b', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: true });
    await expect(store.check()).rejects.toBeInstanceOf(BlobStoreUnavailableError);
    await expect(store.open(sha256Hex('x'))).rejects.toBeInstanceOf(BlobStoreUnavailableError);
  });
});
