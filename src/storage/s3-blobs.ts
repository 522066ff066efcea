// The S3 blob store: one object per blob under `blobs/<sha256>` in one bucket, for deployments
// whose processes run on several machines. Every put carries Content-MD5 (the store refuses a body
// that arrived damaged) and the sha256 checksum; every read is checked against the address.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertAddress, BlobMissingError, BlobStoreUnavailableError, sha256Hex, verified, verifyingStream, type BlobStore, type StoredBlob } from './blobs.ts';

export interface S3Settings {
  /** Empty for AWS itself; the address of any other S3 API (http://127.0.0.1:9000, …). */
  endpoint: string;
  bucket: string;
  region: string;
  /** Empty to use the SDK's usual sources (environment, instance role). */
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const KEY_PREFIX = 'blobs/';

export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint || undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // We send Content-MD5 and the sha256 ourselves and check what we read against the address.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // A store that does not answer fails a request within seconds; a slow download may go on as long as bytes flow.
      requestHandler: { connectionTimeout: 5000, socketTimeout: 30_000 },
    });
  }

  private keyOf(sha256: string): string {
    assertAddress(sha256);
    return `${KEY_PREFIX}${sha256}`;
  }

  /** One request: the same bytes under the same key make the same object, so a repeated put is harmless. */
  async put(bytes: Buffer): Promise<StoredBlob> {
    const sha256 = sha256Hex(bytes);
    const put = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.keyOf(sha256),
      Body: bytes,
      ContentLength: bytes.length,
      ContentType: 'application/octet-stream',
      ContentMD5: crypto.createHash('md5').update(bytes).digest('base64'),
      ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
    });
    await this.call(() => this.client.send(put), 'object', sha256);
    return { sha256, size: bytes.length };
  }

  async get(sha256: string): Promise<Buffer> {
    const body = await this.body(sha256);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of body) chunks.push(chunk as Buffer);
    } catch (err) {
      throw unavailable(`reading blob ${sha256} from bucket ${this.bucket} failed`, err);
    }
    return verified(sha256, Buffer.concat(chunks));
  }

  async open(sha256: string): Promise<Readable> {
    return verifyingStream(sha256, await this.body(sha256));
  }

  async has(sha256: string): Promise<boolean> {
    try {
      const key = this.keyOf(sha256);
      await this.call(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })), 'object', sha256);
      return true;
    } catch (err) {
      if (err instanceof BlobMissingError) return false;
      throw err;
    }
  }

  async check(): Promise<void> {
    await this.call(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })), 'bucket', '');
  }

  private async body(sha256: string): Promise<Readable> {
    const key = this.keyOf(sha256);
    const out = await this.call(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })), 'object', sha256);
    if (!out.Body) throw new BlobMissingError(sha256);
    return out.Body as Readable;
  }

  /** Runs one request; the SDK's errors become ours (missing blob, store unavailable). */
  private async call<T>(request: () => Promise<T>, target: 'object' | 'bucket', sha256: string): Promise<T> {
    try {
      return await request();
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      if (target === 'object' && (e.name === 'NoSuchKey' || (e.name === 'NotFound' && status === 404))) {
        throw new BlobMissingError(sha256);
      }
      if (e.name === 'NoSuchBucket' || (target === 'bucket' && status === 404)) throw unavailable(`bucket ${this.bucket} does not exist (S3_BUCKET)`, err);
      if (status === 403 || e.name === 'InvalidAccessKeyId' || e.name === 'SignatureDoesNotMatch') {
        throw unavailable(`access to bucket ${this.bucket} was refused; check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`, err);
      }
      if (status === undefined || status >= 500) throw unavailable(`the object store did not answer properly (${e.name ?? 'error'}: ${(err as Error).message})`, err);
      throw err;
    }
  }
}

function unavailable(message: string, cause: unknown): BlobStoreUnavailableError {
  return new BlobStoreUnavailableError(message, { cause });
}
