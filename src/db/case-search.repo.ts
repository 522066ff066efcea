// The case list's search box: an exact case or conversation id, else any part of the company name
// (accents, case and punctuation ignored), of the registration number (spaces and separators
// ignored), of the communication id, or of the name of one of the case's parties (its persons and
// companies, the parties its documents name; migration 017). A trigram index answers it (FTS5 on
// SQLite, pg_trgm on PostgreSQL; migration 006); a term of fewer than three characters, which
// trigrams cannot find, is looked for by scanning, as are the parties' names on SQLite.
import { sql } from 'kysely';
import type { Db, Dialect } from './db.ts';
import { isUuid } from '../lib/uuid.ts';
import { nameSearchKey, regNumberKey } from '../lib/search-keys.ts';
import { casePartyNames, casePartyNamesOfRows } from '../lib/party-names.ts';
import { preparedQuery, type PreparedWrite } from './sqlite/prepared.ts';

/** The day after a YYYY-MM-DD date: "created to" includes the whole of its day. */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** What a search reads of the case list's query: its words, its dates, its order and its page. */
export interface CaseSearchQuery {
  q: string;
  from: string;
  to: string;
  sort: string;
  page: number;
  size: number;
}

export function textSearch(q: CaseSearchQuery): boolean {
  return q.q !== '' && !isUuid(q.q);
}

/** A search the trigram index can answer. */
export function trigramSearch(q: CaseSearchQuery): boolean {
  return textSearch(q) && [...q.q].length >= 3;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The FTS5 query: the term, normalised per column, as a phrase in any of the three columns. */
function ftsMatch(term: string): string {
  const phrase = (column: string, text: string) => `{${column}} : "${text.replace(/"/g, '""')}"`;
  const name = nameSearchKey(term);
  const reg = regNumberKey(term) ?? '';
  const parts = [phrase('communication_id', term.toLowerCase())];
  if ([...name].length >= 3) parts.push(phrase('company_name_search', name));
  if (reg.length >= 3) parts.push(phrase('reg_number_search', reg));
  return parts.join(' OR ');
}

export function searchCondition(dialect: Dialect, term: string) {
  if (dialect === 'sqlite' && [...term].length >= 3) {
    // Cases still queued for the index (migration 007) are matched by scanning the queue's few rows.
    return sql<boolean>`(cases.id in (select case_id from cases_search where cases_search match ${ftsMatch(term)})
      or (cases.id in (select case_id from cases_search_pending) and ${likeCondition(dialect, term, false)})
      or ${partiesCondition(term)})`;
  }
  return likeCondition(dialect, term);
}

/** The cases one of whose parties' names contains the term (normalised like a name); false when it has nothing to look for. */
function partiesCondition(term: string) {
  const name = nameSearchKey(term);
  if (!name) return sql<boolean>`(1 = 0)`;
  return sql<boolean>`cases.id in (select case_id from case_parties where names like ${`%${escapeLike(name)}%`} escape '\\')`;
}

/** "Contains" by scanning the list columns (and the parties' names, unless they are looked for apart). */
function likeCondition(dialect: Dialect, term: string, parties = true) {
  const name = nameSearchKey(term);
  const reg = regNumberKey(term) ?? '';
  const like = (text: string) => `%${escapeLike(text)}%`;
  const any = [dialect === 'postgres' ? sql`cases.communication_id ilike ${like(term)} escape '\\'` : sql`lower(cases.communication_id) like ${like(term.toLowerCase())} escape '\\'`];
  if (name) any.push(sql`cases.company_name_search like ${like(name)} escape '\\'`);
  if (reg) any.push(sql`cases.reg_number_search like ${like(reg)} escape '\\'`);
  if (parties && name) any.push(partiesCondition(term));
  return sql<boolean>`(${sql.join(any, sql` or `)})`;
}

const upsertParties = (row: { case_id: string; client_id: string; created_at: string; names: string }) =>
  sql`insert into case_parties (case_id, client_id, created_at, names) values (${row.case_id}, ${row.client_id}, ${row.created_at}, ${row.names})
    on conflict (case_id) do update set names = excluded.names`;

// A plain insert (the case is new), as the write batcher combines plain statements; compiled once.
const insertPartiesQuery = preparedQuery(['case_id', 'client_id', 'created_at', 'names'], (db, p) => db.insertInto('case_parties').values(p));

/** The parties' names of a new case (its entities; it has no documents yet), for the write batcher. */
export function newCasePartiesWrite(row: { case_id: string; client_id: string; created_at: string; entityDetails: unknown[] }): PreparedWrite {
  return insertPartiesQuery.bind({ case_id: row.case_id, client_id: row.client_id, created_at: row.created_at, names: casePartyNames(row.entityDetails, []) });
}

/** Stores the searchable names of a case's parties (src/lib/party-names.ts), replacing what was stored. */
export async function storeCaseParties(db: Db, caseRow: { id: string; client_id: string; created_at: string }, names: string): Promise<void> {
  await upsertParties({ case_id: caseRow.id, client_id: caseRow.client_id, created_at: caseRow.created_at, names }).execute(db);
}

/** Rewrites the searchable names of a case's parties from its stored entities and documents (not the withdrawn ones). */
export async function refreshCaseParties(db: Db, caseId: string): Promise<void> {
  const c = await db.selectFrom('cases').select(['id', 'client_id', 'created_at']).where('id', '=', caseId).executeTakeFirst();
  if (!c) return;
  const entities = await db.selectFrom('entities').select('details').where('case_id', '=', caseId).execute();
  const documents = await db.selectFrom('documents').select(['extracted_data', 'withdrawn_at']).where('case_id', '=', caseId).execute();
  await storeCaseParties(db, c, casePartyNamesOfRows(entities, documents));
}

/** Whether every case is in the SQLite search index (none queued by migration 007's triggers). */
export async function searchIndexComplete(db: Db): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`select 1 as one from cases_search_pending limit 1`.execute(db);
  return rows.length === 0;
}

/**
 * Moves up to `limit` queued cases into the SQLite search index, in one transaction; returns how
 * many queue entries it took. Its first statement writes, so it holds SQLite's write lock from the
 * start and the queue cannot change under it.
 */
export async function indexQueuedCases(db: Db, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const upTo = sql`(select max(seq) from (select seq from cases_search_pending order by seq limit ${limit}))`;
    await sql`insert into cases_search (case_id, client_id, created_at, company_name_search, reg_number_search, communication_id)
      select id, client_id, created_at, company_name_search, reg_number_search, communication_id from cases
      where id in (select case_id from cases_search_pending where seq <= ${upTo})`.execute(trx);
    const res = await sql`delete from cases_search_pending where seq <= ${upTo}`.execute(trx);
    return Number(res.numAffectedRows ?? 0);
  });
}

/**
 * SQLite, text search with no other filter than dates: the trigram table alone gives the page (it
 * keeps each case's client and creation time) and the count, so only the page's own cases are read
 * from the cases table afterwards.
 */
export async function ftsPage(db: Db, clientId: string, q: CaseSearchQuery): Promise<{ ids: string[]; total: number }> {
  const order = q.sort === 'oldest' ? sql`created_at asc, case_id asc` : sql`created_at desc, case_id desc`;
  const from = q.from ? sql`and created_at >= ${q.from}` : sql``;
  const to = q.to ? sql`and created_at < ${nextDay(q.to)}` : sql``;
  const name = nameSearchKey(q.q);
  // The cases whose parties' names match join those the index finds (the same case once).
  const parties = name ? sql`union select case_id, created_at from case_parties where names like ${`%${escapeLike(name)}%`} escape '\\' and client_id = ${clientId} ${from} ${to}` : sql``;
  const matching = sql`(select case_id, created_at from cases_search where cases_search match ${ftsMatch(q.q)} and client_id = ${clientId} ${from} ${to} ${parties})`;
  const { rows } = await sql<{ case_id: string; total: number }>`
    select case_id, count(*) over () as total from ${matching} as matching
    order by ${order} limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(db);
  if (rows.length > 0) return { ids: rows.map((r) => r.case_id), total: Number(rows[0]!.total) };
  if (q.page === 1) return { ids: [], total: 0 };
  const { rows: counted } = await sql<{ n: number }>`select count(*) as n from ${matching} as matching`.execute(db);
  return { ids: [], total: Number(counted[0]?.n ?? 0) };
}
