// What the rules look at: the case (company, transaction), the task, and one analysed document.
export type { Finding } from '../document-model.ts';
export { caseFactsFrom, type CaseFacts, type RuleContext, type TaskFacts, type TransactionFacts } from './case-facts.ts';
import type { Classification } from '../classify/classify.ts';
import type { DocText } from '../extract/doc-text.ts';
import type { TypedFields } from '../types/index.ts';

/** One document after classification and extraction: its fields tagged by its type. */
export type AnalysedDocument = TypedFields & {
  classification: Classification;
  text: DocText;
};

/** The facts of another document of the case, as stored in its extracted_data, for cross-document rules. */
export type DocumentFacts = TypedFields & {
  document_id: string;
  file_name: string;
};
