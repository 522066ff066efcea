// The module catalogue of the contract: which modules each of the four contexts allows, and the
// rules for the modules with extra fields. Pure data and functions.
import type { ErrorDetail } from '../http/errors.ts';

export const CREATION_KINDS = ['onboarding', 'monitoring'] as const;
export const FOLLOW_UP_KINDS = ['onboarding_follow_up', 'monitoring_follow_up'] as const;
export type CaseKind = (typeof CREATION_KINDS)[number];
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];
export type ConversationKind = CaseKind | FollowUpKind;

/**
 * Every module of the contract, once: what the user is asked for (a file, a text or a web
 * address), where its step stands in the dialog (what the business is, then the documents that
 * carry the facts: identity and company papers, then the transaction's own documents, then
 * supporting ones; the website; the explanation of the payment after the documents, so it can be
 * checked against them; the free questions last), and whether it may repeat in one conversation.
 */
const MODULE_TABLE = {
  business_description: { step: 'text', rank: 0 },
  documents_verification: { step: 'upload', rank: 10 },
  proof_of_identity: { step: 'upload', rank: 11 },
  invoice: { step: 'upload', rank: 20 },
  invoice_with_client: { step: 'upload', rank: 21 },
  invoice_from_supplier: { step: 'upload', rank: 22 },
  contract: { step: 'upload', rank: 23 },
  contract_with_client: { step: 'upload', rank: 24 },
  contract_from_supplier: { step: 'upload', rank: 25 },
  charter_agreement: { step: 'upload', rank: 30 },
  cargo_bill: { step: 'upload', rank: 31 },
  company_proof_of_address: { step: 'upload', rank: 40 },
  bank_statement_business_activity: { step: 'upload', rank: 41 },
  license: { step: 'upload', rank: 42 },
  insurance: { step: 'upload', rank: 43 },
  other_document: { step: 'upload', rank: 50, repeatable: true },
  website: { step: 'url', rank: 60 },
  transaction_rationale: { step: 'text', rank: 70 },
  follow_up: { step: 'text', rank: 80, repeatable: true },
} as const satisfies Record<string, ModuleInfo>;

export interface ModuleInfo {
  step: 'upload' | 'text' | 'url';
  rank: number;
  repeatable?: true;
}

export type ModuleName = keyof typeof MODULE_TABLE;
export const MODULES: Readonly<Record<ModuleName, ModuleInfo>> = MODULE_TABLE;
const BY_NAME = new Map<string, ModuleInfo>(Object.entries(MODULES));

/** The module of a name, or undefined for a name the contract does not know. */
export function moduleOf(name: string): ModuleInfo | undefined {
  return BY_NAME.get(name);
}

export const MODULES_BY_CONTEXT: Record<ConversationKind, readonly ModuleName[]> = {
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
    if (!allowed.some((a) => a === m.module)) {
      problems.push({ path: `${at}/module`, message: `module "${m.module}" is not allowed in ${kind}; allowed: ${allowed.join(', ')}` });
      return;
    }
    if (seen.has(m.module) && !moduleOf(m.module)?.repeatable) {
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
