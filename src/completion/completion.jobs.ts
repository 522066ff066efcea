// The completion job: finalizes a completed conversation (results, reports, events) once its
// verifications are done, and the case with it when it is the case's last.
import { Type } from '@sinclair/typebox';
import { defineJob } from '../jobs/definition.ts';

/** What the jobs need of the finalize service. */
interface Finalizer {
  finalizeConversation(payload: { conversationId: string }): Promise<void>;
  refreshReadyCase(caseId: string): Promise<void>;
}

export const finalizeConversationJob = defineJob({
  name: 'conversation.finalize',
  version: 1,
  payload: Type.Object({ conversationId: Type.String({ minLength: 1 }) }),
  // Never two finalizations of one conversation at the same time.
  singletonKey: (payload) => payload.conversationId,
  handler: (finalize: Finalizer, payload) => finalize.finalizeConversation(payload),
});

/** A ready case's reports and result made again after its screening findings changed (see FinalizeService.refreshReadyCase). */
export const refreshCaseJob = defineJob({
  name: 'case.refresh-reports',
  version: 1,
  payload: Type.Object({ caseId: Type.String({ minLength: 1 }) }),
  singletonKey: (payload) => payload.caseId,
  handler: (finalize: Finalizer, payload) => finalize.refreshReadyCase(payload.caseId),
});
