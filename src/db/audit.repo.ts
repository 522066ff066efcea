// SQL for the audit trail of cases. Rows are only inserted and read: nothing in Dossier changes or
// removes one (and on PostgreSQL a trigger of migration 016 refuses it).
import { newId } from '../lib/ids.ts';
import type { Db } from './db.ts';
import type { AuditEventsTable } from './decisions.schema.ts';

export type AuditRow = AuditEventsTable;
export type NewAudit = Omit<AuditRow, 'id' | 'at'> & { at?: string };

export async function insertAudit(db: Db, rows: NewAudit[]): Promise<void> {
  if (rows.length === 0) return;
  const at = new Date().toISOString();
  await db
    .insertInto('audit_events')
    .values(rows.map((r) => ({ ...r, id: newId(), at: r.at ?? at })))
    .execute();
}

/** The audit trail of one case of one client, oldest first. */
export function listAudit(db: Db, clientId: string, caseId: string, limit = 5000): Promise<AuditRow[]> {
  return db.selectFrom('audit_events').selectAll().where('client_id', '=', clientId).where('case_id', '=', caseId).orderBy('at').orderBy('id').limit(limit).execute();
}

/**
 * The automatic steps of a case, read from the rows that record them, as audit entries (actor
 * kind `system`): each document read and checked (its verification finished), the case scored and
 * its reports made, and every attempt to deliver a webhook or an e-mail with its outcome. Nothing
 * is stored twice: these rows are themselves never rewritten, apart from the score, which holds
 * the latest scoring only.
 */
export async function listSystemSteps(db: Db, clientId: string, caseId: string): Promise<AuditRow[]> {
  const [checked, score, attempts] = await Promise.all([
    db
      .selectFrom('verifications as v')
      .innerJoin('conversations as c', 'c.id', 'v.conversation_id')
      .innerJoin('documents as d', 'd.id', 'v.document_id')
      .select(['v.id', 'v.completed_at', 'v.document_type', 'd.file_name', 'v.conversation_id'])
      .where('c.case_id', '=', caseId)
      .where('v.client_id', '=', clientId)
      .where('v.status', '=', 'ready')
      .orderBy('v.completed_at')
      .execute(),
    db
      .selectFrom('case_scores as s')
      .innerJoin('cases as k', 'k.id', 's.case_id')
      .select(['s.score', 's.risk_level', 's.scored_at'])
      .where('s.case_id', '=', caseId)
      .where('k.client_id', '=', clientId)
      .executeTakeFirst(),
    db
      .selectFrom('delivery_attempts as a')
      .innerJoin('deliveries as d', 'd.id', 'a.delivery_id')
      .leftJoin('events as e', 'e.id', 'd.event_id')
      .select(['a.id', 'a.attempt', 'a.started_at', 'a.outcome', 'a.status_code', 'a.error', 'd.channel', 'd.template', 'd.recipient', 'd.conversation_id', 'e.event_type'])
      .where('d.case_id', '=', caseId)
      .where('d.client_id', '=', clientId)
      .orderBy('a.started_at')
      .execute(),
  ]);
  const step = (id: string, at: string, action: string, subject: string, after: Record<string, unknown> | null): AuditRow => ({
    id,
    client_id: clientId,
    case_id: caseId,
    at,
    actor_kind: 'system',
    actor_id: null,
    actor_name: 'Dossier',
    action,
    subject,
    before_json: null,
    after_json: after ? JSON.stringify(after) : null,
  });
  const rows: AuditRow[] = [];
  for (const v of checked)
    if (v.completed_at) rows.push(step(`verification-${v.id}`, v.completed_at, 'document.checked', `document ${v.file_name}`, { checked_as: v.document_type.replace(/_/g, ' ') }));
  if (score) rows.push(step(`scored-${caseId}`, score.scored_at, 'case.scored', `case ${caseId}`, { score: score.score, risk_level: score.risk_level }));
  for (const a of attempts) {
    const what = a.channel === 'webhook' ? `${a.event_type ?? 'webhook'} webhook` : `${a.template ?? 'invitation'} e-mail`;
    rows.push(
      step(`delivery-${a.id}`, a.started_at, `delivery.${a.outcome}`, `${what}, attempt ${a.attempt}`, {
        ...(a.status_code !== null ? { answer: a.status_code } : {}),
        ...(a.error ? { reason: a.error } : {}),
      }),
    );
  }
  return rows;
}
