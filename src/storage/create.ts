// Picks the blob store the configuration names: DATA_DIR/blobs (STORAGE=fs) or a bucket (STORAGE=s3).
import path from 'node:path';
import type { Config } from '../config.ts';
import { FsBlobStore, type BlobStore } from './blobs.ts';

/** The S3 client is loaded only when a bucket is configured: the embedded default pays nothing for it. */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (config.STORAGE === 's3') {
    const { S3BlobStore } = await import('./s3-blobs.ts');
    return new S3BlobStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new FsBlobStore(blobFolder(config));
}

export function blobFolder(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'blobs');
}
