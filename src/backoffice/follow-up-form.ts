// The follow-up form of the case view, turned into the body of endpoint 2 and checked against the
// same TypeBox schema; the case service then applies the module rules of the chosen kind, so the
// form accepts and refuses exactly what the API does. Pure.
import { Value } from '@sinclair/typebox/value';
import { CreateFollowUpBody, type CreateFollowUpInput } from '../cases/cases.schemas.ts';
import { FOLLOW_UP_KINDS, MODULES_BY_CONTEXT, type FollowUpKind } from '../cases/modules.ts';
import type { ErrorDetail } from '../http/errors.ts';

export interface FollowUpForm {
  case_kind: FollowUpKind | '';
  modules: string[];
  other_documents: { document_name: string; question: string }[];
  questions: { subject: string; question: string }[];
  invite: string;
}

/** Modules chosen by ticking a box (the repeatable ones have rows of their own). */
export function checkboxModules(kind: FollowUpKind): string[] {
  return MODULES_BY_CONTEXT[kind].filter((m) => m !== 'other_document' && m !== 'follow_up');
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => (typeof x === 'string' ? x : ''));

export function readFollowUpForm(body: Record<string, unknown>): FollowUpForm {
  const kind = typeof body.case_kind === 'string' && (FOLLOW_UP_KINDS as readonly string[]).includes(body.case_kind) ? (body.case_kind as FollowUpKind) : '';
  const names = list(body.od_name);
  const odQuestions = list(body.od_question);
  const subjects = list(body.fu_subject);
  const questions = list(body.fu_question);
  return {
    case_kind: kind,
    modules: list(body.modules).filter(Boolean),
    other_documents: names.map((n, i) => ({ document_name: n.trim(), question: (odQuestions[i] ?? '').trim() })).filter((r) => r.document_name || r.question),
    questions: subjects.map((s, i) => ({ subject: s.trim(), question: (questions[i] ?? '').trim() })).filter((r) => r.subject || r.question),
    invite: typeof body.invite === 'string' ? body.invite.trim().slice(0, 2000) : '',
  };
}

/** The endpoint-2 body as the form gives it, before it is checked. */
export interface FollowUpDraft {
  case_kind: string;
  modules: Record<string, string>[];
}

/**
 * The endpoint-2 body; empty fields of a started row are left out so the rules name what is missing.
 * `valid` is the body once it passes the endpoint's schema, null while there are problems.
 */
export function followUpBody(form: FollowUpForm): { body: FollowUpDraft; valid: CreateFollowUpInput | null; problems: ErrorDetail[] } {
  const modules: Record<string, string>[] = form.modules.map((module) => ({ module }));
  for (const r of form.other_documents) {
    modules.push({ module: 'other_document', ...(r.document_name ? { document_name: r.document_name } : {}), ...(r.question ? { question: r.question } : {}) });
  }
  for (const r of form.questions) modules.push({ module: 'follow_up', ...(r.subject ? { subject: r.subject } : {}), ...(r.question ? { question: r.question } : {}) });
  const body: FollowUpDraft = { case_kind: form.case_kind, modules };
  const problems: ErrorDetail[] = [];
  if (!form.case_kind) problems.push({ path: '/case_kind', message: 'choose the kind of follow-up' });
  if (modules.length === 0) problems.push({ path: '/modules', message: 'choose at least one module, document or question' });
  if (problems.length === 0) {
    for (const e of Value.Errors(CreateFollowUpBody, body)) {
      problems.push({ path: e.path || '/', message: e.message.toLowerCase() });
      if (problems.length >= 10) break;
    }
  }
  return { body, valid: problems.length === 0 && Value.Check(CreateFollowUpBody, body) ? body : null, problems };
}

/** Addresses for the optional invitation e-mail, separated by commas, semicolons or spaces. */
export function inviteRecipients(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

const MODULE_LABELS: Record<string, string> = { other_document: 'Other document', follow_up: 'Question' };

/** "modules/2/question" → "Other document 1: question", so an error names the row the user filled. */
export function describeProblem(p: ErrorDetail, body: FollowUpDraft): string {
  const m = /^\/modules\/(\d+)(?:\/(\w+))?$/.exec(p.path);
  if (!m) return p.message;
  const index = Number(m[1]);
  const mod = body.modules[index];
  if (!mod) return p.message;
  const sameBefore = body.modules.slice(0, index).filter((x) => x.module === mod.module).length;
  const module = mod.module ?? '';
  const label = MODULE_LABELS[module] ? `${MODULE_LABELS[module]} ${sameBefore + 1}` : `Module ${module.replace(/_/g, ' ')}`;
  return `${label}: ${p.message}`;
}
