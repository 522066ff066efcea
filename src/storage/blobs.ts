// Content-addressed blob storage. The filesystem store writes each blob to a temporary file and
// renames it into place, so a blob is either whole or absent. An S3 store implements the same
// interface for deployments on many machines.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

export interface StoredBlob {
  sha256: string;
  size: number;
}

export interface BlobStore {
  put(bytes: Buffer): Promise<StoredBlob>;
  get(sha256: string): Promise<Buffer>;
  stream(sha256: string): NodeJS.ReadableStream;
  has(sha256: string): Promise<boolean>;
  /** Checks that the store can be written (readiness probe). */
  check(): Promise<void>;
}

const SHA256 = /^[a-f0-9]{64}$/;

export function sha256Hex(bytes: Buffer | string): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {
    fs.mkdirSync(path.join(root, 'tmp'), { recursive: true });
  }

  private pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('invalid blob address');
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

  get(sha256: string): Promise<Buffer> {
    return fsp.readFile(this.pathOf(sha256));
  }

  stream(sha256: string): NodeJS.ReadableStream {
    return fs.createReadStream(this.pathOf(sha256));
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
