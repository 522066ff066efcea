// SQL on pg-boss's own tables (schema "pgboss"), for what its API does not offer: an executor that
// lets pg-boss write in our open transaction, a retry time chosen by the handler, "run now", and
// the counts and lists operators read. The columns used (id, name, state, data, start_after,
// retry_count, retry_limit, output, created_on, completed_on) are those of pg-boss 10's job table.
import { CompiledQuery, sql } from 'kysely';
import type { Db } from './db.ts';

export const PGBOSS_SCHEMA = 'pgboss';

/** pg-boss's `db` option: its statements run on `db` (a Kysely instance or an open transaction). */
export function kyselyExecutor(db: Db): { executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }> } {
  return {
    async executeSql(text, values = []) {
      const res = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: res.rows as any[] };
    },
  };
}

/** Makes the job fail for good at its next failure (a payload that cannot fit, say). */
export async function exhaustRetries(db: Db, name: string, id: string): Promise<void> {
  await sql`update ${sql.table(`${PGBOSS_SCHEMA}.job`)} set retry_limit = retry_count where name = ${name} and id = ${id}::uuid`.execute(db);
}

/** A job that was just put back for a retry runs at `at` instead of pg-boss's backoff. */
export async function retryJobAt(db: Db, name: string, id: string, at: Date): Promise<void> {
  await sql`update ${sql.table(`${PGBOSS_SCHEMA}.job`)} set start_after = ${at.toISOString()}::timestamptz where name = ${name} and id = ${id}::uuid and state = 'retry'`.execute(db);
}

/** The job's holder is alive: its expiry moves `seconds` ahead of now (a heartbeat; a job no longer renewed expires and another worker takes it). */
export async function renewPgBossJob(db: Db, name: string, id: string, seconds: number): Promise<void> {
  await sql`update ${sql.table(`${PGBOSS_SCHEMA}.job`)} set expire_in = (now() - started_on) + make_interval(secs => ${seconds}) where name = ${name} and id = ${id}::uuid and state = 'active'`.execute(
    db,
  );
}

/** The attempt in progress is not counted (a dependency was unavailable): the job gets one more. */
export async function refundPgBossAttempt(db: Db, name: string, id: string): Promise<void> {
  await sql`update ${sql.table(`${PGBOSS_SCHEMA}.job`)} set retry_limit = retry_limit + 1 where name = ${name} and id = ${id}::uuid`.execute(db);
}

/** Forgets a retried job's past failure (its output), so its retries are bounded afresh. */
export async function clearPgBossOutput(db: Db, name: string, id: string): Promise<void> {
  await sql`update ${sql.table(`${PGBOSS_SCHEMA}.job`)} set output = null where name = ${name} and id = ${id}::uuid and state = 'retry'`.execute(db);
}

/** Makes waiting jobs due now; active and finished ones are left alone. */
export async function runPgBossJobsNow(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await sql`update ${sql.table(`${PGBOSS_SCHEMA}.job`)} set start_after = now() where id::text in (${sql.join(ids)}) and state in ('created', 'retry')`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** The state of a job ('created', 'retry', 'active', 'completed', 'cancelled', 'failed'), or null when pg-boss no longer holds it. */
export async function pgBossJobState(db: Db, id: string): Promise<string | null> {
  const { rows } = await sql<{ state: string }>`select state from ${sql.table(`${PGBOSS_SCHEMA}.job`)} where id::text = ${id} limit 1`.execute(db);
  return rows[0]?.state ?? null;
}

export interface PgBossStateCount {
  name: string;
  state: string;
  n: number;
  oldest_seconds: number | null;
}

/** Jobs per queue and state, with the age of the oldest job waiting to run. */
export async function pgBossStateCounts(db: Db, names: string[]): Promise<PgBossStateCount[]> {
  if (names.length === 0) return [];
  const { rows } = await sql<PgBossStateCount>`
    select name, state::text as state, count(*)::int as n,
      extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest_seconds
    from ${sql.table(`${PGBOSS_SCHEMA}.job`)}
    where name in (${sql.join(names)})
    group by name, state`.execute(db);
  return rows.map((r) => ({ ...r, n: Number(r.n), oldest_seconds: r.oldest_seconds === null ? null : Number(r.oldest_seconds) }));
}

export interface PgBossFailedRow {
  id: string;
  name: string;
  retry_count: number;
  output: unknown;
  data: unknown;
  created_on: Date;
  completed_on: Date | null;
}

/** Jobs that failed for good, newest first (`id` restricts to one job). */
export async function listPgBossFailed(db: Db, names: string[], limit: number, id?: string): Promise<PgBossFailedRow[]> {
  if (names.length === 0) return [];
  const { rows } = await sql<PgBossFailedRow>`
    select id::text as id, name, retry_count, output, data, created_on, completed_on
    from ${sql.table(`${PGBOSS_SCHEMA}.job`)}
    where state = 'failed' and name in (${sql.join(names)}) ${id ? sql`and id::text = ${id}` : sql``}
    order by completed_on desc nulls last
    limit ${limit}`.execute(db);
  return rows;
}

/** Removes the dead-letter copy of a failed job that is retried (the copy holds the same payload). */
export async function deleteDeadCopy(db: Db, deadQueue: string, name: string, id: string): Promise<void> {
  const table = sql.table(`${PGBOSS_SCHEMA}.job`);
  await sql`
    delete from ${table} where name = ${deadQueue} and id = (
      select d.id from ${table} d join ${table} o on o.name = ${name} and o.id = ${id}::uuid and d.data = o.data
      where d.name = ${deadQueue} limit 1)`.execute(db);
}

/** The key in a pg-boss job's data that holds whose work it is (an API client); the jobs table has a column for it. */
export const PGBOSS_FAIR_KEY = '_fairKey';

export interface PgBossClaimedRow {
  id: string;
  name: string;
  data: unknown;
  retry_count: number;
  retry_limit: number;
  start_after: Date;
  created_on: Date;
  output: unknown;
}

/**
 * Takes up to `limit` due jobs of a standard queue as pg-boss's own fetch does (waiting → active,
 * a retry counted, rows locked with SKIP LOCKED), but in fair turns: a job whose fair key already
 * has a job active waits behind due jobs of keys with none, and jobs of a key in `skipKeys` are
 * not taken at all.
 */
export async function claimFairPgBossJobs(db: Db, name: string, limit: number, skipKeys: string[]): Promise<PgBossClaimedRow[]> {
  if (limit < 1) return [];
  const job = sql.table(`${PGBOSS_SCHEMA}.job`);
  const key = sql.lit(PGBOSS_FAIR_KEY);
  const skip = skipKeys.length ? sql`and (j.data->>${key} is null or j.data->>${key} not in (${sql.join(skipKeys)}))` : sql``;
  const { rows } = await sql<PgBossClaimedRow>`
    with next as (
      select j.id from ${job} j
      where j.name = ${name} and j.state < 'active' and j.start_after < now() ${skip}
      order by
        case when j.data->>${key} is not null and exists (
          select 1 from ${job} a where a.name = j.name and a.state = 'active' and a.data->>${key} = j.data->>${key}
        ) then 1 else 0 end,
        j.priority desc, j.created_on, j.id
      limit ${limit}
      for update skip locked
    )
    update ${job} j set
      state = 'active',
      started_on = now(),
      retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
    from next
    where j.name = ${name} and j.id = next.id
    returning j.id, j.name, j.data, j.retry_count, j.retry_limit, j.start_after, j.created_on, j.output`.execute(db);
  return rows;
}
