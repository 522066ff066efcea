// The screening job: screens every company and person of a case against the active lists; queued
// when the case is created and for every case when a list version is imported.
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/db.ts';
import { hasActiveList, listCasesToScreen } from '../db/screening.repo.ts';
import { defineJob } from '../jobs/definition.ts';
import type { JobQueue } from '../jobs/queue.ts';

/** What the job needs of the screening service. */
interface CaseScreener {
  run(payload: { caseId: string }): Promise<void>;
}

export const screenCaseJob = defineJob({
  name: 'screening.case',
  version: 1,
  payload: Type.Object({ caseId: Type.String({ minLength: 1 }) }),
  handler: (screening: CaseScreener, payload) => screening.run(payload),
});

/** How long a process trusts what it last read of whether a list is in force. */
const IN_FORCE_FOR_MS = 2000;
const inForce = new WeakMap<Db, { value: boolean; until: number }>();

/**
 * Whether a case created now is screened at its creation: only while a list is in force. With none
 * imported there is nothing to screen against, and importing the first list queues every case
 * there is. The answer is read at most every 2 seconds per process, since case creation is hot
 * and lists change rarely: a case created within those 2 seconds after the very first import is
 * screened at its completion instead.
 */
export async function screeningInForce(db: Db): Promise<boolean> {
  const now = Date.now();
  const known = inForce.get(db);
  if (known && known.until > now) return known.value;
  const value = await hasActiveList(db);
  inForce.set(db, { value, until: now + IN_FORCE_FOR_MS });
  return value;
}

/** Enqueues the screening of a case at its creation, in the creating transaction. */
export async function enqueueCaseScreening(jobs: JobQueue, trx: Db, caseId: string): Promise<void> {
  await jobs.enqueue(trx, screenCaseJob, { caseId }, { dedupeKey: `screening.case:${caseId}:created` });
}

/** Enqueues the screening of every case after a list version was imported (ongoing monitoring). */
export async function enqueueRescreenAll(db: Db, jobs: JobQueue, versionId: string): Promise<number> {
  const cases = await listCasesToScreen(db);
  for (const c of cases) await jobs.enqueue(db, screenCaseJob, { caseId: c.id }, { dedupeKey: `screening.case:${c.id}:${versionId}` });
  return cases.length;
}
