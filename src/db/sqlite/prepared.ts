// Queries of the hottest paths, built with Kysely once per SQL dialect and then run with new
// values: building and compiling a query costs more than SQLite takes to run most of ours. The SQL
// stays in the repositories, written with the query builder like every other query; only the
// compiled text is reused.
import { sql, type CompiledQuery, type Compilable, type Insertable, type QueryResult } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database, Db } from '../schema.ts';

const SENTINEL = '\u0000dossier-param:';

interface Prepared<R> {
  compiled: CompiledQuery<R>;
  /** For each parameter of the compiled query: the name of the value it takes, or undefined for a constant. */
  slots: (string | undefined)[];
}

/**
 * A query with named values. `build` receives placeholders in place of the values and must use each
 * only as a plain value (an inserted column, a comparison operand), never inside an expression
 * Kysely would transform.
 */
export function preparedQuery<N extends string, R>(names: readonly N[], build: (db: Db, p: Record<N, string>) => Compilable<R>) {
  const byDialect = new Map<unknown, Prepared<R>>();
  const placeholders = Object.fromEntries(names.map((n) => [n, `${SENTINEL}${n}`])) as Record<N, string>;

  function prepare(db: Db): Prepared<R> {
    const key = db.getExecutor().adapter.constructor;
    let p = byDialect.get(key);
    if (!p) {
      const compiled = build(db, placeholders).compile();
      const slots = compiled.parameters.map((v) => (typeof v === 'string' && v.startsWith(SENTINEL) ? v.slice(SENTINEL.length) : undefined));
      const missing = names.filter((n) => !slots.includes(n));
      if (missing.length) throw new Error(`prepared query does not use ${missing.join(', ')}`);
      p = { compiled, slots };
      byDialect.set(key, p);
    }
    return p;
  }

  const parametersOf = (compiled: CompiledQuery<R>, slots: (string | undefined)[], values: Record<N, unknown>) =>
    slots.map((name, i) => (name === undefined ? compiled.parameters[i] : values[name as N]));

  /** The result at once where the statement can run directly (SQLite, no transaction open), else undefined. */
  const now = (db: Db, values: Record<N, unknown>): QueryResult<R> | undefined => {
    const direct = directSqlite.get(db);
    if (!direct || direct.connection.inTransaction) return undefined;
    // No transaction is open on the connection, so nothing can interleave: run it now.
    const { compiled, slots } = prepare(db);
    const stmt = direct.statements.prepare(compiled.sql);
    const parameters = parametersOf(compiled, slots, values);
    if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
    return { rows: [], numAffectedRows: BigInt(stmt.run(parameters).changes) };
  };

  const run = (db: Db, values: Record<N, unknown>): Promise<QueryResult<R>> => {
    const result = now(db, values);
    if (result) return Promise.resolve(result);
    const { compiled, slots } = prepare(db);
    return db.executeQuery<R>({ ...compiled, parameters: parametersOf(compiled, slots, values) });
  };
  /** The statement with its values, to be run later by the write batcher (a PreparedWrite). */
  const bind = (values: Record<N, unknown>): PreparedWrite => ({
    compile(db: Db) {
      const { compiled, slots } = prepare(db);
      return { ...compiled, parameters: parametersOf(compiled, slots, values) };
    },
  });
  return Object.assign(run, { bind, now });
}

/**
 * The insert of one row into `table`, its values bound by column (`columns`: the columns it sets).
 * Typed by the table: the row given must have each listed column, of its column's type.
 */
export function preparedInsert<T extends keyof Database & string, N extends keyof Insertable<Database[T]> & string>(table: T, columns: readonly N[]) {
  const query = preparedQuery(columns, (db, p) => ({
    compile: () => sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => p[c]))})`.compile(db),
  }));
  type Row = Pick<Insertable<Database[T]>, N>;
  return Object.assign((db: Db, row: Row) => query(db, row), { bind: (row: Row): PreparedWrite => query.bind(row) });
}

/** The statement cache of the SQLite connection (src/db/db.ts). */
export interface SqliteStatements {
  prepare(sql: string): SQLite.Statement;
}

/**
 * SQLite: prepared queries on the database itself (not on a transaction) run straight on the
 * connection when no transaction is open on it, skipping the query builder's promise chain (a
 * transaction holds the connection across awaits; a single statement never does).
 */
const directSqlite = new WeakMap<Db, { connection: { inTransaction: boolean }; statements: SqliteStatements }>();

export function runPreparedDirectly(db: Db, connection: { inTransaction: boolean }, statements: SqliteStatements): void {
  directSqlite.set(db, { connection, statements });
}

/** A write statement bound to its values; `compile` gives its SQL in the dialect of `db`. */
export interface PreparedWrite {
  compile(db: Db): CompiledQuery;
}
