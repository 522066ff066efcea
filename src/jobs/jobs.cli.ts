// `dossier jobs failed` and `dossier jobs retry <id>|--all`: jobs that failed for good, and putting
// them back in their queue with a fresh round of attempts (the table and pg-boss alike).
import { formatAge } from '../lib/durations.ts';
import type { JobQueue } from './queue.ts';

export const JOBS_USAGE = `jobs failed [--limit N]          jobs that failed for good: name, id, attempts, last error, age
  jobs retry <id>… | --all         put failed jobs back in their queue with a fresh round of attempts`;

export async function jobsCommand(jobs: JobQueue, sub: string | undefined, ids: string[], o: { all?: boolean; limit?: string }): Promise<number> {
  if (sub === 'failed') {
    const limit = o.limit ? Number(o.limit) : 200;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) {
      console.error('--limit must be a whole number from 1 to 100000.');
      return 1;
    }
    const failed = await jobs.failed(limit);
    if (failed.length === 0) {
      console.log('No failed jobs.');
      return 0;
    }
    console.log(['name', 'id', 'attempts', 'last error', 'age'].join('\t'));
    for (const j of failed) console.log([j.name, j.id, j.attempts, (j.lastError ?? '').replace(/\s+/g, ' ').slice(0, 200), formatAge(j.ageSeconds)].join('\t'));
    return 0;
  }
  if (sub === 'retry' && (o.all || ids.length)) {
    const n = await jobs.retry(o.all ? 'all' : ids);
    console.log(`${n} job${n === 1 ? '' : 's'} queued again.`);
    return o.all || n === ids.length ? 0 : 1;
  }
  console.error(`Usage:\n  ${JOBS_USAGE}`);
  return 1;
}
