// SQL for the durable jobs table. A claim is one atomic UPDATE … RETURNING: on PostgreSQL the
// candidate row is locked with SKIP LOCKED so that many workers never take the same job; SQLite
// has a single writer, so the statement is atomic there as it stands.
import { sql } from 'kysely';
import { newId } from '../lib/ids.ts';
import type { Db, Dialect } from './db.ts';
import type { JobRow } from './schema.ts';

export interface EnqueueOptions {
  /** Run no earlier than this (epoch ms). */
  runAt?: number;
  /** A job with the same key is enqueued at most once. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Whose work it is (an API client): due jobs of a key that has none running are claimed first, so one client's backlog does not hold up another's next job. */
  fairKey?: string;
}

export async function insertJob(db: Db, name: string, payload: unknown, defaults: { maxAttempts: number }, opts: EnqueueOptions = {}): Promise<string> {
  const now = new Date().toISOString();
  const id = newId();
  await db
    .insertInto('jobs')
    .values({
      id,
      name,
      payload: JSON.stringify(payload),
      status: 'queued',
      attempts: 0,
      max_attempts: opts.maxAttempts ?? defaults.maxAttempts,
      run_at: opts.runAt ?? Date.now(),
      locked_by: null,
      locked_until: null,
      last_error: null,
      dedupe_key: opts.dedupeKey ?? null,
      fair_key: opts.fairKey ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
  return id;
}

/** Claims up to `limit` due jobs in one statement (one round trip however many slots are free), none of a fair key in `skipKeys`. */
export async function claimJobs(db: Db, dialect: Dialect, workerId: string, leaseMs: number, names: string[] | undefined, limit: number, skipKeys: string[] = []): Promise<JobRow[]> {
  if (names?.length === 0 || limit < 1) return [];
  const now = Date.now();
  const candidate = db
    .selectFrom('jobs')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]))
    .$if(names !== undefined, (qb) => qb.where('name', 'in', names!))
    .$if(skipKeys.length > 0, (qb) => qb.where((eb) => eb.or([eb('fair_key', 'is', null), eb('fair_key', 'not in', skipKeys)])))
    // Fair turns: a job whose key already has one running waits behind due jobs of keys with none.
    .orderBy((eb) =>
      eb
        .case()
        .when(
          eb.and([
            eb('jobs.fair_key', 'is not', null),
            eb.exists(eb.selectFrom('jobs as r').select('r.id').whereRef('r.fair_key', '=', 'jobs.fair_key').where('r.status', '=', 'running').where('r.locked_until', '>=', now)),
          ]),
        )
        .then(1)
        .else(0)
        .end(),
    )
    .orderBy('run_at')
    .limit(limit)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: workerId,
      locked_until: now + leaseMs,
      attempts: eb('attempts', '+', 1),
      updated_at: new Date(now).toISOString(),
    }))
    .where('id', 'in', candidate)
    .returningAll()
    .execute();
}

export async function renewLease(db: Db, jobId: string, workerId: string, leaseMs: number): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({ locked_until: Date.now() + leaseMs })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function finishJob(db: Db, jobId: string, workerId: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: new Date().toISOString() })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .execute();
}

/**
 * Records a failed attempt: the job waits until retryAt, or fails for good when it is null. With
 * `refund` the attempt is not counted (a dependency was unavailable, not the job at fault). The
 * first failure's time is kept: it bounds the job's retries.
 */
export async function failJob(db: Db, jobId: string, workerId: string, error: string, retryAt: number | null, opts: { refund?: boolean } = {}): Promise<void> {
  const now = Date.now();
  await db
    .updateTable('jobs')
    .set((eb) => ({
      status: retryAt === null ? 'failed' : 'queued',
      run_at: retryAt ?? now,
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 2000),
      updated_at: new Date(now).toISOString(),
      first_failed_at: eb.fn.coalesce('first_failed_at', eb.val(now)),
      ...(opts.refund ? { attempts: eb('attempts', '-', 1) } : {}),
    }))
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .execute();
}

export function findJob(db: Db, jobId: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

export async function countJobsByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Makes queued jobs due now (a re-send, or a receiver that is back); running and finished jobs are left alone. */
export async function runJobsNow(db: Db, jobIds: string[]): Promise<number> {
  if (jobIds.length === 0) return 0;
  const res = await db.updateTable('jobs').set({ run_at: Date.now(), updated_at: new Date().toISOString() }).where('id', 'in', jobIds).where('status', '=', 'queued').executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Whether the job is waiting or running. */
export async function jobWaiting(db: Db, jobId: string): Promise<boolean> {
  const row = await findJob(db, jobId);
  return row?.status === 'queued' || row?.status === 'running';
}

/** Whether a job with this dedupe key is still waiting or running. */
export async function jobWithKeyPending(db: Db, dedupeKey: string): Promise<boolean> {
  const row = await db.selectFrom('jobs').select('status').where('dedupe_key', '=', dedupeKey).executeTakeFirst();
  return row?.status === 'queued' || row?.status === 'running';
}

/** Jobs that failed for good, newest first (`id` restricts to one job). */
export function listFailedJobs(db: Db, limit: number, id?: string): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('status', '=', 'failed')
    .$if(id !== undefined, (qb) => qb.where('id', '=', id!))
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
}

/** Puts failed jobs back in the queue with a fresh round of attempts; returns how many. */
export async function requeueFailedJobs(db: Db, ids: string[] | 'all'): Promise<number> {
  if (ids !== 'all' && ids.length === 0) return 0;
  let n = 0;
  // Many ids go in chunks: a statement takes a bounded number of parameters.
  for (const chunk of ids === 'all' ? ['all' as const] : chunks(ids)) {
    const res = await db
      .updateTable('jobs')
      .set({ status: 'queued', attempts: 0, run_at: Date.now(), locked_by: null, locked_until: null, first_failed_at: null, updated_at: new Date().toISOString() })
      .where('status', '=', 'failed')
      .$if(chunk !== 'all', (qb) => qb.where('id', 'in', chunk as string[]))
      .executeTakeFirst();
    n += Number(res.numUpdatedRows);
  }
  return n;
}

function chunks(ids: Iterable<string>, size = 1000): string[][] {
  const all = [...ids];
  const out: string[][] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.slice(i, i + size));
  return out;
}

export interface JobTableStats {
  name: string;
  status: string;
  n: number;
  oldest_run_at: number | null;
}

/** Jobs per name and status, with the earliest due time of those waiting. */
export async function jobTableStats(db: Db): Promise<JobTableStats[]> {
  const now = Date.now();
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => [
      'name',
      'status',
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .min(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]))
            .then(eb.ref('run_at'))
            .else(null)
            .end(),
        )
        .as('oldest_run_at'),
    ])
    .where('status', '!=', 'done')
    .groupBy(['name', 'status'])
    .execute();
  return rows.map((r) => ({ name: r.name, status: r.status, n: Number(r.n), oldest_run_at: r.oldest_run_at === null ? null : Number(r.oldest_run_at) }));
}

/** Under a lock held until the transaction ends, the jobs waiting or running in the table (to move to another queue). */
export async function takeInFlightJobs(trx: Db, dialect: Dialect): Promise<JobRow[]> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('dossier.jobs.move'))`.execute(trx);
  return trx.selectFrom('jobs').selectAll().where('status', 'in', ['queued', 'running']).orderBy('run_at').execute();
}

export async function deleteJobs(db: Db, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .deleteFrom('jobs')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

/** The names of the jobs waiting or running in the table. */
export async function inFlightJobNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('jobs').select('name').distinct().where('status', 'in', ['queued', 'running']).execute();
  return rows.map((r) => r.name);
}

/** What jobs work on, by kind of id (as their payloads name them). */
export interface JobSubjects {
  caseId: Set<string>;
  conversationId: Set<string>;
  verificationId: Set<string>;
  checkId: Set<string>;
  deliveryId: Set<string>;
}

/** The client each named case, conversation, verification, website check or delivery belongs to, keyed `kind:id`. */
export async function clientsOfJobSubjects(db: Db, s: JobSubjects): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const put = async (kind: keyof JobSubjects, read: (ids: string[]) => Promise<{ id: string; client_id: string }[]>) => {
    for (const chunk of chunks(s[kind])) for (const r of await read(chunk)) out.set(`${kind}:${r.id}`, r.client_id);
  };
  await put('caseId', (ids) => db.selectFrom('cases').select(['id', 'client_id']).where('id', 'in', ids).execute());
  await put('conversationId', (ids) => db.selectFrom('conversations').select(['id', 'client_id']).where('id', 'in', ids).execute());
  await put('verificationId', (ids) => db.selectFrom('verifications').select(['id', 'client_id']).where('id', 'in', ids).execute());
  await put('deliveryId', (ids) => db.selectFrom('deliveries').select(['id', 'client_id']).where('id', 'in', ids).execute());
  await put('checkId', (ids) =>
    db
      .selectFrom('website_checks')
      .innerJoin('cases', 'cases.id', 'website_checks.case_id')
      .select(['website_checks.id as id', 'cases.client_id as client_id'])
      .where('website_checks.id', 'in', ids)
      .execute(),
  );
  return out;
}

/** The ids a job's payload may name that belong to this case: the case, its conversations, verifications, website checks and deliveries. */
export async function jobSubjectsOfCase(db: Db, caseId: string): Promise<JobSubjects> {
  const [conversations, verifications, checks, deliveries] = await Promise.all([
    db.selectFrom('conversations').select('id').where('case_id', '=', caseId).execute(),
    db
      .selectFrom('verifications')
      .innerJoin('conversations', 'conversations.id', 'verifications.conversation_id')
      .select('verifications.id as id')
      .where('conversations.case_id', '=', caseId)
      .execute(),
    db.selectFrom('website_checks').select('id').where('case_id', '=', caseId).execute(),
    db.selectFrom('deliveries').select('id').where('case_id', '=', caseId).execute(),
  ]);
  const ids = (rows: { id: string }[]) => new Set(rows.map((r) => r.id));
  return { caseId: new Set([caseId]), conversationId: ids(conversations), verificationId: ids(verifications), checkId: ids(checks), deliveryId: ids(deliveries) };
}
