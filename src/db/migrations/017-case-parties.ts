// The case list's search also finds a case by the names of its parties: the persons and companies
// among its entities (account owner, counterparty, directors, owners) and the parties its documents
// name. One row per case holds those names, normalised like the company name (src/lib/party-names.ts),
// rewritten whenever the case's entities or documents change (src/db/case-search.repo.ts). On
// PostgreSQL a pg_trgm index answers "contains" (where the extension could be installed, see
// migration 006); on SQLite the few bytes per case are scanned.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { casePartyNamesOfRows } from '../../lib/party-names.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_parties')
    .addColumn('case_id', 'text', (c) => c.primaryKey().references('cases.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ one: number }>`select 1 as one from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (rows.length) await sql`create index case_parties_trgm on case_parties using gin (names gin_trgm_ops)`.execute(db);
  }
  await backfill(db);
}

/** The parties of the cases created before this migration, a few hundred cases at a time. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows: cases } = await sql<{ id: string; client_id: string; created_at: string }>`
      select id, client_id, created_at from cases where id > ${after} order by id limit 500`.execute(db);
    if (cases.length === 0) return;
    const ids = cases.map((c) => c.id);
    const { rows: entities } = await sql<{ case_id: string; details: string }>`select case_id, details from entities where case_id in (${sql.join(ids)})`.execute(db);
    const { rows: documents } = await sql<{ case_id: string; extracted_data: string; withdrawn_at: string | null }>`
      select case_id, extracted_data, withdrawn_at from documents where case_id in (${sql.join(ids)})`.execute(db);
    for (const c of cases) {
      const names = casePartyNamesOfRows(
        entities.filter((e) => e.case_id === c.id),
        documents.filter((d) => d.case_id === c.id),
      );
      await sql`insert into case_parties (case_id, client_id, created_at, names) values (${c.id}, ${c.client_id}, ${c.created_at}, ${names})`.execute(db);
    }
    after = cases.at(-1)!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('case_parties').ifExists().execute();
}
