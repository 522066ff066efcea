// Group commit: writes submitted in the same turn of the event loop share one transaction, so a
// burst of requests pays for one commit instead of one each. If a shared transaction fails, its
// writes are retried one transaction each, so one bad write never fails the others. Each write
// must touch only the database (it may run twice: once in the failed batch, once alone).
import type { Db } from './db.ts';

type Work<T> = (trx: Db) => Promise<T>;
interface Pending {
  work: Work<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class WriteBatcher {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 64,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (v: unknown) => void, reject });
      if (this.pending.length >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending.splice(0, this.pending.length);
    if (batch.length === 1) void this.alone(batch[0]!);
    else if (batch.length > 1) void this.together(batch);
  }

  private async alone(item: Pending): Promise<void> {
    try {
      item.resolve(await this.db.transaction().execute(item.work));
    } catch (err) {
      item.reject(err);
    }
  }

  private async together(batch: Pending[]): Promise<void> {
    let results: unknown[];
    try {
      results = await this.db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const item of batch) out.push(await item.work(trx));
        return out;
      });
    } catch {
      for (const item of batch) await this.alone(item);
      return;
    }
    batch.forEach((item, i) => item.resolve(results[i]));
  }
}
