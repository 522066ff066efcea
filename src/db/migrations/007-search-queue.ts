// The case search index on SQLite (FTS5 trigram table of migration 006) is filled in the background
// instead of inside the transaction that creates a case: tokenising a case into trigrams cost more
// than every other write of a case creation together. A new or changed case is queued here by
// trigger, in the same transaction as the case, so nothing can be missed; the search indexer
// (src/backoffice/search-indexer.ts) moves queued cases into the FTS table in batches, and until it
// has, searches find them by scanning the queue (src/backoffice/case-search.ts). PostgreSQL keeps its
// pg_trgm indexes, which already defer their work (GIN pending list).
//
// Two indexes of migration 006 go: (client_id, reg_number_search) and (client_id, communication_id)
// serve no query (searches for parts of those columns use the trigram indexes, or scan), and every
// new case paid for them.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const COLUMNS = 'case_id, client_id, created_at, company_name_search, reg_number_search, communication_id';

const UNUSED_INDEXES = ['cases_list_reg', 'cases_list_communication'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of UNUSED_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create table cases_search_pending (seq integer primary key, case_id text not null)`.execute(db);
  for (const trigger of ['cases_search_insert', 'cases_search_update', 'cases_search_delete']) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`create trigger cases_search_insert after insert on cases begin
      insert into cases_search_pending (case_id) values (new.id); end`.execute(db);
  await sql`create trigger cases_search_update after update of client_id, created_at, company_name_search, reg_number_search, communication_id on cases begin
      delete from cases_search where case_id = old.id; insert into cases_search_pending (case_id) values (new.id); end`.execute(db);
  await sql`create trigger cases_search_delete after delete on cases begin
      delete from cases_search where case_id = old.id; delete from cases_search_pending where case_id = old.id; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('cases_list_reg').ifNotExists().on('cases').columns(['client_id', 'reg_number_search']).execute();
  await db.schema.createIndex('cases_list_communication').ifNotExists().on('cases').columns(['client_id', 'communication_id']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const trigger of ['cases_search_insert', 'cases_search_update', 'cases_search_delete']) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  // Whatever is still queued goes into the index before the queue goes away.
  await sql
    .raw(`insert into cases_search (${COLUMNS}) select id, client_id, created_at, company_name_search, reg_number_search, communication_id
    from cases where id in (select case_id from cases_search_pending)`)
    .execute(db);
  await sql`drop table cases_search_pending`.execute(db);
  const insert = sql.raw(`insert into cases_search (${COLUMNS})
      values (new.id, new.client_id, new.created_at, new.company_name_search, new.reg_number_search, new.communication_id);`);
  await sql`create trigger cases_search_insert after insert on cases begin ${insert} end`.execute(db);
  await sql`create trigger cases_search_update after update of client_id, created_at, company_name_search, reg_number_search, communication_id on cases begin
      delete from cases_search where case_id = old.id; ${insert} end`.execute(db);
  await sql`create trigger cases_search_delete after delete on cases begin delete from cases_search where case_id = old.id; end`.execute(db);
}
