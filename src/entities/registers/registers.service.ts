// The registers a Dossier reads, built from configuration: Companies House when an API key is set,
// then the local register of imported files. Also the import command's entry point.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../db/db.ts';
import type { RegisterConnector } from './connector.ts';
import type { RateLimitStore } from '../../db/rate-limit-store.ts';
import { CompaniesHouseClient } from './companies-house/client.ts';
import { CompaniesHouseConnector } from './companies-house/connector.ts';
import { LocalRegisterConnector } from './imported/connector.ts';
import { importBods } from './imported/bods-import.ts';
import { importPsc, type ImportStats } from './imported/psc-import.ts';
import { registerHasData, withoutMemoryMap } from '../../db/local-register.repo.ts';
import { writeValues, type BatchValues } from './imported/batch.ts';

export type RegisterConfig = Pick<
  Config,
  | 'COMPANIES_HOUSE_API_KEY'
  | 'COMPANIES_HOUSE_API_URL'
  | 'COMPANIES_HOUSE_DOCUMENT_API_URL'
  | 'COMPANIES_HOUSE_RATE_LIMIT'
  | 'COMPANIES_HOUSE_RATE_WINDOW_MS'
  | 'REGISTER_CACHE_TTL_MS'
  | 'REGISTER_TIMEOUT_MS'
  | 'MAX_FILE_BYTES'
>;

export class Registers {
  readonly connectors: RegisterConnector[];
  readonly companiesHouse: CompaniesHouseClient | null;
  /** The local register of imported files (always read, last). */
  readonly local: LocalRegisterConnector;

  constructor(
    private readonly db: Db,
    config: RegisterConfig,
    rateLimits?: RateLimitStore,
  ) {
    this.companiesHouse = config.COMPANIES_HOUSE_API_KEY
      ? new CompaniesHouseClient(db, {
          apiUrl: config.COMPANIES_HOUSE_API_URL,
          documentApiUrl: config.COMPANIES_HOUSE_DOCUMENT_API_URL,
          apiKey: config.COMPANIES_HOUSE_API_KEY,
          cacheTtlMs: config.REGISTER_CACHE_TTL_MS,
          timeoutMs: config.REGISTER_TIMEOUT_MS,
          rateLimit: { requests: config.COMPANIES_HOUSE_RATE_LIMIT, windowMs: config.COMPANIES_HOUSE_RATE_WINDOW_MS },
          maxDocumentBytes: config.MAX_FILE_BYTES,
          ...(rateLimits?.shared ? { shared: rateLimits } : {}),
        })
      : null;
    this.local = new LocalRegisterConnector(db);
    this.connectors = [...(this.companiesHouse ? [new CompaniesHouseConnector(this.companiesHouse)] : []), this.local];
  }

  /**
   * Whether a company of this country may be found in a register Dossier reads. Asked at every case
   * creation, so the answer is remembered: "the local register holds data" for good (imports only
   * add), "it is empty" for a second (an import by another process is seen a second later).
   */
  async mayCover(countryCode: string): Promise<boolean> {
    if (this.companiesHouse && countryCode === 'GB') return true;
    if (this.localHasData) return true;
    if (Date.now() < this.localEmptyUntil) return false;
    this.localHasData = await registerHasData(this.db);
    if (!this.localHasData) this.localEmptyUntil = Date.now() + 1000;
    return this.localHasData;
  }

  private localHasData = false;
  private localEmptyUntil = 0;
}

/**
 * Imports a register file into the local register. Reading and parsing run in a worker thread
 * while this thread writes, so the two overlap; where a worker cannot start, both run here.
 */
export async function importRegisterFile(db: Db, dialect: Dialect, file: string, format: 'psc' | 'bods', onProgress?: (s: ImportStats) => void, opts: { worker?: boolean } = {}): Promise<ImportStats> {
  fs.accessSync(file, fs.constants.R_OK);
  return withoutMemoryMap(db, dialect, async () => {
    if (opts.worker !== false) {
      const viaWorker = await importInWorker(db, dialect, file, format, onProgress);
      if (viaWorker) return viaWorker;
    }
    const input = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    return format === 'psc' ? await importPsc(db, dialect, input, onProgress) : await importBods(db, dialect, input, onProgress);
  });
}

/** The worker-thread import; null when no worker could be started (nothing was written then). */
function importInWorker(db: Db, dialect: Dialect, file: string, format: 'psc' | 'bods', onProgress?: (s: ImportStats) => void): Promise<ImportStats | null> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./imported/worker-boot.mjs', import.meta.url), {
        workerData: { tsxApi: import.meta.resolve('tsx/esm/api'), script: new URL('./imported/import-worker.ts', import.meta.url).href, job: { file, format, batchSize: 2000 } },
      });
    } catch {
      resolve(null);
      return;
    }
    const queue: BatchValues[] = [];
    const written = { entities: 0, relationships: 0 };
    let read = { lines: 0, accepted: 0, skipped: 0 };
    let started = false;
    let finished: typeof read | null = null;
    let writing = false;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      reject(err);
    };
    const pump = async () => {
      if (writing || settled) return;
      writing = true;
      try {
        while (queue.length) {
          const values = queue.shift()!;
          await writeValues(db, dialect, values);
          written.entities += values.counts.entities;
          written.relationships += values.counts.relationships;
          worker.postMessage('credit');
          onProgress?.({ ...read, ...written });
        }
      } catch (err) {
        fail(err as Error);
      }
      writing = false;
      if (finished && queue.length === 0 && !settled) {
        settled = true;
        void worker.terminate();
        resolve({ ...finished, ...written });
      }
    };
    worker.on('message', (m: { type: string; values?: BatchValues; stats?: typeof read; message?: string }) => {
      started = true;
      if (m.type === 'batch') {
        queue.push(m.values!);
        read = m.stats!;
      } else if (m.type === 'done') finished = m.stats!;
      else if (m.type === 'error') return fail(new Error(`import of ${file}: ${m.message}`));
      void pump();
    });
    worker.on('error', (err) => (started ? fail(err) : settled || ((settled = true), resolve(null))));
    worker.on('exit', (code) => {
      if (!settled && !finished) fail(new Error(`the import worker stopped (exit code ${code})`));
    });
  });
}
