// What the people of a case declared (PEP, US person, tax residency, the account owner's contact
// details, the API client's identity-verification references) and the questionnaire they answered, from the dialog's answered steps and from the
// comments an integrator gave for them (`declaration:…`, `questionnaire:…`), oldest first so a
// later value replaces an earlier one. Pure over the case file.
import { isContactField, mergeDeclarations, parseDeclarationIssue, readDeclaredValue, type Declaration } from '../entities/declarations.ts';
import { QUESTIONNAIRE_PREFIX, applicableQuestions, questionnaireResult, readAnswerText, type AnswerValue, type QuestionnaireDefinition, type QuestionnaireResult } from '../clients/questionnaire.ts';
import { commentsOf, stepsOf, type CaseFile } from './case-file.ts';
import { isRecord, storedOrNull } from '../lib/stored-json.ts';

const onboarding = (file: CaseFile) => file.conversations.filter((c) => c.conversation_kind === 'onboarding');

/** A dialog step's stored form answer: declarations by person, or questionnaire values. */
export interface FormAnswer {
  declarations?: Record<string, Declaration>;
  questionnaire_id?: string;
  version?: number;
  values?: Record<string, AnswerValue>;
}

const isAnswerValue = (v: unknown): v is AnswerValue => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
const isFormAnswer = (v: unknown): v is FormAnswer =>
  isRecord(v) &&
  (v.declarations === undefined || (isRecord(v.declarations) && Object.values(v.declarations).every(isRecord))) &&
  (v.values === undefined || (isRecord(v.values) && Object.values(v.values).every(isAnswerValue))) &&
  (v.questionnaire_id === undefined || typeof v.questionnaire_id === 'string') &&
  (v.version === undefined || typeof v.version === 'number');

/** The stored answer of a declarations or questionnaire step; null when there is none or it has another shape. */
export function formAnswerOf(answer: string | null): FormAnswer | null {
  return storedOrNull(answer, isFormAnswer);
}

/** Every declaration of the case by person entity id. */
export function caseDeclarations(file: CaseFile): Map<string, Declaration> {
  const owners = file.entities.filter((e) => e.role === 'account_owner').map((e) => e.id);
  const timed: { at: string; decl: Map<string, Declaration> }[] = [];
  for (const c of onboarding(file)) {
    for (const s of stepsOf(file, c.id)) {
      if (s.module !== 'declarations' || s.status !== 'done') continue;
      const a = formAnswerOf(s.answer);
      if (a?.declarations) timed.push({ at: s.updated_at, decl: new Map(Object.entries(a.declarations)) });
    }
    for (const m of commentsOf(file, c.id)) {
      const d = parseDeclarationIssue(m.issue_id);
      if (!d || d === 'bad_field') continue;
      if (d.entityId && isContactField(d.field) && !owners.includes(d.entityId)) continue;
      const read = readDeclaredValue(d.field, m.comment_text);
      if (!read || read.value === undefined) continue;
      const decl: Declaration = { [d.field]: read.value };
      timed.push({ at: m.created_at, decl: new Map((d.entityId ? [d.entityId] : owners).map((id) => [id, decl])) });
    }
  }
  return mergeDeclarations(timed.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).map((t) => t.decl));
}

/**
 * The case result's `questionnaire`: the answers of the case's onboarding conversation to the
 * questionnaire in force when it was created (`definition`); null when no answer was given.
 */
export function caseQuestionnaire(file: CaseFile, definition: QuestionnaireDefinition | null): QuestionnaireResult | null {
  if (!definition) return null;
  const conv = onboarding(file)[0];
  if (!conv) return null;
  const timed: { at: string; values: Record<string, AnswerValue> }[] = [];
  for (const s of stepsOf(file, conv.id)) {
    if (s.module !== 'questionnaire' || s.status !== 'done') continue;
    const a = formAnswerOf(s.answer);
    if (a && a.questionnaire_id === definition.id && a.version === definition.version) timed.push({ at: s.updated_at, values: a.values ?? {} });
  }
  for (const m of commentsOf(file, conv.id)) {
    if (!m.issue_id.startsWith(QUESTIONNAIRE_PREFIX)) continue;
    const q = definition.questions.find((x) => x.id === m.issue_id.slice(QUESTIONNAIRE_PREFIX.length));
    const value = q ? readAnswerText(q, m.comment_text) : null;
    if (q && value !== null) timed.push({ at: m.created_at, values: { [q.id]: value } });
  }
  if (timed.length === 0) return null;
  const values: Record<string, AnswerValue> = {};
  for (const t of timed.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))) Object.assign(values, t.values);
  const result = questionnaireResult(definition, values);
  return result.answers.length || applicableQuestions(definition, values).length === 0 ? result : null;
}
