// The screening job: screens every company and person of a case against the active lists; queued
// when the case is created and for every case when a list version is imported.
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/db.ts';
import { hasActiveList, listCasesToScreen } from '../db/screening.repo.ts';
import { defineJob } from '../jobs/definition.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { ScreeningService } from './screening.service.ts';

export const screenCaseJob = defineJob({
  name: 'screening.case',
  version: 1,
  payload: Type.Object({ caseId: Type.String({ minLength: 1 }) }),
  handler: (screening: ScreeningService, payload) => screening.run(payload),
});

/**
 * Enqueues the screening of a case (at its creation, in the creating transaction) when a list is in
 * force; with none imported there is nothing to screen against, and the import of the first list
 * queues every case anyway.
 */
export async function enqueueCaseScreening(jobs: JobQueue, trx: Db, caseId: string): Promise<void> {
  if (!(await hasActiveList(trx))) return;
  await jobs.enqueue(trx, screenCaseJob, { caseId }, { dedupeKey: `screening.case:${caseId}:created` });
}

/** Enqueues the screening of every case after a list version was imported (ongoing monitoring). */
export async function enqueueRescreenAll(db: Db, jobs: JobQueue, versionId: string): Promise<number> {
  const cases = await listCasesToScreen(db);
  for (const c of cases) await jobs.enqueue(db, screenCaseJob, { caseId: c.id }, { dedupeKey: `screening.case:${c.id}:${versionId}` });
  return cases.length;
}
