// Times every attempt of a job in this process, whatever engine runs it: the definitions are
// wrapped as they are registered with a worker, nothing else changes. Each attempt counts in
// dossier_job_duration_seconds and, while it runs, in dossier_jobs_in_flight; at debug level it
// also logs its start and end with the job's id, so the attempts of one job can be lined up
// across processes.
import type { TSchema } from '@sinclair/typebox';
import type { Logger } from 'pino';
import type { JobWorker } from '../jobs/backend.ts';
import type { JobDefinition } from '../jobs/definition.ts';
import { processMetrics } from './metrics.ts';

export function timedJob<S extends TSchema, D>(definition: JobDefinition<S, D>, log?: Logger): JobDefinition<S, D> {
  return {
    ...definition,
    async handler(deps, payload, job) {
      const metrics = processMetrics();
      const startedAt = Date.now();
      const started = process.hrtime.bigint();
      const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
      log?.debug({ jobId: job.id, job: definition.name, startedAt }, 'job attempt started');
      metrics.jobStarted(definition.name);
      let outcome: 'done' | 'error' = 'error';
      try {
        await definition.handler(deps, payload, job);
        outcome = 'done';
      } finally {
        metrics.jobEnded(definition.name, outcome, seconds());
        log?.debug({ jobId: job.id, job: definition.name, startedAt, endedAt: Date.now(), outcome }, 'job attempt ended');
      }
    },
  };
}

/** `worker` with every definition registered through it timed (and its attempts logged to `log`). */
export function timedWorker(worker: JobWorker, log?: Logger): JobWorker {
  return {
    register: (definition, deps) => worker.register(timedJob(definition, log), deps),
    poke: () => worker.poke(),
    start: () => worker.start(),
    stop: (timeoutMs) => worker.stop(timeoutMs),
  };
}
