// The back office: sessions (stored by the SHA-256 of their token, with a CSRF token and expiry),
// sign-in attempts (for lock-out and throttling), and what the case list filters, searches and
// sorts on, indexed per API client so a list of 100 000 cases stays fast on SQLite and PostgreSQL.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id']).execute();
  await db.schema.createIndex('sessions_expires').on('sessions').columns(['expires_at']).execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_username').on('login_attempts').columns(['username', 'created_at']).execute();
  await db.schema.createIndex('login_attempts_ip').on('login_attempts').columns(['ip', 'created_at']).execute();

  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('password_changed_at', 'text').execute();

  for (const [name, type] of [
    ['company_name_search', 'text'],
    ['reg_number_search', 'text'],
    ['risk_level', 'text'],
    ['score', 'integer'],
  ] as const) {
    await db.schema.alterTable('cases').addColumn(name, type).execute();
  }
  await backfillCases(db);
  const indexes: [string, string[]][] = [
    ['cases_list_name', ['client_id', 'company_name_search']],
    ['cases_list_reg', ['client_id', 'reg_number_search']],
    ['cases_list_communication', ['client_id', 'communication_id']],
    ['cases_list_state', ['client_id', 'state', 'created_at']],
    ['cases_list_risk', ['client_id', 'risk_level', 'created_at']],
    ['cases_list_kind', ['client_id', 'case_kind', 'created_at']],
  ];
  for (const [name, columns] of indexes) await db.schema.createIndex(name).on('cases').columns(columns).execute();
  // "Highest risk first" puts unscored cases last: SQLite sorts NULL lowest, PostgreSQL must be told.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index cases_list_score on cases (client_id, score desc nulls last, created_at desc)`.execute(db);
  } else {
    await db.schema.createIndex('cases_list_score').on('cases').columns(['client_id', 'score', 'created_at']).execute();
  }
  // The case view lists the webhook and e-mail deliveries of one case (table of migration 002).
  await db.schema.createIndex('deliveries_case').on('deliveries').columns(['case_id', 'created_at']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await trigramIndexes(db);
  else await trigramTable(db);
}

const SEARCHED = ['company_name_search', 'reg_number_search', 'communication_id'] as const;

/**
 * "Contains" search without reading every case: on PostgreSQL, pg_trgm GIN indexes (pg_trgm is a
 * trusted extension, so the database owner may install it; where it cannot be, the search still
 * works, by scanning).
 */
async function trigramIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint dossier_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint dossier_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint dossier_trgm`.execute(db);
    return;
  }
  for (const column of SEARCHED) {
    await sql`create index ${sql.id(`cases_trgm_${column}`)} on cases using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
  }
}

/**
 * On SQLite, an FTS5 table with the trigram tokenizer holds the searched columns of every case,
 * kept in step by triggers (the columns never change after creation; update and delete are covered
 * anyway). It is keyed by case id, not rowid, so a VACUUM cannot break it.
 */
async function trigramTable(db: Kysely<unknown>): Promise<void> {
  // client_id and created_at ride along (not indexed) so a plain text search is answered from here.
  await sql`create virtual table cases_search using fts5(case_id unindexed, client_id unindexed, created_at unindexed,
    company_name_search, reg_number_search, communication_id, tokenize = 'trigram')`.execute(db);
  await sql`insert into cases_search (case_id, client_id, created_at, company_name_search, reg_number_search, communication_id)
    select id, client_id, created_at, company_name_search, reg_number_search, communication_id from cases`.execute(db);
  const insert = sql.raw(`insert into cases_search (case_id, client_id, created_at, company_name_search, reg_number_search, communication_id)
      values (new.id, new.client_id, new.created_at, new.company_name_search, new.reg_number_search, new.communication_id);`);
  await sql`create trigger cases_search_insert after insert on cases begin ${insert} end`.execute(db);
  await sql`create trigger cases_search_update after update of client_id, created_at, company_name_search, reg_number_search, communication_id on cases begin
      delete from cases_search where case_id = old.id; ${insert} end`.execute(db);
  await sql`create trigger cases_search_delete after delete on cases begin delete from cases_search where case_id = old.id; end`.execute(db);
}

/** Fills the list columns of cases created before this migration, a thousand at a time. */
async function backfillCases(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; company_full_name: string; case_data: string; result_json: string | null }>`
      select id, company_full_name, case_data, result_json from cases where id > ${after} order by id limit 1000`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      const cols = caseListColumns(row);
      let risk: string | null = null;
      let score: number | null = null;
      if (row.result_json) {
        const stored: { scoring?: { risk_level?: string; score?: number } } = JSON.parse(row.result_json);
        const scoring = stored.scoring;
        risk = scoring?.risk_level ?? null;
        score = typeof scoring?.score === 'number' ? scoring.score : null;
      }
      await sql`update cases set company_name_search = ${cols.company_name_search}, reg_number_search = ${cols.reg_number_search},
        risk_level = ${risk}, score = ${score} where id = ${row.id}`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const column of SEARCHED) await db.schema.dropIndex(`cases_trgm_${column}`).ifExists().execute();
  } else {
    for (const trigger of ['cases_search_insert', 'cases_search_update', 'cases_search_delete']) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists cases_search`.execute(db);
  }
  await db.schema.dropIndex('deliveries_case').ifExists().execute();
  for (const name of ['cases_list_name', 'cases_list_reg', 'cases_list_communication', 'cases_list_state', 'cases_list_risk', 'cases_list_score', 'cases_list_kind']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  for (const name of ['company_name_search', 'reg_number_search', 'risk_level', 'score']) await db.schema.alterTable('cases').dropColumn(name).execute();
  for (const name of ['last_login_at', 'password_changed_at']) await db.schema.alterTable('users').dropColumn(name).execute();
  await db.schema.dropTable('login_attempts').ifExists().execute();
  await db.schema.dropTable('sessions').ifExists().execute();
}

// Frozen copy of the search keys as this migration first wrote them, so replaying it gives the
// same data whatever the application's name rules become later. A migration imports nothing
// from the application.
const SPECIAL_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

function normalizeText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function caseListColumns(row: { company_full_name: string; case_data: string }): { company_name_search: string; reg_number_search: string | null } {
  let regNumber: unknown = null;
  try {
    const data: Record<string, unknown> = JSON.parse(row.case_data);
    regNumber = data.company_reg_number;
  } catch {
    regNumber = null;
  }
  const reg =
    typeof regNumber === 'string'
      ? regNumber
          .normalize('NFKD')
          .replace(/[^\p{L}\p{N}]+/gu, '')
          .toUpperCase()
      : '';
  return { company_name_search: normalizeText(row.company_full_name), reg_number_search: reg || null };
}
