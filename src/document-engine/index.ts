// The document engine's front door: the only module code outside src/document-engine/ imports
// (scripts/check-architecture.ts enforces it). `read` turns file bytes into a ReadDocument in the
// reading threads; `verify` classifies, extracts and checks it and numbers the check results; the
// type catalogue says which document types exist and what each accepts; the rest are the types and
// helpers the features share with the engine (file names, media types, the findings of completion).
import { verifyRead, type EngineInput, type EngineOutput } from './engine.ts';
import { checkResults, translationNeeded, type CheckResult } from './check-results.ts';
import type { ReadDocument } from './document-model.ts';
import { readDocument, type ReadOptions } from './reading/index.ts';
import { finding } from './rules/catalogue.ts';

export { closeReaders, configureReaders, type ReadOptions } from './reading/index.ts';
export { ACCEPTED_MEDIA_TYPES, cleanFileName, sniffMediaType, type AcceptedMediaType } from './reading/sniff.ts';
export { openPdf, renderPage } from './reading/pdf-pages.ts';
export { DEFAULT_MAX_IMAGE_PIXELS } from './reading/limits.ts';
export { readingStopped } from './reading/problems.ts';
export { completionFindings, factsFromExtracted, type EngineInput, type EngineOutput } from './engine.ts';
export { caseFactsFrom, type CaseFacts, type DocumentFacts, type RuleContext } from './rules/context.ts';
export { ENGINE_FINDINGS, findingRowId, issueIdFor, TRANSLATION_NEEDED, translationNeeded, type CheckResult } from './check-results.ts';
export type { Finding, ReadDocument, Severity } from './document-model.ts';
export { acceptedTypes, DOC_TYPE_LABELS, DOC_TYPES, requestedDocType, type DocType } from './document-types.ts';

/**
 * Reads a document (PDF, PNG, JPEG, TIFF, WEBP) in a reading thread. `opts.sniffed`: the media type
 * already told from these bytes at upload, so they are not sniffed again. `owner` (an API client's
 * id): readings of different owners take turns for the reading threads. Never rejects.
 */
export function read(bytes: Buffer, mediaType: string, opts: ReadOptions, owner = ''): Promise<ReadDocument> {
  return readDocument(bytes, mediaType, opts, owner);
}

export interface VerifyInput extends EngineInput {
  /** Numbers the check results: the same verification keeps its issue ids when run again. */
  verificationId: string;
  /** Languages the client accepts documents in; a document in another asks for a translation. */
  acceptedLanguages: string[];
}

export interface Verified extends Pick<EngineOutput, 'findings' | 'rejected' | 'extracted' | 'type' | 'classification'> {
  /** The findings as numbered check results, in order. */
  results: CheckResult[];
  /** The engine failed after reading: what it threw (the results then say an analyst should look). */
  failure?: unknown;
}

/**
 * Classifies, extracts and checks a read document against the case, then adds the translation
 * request and numbers the results. Pure. A defect in the engine still answers the verification,
 * with a finding saying so, and the error in `failure`.
 */
export function verify(input: VerifyInput): Verified {
  const { read, ctx } = input;
  let out: Pick<EngineOutput, 'findings' | 'rejected' | 'extracted' | 'type' | 'classification'>;
  let failure: unknown;
  try {
    out = verifyRead(input);
  } catch (err) {
    failure = err;
    out = {
      findings: [...read.problems, finding('verification_incomplete', 'The checks after reading could not be completed; an analyst should review the document.')],
      rejected: !read.readable,
      extracted: { page_count: read.pageCount, pages_read: read.pages.length, requested_type: ctx.task.requested_type, company_name_match: null },
      type: null,
      classification: null,
    };
  }
  const language = typeof out.extracted.language === 'string' ? out.extracted.language : null;
  const found = [...out.findings, ...translationNeeded(language, input.acceptedLanguages, ctx.task.file_name)];
  return { ...out, findings: found, results: checkResults(input.verificationId, ctx.task.file_name, found), ...(failure === undefined ? {} : { failure }) };
}
