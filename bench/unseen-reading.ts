// Reads an invented document in-process as the service reads it, for a client the document has
// nothing to do with (so no finding compares it with the case): the first-sight benches' one way
// of calling the engine.
import type { Expected } from './realdocs/score.ts';

/** The client the invented documents are checked for: neither the company nor the person they name. */
export const UNRELATED_CASE = { company_full_name: 'Unrelated Client Ltd', user_full_name: 'Unrelated Person' };

/** One invented document to read: its bytes, and the task it is read for. */
export interface UnseenRead {
  name: string;
  bytes: Buffer;
  mediaType: string;
  maxPages: number;
  requestedType: string;
  fileName: string;
  today: string;
}

/** The expected reading's frame for an invented document: no finding is genuine. */
export function unseenExpected(name: string, rest: Omit<Expected, 'file' | 'case' | 'genuine_findings'>): Expected {
  return { file: name, case: UNRELATED_CASE, genuine_findings: [], ...rest };
}

/** The reader and engine set up as the service sets them up; close the readers when done. */
export async function serviceEngine() {
  const { readDocument, closeReaders } = await import('../src/document-engine/reading/index.ts');
  (await import('./reading-settings.ts')).configureReadersAsService();
  const { verifyRead } = await import('../src/document-engine/engine.ts');
  const { caseFactsFrom } = await import('../src/document-engine/rules/context.ts');
  const company = UNRELATED_CASE.company_full_name;
  async function readAndVerify(doc: UnseenRead) {
    const read = await readDocument(doc.bytes, doc.mediaType, { maxPages: doc.maxPages });
    return verifyRead({
      read,
      documentId: doc.name,
      ctx: {
        case: caseFactsFrom(UNRELATED_CASE, company),
        task: { requested_type: doc.requestedType, company_full_name: company, file_name: doc.fileName },
        today: doc.today,
      },
    });
  }
  return { readAndVerify, closeReaders };
}
