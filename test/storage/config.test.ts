// The storage settings: fs by default, s3 only with a bucket, keys only in pairs.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('storage configuration', () => {
  it('keeps files in DATA_DIR by default', () => {
    expect(loadConfig({}).STORAGE).toBe('fs');
  });

  it('reads the S3 settings', () => {
    const c = loadConfig({ STORAGE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(c).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true, S3_REGION: 'us-east-1' });
  });

  it('names what is wrong', () => {
    expect(() => loadConfig({ STORAGE: 'disk' })).toThrow(/STORAGE must be one of fs, s3/);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET must name a bucket when STORAGE=s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
  });
});
