// What /readyz checks: the database answers a small read and takes a small write (with the locks
// requests' writes take) within a bounded time, DATA_DIR takes a
// file, DATA_DIR has at least MIN_FREE_DISK_MB free, with STORAGE=s3 the bucket answers a
// HeadBucket with our credentials, and with REDIS_URL Redis answers a PING (the rate limits' counters:
// without them rate-limited requests are refused). Each part that fails is named.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ServiceContext } from '../context.ts';
import { probeDatabase, probeDatabaseWrite } from '../db/health.repo.ts';
import { hasActiveList } from '../db/screening.repo.ts';

/** Longest the database probe may take (ms). */
const PROBE_MS = 2000;

export type ReadinessPart = 'database' | 'data_dir' | 'disk_space' | 'object_storage' | 'rate_limits';

export interface Readiness {
  ready: boolean;
  failed: { part: ReadinessPart; problem: string }[];
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function writable(dir: string): Promise<void> {
  const probe = path.join(dir, `.ready-${crypto.randomBytes(6).toString('hex')}`);
  await fsp.writeFile(probe, 'ok');
  await fsp.rm(probe, { force: true });
}

export async function checkReadiness(ctx: ServiceContext): Promise<Readiness> {
  const { config } = ctx;
  const failed: Readiness['failed'] = [];
  const wait = Math.min(PROBE_MS, config.DB_LOCK_TIMEOUT_MS, config.DB_STATEMENT_TIMEOUT_MS || PROBE_MS);
  const inBucket = ctx.blobs.kind === 's3';
  const [db, write, dir, stats, bucket, limits] = await Promise.allSettled([
    within(PROBE_MS + 500, probeDatabase(ctx.db, ctx.dialect, wait)),
    within(PROBE_MS + 500, probeDatabaseWrite(ctx.db, ctx.dialect, config.DATA_DIR, wait)),
    within(PROBE_MS, Promise.all([writable(config.DATA_DIR), inBucket ? null : ctx.blobs.check()])),
    within(PROBE_MS, fsp.statfs(config.DATA_DIR)),
    inBucket ? within(PROBE_MS, ctx.blobs.check()) : Promise.resolve(),
    ctx.rateLimits.check ? within(PROBE_MS, ctx.rateLimits.check()) : Promise.resolve(),
  ]);
  if (db.status === 'rejected') failed.push({ part: 'database', problem: `the database did not answer: ${(db.reason as Error).message}` });
  else if (write.status === 'rejected') failed.push({ part: 'database', problem: `the database takes no write: ${(write.reason as Error).message}` });
  if (dir.status === 'rejected') failed.push({ part: 'data_dir', problem: `DATA_DIR cannot be written: ${(dir.reason as Error).message}` });
  if (bucket.status === 'rejected') failed.push({ part: 'object_storage', problem: `the S3 bucket ${config.S3_BUCKET} cannot be used: ${(bucket.reason as Error).message}` });
  if (limits.status === 'rejected') failed.push({ part: 'rate_limits', problem: `Redis (REDIS_URL), which holds the rate limits, did not answer: ${(limits.reason as Error).message}` });
  if (stats.status === 'rejected') failed.push({ part: 'disk_space', problem: `the free space of DATA_DIR is unknown: ${(stats.reason as Error).message}` });
  else {
    const freeMb = (Number(stats.value.bavail) * Number(stats.value.bsize)) / 1048576;
    if (freeMb < config.MIN_FREE_DISK_MB) failed.push({ part: 'disk_space', problem: `DATA_DIR has ${Math.floor(freeMb)} MB free, less than MIN_FREE_DISK_MB (${config.MIN_FREE_DISK_MB} MB)` });
  }
  return { ready: failed.length === 0, failed };
}

/**
 * The checks that cannot run as configured, named for /readyz and the start banner: no screening
 * list imported (cases are not screened), no Companies House API key (UK companies are not looked
 * up). The reports say so on every case; these do not make the service unready.
 */
export async function notConfiguredChecks(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<{ part: 'screening_lists' | 'companies_house_api_key'; problem: string }[]> {
  const out: { part: 'screening_lists' | 'companies_house_api_key'; problem: string }[] = [];
  if (!(await hasActiveList(ctx.db).catch(() => true))) out.push({ part: 'screening_lists', problem: 'no sanctions or PEP list is imported: cases are not screened' });
  if (!ctx.config.COMPANIES_HOUSE_API_KEY) out.push({ part: 'companies_house_api_key', problem: 'no COMPANIES_HOUSE_API_KEY: UK companies are not looked up in Companies House' });
  return out;
}
