// Group commit: writes submitted in the same turn of the event loop share one transaction, so a
// burst of requests pays for one commit instead of one each. If a shared transaction fails, its
// writes are retried one transaction each, so one bad write never fails the others. Each write
// must touch only the database (it may run twice: once in the failed batch, once alone).
//
// A write is a list of prepared statements (built once in their repositories, src/db/sqlite/prepared.ts)
// and, when it needs more, an async function of the transaction. On SQLite the statements run
// synchronously on the connection the transaction holds: Kysely keeps that connection to this
// transaction until it ends, so nothing else can interleave, and a case creation costs what SQLite
// takes to run it instead of a promise chain per statement. On PostgreSQL the statements of a
// batch travel as one statement (src/db/combined-statements.ts): a batch without further work is
// that single statement, atomic by itself, with no BEGIN and COMMIT around it.
import { PostgresAdapter } from 'kysely';
import type { Db } from '../schema.ts';
import { combineStatements } from '../combined-statements.ts';
import type { PreparedWrite, SqliteStatements } from './prepared.ts';

type Work<T> = (trx: Db) => Promise<T>;
interface Pending {
  statements: PreparedWrite[];
  work: Work<unknown> | undefined;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class WriteBatcher {
  private pending: Pending[] = [];
  private scheduled = false;
  private readonly postgres: boolean;

  constructor(
    private readonly db: Db,
    private readonly opts: { maxBatch?: number; sqlite?: SqliteStatements } = {},
  ) {
    this.postgres = !opts.sqlite && db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Runs `work` in a shared transaction; resolves with its result once committed. */
  run<T>(work: Work<T>): Promise<T> {
    return this.submit<T>([], work);
  }

  /** Runs the statements, then `work` if given, in a shared transaction. */
  write(statements: PreparedWrite[], work?: Work<unknown>): Promise<void> {
    return this.submit<unknown>(statements, work).then(() => undefined);
  }

  private submit<T>(statements: PreparedWrite[], work: Work<T> | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ statements, work, resolve: resolve as (v: unknown) => void, reject });
      if (this.pending.length >= (this.opts.maxBatch ?? 64)) this.flush();
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

  private async execute(trx: Db, item: Pending): Promise<unknown> {
    const { sqlite } = this.opts;
    for (const statement of item.statements) {
      const compiled = statement.compile(trx);
      if (sqlite) sqlite.prepare(compiled.sql).run(compiled.parameters as unknown[]);
      else await trx.executeQuery(compiled);
    }
    return item.work ? item.work(trx) : undefined;
  }

  /** PostgreSQL: the statements of every item as one statement, then the items' work, if any, in its transaction. */
  private async combined(items: Pending[]): Promise<unknown[]> {
    const statements = combineStatements(items.flatMap((item) => item.statements.map((s) => s.compile(this.db))));
    if (statements.length === 1 && items.every((item) => !item.work)) {
      await this.db.executeQuery(statements[0]!);
      return items.map(() => undefined);
    }
    return this.db.transaction().execute(async (trx) => {
      for (const statement of statements) await trx.executeQuery(statement);
      const out: unknown[] = [];
      for (const item of items) out.push(item.work ? await item.work(trx) : undefined);
      return out;
    });
  }

  private async alone(item: Pending): Promise<void> {
    try {
      if (this.postgres) item.resolve((await this.combined([item]))[0]);
      else item.resolve(await this.db.transaction().execute((trx) => this.execute(trx, item)));
    } catch (err) {
      item.reject(err);
    }
  }

  private async together(batch: Pending[]): Promise<void> {
    let results: unknown[];
    try {
      results = this.postgres
        ? await this.combined(batch)
        : await this.db.transaction().execute(async (trx) => {
            const out: unknown[] = [];
            for (const item of batch) out.push(await this.execute(trx, item));
            return out;
          });
    } catch {
      for (const item of batch) await this.alone(item);
      return;
    }
    batch.forEach((item, i) => item.resolve(results[i]));
  }
}
