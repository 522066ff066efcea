// The verification job: reads a queued verification's document and records its findings.
import { Type } from '@sinclair/typebox';
import { defineJob } from '../jobs/definition.ts';

/** What the job needs of the verifications service. */
interface VerificationRunner {
  run(payload: { verificationId: string }): Promise<void>;
}

export const runVerificationJob = defineJob({
  name: 'verification.run',
  version: 1,
  payload: Type.Object({ verificationId: Type.String({ minLength: 1 }) }),
  handler: (verifications: VerificationRunner, payload) => verifications.run(payload),
});
