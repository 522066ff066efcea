// Request and response schemas of endpoints 7–9.
import { Type } from '@sinclair/typebox';
import { DecidedDocumentFields } from '../decisions/decisions.schemas.ts';

export const CommentsBody = Type.Array(
  Type.Object(
    {
      issue_id: Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'An issue_id from a verification of this conversation; or, in an onboarding conversation, declaration:<field>[:<entity_id>] or questionnaire:<question_id> to give a declaration or a questionnaire answer (comment_text is the value).',
      }),
      comment_text: Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' }),
    },
    { additionalProperties: false },
  ),
  { minItems: 1, maxItems: 200, description: 'Comments on issues; they appear beside their issue in the reports.' },
);

export const CommentsSavedResponse = Type.Object({ result: Type.Literal('comments_saved'), count: Type.Integer() });

export const StatusBody = Type.Union([Type.Literal('completed'), Type.Object({ status: Type.Literal('completed') }, { additionalProperties: false })], {
  description: 'The JSON string "completed" (also accepted: {"status": "completed"}).',
});

export const StatusUpdatedResponse = Type.Object({ result: Type.Literal('status_updated'), status: Type.Literal('completed') });

export const ConversationClientDocumentSchema = Type.Object({
  document_id: Type.String(),
  document_type: Type.String(),
  document_name: Type.String(),
  rejected: Type.Boolean(),
  download_link: Type.String({ format: 'uri' }),
  file_name: Type.String(),
  entity_id: Type.Union([Type.String(), Type.Null()]),
  ...DecidedDocumentFields,
});

export const ConversationResultResponse = Type.Object({
  status: Type.Union([Type.Literal('not_ready'), Type.Literal('ready')]),
  communication_id: Type.Optional(Type.String()),
  result: Type.Optional(
    Type.Object({
      web_report_link: Type.String({ format: 'uri' }),
      client_documents: Type.Array(ConversationClientDocumentSchema),
      attention: Type.Optional(
        Type.Array(Type.String(), {
          description:
            'What needs attention in this conversation, in plain sentences, as its reports say it: findings, contradicted or unsupported facts, questions and documents asked for and not given, high-risk factors, checks that did not run. Empty when nothing does. Optional: not part of the interface specification.',
        }),
      ),
    }),
  ),
});

export const DocumentCreatedResponse = Type.Object({ document_id: Type.String({ format: 'uuid' }) });
