// What a job is: a name, the version of its payload, the payload's schema and the handler that
// runs it, declared once beside the feature that owns the work. The queue stamps the version on
// every payload it records; the runner checks version and schema before the handler runs, so a
// handler only ever sees the payload its type promises.
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { JobRow } from '../db/schema.ts';

export interface JobDefinition<S extends TSchema = TSchema, D = never> {
  /** The job's name in the jobs table; never renamed once jobs of it may be queued. */
  name: string;
  /** The payload's version, stored in the payload as `v`; raised when the payload changes shape. */
  version: number;
  payload: S;
  /** With pg-boss, jobs of this name with the same key never run at the same time (a "singleton" queue). */
  singletonKey?: (payload: Static<S>) => string;
  /** Runs one job with what the handler needs (`deps`, bound when the job is registered). */
  handler(deps: D, payload: Static<S>, job: JobRow): Promise<void>;
}

/** Declares a job (an identity function that lets TypeScript infer the payload type from the schema). */
export function defineJob<S extends TSchema, D>(definition: JobDefinition<S, D>): JobDefinition<S, D> {
  return definition;
}

/** Why a stored payload does not fit its job's definition, or null when it fits. */
export function payloadProblem(definition: Pick<JobDefinition<TSchema, unknown>, 'name' | 'version' | 'payload'>, payload: unknown): string | null {
  const what = `invalid payload for job "${definition.name}" v${definition.version}`;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return `${what}: not an object`;
  const version = (payload as { v?: unknown }).v;
  if (version !== definition.version) return `${what}: payload version is ${JSON.stringify(version ?? null)}`;
  if (Value.Check(definition.payload, payload)) return null;
  const problems = [...Value.Errors(definition.payload, payload)].slice(0, 5).map((e) => `${e.path || '/'} ${e.message.toLowerCase()}`);
  return `${what}: ${problems.join('; ')}`;
}
