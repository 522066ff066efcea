// SQL for verification tasks and the findings (check results) they produce.
import type { ExpressionBuilder } from 'kysely';
import type { Db } from './db.ts';
import type { Database, FindingRow, VerificationRow } from './schema.ts';

export async function insertVerification(db: Db, row: VerificationRow): Promise<void> {
  await db.insertInto('verifications').values(row).execute();
}

export function findVerification(db: Db, conversationId: string, verificationId: string): Promise<VerificationRow | undefined> {
  return db.selectFrom('verifications').selectAll().where('id', '=', verificationId).where('conversation_id', '=', conversationId).executeTakeFirst();
}

export function findVerificationById(db: Db, verificationId: string): Promise<VerificationRow | undefined> {
  return db.selectFrom('verifications').selectAll().where('id', '=', verificationId).executeTakeFirst();
}

export async function countPendingVerifications(db: Db, conversationId: string): Promise<number> {
  const row = await db
    .selectFrom('verifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversation_id', '=', conversationId)
    .where('status', '=', 'not_ready')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Replaces a verification's findings and marks it ready, in the caller's transaction. */
export async function completeVerification(db: Db, verificationId: string, findings: FindingRow[], at: string): Promise<void> {
  await db.deleteFrom('findings').where('verification_id', '=', verificationId).execute();
  if (findings.length) await db.insertInto('findings').values(findings).execute();
  await db.updateTable('verifications').set({ status: 'ready', completed_at: at }).where('id', '=', verificationId).execute();
}

export function listFindingsOfVerification(db: Db, verificationId: string): Promise<FindingRow[]> {
  return db.selectFrom('findings').selectAll().where('verification_id', '=', verificationId).orderBy('position').execute();
}

/** Findings of a document its sender removed (documents.withdrawn_at) are kept but not counted. */
const notWithdrawn = (eb: ExpressionBuilder<Database, 'findings'>) =>
  eb.not(eb.exists(eb.selectFrom('documents').select('documents.id').whereRef('documents.id', '=', 'findings.document_id').where('documents.withdrawn_at', 'is not', null)));

export function listFindingsOfConversation(db: Db, conversationId: string): Promise<FindingRow[]> {
  return db.selectFrom('findings').selectAll().where('conversation_id', '=', conversationId).where(notWithdrawn).orderBy('created_at').orderBy('position').execute();
}

export async function findExistingIssueIds(db: Db, conversationId: string, issueIds: string[]): Promise<Set<string>> {
  if (issueIds.length === 0) return new Set();
  const rows = await db.selectFrom('findings').select('issue_id').where('conversation_id', '=', conversationId).where('issue_id', 'in', issueIds).execute();
  return new Set(rows.map((r) => r.issue_id));
}

/** Replaces the findings a conversation's completion recorded (cross-document rules), in the caller's transaction. */
export async function replaceCompletionFindings(db: Db, conversationId: string, findings: FindingRow[]): Promise<void> {
  await db.deleteFrom('findings').where('conversation_id', '=', conversationId).where('source', '=', 'completion').execute();
  if (findings.length) await db.insertInto('findings').values(findings).execute();
}

/** Company names of other cases of the same API client that received a file with this SHA-256. */
export async function companiesWithSameFile(db: Db, clientId: string, sha256: string, caseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('documents')
    .innerJoin('cases', 'cases.id', 'documents.case_id')
    .select('cases.company_full_name')
    .where('documents.client_id', '=', clientId)
    .where('documents.blob_sha256', '=', sha256)
    .where('documents.case_id', '!=', caseId)
    .where('documents.source', '=', 'upload')
    .distinct()
    .execute();
  return rows.map((r) => r.company_full_name);
}

/**
 * The findings of several conversations, each conversation's in its order, those of removed
 * documents included: the caller holds the documents and sets those aside (one read per table).
 */
export function listFindingsOfConversations(db: Db, conversationIds: string[]): Promise<FindingRow[]> {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('findings').selectAll().where('conversation_id', 'in', conversationIds).orderBy('created_at').orderBy('position').execute();
}
