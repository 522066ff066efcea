// Rules about one document against the task and the case: type, company name and number, dates and
// validity, holders. Pure: analysed document and context in, findings out.
import { acceptedTypes, DOC_TYPE_LABELS, type DocType } from '../document-types.ts';
import { daysBetween, monthsBefore } from '../extract/dates.ts';
import type {
  BankStatementFields,
  BillOfLadingFields,
  ContractFields,
  IdentityFields,
  InsuranceFields,
  InvoiceFields,
  LicenceFields,
  ProofOfAddressFields,
  RegisterFields,
} from '../extract/fields.ts';
import { sameRegNumber, textHasRegNumber } from '../extract/identifiers.ts';
import { compareNames, comparePersonNames, describeComparison, locateCompanyName, type NameComparison } from '../../lib/names.ts';
import { finding } from './catalogue.ts';
import type { AnalysedDocument, Finding, RuleContext } from './context.ts';

/** Below this confidence a classification never contradicts the request. */
export const TYPE_MISMATCH_CONFIDENCE = 0.5;
const REGISTRY_TYPES: DocType[] = ['certificate_of_incorporation', 'register_extract', 'articles_of_association', 'shareholder_register'];

/** Points of invoice evidence from which a bill also reads as an invoice. */
const INVOICE_EVIDENCE = 4;

/**
 * Whether a document of another type still serves what was asked: a utility bill (or any bill that
 * also reads as an invoice) is an invoice, and an invoice that gives its buyer's address proves it.
 */
export function servesAs(doc: Pick<AnalysedDocument, 'type' | 'fields' | 'classification'>, accepted: DocType[]): boolean {
  if (doc.type === 'proof_of_address' && accepted.includes('invoice')) {
    const invoiceScore = doc.classification.scores.find((s) => s.type === 'invoice')?.score ?? 0;
    return (doc.fields as ProofOfAddressFields).kind === 'utility_bill' || invoiceScore >= INVOICE_EVIDENCE;
  }
  if (doc.type === 'invoice' && accepted.includes('proof_of_address')) return !!(doc.fields as InvoiceFields).buyer?.address;
  return false;
}

/** "an invoice", "a contract". */
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

export function typeRule(doc: AnalysedDocument, ctx: RuleContext): Finding[] {
  const accepted = acceptedTypes(ctx.task.requested_type);
  if (!accepted || doc.type === 'other' || accepted.includes(doc.type) || doc.classification.confidence < TYPE_MISMATCH_CONFIDENCE) return [];
  if (servesAs(doc, accepted)) return [];
  return [
    finding('document_type_mismatch', `"${ctx.task.file_name}" was asked for as ${withArticle(ctx.task.requested_type.replace(/_/g, ' '))} but reads as ${withArticle(DOC_TYPE_LABELS[doc.type])}.`),
  ];
}

export function companyNameRule(doc: AnalysedDocument, ctx: RuleContext): { findings: Finding[]; match: string | null } {
  const name = ctx.task.company_full_name.trim();
  if (name === '' || doc.type === 'proof_of_identity') return { findings: [], match: null };
  const loc = locateCompanyName(doc.text.text, name);
  const file = ctx.task.file_name;
  switch (loc.match) {
    case 'exact':
      return { findings: [], match: 'exact' };
    case 'without_legal_form':
      return { findings: [finding('company_name_without_legal_form', `The company name "${name}" appears in "${file}" only without its legal form.`)], match: loc.match };
    case 'other_legal_form':
      return {
        findings: [finding('company_legal_form_differs', `"${file}" names "${loc.found}" where the case is about "${name}": the legal forms differ, so it is a different entity.`)],
        match: loc.match,
      };
    case 'close':
      return {
        findings: [finding('company_name_close', `"${file}" has "${loc.found}", close to the company name "${name}" (similarity ${loc.score.toFixed(2)}).`)],
        match: loc.match,
      };
    default:
      return { findings: [finding('company_name_absent', `The company name "${name}" was not found in the text of "${file}".`)], match: 'absent' };
  }
}

export function registrationRule(doc: AnalysedDocument, ctx: RuleContext): Finding[] {
  const want = ctx.case.company_reg_number;
  if (!want) return [];
  const isRegistry = REGISTRY_TYPES.includes(doc.type);
  if (!isRegistry && doc.type !== 'license') return [];
  if (textHasRegNumber(doc.text.text, want)) return [];
  const found = (doc.fields as Partial<RegisterFields>).registration_number ?? null;
  if (found && !sameRegNumber(found, want)) {
    return [finding('registration_number_mismatch', `"${ctx.task.file_name}" gives the registration number ${found}; the case has ${want}.`)];
  }
  if (isRegistry) return [finding('registration_number_absent', `The registration number ${want} of the case is not in "${ctx.task.file_name}".`)];
  return [];
}

/** The date a document was issued on, by type. */
export function issueDateOf(doc: { type: DocType; fields: unknown }): string | null {
  const f = doc.fields as Record<string, unknown>;
  switch (doc.type) {
    case 'invoice':
    case 'bill_of_lading':
    case 'proof_of_address':
    case 'license':
    case 'insurance_policy':
    case 'proof_of_identity':
    case 'certificate_of_incorporation':
    case 'register_extract':
    case 'articles_of_association':
      return (f.issue_date as string | null) ?? null;
    case 'contract':
      return (f.signing_date as string | null) ?? null;
    case 'charter_agreement':
    case 'shareholder_register':
      return (f.date as string | null) ?? null;
    case 'bank_statement':
      return (f.statement_date as string | null) ?? (f.period as { to: string } | null)?.to ?? null;
    default:
      return null;
  }
}

function pairsOf(doc: AnalysedDocument): [string, string | null | undefined, string, string | null | undefined][] {
  const f = doc.fields as unknown as Record<string, never>;
  switch (doc.type) {
    case 'invoice': {
      const i = f as unknown as InvoiceFields;
      // A due date before the issue date is odd, not impossible (premiums due before the bill): not compared.
      return [['period start', i.service_period?.from, 'period end', i.service_period?.to]];
    }
    case 'license': {
      const l = f as unknown as LicenceFields;
      return [
        ['start of validity', l.valid_from, 'expiry', l.expiry_date],
        ['issue date', l.issue_date, 'expiry', l.expiry_date],
      ];
    }
    case 'insurance_policy': {
      const p = f as unknown as InsuranceFields;
      return [
        ['start of cover', p.valid_from, 'expiry', p.expiry_date],
        ['issue date', p.issue_date, 'expiry', p.expiry_date],
      ];
    }
    case 'proof_of_identity': {
      const p = f as unknown as IdentityFields;
      return [
        ['issue date', p.issue_date, 'expiry', p.expiry_date],
        ['date of birth', p.birth_date, 'issue date', p.issue_date],
      ];
    }
    case 'contract': {
      const c = f as unknown as ContractFields;
      return [
        ['effective date', c.effective_date, 'expiry', c.expiry_date],
        ['signing date', c.signing_date, 'expiry', c.expiry_date],
      ];
    }
    case 'certificate_of_incorporation':
    case 'register_extract': {
      const r = f as unknown as RegisterFields;
      return [['incorporation date', r.incorporation_date, 'date of the extract', r.issue_date]];
    }
    case 'bill_of_lading': {
      const b = f as unknown as BillOfLadingFields;
      return [['shipped-on-board date', b.shipped_on_board_date, 'issue date', b.issue_date]];
    }
    default:
      return [];
  }
}

export function dateRules(doc: AnalysedDocument, ctx: RuleContext): Finding[] {
  const out: Finding[] = [];
  const file = ctx.task.file_name;
  const issued = issueDateOf(doc);
  if (issued && daysBetween(ctx.today, issued) > 1) out.push(finding('issue_date_in_future', `"${file}" is dated ${issued}, after today (${ctx.today}).`));
  for (const [aName, a, bName, b] of pairsOf(doc)) {
    if (a && b && a > b) {
      out.push(finding('dates_inconsistent', `In "${file}" the ${aName} (${a}) is after the ${bName} (${b}).`));
      break;
    }
  }
  const expiry = (doc.fields as { expiry_date?: string | null }).expiry_date ?? null;
  if (expiry && expiry < ctx.today) {
    if (doc.type === 'license') out.push(finding('license_expired', `The licence "${file}" expired on ${expiry} (today is ${ctx.today}).`));
    if (doc.type === 'insurance_policy') out.push(finding('insurance_expired', `The insurance policy "${file}" expired on ${expiry} (today is ${ctx.today}).`));
    if (doc.type === 'proof_of_identity') out.push(finding('identity_document_expired', `The identity document "${file}" expired on ${expiry} (today is ${ctx.today}).`));
  }
  // Age matters for a document that serves as proof of address (asked for as one, or for no type in
  // particular), and for an invoice asked for as a proof of address or a utility bill.
  const accepted = acceptedTypes(ctx.task.requested_type);
  const servesAsAddress = (accepted ?? ['proof_of_address']).includes('proof_of_address');
  const addressProof = doc.type === 'proof_of_address' ? servesAsAddress : doc.type === 'invoice' && !!accepted?.includes('proof_of_address');
  if (addressProof) {
    const date = (doc.fields as ProofOfAddressFields).issue_date ?? (doc.fields as ProofOfAddressFields).period?.to ?? null;
    const limit = monthsBefore(ctx.today, 3);
    if (date && date < limit) out.push(finding('proof_of_address_stale', `The proof of address "${file}" is dated ${date}, more than 3 months before today (${ctx.today}).`));
  }
  return out;
}

/** Name comparison as a finding: mismatch → the rule's code, close → name_close_match, exact → nothing. */
export function nameFinding(code: string, what: string, found: string, expected: string, c: NameComparison): Finding[] {
  if (c.outcome === 'exact') return [];
  if (c.outcome === 'close') return [finding('name_close_match', `${what} ${describeComparison(found, expected, c)}.`)];
  return [finding(code, `${what} ${describeComparison(found, expected, c)}.`)];
}

export function holderRules(doc: AnalysedDocument, ctx: RuleContext): Finding[] {
  const file = ctx.task.file_name;
  const company = ctx.task.company_full_name;
  if (doc.type === 'bank_statement') {
    const holder = (doc.fields as BankStatementFields).account_holder;
    if (holder && company) return nameFinding('bank_statement_holder_mismatch', `Account holder of "${file}" vs the company:`, holder, company, compareNames(holder, company));
  }
  if (doc.type === 'proof_of_identity') {
    const id = doc.fields as IdentityFields;
    const out: Finding[] = [];
    // A zone read as written that fails its check digits is wrong; one repaired from OCR could not be verified.
    if (id.mrz && !id.mrz.valid && id.mrz.exact !== false)
      out.push(finding('identity_mrz_invalid', `The machine-readable zone of "${file}" fails its check digits (${id.mrz.failed_checks.join(', ')}).`));
    else if (id.mrz && !id.mrz.valid)
      out.push(
        finding(
          'identity_mrz_unverified',
          `The machine-readable zone of "${file}" could not be verified from the scan (checks not passed: ${id.mrz.failed_checks.join(', ')}); read: number ${id.document_number ?? 'unreadable'}, born ${id.birth_date ?? 'unreadable'}, expires ${id.expiry_date ?? 'unreadable'}.`,
        ),
      );
    const holder = [id.given_names, id.surname].filter(Boolean).join(' ');
    const user = ctx.case.user_full_name;
    if (holder && user) out.push(...nameFinding('identity_holder_mismatch', `Holder of "${file}" vs the case's user:`, holder, user, comparePersonNames(holder, user)));
    return out;
  }
  if (doc.type === 'contract') {
    const parties = (doc.fields as ContractFields).parties.filter((p) => p.name);
    if (parties.length >= 2 && company) {
      const best = parties.map((p) => ({ p, c: compareNames(p.name!, company) })).sort((a, b) => b.c.score - a.c.score)[0];
      if (best.c.outcome === 'mismatch') {
        return [
          finding(
            'contract_client_not_party',
            `The contract "${file}" is between ${parties.map((p) => `"${p.name}"`).join(' and ')}; "${company}" is not a party (closest ${describeComparison(best.p.name!, company, best.c)}).`,
          ),
        ];
      }
    }
  }
  return [];
}

export function documentRules(doc: AnalysedDocument, ctx: RuleContext): { findings: Finding[]; companyNameMatch: string | null } {
  const name = companyNameRule(doc, ctx);
  return {
    findings: [...typeRule(doc, ctx), ...name.findings, ...registrationRule(doc, ctx), ...dateRules(doc, ctx), ...holderRules(doc, ctx)],
    companyNameMatch: name.match,
  };
}
