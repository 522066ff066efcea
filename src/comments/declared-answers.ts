// Declarations and questionnaire answers given by an integrator through the comments endpoint,
// without the dialog: issue ids `declaration:<field>[:<entity_id>]` (a person of the case, or the
// case's main company for its tax residence; contact details for the account owner only;
// identity-verification references for persons only) and
// `questionnaire:<question_id>` carry the value in comment_text. Checked here so that a wrong one is refused with a clear
// message; completion reads them from the stored comments.
import type { Db } from '../db/db.ts';
import type { ConversationRow } from '../db/schema.ts';
import { listEntitiesOfCase } from '../db/entities.repo.ts';
import { AppError, type ErrorDetail } from '../http/errors.ts';
import {
  COMPANY_DECLARATION_FIELDS,
  CONTACT_FIELDS,
  DECLARATION_FIELDS,
  DECLARATION_PREFIX,
  IDENTITY_VERIFICATION_FIELDS,
  MAX_REFERENCE,
  isCompanyDeclarationField,
  isContactField,
  isIdentityVerificationField,
  parseDeclarationIssue,
  readDeclaredValue,
} from '../entities/declarations.ts';
import { findCaseById } from '../db/cases.repo.ts';
import { QUESTIONNAIRE_PREFIX, choiceId, readAnswerText } from '../clients/questionnaire.ts';
import { questionnaireInForce } from '../clients/questionnaires.ts';

export function isDeclaredAnswer(issueId: string): boolean {
  return issueId.startsWith(DECLARATION_PREFIX) || issueId.startsWith(QUESTIONNAIRE_PREFIX);
}

/** Throws `invalid_request` naming every declared answer that cannot be taken. */
export async function checkDeclaredAnswers(db: Db, conversation: ConversationRow, comments: { c: { issue_id: string; comment_text: string }; i: number }[]): Promise<void> {
  if (comments.length === 0) return;
  const problems: ErrorDetail[] = [];
  if (conversation.conversation_kind !== 'onboarding') {
    throw new AppError(
      'invalid_request',
      `Declarations and questionnaire answers are taken in the first conversation of an onboarding case only; conversation ${conversation.id} is a ${conversation.conversation_kind} conversation.`,
      comments.map(({ i }) => ({ path: `/${i}/issue_id`, message: 'not an onboarding conversation' })),
    );
  }
  const entities = await listEntitiesOfCase(db, conversation.case_id);
  const persons = new Set(entities.filter((e) => e.entity_type === 'person').map((e) => e.id));
  const companies = new Set(entities.filter((e) => e.entity_type === 'company').map((e) => e.id));
  const owners = new Set(entities.filter((e) => e.role === 'account_owner').map((e) => e.id));
  const hasOwner = owners.size > 0;
  const caseRow = await findCaseById(db, conversation.case_id);
  const mainCompany = entities.find((e) => e.id === caseRow?.main_entity_id && e.entity_type === 'company')?.id ?? null;
  const needsDefinition = comments.some(({ c }) => c.issue_id.startsWith(QUESTIONNAIRE_PREFIX));
  const definition = needsDefinition ? await questionnaireInForce(db, conversation.client_id, conversation.created_at) : null;
  for (const { c, i } of comments) {
    const path = `/${i}`;
    const d = parseDeclarationIssue(c.issue_id);
    if (d === 'bad_field') {
      problems.push({ path: `${path}/issue_id`, message: `"${c.issue_id}" is not declaration:<field> or declaration:<field>:<entity_id> with a field among ${DECLARATION_FIELDS.join(', ')}` });
    } else if (d) {
      if (d.entityId === null && !hasOwner) problems.push({ path: `${path}/issue_id`, message: 'the case has no account owner (user_full_name); name the person: declaration:<field>:<entity_id>' });
      else if (d.entityId !== null && isIdentityVerificationField(d.field) && companies.has(d.entityId))
        problems.push({ path: `${path}/issue_id`, message: `"${d.entityId}" is a company: ${IDENTITY_VERIFICATION_FIELDS.join(' and ')} are declared for a person of the case only` });
      else if (d.entityId !== null && d.entityId === mainCompany && !isCompanyDeclarationField(d.field))
        problems.push({ path: `${path}/issue_id`, message: `"${d.entityId}" is the company: only ${COMPANY_DECLARATION_FIELDS.join(' and ')} are declared for it` });
      else if (d.entityId !== null && d.entityId !== mainCompany && !persons.has(d.entityId))
        problems.push({ path: `${path}/issue_id`, message: `"${d.entityId}" is not a person or the company of this case` });
      else if (d.entityId !== null && isContactField(d.field) && !owners.has(d.entityId))
        problems.push({ path: `${path}/issue_id`, message: `"${d.entityId}" is not the account owner: ${CONTACT_FIELDS.join(', ')} are declared for the account owner only (declaration:${d.field})` });
      else if (readDeclaredValue(d.field, c.comment_text) === null) problems.push({ path: `${path}/comment_text`, message: expected(d.field) });
    } else {
      const id = c.issue_id.slice(QUESTIONNAIRE_PREFIX.length);
      const q = definition?.questions.find((x) => x.id === id);
      if (!q) problems.push({ path: `${path}/issue_id`, message: `"${id}" is not a question of questionnaire ${definition?.id} version ${definition?.version}` });
      else if (readAnswerText(q, c.comment_text) === null) {
        const choices = (q.choices ?? []).map(choiceId).join(', ');
        problems.push({
          path: `${path}/comment_text`,
          message: q.type === 'free_text' ? 'a text of 1 to 2000 characters' : q.type === 'single_choice' ? `one of: ${choices}` : `one of: ${choices}, or a JSON array of them`,
        });
      }
    }
  }
  if (problems.length) throw new AppError('invalid_request', `Declared answer not taken: ${problems[0]!.path} ${problems[0]!.message}.`, problems);
}

function expected(field: string): string {
  if (field === 'is_pep_self_assessment' || field === 'is_us_person') return 'expected "yes", "no" or "unknown"';
  if (field === 'tax_residency_country_code') return 'expected an ISO 3166-1 alpha-2 country code (e.g. DE) or "unknown"';
  if (field === 'email') return 'expected an e-mail address such as jane@example.com';
  if (field === 'phone') return 'expected a telephone number of 6 to 20 digits, written with digits, spaces, "+", "-" and parentheses only (e.g. +44 20 7946 0958)';
  if (field === 'linkedin_profile') return 'expected a LinkedIn profile address starting with https:// on linkedin.com, such as https://www.linkedin.com/in/jane-doe';
  if (isIdentityVerificationField(field)) return `expected your identity-verification provider's reference: 1 to ${MAX_REFERENCE} letters, digits, ".", "_", ":" or "-", without spaces`;
  return 'expected a tax number of at most 50 characters';
}
