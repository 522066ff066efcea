// A real S3 API for the object storage tests: TEST_S3_ENDPOINT when set (with TEST_S3_ACCESS_KEY_ID
// and TEST_S3_SECRET_ACCESS_KEY), else the single-node Swift that .ci/s3-start runs on loopback
// (started here when Swift is installed and it is not running yet). Each test file gets its own
// bucket, emptied and removed afterwards.
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ConfigOverrides } from '../../src/config.ts';
import type { S3Settings } from '../../src/storage/s3-blobs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const S3_SKIP_REASON = 'needs an S3 API: set TEST_S3_ENDPOINT or install Swift as in .ci/run';

function findEndpoint(): string | null {
  if (process.env.TEST_S3_ENDPOINT) return process.env.TEST_S3_ENDPOINT;
  try {
    const out = execFileSync(path.join(root, '.ci/s3-start'), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 120_000 });
    return /TEST_S3_ENDPOINT=(\S+)/.exec(out)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The S3 API's address, or null when none is available (the tests needing it are then skipped). */
export const s3Endpoint: string | null = findEndpoint();

export interface TestBucket {
  settings: S3Settings;
  /** The settings as configuration overrides for a test server. */
  overrides: ConfigOverrides;
  client: S3Client;
  /** Puts raw bytes under a key, behind the store's back (with a matching Content-MD5). */
  putRaw(key: string, body: Buffer): Promise<void>;
  deleteRaw(key: string): Promise<void>;
  drop(): Promise<void>;
}

export async function createTestBucket(): Promise<TestBucket> {
  if (!s3Endpoint) throw new Error(S3_SKIP_REASON);
  const settings: S3Settings = {
    endpoint: s3Endpoint,
    bucket: `dossier-t-${crypto.randomBytes(6).toString('hex')}`,
    region: 'us-east-1',
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'test:tester',
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'testing',
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  const { bucket } = settings;
  return {
    settings,
    overrides: {
      STORAGE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
    },
    client,
    async putRaw(key, body) {
      const md5 = crypto.createHash('md5').update(body).digest('base64');
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentMD5: md5 }));
    },
    async deleteRaw(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async drop() {
      for (;;) {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        for (const o of listed.Contents ?? []) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: o.Key! }));
        if (!listed.IsTruncated) break;
      }
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}

/** Forwards loopback connections to the S3 API; stop() makes the store unreachable, start() brings it back on the same port. */
export class Forwarder {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}
