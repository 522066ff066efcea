// The analyst's decisions in the API's results: endpoint 3's case result and endpoint 9's client
// documents gain the documented optional fields (rules.ts) once something was decided; results of
// cases nobody decided on are sent exactly as stored.
import type { Db } from '../db/db.ts';
import { findOverlay, findOverlayOfConversation } from '../db/decisions.repo.ts';
import { decidedCaseResult, decidedDocument, overlayOf } from './rules.ts';
import { storedObject } from '../lib/stored-json.ts';

interface StoredResult {
  id: string;
  state: string;
  result_json: string | null;
}

/** `answer` of the stored row, its result_json with the decisions applied; at once where the database answers at once. */
export function withDecisions<R extends StoredResult>(db: Db, row: R | undefined, answer: (row: R | undefined) => string): string | Promise<string> {
  if (!row || row.state !== 'ready' || !row.result_json) return answer(row);
  const apply = (overlay: string | null) =>
    overlay ? answer({ ...row, result_json: JSON.stringify(decidedCaseResult(storedObject(row.result_json!, 'cases.result_json'), overlayOf(overlay))) }) : answer(row);
  const found = findOverlay(db, row.id);
  return found instanceof Promise ? found.then(apply) : apply(found);
}

/** Endpoint 9's client documents with the decisions applied. */
export async function decidedConversationDocuments<T extends { document_id: string; rejected: boolean }>(db: Db, conversationId: string, docs: T[]): Promise<T[]> {
  const overlay = await findOverlayOfConversation(db, conversationId);
  if (!overlay) return docs;
  const parsed = overlayOf(overlay);
  return docs.map((d) => decidedDocument(d, parsed));
}
