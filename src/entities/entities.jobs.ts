// The entity job: resolves a case's companies and people against the registers.
import { Type } from '@sinclair/typebox';
import { defineJob } from '../jobs/definition.ts';
import type { EntitiesService } from './entities.service.ts';

export const resolveEntitiesJob = defineJob({
  name: 'entities.resolve',
  version: 1,
  payload: Type.Object({ caseId: Type.String({ minLength: 1 }) }),
  handler: (entities: EntitiesService, payload) => entities.resolve(payload),
});
