// The documented optional fields the analyst's decisions add to the API's client documents.
import { Type } from '@sinclair/typebox';

const nullableString = Type.Union([Type.String(), Type.Null()]);

export const AnalystDecisionSchema = Type.Object(
  {
    decision: Type.Union([Type.Literal('accepted'), Type.Literal('rejected')]),
    reason_code: nullableString,
    reason: nullableString,
    decided_by: Type.String(),
    decided_at: Type.String({ format: 'date-time' }),
    new_file_conversation_id: nullableString,
  },
  { description: "An analyst's decision on the document (optional; present once one is made). `rejected` then follows it." },
);

/** Fields added to a client document once an analyst decided on it. */
export const DecidedDocumentFields = {
  rejected_on_reading: Type.Optional(Type.Boolean({ description: 'What reading the document concluded, kept beside the analyst decision (optional; present once one is made).' })),
  analyst_decision: Type.Optional(AnalystDecisionSchema),
};
