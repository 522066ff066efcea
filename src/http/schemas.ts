// Schemas shared by several routes: path parameters and error bodies.
import { Type } from '@sinclair/typebox';
import { ErrorResponse } from '../cases/cases.schemas.ts';

export const CaseParams = Type.Object({ case_id: Type.String({ description: 'Case id (UUID).' }) });
export const ConversationParams = Type.Object({ conversation_id: Type.String({ description: 'Conversation id (UUID).' }) });

/** The error answers every API route can give, for the OpenAPI document. */
export const commonErrors = {
  400: ErrorResponse,
  401: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};
export { ErrorResponse };
