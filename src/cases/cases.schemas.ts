// Request and response schemas of endpoints 1–3, defined once: they validate requests, type the
// code and feed the OpenAPI document.
import { Type, type Static } from '@sinclair/typebox';
import { ALL_MODULES, CREATION_KINDS, FOLLOW_UP_KINDS } from './modules.ts';
import { ErrorDetailSchema } from '../http/schemas.ts';

const text = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, pattern: '\\S', description });
const date = (description: string) => Type.String({ format: 'date', description: `${description} (YYYY-MM-DD)`, examples: ['2024-05-31'] });
const email = Type.String({ format: 'email', maxLength: 254 });

export const ModuleSchema = Type.Object(
  {
    module: Type.Union(
      ALL_MODULES.map((m) => Type.Literal(m)),
      { description: 'Module name; allowed values depend on the context.' },
    ),
    document_name: Type.Optional(text(200, 'other_document: name of the requested document.')),
    question: Type.Optional(text(4000, 'other_document: instructions for the user; follow_up: the question asked.')),
    subject: Type.Optional(text(200, 'follow_up: short subject, used as the form title.')),
  },
  { additionalProperties: false, $id: 'Module' },
);

export const IndustryCodeSchema = Type.Object(
  {
    classification: Type.Union([Type.Literal('UKSIC2007'), Type.Literal('NACE'), Type.Literal('MCC'), Type.Literal('NAICS')]),
    code: Type.String({ minLength: 1, maxLength: 16 }),
  },
  { additionalProperties: false },
);

export const CaseDataSchema = Type.Object(
  {
    case_kind: Type.Union(
      CREATION_KINDS.map((k) => Type.Literal(k)),
      { description: 'onboarding or monitoring' },
    ),
    company_country_code: Type.String({ minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2 country code of the company.', examples: ['GB'] }),
    company_full_name: text(300, 'Full legal name including legal type.'),
    company_reg_number: Type.Optional(text(64, 'Registration number (onboarding).')),
    user_full_name: Type.Optional(text(200, 'Full name of the user (onboarding); becomes the account owner person.')),
    company_id: Type.Optional(text(128, "Caller's company identifier (monitoring).")),
    company_reg_date: Type.Optional(date('Registration date of the company (monitoring)')),
    company_industry_classification: Type.Optional(Type.Array(IndustryCodeSchema, { maxItems: 50 })),
    account_opening_date: Type.Optional(date('Account opening date (monitoring)')),
    trx_direction: Type.Optional(Type.Union([Type.Literal('incoming'), Type.Literal('outgoing')], { description: 'Required for monitoring.' })),
    trx_counterparty_full_name: Type.Optional(text(300, 'Full legal name of the counterparty; may be a person.')),
    trx_amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Transaction amount, a decimal number; kept exactly.' })),
    trx_currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217 currency code.', examples: ['EUR'] })),
    trx_date: Type.Optional(date('Transaction date')),
    trx_description: Type.Optional(text(2000, 'Transaction description.')),
    trx_ref_number: Type.Optional(text(128, 'Transaction reference.')),
    ultimate_debtor: Type.Optional(text(300, 'Ultimate debtor.')),
    ultimate_creditor: Type.Optional(text(300, 'Ultimate creditor.')),
    modules: Type.Array(ModuleSchema, { minItems: 1, maxItems: 50 }),
  },
  { additionalProperties: false },
);

export const CreateCaseBody = Type.Object(
  {
    communication_id: Type.Optional(text(200, 'Caller-generated reference, echoed in webhooks and responses.')),
    invitation_email_recipients: Type.Optional(Type.Array(email, { maxItems: 20, description: 'Addresses that get an invitation to the dialog.' })),
    case_manager: Type.Optional(Type.Object({ name: text(200, 'Case manager name.'), email }, { additionalProperties: false })),
    case: CaseDataSchema,
  },
  { additionalProperties: false },
);
export type CreateCaseInput = Static<typeof CreateCaseBody>;
export type CaseData = Static<typeof CaseDataSchema>;
export type ModuleObject = Static<typeof ModuleSchema>;

export const CaseCreatedResponse = Type.Object({
  result: Type.Literal('case_created'),
  case_id: Type.String({ format: 'uuid' }),
  conversation_id: Type.String({ format: 'uuid' }),
  communication_id: Type.Optional(Type.String()),
});

export const CreateFollowUpBody = Type.Object(
  {
    case_kind: Type.Union(FOLLOW_UP_KINDS.map((k) => Type.Literal(k))),
    modules: Type.Array(ModuleSchema, { minItems: 1, maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type CreateFollowUpInput = Static<typeof CreateFollowUpBody>;

export const ConversationCreatedResponse = Type.Object({
  result: Type.Literal('conversation_created'),
  conversation_id: Type.String({ format: 'uuid' }),
  case_id: Type.String({ format: 'uuid' }),
  communication_id: Type.Optional(Type.String()),
});

export const CaseNotCreatedResponse = Type.Object({
  result: Type.Literal('case_not_created'),
  error: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Array(ErrorDetailSchema)),
});
export const ConversationNotCreatedResponse = Type.Object({
  result: Type.Literal('conversation_not_created'),
  error: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Array(ErrorDetailSchema)),
});
