// Request and response schemas of endpoints 5 and 6.
import { Type, type Static } from '@sinclair/typebox';

export const CreateVerificationBody = Type.Object(
  {
    document_id: Type.String({ minLength: 1, maxLength: 64, description: 'Id of a document uploaded to this conversation.' }),
    verification_task: Type.Object(
      {
        document_type: Type.String({
          pattern: '^[a-z][a-z0-9_]{0,63}$',
          description: 'Kind of document, lower snake case, for example certificate_of_incorporation, invoice, contract.',
          examples: ['certificate_of_incorporation'],
        }),
        company_full_name: Type.String({ minLength: 1, maxLength: 300, pattern: '\\S', description: 'Company name to check against.' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type CreateVerificationInput = Static<typeof CreateVerificationBody>;

export const VerificationCreatedResponse = Type.Object({ verification_id: Type.String({ format: 'uuid' }) });

export const CheckResultSchema = Type.Object({
  issue_id: Type.String({ description: 'Unique within the conversation and stable; starts with the rule code.' }),
  severity: Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('critical')]),
  text: Type.String({ description: 'What was found, naming the values involved.' }),
});

export const VerificationResultResponse = Type.Object({
  status: Type.Union([Type.Literal('not_ready'), Type.Literal('ready')]),
  result: Type.Optional(Type.Object({ check_results: Type.Array(CheckResultSchema) })),
});
