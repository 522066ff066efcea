// The verification job: reads a queued verification's document and records its findings.
import { Type } from '@sinclair/typebox';
import { defineJob } from '../jobs/definition.ts';
import type { VerificationsService } from './verifications.service.ts';

export const runVerificationJob = defineJob({
  name: 'verification.run',
  version: 1,
  payload: Type.Object({ verificationId: Type.String({ minLength: 1 }) }),
  handler: (verifications: VerificationsService, payload) => verifications.run(payload),
});
