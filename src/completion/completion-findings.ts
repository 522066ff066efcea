// When a conversation completes, before its reports are rendered: the cross-document rules across the
// case's documents and the transaction rationale, as findings of the conversation (source
// 'completion', not tied to one document). Idempotent: a re-run gives the same rows with the same
// ids, which replace the earlier ones. Pure: built from the case file; the completion writes them.
import type { FindingRow } from '../db/schema.ts';
import { completionFindings, findingRowId, issueIdFor } from '../document-engine/index.ts';
import { documentFacts, rationaleFor } from '../verifications/verification-inputs.ts';
import { allMessages, findingsOf, type CaseFile } from './case-file.ts';

export function completionFindingRows(file: CaseFile, conversationId: string, at: string): FindingRow[] {
  const mine = new Set(file.documents.filter((d) => d.conversation_id === conversationId).map((d) => d.id));
  const found = completionFindings(
    documentFacts(file.documents),
    mine.size > 0 ? rationaleFor(file.caseRow, allMessages(file)) : null,
    findingsOf(file, conversationId).filter((f) => f.source !== 'completion'),
    mine,
  );
  return found.map((f, position) => completionFindingRow(conversationId, position, f, at));
}

/**
 * One finding of the conversation raised at completion (not tied to a document), as a row whose id
 * and issue id depend only on the conversation and the position: a re-run gives the same ids.
 */
export function completionFindingRow(conversationId: string, position: number, f: { code: string; severity: FindingRow['severity']; text: string }, at: string): FindingRow {
  const pseudo = `completion-${conversationId}`;
  return {
    id: findingRowId(pseudo, position),
    conversation_id: conversationId,
    verification_id: pseudo,
    document_id: null,
    issue_id: issueIdFor(pseudo, position, f.code),
    code: f.code,
    severity: f.severity,
    text: f.text,
    position,
    created_at: at,
    source: 'completion',
  };
}
