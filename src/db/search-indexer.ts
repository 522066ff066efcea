// Keeps the SQLite case search index up to date off the request path (migration 007): a case
// creation queues the case by trigger and nudges the indexer, which waits a moment so that a burst
// of creations is indexed in one transaction, then empties the queue in batches. Any process may
// run it; SQLite's write lock serialises them and a batch is all or nothing. Until a case is
// indexed, searches find it in the queue, so results never lag. On PostgreSQL there is nothing to
// do (pg_trgm indexes are maintained by the database).
import type { Db, Dialect } from './db.ts';
import { indexQueuedCases } from './case-search.repo.ts';

export class SearchIndexer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly opts: { delayMs: number; batch: number },
  ) {}

  /** Indexes what is queued after a short delay, unless a run is already due. */
  nudge(): void {
    if (this.dialect !== 'sqlite' || this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.drain();
    }, this.opts.delayMs);
    this.timer.unref();
  }

  /** Empties the queue now (also used at start to catch up and by tools that write cases directly). */
  drain(): Promise<void> {
    if (this.dialect !== 'sqlite') return Promise.resolve();
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    try {
      while (!this.closed && (await indexQueuedCases(this.db, this.opts.batch)) >= this.opts.batch) {
        // A full batch: more may be queued; let requests in between.
        await new Promise((r) => setImmediate(r));
      }
    } catch (err) {
      // Busy or closing: what is queued stays queued (and searchable) for the next run.
      this.log.warn({ err }, 'search index update failed; it will be retried');
      if (!this.closed) this.nudge();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
