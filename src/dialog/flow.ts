// Builds the dialog from a conversation's modules and its case data: the greeting (who asks, and
// why) and one step per module, in an order that reads well. Pure: texts are message keys with
// parameters, rendered in the user's language later.
import type { Params } from './i18n.ts';
import type { StoredCaseData } from '../db/case-data.ts';
import type { FormSpec } from './forms.ts';
import { moduleOf } from '../cases/modules.ts';

export type StepKind = 'upload' | 'text' | 'url' | 'form';

export interface ModuleSpec {
  module: string;
  document_name?: string;
  question?: string;
  subject?: string;
}

/** A catalogue key with its parameters, or literal text given by the API client. */
export type Msg = { key: string; params?: Params } | { literal: string };

export interface FlowStep {
  /** `<index in the module list>:<module>`: stable, and unique even for repeated modules. */
  key: string;
  module: string;
  kind: StepKind;
  /** `verification_task.document_type` for uploaded files; null: files are not checked (other_document). */
  verifyAs: string | null;
  /** Name the files are checked against (company, or the person for an identity document). */
  verifyName: string;
  title: Msg;
  prompt: Msg;
  /** Words of the case that an answer to this step may mention (on-topic check). */
  context: string[];
  /** Form steps (declarations, questionnaire): what the form asks. */
  form?: FormSpec;
}

export interface Fact {
  label: Msg;
  value: Msg;
}

export interface Flow {
  greeting: { lines: Msg[]; facts: Fact[]; after: Msg[] };
  steps: FlowStep[];
}

/** What the dialog's prompts read from the case. */
export type CaseFacts = Pick<
  StoredCaseData,
  | 'company_full_name'
  | 'user_full_name'
  | 'trx_direction'
  | 'trx_counterparty_full_name'
  | 'trx_amount'
  | 'trx_currency'
  | 'trx_date'
  | 'trx_description'
  | 'trx_ref_number'
  | 'ultimate_debtor'
  | 'ultimate_creditor'
>;

export interface FlowInput {
  kind: 'onboarding' | 'monitoring' | 'onboarding_follow_up' | 'monitoring_follow_up';
  modules: ModuleSpec[];
  caseData: CaseFacts;
  /** Who asks: the API client's display name (the bank); null when it has none (plain words then). */
  requester: string | null;
  /**
   * Onboarding conversations only: the people whose declarations are asked (none: no declarations
   * step) and the questionnaire; both asked after the documents.
   */
  forms?: { people: FormSpec & { type: 'declarations' }; questionnaire: FormSpec & { type: 'questionnaire' } };
}

/** What a module's step asks for (cases/modules.ts lists every module once). */
export function stepKind(module: string): StepKind {
  const m = moduleOf(module);
  if (!m) throw new Error(`no dialog step for module "${module}"`);
  return m.step;
}

function words(...values: (string | undefined)[]): string[] {
  return values.filter((v): v is string => !!v && v.trim() !== '');
}

function stepOf(m: ModuleSpec, index: number, c: CaseFacts): FlowStep {
  const company = c.company_full_name;
  const cp = c.trx_counterparty_full_name;
  const base = { company, ...(cp ? { counterparty: cp } : {}) };
  const key = `${index}:${m.module}`;
  const kind = stepKind(m.module);
  const context = words(company, cp, c.trx_description, c.ultimate_debtor, c.ultimate_creditor, c.trx_currency, c.trx_ref_number);
  const title: Msg = { key: `step.${m.module}.title`, params: base };
  let prompt: Msg = { key: `step.${m.module}.prompt`, params: base };
  let verifyName = company;
  switch (m.module) {
    case 'invoice':
      if (cp && c.trx_direction) prompt = { key: `step.invoice.prompt_${c.trx_direction}`, params: base };
      break;
    case 'contract':
    case 'transaction_rationale':
      if (cp) prompt = { key: `step.${m.module}.prompt_cp`, params: base };
      break;
    case 'proof_of_identity':
      if (c.user_full_name) {
        prompt = { key: 'step.proof_of_identity.prompt_named', params: { name: c.user_full_name } };
        verifyName = c.user_full_name;
      }
      break;
    case 'other_document':
      return {
        key,
        module: m.module,
        kind,
        verifyAs: null,
        verifyName,
        title: { literal: m.document_name ?? '' },
        prompt: { literal: m.question ?? '' },
        context: words(...context, m.document_name, m.question),
      };
    case 'follow_up':
      return {
        key,
        module: m.module,
        kind,
        verifyAs: null,
        verifyName,
        title: m.subject ? { literal: m.subject } : { key: 'step.follow_up.title' },
        prompt: { literal: m.question ?? '' },
        context: words(...context, m.subject, m.question),
      };
  }
  return { key, module: m.module, kind, verifyAs: kind === 'upload' ? m.module : null, verifyName, title, prompt, context };
}

function transactionFacts(c: CaseFacts): Fact[] {
  const facts: Fact[] = [];
  const company = c.company_full_name;
  if (c.trx_direction) facts.push({ label: { key: 'fact.direction' }, value: { key: `fact.${c.trx_direction}`, params: { company } } });
  if (c.trx_amount !== undefined && c.trx_currency) {
    facts.push({ label: { key: 'fact.amount' }, value: { key: 'fact.value', params: { value: { money: c.trx_amount, currency: c.trx_currency } } } });
  }
  if (c.trx_counterparty_full_name) {
    facts.push({ label: { key: c.trx_direction === 'outgoing' ? 'fact.to' : 'fact.from' }, value: { literal: c.trx_counterparty_full_name } });
  }
  if (c.trx_date) facts.push({ label: { key: 'fact.date' }, value: { key: 'fact.value', params: { value: { date: c.trx_date } } } });
  if (c.trx_ref_number) facts.push({ label: { key: 'fact.reference' }, value: { literal: c.trx_ref_number } });
  if (c.trx_description) facts.push({ label: { key: 'fact.description' }, value: { literal: c.trx_description } });
  return facts;
}

/** The declarations and questionnaire steps, keyed after the modules (`<n>:declarations`, `<n+1>:questionnaire`). */
function formSteps(n: number, forms: NonNullable<FlowInput['forms']>, c: CaseFacts): FlowStep[] {
  const params = { company: c.company_full_name };
  const step = (key: string, module: string, form: FormSpec): FlowStep => ({
    key,
    module,
    kind: 'form',
    verifyAs: null,
    verifyName: c.company_full_name,
    title: { key: `step.${module}.title`, params },
    prompt: { key: `step.${module}.prompt`, params },
    context: [],
    form,
  });
  const out: FlowStep[] = [];
  if (forms.people.people.length > 0) out.push(step(`${n}:declarations`, 'declarations', forms.people));
  out.push(step(`${n + 1}:questionnaire`, 'questionnaire', forms.questionnaire));
  return out;
}

export function buildFlow(input: FlowInput): Flow {
  const c = input.caseData;
  const steps = input.modules
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (moduleOf(a.m.module)?.rank ?? 90) - (moduleOf(b.m.module)?.rank ?? 90) || a.i - b.i)
    .map(({ m, i }) => stepOf(m, i, c));
  if (input.kind === 'onboarding' && input.forms) steps.push(...formSteps(input.modules.length, input.forms, c));
  const who = { requester: input.requester ?? '', company: c.company_full_name };
  const monitoring = input.kind === 'monitoring' || input.kind === 'monitoring_follow_up';
  const lines: Msg[] = [
    c.user_full_name ? { key: 'greeting.hello_named', params: { name: c.user_full_name } } : { key: 'greeting.hello' },
    { key: `greeting.${input.kind}${input.requester ? '' : '_unnamed'}`, params: who },
  ];
  return {
    greeting: {
      lines,
      facts: monitoring ? transactionFacts(c) : [],
      after: [steps.length === 1 ? { key: 'greeting.plan_one' } : { key: 'greeting.plan_other', params: { count: String(steps.length) } }, { key: 'greeting.saved' }],
    },
    steps,
  };
}
