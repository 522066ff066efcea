// The analyst's decisions: on each client document (accepted or rejected, with a reason), on the
// case (approve, reject, ask for more, reopen; four eyes where the risk asks for it), the case's
// current workflow state (decision, assignee, next review), each client's opt-in to the
// case.decided webhook, and the audit trail: every analyst and system action on a case, never
// changed or removed (on PostgreSQL a trigger refuses UPDATE and DELETE on it).
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('reason_code', 'text')
    .addColumn('reason_text', 'text')
    .addColumn('decided_by_id', 'text', (c) => c.notNull())
    .addColumn('decided_by_name', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .addColumn('follow_up_conversation_id', 'text')
    .execute();
  await db.schema.createIndex('document_decisions_case').on('document_decisions').columns(['case_id', 'decided_at']).execute();

  await db.schema
    .createTable('case_decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('state_after', 'text', (c) => c.notNull())
    .addColumn('reason_code', 'text')
    .addColumn('reason_text', 'text')
    .addColumn('risk_level', 'text')
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_decisions_case').on('case_decisions').columns(['case_id', 'decided_at']).execute();

  await db.schema
    .createTable('case_workflow')
    .addColumn('case_id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('decision_state', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text')
    .addColumn('assignee_name', 'text')
    .addColumn('review_due_at', 'text')
    .addColumn('overlay', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_workflow_state').on('case_workflow').columns(['client_id', 'decision_state']).execute();
  await db.schema.createIndex('case_workflow_review').on('case_workflow').columns(['client_id', 'review_due_at']).execute();
  await db.schema.createIndex('case_workflow_assignee').on('case_workflow').columns(['client_id', 'assignee_id']).execute();

  await db.schema
    .createTable('client_decision_settings')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('case_decided_webhook', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('audit_events_case').on('audit_events').columns(['case_id', 'at']).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create or replace function audit_events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_events is append-only: % is refused', tg_op;
end $$`.execute(db);
    await sql`create trigger audit_events_append_only before update or delete on audit_events for each row execute function audit_events_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_events_no_update before update on audit_events begin select raise(abort, 'audit_events is append-only: UPDATE is refused'); end`.execute(db);
    await sql`create trigger audit_events_no_delete before delete on audit_events begin select raise(abort, 'audit_events is append-only: DELETE is refused'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['audit_events', 'client_decision_settings', 'case_workflow', 'case_decisions', 'document_decisions']) await db.schema.dropTable(t).ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop function if exists audit_events_append_only()`.execute(db);
}
