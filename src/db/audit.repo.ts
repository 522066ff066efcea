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
