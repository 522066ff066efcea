// The module catalogue of the contract: which modules each of the four contexts allows, and the
// rules for the modules with extra fields. Pure data and functions.
import type { ErrorDetail } from '../http/errors.ts';

export const CREATION_KINDS = ['onboarding', 'monitoring'] as const;
export const FOLLOW_UP_KINDS = ['onboarding_follow_up', 'monitoring_follow_up'] as const;
export type CaseKind = (typeof CREATION_KINDS)[number];
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];
export type ConversationKind = CaseKind | FollowUpKind;

export const MODULES_BY_CONTEXT: Record<ConversationKind, readonly string[]> = {
  onboarding: ['documents_verification'],
  monitoring: [
    'invoice',
    'contract',
    'transaction_rationale',
    'charter_agreement',
    'cargo_bill',
    'company_proof_of_address',
    'bank_statement_business_activity',
    'license',
    'insurance',
    'website',
    'other_document',
    'follow_up',
  ],
  onboarding_follow_up: [
    'business_description',
    'invoice_with_client',
    'invoice_from_supplier',
    'contract_with_client',
    'contract_from_supplier',
    'license',
    'proof_of_identity',
    'website',
    'follow_up',
  ],
  monitoring_follow_up: ['invoice', 'contract', 'transaction_rationale', 'charter_agreement', 'cargo_bill', 'company_proof_of_address', 'other_document', 'follow_up'],
};

export const ALL_MODULES = [...new Set(Object.values(MODULES_BY_CONTEXT).flat())].sort();

/** Modules that may appear more than once in one conversation. */
const REPEATABLE = new Set(['other_document', 'follow_up']);

export interface ModuleInput {
  module: string;
  document_name?: string;
  question?: string;
  subject?: string;
}

const EXTRA_FIELDS: Record<string, readonly string[]> = {
  other_document: ['document_name', 'question'],
  follow_up: ['subject', 'question'],
};

/** Checks a module list against its context; returns one detail per problem. */
export function validateModules(kind: ConversationKind, modules: ModuleInput[], basePath: string): ErrorDetail[] {
  const allowed = MODULES_BY_CONTEXT[kind];
  const problems: ErrorDetail[] = [];
  const seen = new Set<string>();
  modules.forEach((m, i) => {
    const at = `${basePath}/${i}`;
    if (!allowed.includes(m.module)) {
      problems.push({ path: `${at}/module`, message: `module "${m.module}" is not allowed in ${kind}; allowed: ${allowed.join(', ')}` });
      return;
    }
    if (seen.has(m.module) && !REPEATABLE.has(m.module)) {
      problems.push({ path: `${at}/module`, message: `module "${m.module}" appears more than once; only other_document and follow_up may repeat` });
    }
    seen.add(m.module);
    const extras = EXTRA_FIELDS[m.module] ?? [];
    for (const field of ['document_name', 'question', 'subject'] as const) {
      if (m[field] !== undefined && !extras.includes(field)) {
        problems.push({ path: `${at}/${field}`, message: `unknown field "${field}" for module ${m.module}` });
      }
    }
    if (m.module === 'other_document') {
      if (m.document_name === undefined) problems.push({ path: `${at}/document_name`, message: 'other_document needs a document_name' });
      if (m.question === undefined) problems.push({ path: `${at}/question`, message: 'other_document needs a question (the instructions shown to the user)' });
    }
    if (m.module === 'follow_up') {
      if (m.question === undefined) problems.push({ path: `${at}/question`, message: 'follow_up needs a question' });
      if (m.subject === undefined && kind !== 'onboarding_follow_up') {
        problems.push({ path: `${at}/subject`, message: 'follow_up needs a subject (optional only in onboarding follow-ups)' });
      }
    }
  });
  return problems;
}
