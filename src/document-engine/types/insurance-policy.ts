// biome-ignore-all format: word lists read better packed, a paragraph a language
// The insurance policy document type: an insurance policy or certificate: insurer, policyholder, cover, validity.
import { Type } from '@sinclair/typebox';
import type { InsuranceFields } from '../extract/fields.ts';
import { extractInsurance } from '../extract/permits.ts';
import { Amount, Day, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const insurancePolicy: DocumentTypePlugin<'insurance_policy', InsuranceFields> = {
  type: 'insurance_policy',
  label: 'insurance policy',
  requests: ['insurance', 'insurance_policy'],
  modules: ['insurance'],
  keywords: [
    ['insurance policy', 6], ['policy schedule', 5], ['certificate of insurance', 6], ['policy number', 4], ['policyholder', 4],
    ['policy holder', 4], ['sum insured', 4], ['insured', 2], ['insurer', 3], ['premium', 2], ['period of insurance', 4], ['cover', 1],
    ['versicherungsschein', 6], ['versicherungsnehmer', 4], ['police d assurance', 6], ['assuré', 2], ['póliza de seguro', 6],
    ['polizza assicurativa', 6], ['verzekeringspolis', 6], ['versicherungsvertrag', 5], ['apólice de seguro', 6], ['polisa ubezpieczeniowa', 6], ['deductible', 2],
    ['excess', 1], ['limit of indemnity', 3], ['insurance', 2], ['versicherungspolice', 6], ['attestation d assurance', 6],
    ['polisa', 4], ['seguro', 2], ['assicurazione', 2], ['verzekering', 2], ['ubezpieczenie', 2], ['versicherung', 2],
  ],
  schema: Type.Object({
    policy_number: Text,
    insurer: Text,
    policyholder: Text,
    insured_amount: Amount,
    premium: Amount,
    currency: Text,
    issue_date: Day,
    valid_from: Day,
    expiry_date: Day,
  }),
  extract: (_doc, d) => extractInsurance(d),
  keyFacts: (f) => [f.policy_number, f.policyholder, f.expiry_date ?? f.valid_from].map(has),
  issueDate: (f) => f.issue_date ?? null,
  datePairs: (f) => [
    ['start of cover', f.valid_from, 'expiry', f.expiry_date],
    ['issue date', f.issue_date, 'expiry', f.expiry_date],
  ],
  expiry: { code: 'insurance_expired', noun: 'The insurance policy', date: (f) => f.expiry_date ?? null },
};
