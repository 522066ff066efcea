// The case list: its filters (read from the query string by backoffice/case-list.service.ts), and
// the one query that answers them for one API client. Every filter and sort works on a
// column indexed per client (migration 006), so 100 000 cases stay fast on SQLite and PostgreSQL.
import { sql } from 'kysely';
import type { Db, Dialect } from './db.ts';
import { isUuid } from '../lib/uuid.ts';
import { ftsPage, nextDay, searchCondition, searchIndexComplete, textSearch, trigramSearch } from './case-search.repo.ts';
import { workflowFiltered, workflowFilters } from './decisions.repo.ts';

export const SORTS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Company name (A–Z)',
  risk: 'Highest risk first',
} as const;
export type SortKey = keyof typeof SORTS;

export const KINDS = ['onboarding', 'monitoring'] as const;
export const STATES = ['open', 'processing', 'ready'] as const;
export const RISKS = ['high', 'medium', 'low', 'none'] as const;
export const PAGE_SIZES = [25, 50, 100] as const;

export interface CaseListQuery {
  q: string;
  kind: (typeof KINDS)[number] | '';
  state: (typeof STATES)[number] | '';
  risk: (typeof RISKS)[number] | '';
  from: string;
  to: string;
  sort: SortKey;
  page: number;
  size: number;
  /** Workflow filters (migration 016): decision state, review due, waiting for the client, assigned to a user. */
  decision?: string;
  review?: 'due' | '';
  waiting?: 'client' | '';
  /** "me": the cases assigned to the signed-in user (the list page's form value). */
  assignee?: 'me' | '';
  assigneeId?: string;
}

const LIST_COLUMNS = ['id', 'case_kind', 'communication_id', 'company_full_name', 'company_country_code', 'state', 'risk_level', 'score', 'created_at', 'updated_at', 'reg_number_search'] as const;

export interface CaseListRow {
  id: string;
  case_kind: string;
  communication_id: string | null;
  company_full_name: string;
  company_country_code: string;
  state: string;
  risk_level: string | null;
  score: number | null;
  created_at: string;
  updated_at: string;
  reg_number_search: string | null;
}

function filtered(db: Db, dialect: Dialect, clientId: string, q: CaseListQuery, idMatches: string[]) {
  // With a text search the trigram index must drive the query: its matches are few next to a
  // client's cases. Hiding client_id from the planner (unary plus on SQLite, an expression on
  // PostgreSQL) keeps both from walking the client's date index and testing every case instead.
  const trigram = trigramSearch(q);
  const client = !trigram ? sql<string>`cases.client_id` : dialect === 'sqlite' ? sql<string>`+cases.client_id` : sql<string>`(cases.client_id || '')`;
  let query = db.selectFrom('cases').where(client, '=', clientId);
  if (q.kind) query = query.where('cases.case_kind', '=', q.kind);
  if (q.state) query = query.where('cases.state', '=', q.state);
  if (q.risk === 'none') query = query.where('cases.risk_level', 'is', null);
  else if (q.risk) query = query.where('cases.risk_level', '=', q.risk);
  if (q.from) query = query.where('cases.created_at', '>=', q.from);
  if (q.to) query = query.where('cases.created_at', '<', nextDay(q.to));
  if (workflowFiltered(q)) query = workflowFilters(query, clientId, q, new Date().toISOString());
  if (q.q) {
    if (isUuid(q.q)) {
      query = query.where('cases.id', 'in', idMatches);
    } else {
      query = query.where(searchCondition(dialect, q.q));
    }
  }
  return query;
}

/** Counting stops here: past it the list says "more than", and no page of it is ever needed. */
export const COUNT_CAP = 10_000;

/** A case id, or the case of a conversation id: looked up first, so the list query stays a plain key lookup. */
async function casesOfId(db: Db, clientId: string, q: CaseListQuery): Promise<string[]> {
  if (!isUuid(q.q)) return [];
  const id = q.q.toLowerCase();
  const conversation = await db.selectFrom('conversations').select('case_id').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return conversation ? [id, conversation.case_id] : [id];
}

export async function listCases(db: Db, dialect: Dialect, clientId: string, q: CaseListQuery): Promise<{ rows: CaseListRow[]; total: number; capped: boolean }> {
  // Only when the index holds every case: queued ones (migration 007) are found by the general query.
  if (dialect === 'sqlite' && trigramSearch(q) && !q.kind && !q.state && !q.risk && !workflowFiltered(q) && (q.sort === 'newest' || q.sort === 'oldest') && (await searchIndexComplete(db))) {
    const { ids, total } = await ftsPage(db, clientId, q);
    const found = ids.length ? await db.selectFrom('cases').select(LIST_COLUMNS).where('id', 'in', ids).where('client_id', '=', clientId).execute() : [];
    const byId = new Map(found.map((r) => [r.id, r as CaseListRow]));
    return { rows: ids.map((id) => byId.get(id)).filter((r): r is CaseListRow => r !== undefined), total, capped: false };
  }
  const idMatches = await casesOfId(db, clientId, q);
  let query = filtered(db, dialect, clientId, q, idMatches).select(LIST_COLUMNS.map((c) => `cases.${c}` as const));
  switch (q.sort) {
    case 'oldest':
      query = query.orderBy('cases.created_at', 'asc').orderBy('cases.id', 'asc');
      break;
    case 'name':
      query = query.orderBy('cases.company_name_search', 'asc').orderBy('cases.created_at', 'desc');
      break;
    case 'risk':
      // Unscored cases last: SQLite sorts NULL lowest (last when descending, as the index is read
      // backwards); PostgreSQL needs it said.
      query = query.orderBy(dialect === 'postgres' ? sql`cases.score desc nulls last` : sql`cases.score desc`).orderBy('cases.created_at', 'desc');
      break;
    default:
      query = query.orderBy('cases.created_at', 'desc').orderBy('cases.id', 'desc');
  }
  const page = query.limit(q.size).offset((q.page - 1) * q.size);
  const countCapped = async () => {
    const count = await db
      .selectFrom(
        filtered(db, dialect, clientId, q, idMatches)
          .select(sql`1`.as('one'))
          .limit(COUNT_CAP + 1)
          .as('matching'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(count.n);
  };
  if (textSearch(q)) {
    // Every match of a text search is read to sort it anyway: count them in the same pass.
    const rows = await page.select(sql<number>`count(*) over ()`.as('total_count')).execute();
    const total = rows.length > 0 ? Number(rows[0]!.total_count) : q.page > 1 ? await countCapped() : 0;
    return { rows: rows.map(({ total_count: _n, ...r }) => r) as CaseListRow[], total, capped: false };
  }
  const [rows, total] = await Promise.all([page.execute(), countCapped()]);
  return { rows: rows as CaseListRow[], total: Math.min(total, COUNT_CAP), capped: total > COUNT_CAP };
}

/** Conversations per case of one page: how many, and how many are still open. */
export async function conversationCounts(db: Db, caseIds: string[]): Promise<Map<string, { total: number; open: number }>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversations')
    .select(['case_id', (eb) => eb.fn.countAll<number>().as('total'), sql<number>`sum(case when state = 'open' then 1 else 0 end)`.as('open')])
    .where('case_id', 'in', caseIds)
    .groupBy('case_id')
    .execute();
  return new Map(rows.map((r) => [r.case_id, { total: Number(r.total), open: Number(r.open) }]));
}
