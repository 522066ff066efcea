// What services share: configuration, database, blobs, jobs, links and the logger.
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { BlobStore } from './storage/blobs.ts';
import type { Db, Dialect } from './db/db.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Links } from './lib/links.ts';
import type { WriteBatcher } from './db/sqlite/write-batcher.ts';
import type { SearchIndexer } from './db/search-indexer.ts';
import type { RateLimitStore } from './db/rate-limit-store.ts';

export interface ServiceContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  blobs: BlobStore;
  jobs: JobQueue;
  links: Links;
  log: Logger;
  /** Group commit for hot write paths (case creation). */
  writes: WriteBatcher;
  /** Fills the SQLite case search index in the background. */
  searchIndex: SearchIndexer;
  /** Request counters of every rate limit: shared by all processes on PostgreSQL. */
  rateLimits: RateLimitStore;
}
