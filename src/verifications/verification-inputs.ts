// What the verification engine needs from storage besides the file: the case facts, the other
// analysed documents of the case, the transaction rationale and the cases that received the same file.
import type { Db } from '../db/db.ts';
import type { CaseRow, DocumentRow, MessageRow } from '../db/schema.ts';
import { listDocumentsOfCase } from '../db/documents.repo.ts';
import { factsFromExtracted, type DocumentFacts } from '../document-engine/index.ts';
import { companiesWithSameFile } from '../db/verifications.repo.ts';
import { decodeExtractedData } from '../db/extracted-data.ts';
import { caseDataFieldsOf } from '../db/stored-json.ts';

/** Analysed, usable documents of a case as facts for cross-document rules. */
export function documentFacts(docs: DocumentRow[]): DocumentFacts[] {
  return docs
    .filter((d) => d.rejected === 0)
    .map((d) => factsFromExtracted(d.id, d.file_name, decodeExtractedData(d.extracted_data)))
    .filter((f): f is DocumentFacts => f !== null);
}

/**
 * The rationale the user gave (the transaction_rationale answers in every conversation of the case,
 * oldest first, given the case's messages), else the case's own trx_description.
 */
export function rationaleFor(caseRow: CaseRow, messages: MessageRow[]): string | null {
  const said = messages
    .filter((m) => m.module === 'transaction_rationale' && m.author === 'user')
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.seq - b.seq))
    .map((m) => m.text.trim())
    .filter(Boolean)
    .join('\n');
  if (said) return said;
  const description = caseDataFieldsOf(caseRow).trx_description;
  return typeof description === 'string' && description.trim() !== '' ? description.trim() : null;
}

export async function engineInputs(db: Db, caseRow: CaseRow, doc: DocumentRow) {
  const [caseDocs, sameFileElsewhere] = await Promise.all([listDocumentsOfCase(db, caseRow.id), companiesWithSameFile(db, doc.client_id, doc.blob_sha256, caseRow.id)]);
  return { others: documentFacts(caseDocs.filter((d) => d.id !== doc.id)), sameFileElsewhere, caseData: caseDataFieldsOf(caseRow) };
}
