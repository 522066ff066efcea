// What the user answered in a conversation, as a compliance officer reads it: the accepted answer
// to each question (rationale, website, follow-up questions, declarations, questionnaire), the
// reason given for a skipped step, how many attempts were refused (a count, never their text), and
// the explanations given for findings. Also the main company's website taken from the answer when
// no check filled it. Pure over the case file.
import type { QuestionnaireDefinition } from '../clients/questionnaire.ts';
import { questionnaireResult, type AnswerValue } from '../clients/questionnaire.ts';
import type { StepRow } from '../db/dialog.repo.ts';
import type { EntityDetails } from '../entities/case-entities.ts';
import type { ReportAnswer, ReportExplanation } from '../reports/report-data.ts';
import { commentsOf, documentsOf, findingsOf, stepsOf, type CaseFile } from './case-file.ts';
import { conversationModulesOf, entityDetailsOf } from '../db/stored-json.ts';
import { isRecordList, storedOrNull } from '../lib/stored-json.ts';
import { formAnswerOf } from './declared.ts';

const QUESTION: Record<string, string> = {
  transaction_rationale: 'Reason for the payment',
  website: 'Company website',
  declarations: 'Declarations (politically exposed persons, US persons, tax residency)',
  questionnaire: 'Questionnaire',
  follow_up: 'Follow-up question',
};

/** Comment authors that are not the company's user's own words about a finding. */
const PREFIXED = /^(declaration|questionnaire):/;

/** Refused attempts of a step: its history less the re-openings. */
function refusedCount(step: StepRow): number {
  const history = storedOrNull(step.attempts, isRecordList) ?? [];
  return history.filter((h) => h.type !== 'reopened').length;
}

const yesNo = (b: unknown) => (b === true ? 'yes' : b === false ? 'no' : 'not answered');

function declarationLines(answer: string | null, names: Map<string, string>): string[] {
  const stored = formAnswerOf(answer);
  return Object.entries(stored?.declarations ?? {}).map(([id, d]) => {
    const parts: string[] = [];
    if ('is_pep_self_assessment' in d) parts.push(`politically exposed: ${yesNo(d.is_pep_self_assessment)}`);
    if ('is_us_person' in d) parts.push(`US person: ${yesNo(d.is_us_person)}`);
    if (d.tax_residency_country_code) parts.push(`tax residency: ${String(d.tax_residency_country_code)}`);
    if (d.tax_residence_number) parts.push(`tax number: ${String(d.tax_residence_number)}`);
    for (const field of ['email', 'phone'] as const) if (d[field]) parts.push(`${field}: ${String(d[field])}`);
    return `${names.get(id) ?? id}: ${parts.join('; ') || 'nothing declared'}`;
  });
}

function questionnaireLines(answer: string | null, definition: QuestionnaireDefinition | null): string[] {
  const stored = formAnswerOf(answer);
  const values = stored?.values ?? {};
  const text = (v: AnswerValue) => (Array.isArray(v) ? v.join(', ') : v);
  if (definition && stored?.questionnaire_id === definition.id && stored.version === definition.version) {
    return questionnaireResult(definition, values).answers.map((a) => `${a.question}: ${a.answers ? a.answers.join(', ') : (a.answer ?? '')}`);
  }
  return Object.entries(values).map(([id, v]) => `${id}: ${text(v)}`);
}

function entityNames(entities: EntityDetails[]): Map<string, string> {
  return new Map(entities.map((e) => [e.entity_id, e.type === 'company' ? e.company_full_name : [e.first_name, e.last_name].filter(Boolean).join(' ') || e.entity_id]));
}

/** The answers of one conversation's dialog steps, in the order they were asked. Upload steps appear only when skipped. */
export function conversationAnswers(file: CaseFile, conversationId: string, definition: QuestionnaireDefinition | null = null): ReportAnswer[] {
  const conv = file.conversations.find((c) => c.id === conversationId);
  const modules = conv ? conversationModulesOf(conv) : [];
  const names = entityNames(file.entities.map((e) => entityDetailsOf(e)));
  const out: ReportAnswer[] = [];
  for (const step of [...stepsOf(file, conversationId)].sort((a, b) => a.position - b.position)) {
    const spec = modules[Number(step.step_key.split(':')[0])];
    const isForm = step.module === 'declarations' || step.module === 'questionnaire';
    const written = isForm || step.module in QUESTION;
    if (!written && step.status !== 'skipped') continue;
    const question =
      step.module === 'follow_up'
        ? spec?.subject || QUESTION.follow_up!
        : step.module === 'other_document'
          ? spec?.document_name || 'Other document'
          : (QUESTION[step.module] ?? `${step.module.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())}`);
    const status = step.status === 'done' ? 'answered' : step.status === 'skipped' ? 'skipped' : 'pending';
    let answer: string[] = [];
    if (step.status === 'skipped') answer = step.answer ? [step.answer] : [];
    else if (step.status === 'done')
      answer = step.module === 'declarations' ? declarationLines(step.answer, names) : step.module === 'questionnaire' ? questionnaireLines(step.answer, definition) : step.answer ? [step.answer] : [];
    out.push({
      module: step.module,
      question,
      ...(step.module === 'follow_up' || step.module === 'other_document' ? { prompt: spec?.question ?? undefined } : {}),
      status,
      answer,
      refused_attempts: refusedCount(step),
    });
  }
  return out;
}

/** The explanations given for the conversation's findings (dialog, API or back office), oldest first. */
export function conversationExplanations(file: CaseFile, conversationId: string): ReportExplanation[] {
  const findings = new Map(findingsOf(file, conversationId).map((f) => [f.issue_id, f]));
  const docs = new Map(documentsOf(file, conversationId).map((d) => [d.id, d.file_name]));
  return commentsOf(file, conversationId)
    .filter((c) => !PREFIXED.test(c.issue_id) && findings.has(c.issue_id))
    .map((c) => {
      const f = findings.get(c.issue_id)!;
      return { issue_id: c.issue_id, finding: f.text, document: f.document_id ? (docs.get(f.document_id) ?? null) : null, text: c.comment_text, author: c.author };
    });
}

/**
 * The main company's company_website taken from the latest accepted website answer of the case,
 * when it is empty and no website check finished (a finished check decides: a refused address
 * stays unset).
 */
export function withAnsweredWebsite(entities: EntityDetails[], mainEntityId: string, file: CaseFile): EntityDetails[] {
  if (file.websiteChecks.some((c) => c.status === 'done')) return entities;
  const answered = file.conversations
    .flatMap((c) => stepsOf(file, c.id))
    .filter((s) => s.module === 'website' && s.status === 'done' && s.answer)
    .sort((a, b) => (a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : 0))
    .at(-1);
  if (!answered?.answer) return entities;
  return entities.map((e) => (e.entity_id === mainEntityId && e.type === 'company' && !e.company_website?.url ? { ...e, company_website: { url: answered.answer! } } : e));
}
