// Content-addressed blob storage: a blob's address is the sha256 of its bytes. Two stores share
// this interface: the filesystem store (DATA_DIR/blobs; several processes must share that folder)
// and the S3 store (s3-blobs.ts; any number of machines). Every read checks the bytes against the
// address and fails closed: a changed file is never served as if it were the stored one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';

export interface StoredBlob {
  sha256: string;
  size: number;
}

export interface BlobStore {
  /** `fs` (DATA_DIR/blobs) or `s3` (a bucket). */
  readonly kind: 'fs' | 's3';
  put(bytes: Buffer): Promise<StoredBlob>;
  /** The whole blob, checked against its address. Rejects with BlobMissingError or BlobCorruptError. */
  get(sha256: string): Promise<Buffer>;
  /**
   * Opens a blob for streaming. Rejects with BlobMissingError before any byte is read, so a caller
   * can still answer 404. The stream checks the bytes as they pass and, if they do not match the
   * address, withholds the last chunk and ends with a BlobCorruptError instead of ending cleanly.
   */
  open(sha256: string): Promise<Readable>;
  has(sha256: string): Promise<boolean>;
  /** Checks that the store can be used (readiness probe). */
  check(): Promise<void>;
}

/** The blob is not in the store (never written there, or removed). */
export class BlobMissingError extends Error {
  readonly code = 'blob_missing';
  constructor(readonly sha256: string) {
    super(`blob ${sha256} is not in the blob store`);
    this.name = 'BlobMissingError';
  }
}

/** The stored bytes do not hash to their address: the copy in the store was changed or damaged. */
export class BlobCorruptError extends Error {
  readonly code = 'blob_corrupt';
  constructor(
    readonly sha256: string,
    actual: string,
  ) {
    super(`blob ${sha256} failed its integrity check: the stored bytes hash to ${actual}`);
    this.name = 'BlobCorruptError';
  }
}

/** The store did not answer, refused our credentials, or has no such bucket. */
export class BlobStoreUnavailableError extends Error {
  readonly code = 'storage_unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BlobStoreUnavailableError';
  }
}

const SHA256 = /^[a-f0-9]{64}$/;

export function sha256Hex(bytes: Buffer | string): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

export function assertAddress(sha256: string): void {
  if (!SHA256.test(sha256)) throw new Error('invalid blob address');
}

/** Throws BlobCorruptError unless `bytes` hash to `sha256`. */
export function verified(sha256: string, bytes: Buffer): Buffer {
  const actual = sha256Hex(bytes);
  if (actual !== sha256) throw new BlobCorruptError(sha256, actual);
  return bytes;
}

/**
 * Passes `source` through while hashing it. One chunk is always held back; it is released only
 * once the whole content has hashed to `sha256`, so a reader never receives all of a damaged blob.
 */
export function verifyingStream(sha256: string, source: Readable): Readable {
  const hash = crypto.createHash('sha256');
  let held: Buffer | null = null;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (held) this.push(held);
      held = chunk;
      done();
    },
    flush(done) {
      const actual = hash.digest('hex');
      if (actual !== sha256) return done(new BlobCorruptError(sha256, actual));
      if (held) this.push(held);
      done();
    },
  });
  // pipeline destroys `check` with the source's error, and the source when `check` is destroyed.
  pipeline(source, check, () => {});
  return check;
}

export class FsBlobStore implements BlobStore {
  readonly kind = 'fs';

  constructor(private readonly root: string) {
    fs.mkdirSync(path.join(root, 'tmp'), { recursive: true });
  }

  private pathOf(sha256: string): string {
    assertAddress(sha256);
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async put(bytes: Buffer): Promise<StoredBlob> {
    const sha256 = sha256Hex(bytes);
    const target = this.pathOf(sha256);
    if (!(await this.has(sha256))) {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const tmp = path.join(this.root, 'tmp', `${sha256}.${process.pid}.${crypto.randomUUID()}`);
      const handle = await fsp.open(tmp, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(tmp, target);
    }
    return { sha256, size: bytes.length };
  }

  async get(sha256: string): Promise<Buffer> {
    const bytes = await fsp.readFile(this.pathOf(sha256)).catch((err) => missingAs(sha256, err));
    return verified(sha256, bytes);
  }

  async open(sha256: string): Promise<Readable> {
    const handle = await fsp.open(this.pathOf(sha256), 'r').catch((err) => missingAs(sha256, err));
    return verifyingStream(sha256, handle.createReadStream());
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await fsp.access(this.pathOf(sha256));
      return true;
    } catch {
      return false;
    }
  }

  async check(): Promise<void> {
    await fsp.access(path.join(this.root, 'tmp'), fs.constants.W_OK);
  }
}

function missingAs(sha256: string, err: NodeJS.ErrnoException): never {
  if (err?.code === 'ENOENT') throw new BlobMissingError(sha256);
  throw err;
}
