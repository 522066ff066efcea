// Audit entries written by other features in their own transactions: a conversation finished by
// the company's user or the API client, and a follow-up opened through the API.
import type { Db } from '../db/db.ts';
import { insertAudit } from '../db/audit.repo.ts';

export function auditConversationCompleted(trx: Db, c: { id: string; client_id: string; case_id: string }, author: 'api' | 'user', clientName: string): Promise<void> {
  const who = author === 'user' ? { actor_kind: 'client_user' as const, actor_name: "The client's user" } : { actor_kind: 'api' as const, actor_name: clientName };
  return insertAudit(trx, [
    { client_id: c.client_id, case_id: c.case_id, ...who, actor_id: null, action: 'conversation.completed', subject: `conversation ${c.id}`, before_json: null, after_json: null },
  ]);
}

export function auditApiFollowUp(trx: Db, clientId: string, caseId: string, conversationId: string, after: { case_kind: string; modules: string[] }): Promise<void> {
  return insertAudit(trx, [
    {
      client_id: clientId,
      case_id: caseId,
      actor_kind: 'api',
      actor_id: null,
      actor_name: 'API client',
      action: 'follow_up.created_by_api',
      subject: `conversation ${conversationId}`,
      before_json: null,
      after_json: JSON.stringify(after),
    },
  ]);
}
