// The completion job: finalizes a completed conversation (results, reports, events) once its
// verifications are done, and the case with it when it is the case's last.
import { Type } from '@sinclair/typebox';
import { defineJob } from '../jobs/definition.ts';
import type { FinalizeService } from './finalize.service.ts';

export const finalizeConversationJob = defineJob({
  name: 'conversation.finalize',
  version: 1,
  payload: Type.Object({ conversationId: Type.String({ minLength: 1 }) }),
  // Never two finalizations of one conversation at the same time.
  singletonKey: (payload) => payload.conversationId,
  handler: (finalize: FinalizeService, payload) => finalize.finalizeConversation(payload),
});
