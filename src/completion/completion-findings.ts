// When a conversation completes, before its reports are rendered: the cross-document rules across the
// case's documents and the transaction rationale, recorded as findings of the conversation (source
// 'completion', not tied to one document). Idempotent: a re-run replaces them with the same ids.
import crypto from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import type { CaseRow, ConversationRow, FindingRow } from '../db/schema.ts';
import { listDocumentsOfCase } from '../db/documents.repo.ts';
import { completionFindings } from '../document-engine/engine.ts';
import { documentFacts, rationaleFor } from '../verifications/verification-inputs.ts';
import { issueIdFor } from '../verifications/verifications.service.ts';
import { listFindingsOfConversation, replaceCompletionFindings } from '../db/verifications.repo.ts';

export async function recordCompletionFindings(ctx: ServiceContext, conv: ConversationRow, caseRow: CaseRow): Promise<number> {
  const [docs, rationale, existing] = await Promise.all([listDocumentsOfCase(ctx.db, caseRow.id), rationaleFor(ctx.db, caseRow), listFindingsOfConversation(ctx.db, conv.id)]);
  const mine = new Set(docs.filter((d) => d.conversation_id === conv.id).map((d) => d.id));
  const facts = documentFacts(docs);
  const found = completionFindings(
    facts,
    mine.size > 0 ? rationale : null,
    existing.filter((f) => f.source !== 'completion'),
    mine,
  );
  const pseudo = `completion-${conv.id}`;
  const at = new Date().toISOString();
  const rows: FindingRow[] = found.map((f, position) => ({
    id: crypto.createHash('sha256').update(`${pseudo}:${position}:row`).digest('hex').slice(0, 32),
    conversation_id: conv.id,
    verification_id: pseudo,
    document_id: null,
    issue_id: issueIdFor(pseudo, position, f.code),
    code: f.code,
    severity: f.severity,
    text: f.text,
    position,
    created_at: at,
    source: 'completion',
  }));
  await ctx.db.transaction().execute((trx) => replaceCompletionFindings(trx, conv.id, rows));
  if (rows.length) ctx.log.info({ conversationId: conv.id, findings: rows.length }, 'completion findings recorded');
  return rows.length;
}
