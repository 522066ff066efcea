// The verification engine after reading: classify → extract → rules (document, transaction,
// cross-document, rationale, duplicate file, tamper signals) → findings with stable codes and the
// extracted_data stored with the document. Pure: a ReadDocument and the context in, results out.
import type { Finding } from './document-model.ts';
import { classify, type Classification } from './classify/classify.ts';
import type { ReadDocument } from './document-model.ts';
import { requestedDocType, type DocType } from './document-types.ts';
import { docText } from './extract/doc-text.ts';
import { extractFields } from './extract/extract.ts';
import { decodeFields, fieldsValid, type AnyFields, type TypedFields } from './types/index.ts';
import { findMrz } from './extract/mrz.ts';
import { zoneLikeLine } from './extract/mrz-rows.ts';
import { refuseDoubtfulDates } from './extract/value-evidence.ts';
import { compareCompanyNames, describeComparison } from '../lib/names.ts';
import { finding } from './rules/catalogue.ts';
import type { DocumentFacts, RuleContext } from './rules/context.ts';
import { crossRulesAll, crossRulesFor, dedupe } from './rules/cross-rules.ts';
import { documentRules, invoiceAndContractRules } from './rules/document-rules.ts';
import { gradeOcrProblems, inconclusiveOnLowOcr, keyFacts, ocrQuality } from './rules/reading-quality.ts';
import { rationaleRules } from './rules/rationale.ts';
import { assessTamper, tamperFindings, type TamperAssessment } from './tamper/tamper.ts';

export interface EngineInput {
  read: ReadDocument;
  ctx: RuleContext;
  documentId: string;
  /** Other analysed documents of the case, for cross-document rules. */
  others?: DocumentFacts[];
  /** The transaction rationale, when the conversation has one. */
  rationale?: string | null;
  /** Companies of other cases of the same API client that received the same file. */
  sameFileElsewhere?: string[];
}

export interface EngineOutput {
  findings: Finding[];
  /** The file cannot be used (unreadable, encrypted, no text at all). */
  rejected: boolean;
  type: DocType | null;
  classification: Classification | null;
  fields: AnyFields | null;
  /** The fields tagged with the document's type. */
  typed: TypedFields | null;
  tamper: TamperAssessment;
  extracted: Record<string, unknown>;
}

const FILE_CODES_REJECTING = new Set(['file_unreadable', 'file_encrypted', 'no_text_layer']);

function readMethod(read: ReadDocument): string {
  const methods = new Set(read.pages.map((p) => p.method).filter((m) => m !== 'none'));
  if (methods.size === 0) return 'none';
  return methods.size > 1 ? 'mixed' : [...methods][0];
}

function baseExtracted(read: ReadDocument): Record<string, unknown> {
  const textLength = read.pages.reduce((n, p) => n + p.text.replace(/\s+/g, ' ').trim().length, 0);
  const ocr = read.pages.filter((p) => p.ocrConfidence !== undefined);
  return {
    page_count: read.pageCount,
    pages_read: read.pages.length,
    text_length: textLength,
    read_method: readMethod(read),
    ...(ocr.length ? { ocr_confidence: Math.round(ocr.reduce((s, p) => s + (p.ocrConfidence ?? 0), 0) / ocr.length) } : {}),
    language: read.language,
    producer: read.forensics?.producer ?? null,
    creator: read.forensics?.creator ?? null,
    einvoice: read.einvoice ? { syntax: read.einvoice.syntax, profile: read.einvoice.profile, source_file: read.einvoice.source_file } : null,
  };
}

function sameFileFindings(company: string, elsewhere: string[], fileName: string): Finding[] {
  const others = [...new Set(elsewhere)].filter((o) => compareCompanyNames(o, company).outcome === 'mismatch');
  if (others.length === 0) return [];
  const c = compareCompanyNames(others[0], company);
  return [
    finding(
      'file_submitted_for_other_company',
      `The same file as "${fileName}" was already submitted for ${others.map((o) => `"${o}"`).join(', ')}; this case is about "${company}" (${describeComparison(others[0], company, c)}).`,
    ),
  ];
}

export function verifyRead(input: EngineInput): EngineOutput {
  const { read, ctx } = input;
  const problems = [...read.problems];
  const extracted = baseExtracted(read);
  const dup = sameFileFindings(ctx.task.company_full_name || ctx.case.company_full_name, input.sameFileElsewhere ?? [], ctx.task.file_name);
  const tamper = assessTamper(read.forensics);
  const hasText = read.pages.some((p) => p.text.trim() !== '');
  if (!read.readable || !hasText) {
    // Nothing to classify or check: the file's own problems (unreadable, encrypted, no text) are the answer.
    if (read.readable && !problems.some((p) => p.severity !== 'info')) {
      problems.push(finding('no_text_layer', 'No text could be read from the file, not even by OCR, so none of its content could be checked.'));
    }
    if (!read.readable && problems.length === 0) problems.push(finding('file_unreadable', 'The file could not be read.'));
    return {
      findings: [...problems, ...dup],
      rejected: true,
      type: null,
      classification: null,
      fields: null,
      typed: null,
      tamper,
      extracted: { ...extracted, company_name_match: null, requested_type: ctx.task.requested_type },
    };
  }

  const text = docText(read);
  const mrz = findMrz(text.text, ctx.today);
  // A zone OCR garbled past reading still tells an identity document.
  const classification = classify(read, mrz !== null || zoneLikeLine(text.text));
  const type: DocType = classification.type !== 'other' ? classification.type : (requestedDocType(ctx.task.requested_type) ?? 'other');
  // A date read only from words OCR was very unsure of, or a past date OCR read years ahead, is left empty (value-evidence.ts).
  const typed = refuseDoubtfulDates(extractFields(type, read, text, mrz), read, text.order, ctx.today);
  // What is stored is what its type declares: a defect of an extractor stops here, not in a reader of the data.
  if (!fieldsValid(typed)) throw new Error(`the fields read from a ${type} do not match its schema`);
  const fields = typed.fields;
  const analysed = { ...typed, classification, text };
  const doc = documentRules(analysed, ctx);
  const facts: DocumentFacts = { document_id: input.documentId, file_name: ctx.task.file_name, ...typed };
  // Low OCR confidence weighs as much as it kept from being read; names not found on such text are not asserted absent.
  const contentFindings = inconclusiveOnLowOcr([...doc.findings, ...invoiceAndContractRules(analysed, ctx)], ocrQuality(read, keyFacts(typed)), ctx.task.file_name);
  const findings = dedupe([
    ...gradeOcrProblems(problems, keyFacts(typed)),
    ...contentFindings,
    ...dup,
    ...crossRulesFor(facts, input.others ?? []),
    ...(input.rationale ? rationaleRules(input.rationale, [facts, ...(input.others ?? [])]) : []),
    ...tamperFindings(tamper, ctx.task.file_name),
  ]);
  return {
    findings,
    rejected: problems.some((p) => FILE_CODES_REJECTING.has(p.code)),
    type,
    classification,
    fields,
    typed,
    tamper,
    extracted: {
      ...extracted,
      company_name_match: doc.companyNameMatch,
      requested_type: ctx.task.requested_type,
      document_type: type,
      classified_type: classification.type,
      classification_confidence: classification.confidence,
      fields,
      tamper: tamper.signals.length ? tamper : null,
    },
  };
}

/** The DocumentFacts of a stored document, from its extracted_data; null when it was not analysed. */
export function factsFromExtracted(documentId: string, fileName: string, extracted: Record<string, unknown>): DocumentFacts | null {
  const typed = decodeFields(extracted);
  return typed && { document_id: documentId, file_name: fileName, ...typed };
}

/**
 * Cross-document and rationale findings at completion, for the pairs that involve a document of the
 * completing conversation (`involves`), leaving out those its verifications already raised.
 */
export function completionFindings(docs: DocumentFacts[], rationale: string | null, existing: { code: string; text: string }[], involves?: Set<string>): Finding[] {
  const have = new Set(existing.map((f) => `${f.code}\u0000${f.text}`));
  return dedupe([...crossRulesAll(docs, involves), ...(rationale ? rationaleRules(rationale, docs) : [])]).filter((f) => !have.has(`${f.code}\u0000${f.text}`));
}
