// Rules about one document against the task and the case: type, company name and number, dates and
// validity, holders. Pure: analysed document and context in, findings out.
import { acceptedTypes, DOC_TYPE_LABELS, requestedClientRole, type DocType } from '../document-types.ts';
import type { TypedFields } from '../types/index.ts';
import { daysBetween, monthsBefore } from '../extract/dates.ts';
import { documentType } from '../types/index.ts';
import { sameRegNumber, textHasRegNumber } from '../extract/identifiers.ts';
import { locateCompanyName } from '../../lib/names.ts';
import { finding } from './catalogue.ts';
import type { AnalysedDocument, Finding, RuleContext } from './context.ts';

/** Below this confidence a classification never contradicts the request. */
export const TYPE_MISMATCH_CONFIDENCE = 0.5;

/** Points of invoice evidence from which a bill also reads as an invoice. */
const INVOICE_EVIDENCE = 4;

/**
 * Whether a document of another type still serves what was asked: a utility bill (or any bill that
 * also reads as an invoice) is an invoice, and an invoice that gives its buyer's address proves it.
 */
export function servesAs(doc: TypedFields & Pick<AnalysedDocument, 'classification'>, accepted: DocType[]): boolean {
  if (doc.type === 'proof_of_address' && accepted.includes('invoice')) {
    const invoiceScore = doc.classification.scores.find((s) => s.type === 'invoice')?.score ?? 0;
    return doc.fields.kind === 'utility_bill' || invoiceScore >= INVOICE_EVIDENCE;
  }
  if (doc.type === 'invoice' && accepted.includes('proof_of_address')) return !!doc.fields.buyer?.address;
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
  if (name === '' || documentType(doc.type).aboutPerson) return { findings: [], match: null };
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
  const numberOf = documentType(doc.type).registrationNumber;
  if (!want || !numberOf) return [];
  if (textHasRegNumber(doc.text.text, want)) return [];
  const found = numberOf(doc.fields);
  if (found && !sameRegNumber(found, want)) {
    return [finding('registration_number_mismatch', `"${ctx.task.file_name}" gives the registration number ${found}; the case has ${want}.`)];
  }
  return [finding('registration_number_absent', `The registration number ${want} of the case is not in "${ctx.task.file_name}".`)];
}

/** The date a document was issued on, by type. */
export function issueDateOf(doc: TypedFields): string | null {
  return documentType(doc.type).issueDate(doc.fields);
}

export function dateRules(doc: AnalysedDocument, ctx: RuleContext): Finding[] {
  const out: Finding[] = [];
  const file = ctx.task.file_name;
  const issued = issueDateOf(doc);
  if (issued && daysBetween(ctx.today, issued) > 1) out.push(finding('issue_date_in_future', `"${file}" is dated ${issued}, after today (${ctx.today}).`));
  const type = documentType(doc.type);
  for (const [aName, a, bName, b] of type.datePairs?.(doc.fields) ?? []) {
    if (a && b && a > b) {
      out.push(finding('dates_inconsistent', `In "${file}" the ${aName} (${a}) is after the ${bName} (${b}).`));
      break;
    }
  }
  const expiry = type.expiry?.date(doc.fields) ?? null;
  if (type.expiry && expiry && expiry < ctx.today) out.push(finding(type.expiry.code, `${type.expiry.noun} "${file}" expired on ${expiry} (today is ${ctx.today}).`));
  // Age matters for a document that serves as proof of address (asked for as one, or for no type in
  // particular), and for an invoice asked for as a proof of address or a utility bill.
  const accepted = acceptedTypes(ctx.task.requested_type);
  const servesAsAddress = (accepted ?? ['proof_of_address']).includes('proof_of_address');
  const addressProof = doc.type === 'proof_of_address' ? servesAsAddress : doc.type === 'invoice' && !!accepted?.includes('proof_of_address');
  if (addressProof) {
    const date = doc.type === 'proof_of_address' ? (doc.fields.issue_date ?? doc.fields.period?.to ?? null) : doc.type === 'invoice' ? doc.fields.issue_date : null;
    const limit = monthsBefore(ctx.today, 3);
    if (date && date < limit) out.push(finding('proof_of_address_stale', `The proof of address "${file}" is dated ${date}, more than 3 months before today (${ctx.today}).`));
  }
  return out;
}

/** The type's own rules about its holder or parties. */
export function holderRules(doc: AnalysedDocument, ctx: RuleContext): Finding[] {
  return documentType(doc.type).holderRules?.(doc, ctx) ?? [];
}

/** The type's own rules about its content (an invoice's arithmetic and transaction, a contract's counterparty). */
export function invoiceAndContractRules(doc: AnalysedDocument, ctx: RuleContext): Finding[] {
  return documentType(doc.type).contentRules?.(doc, { ...ctx, requestedClientRole: requestedClientRole(ctx.task.requested_type) }) ?? [];
}

export function documentRules(doc: AnalysedDocument, ctx: RuleContext): { findings: Finding[]; companyNameMatch: string | null } {
  const name = companyNameRule(doc, ctx);
  return {
    findings: [...typeRule(doc, ctx), ...name.findings, ...registrationRule(doc, ctx), ...dateRules(doc, ctx), ...holderRules(doc, ctx)],
    companyNameMatch: name.match,
  };
}
