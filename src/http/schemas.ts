// Schemas shared by several routes: path parameters and error bodies.
import { Type } from '@sinclair/typebox';

export const ErrorDetailSchema = Type.Object({ path: Type.String(), message: Type.String() });
export const ErrorResponse = Type.Object({
  error: Type.String({ description: 'Stable error code.' }),
  message: Type.String({ description: 'What went wrong and what to fix.' }),
  details: Type.Optional(Type.Array(ErrorDetailSchema)),
});

export const CaseParams = Type.Object({ case_id: Type.String({ description: 'Case id (UUID).' }) });
export const ConversationParams = Type.Object({ conversation_id: Type.String({ description: 'Conversation id (UUID).' }) });

/** The error answers every API route can give, for the OpenAPI document. */
export const commonErrors = {
  400: ErrorResponse,
  401: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};

/** bodyLimit of routes whose body carries only a few short fields (sign-in, sign-out, a dialog step's buttons), bytes. */
export const SMALL_BODY_BYTES = 16 * 1024;
