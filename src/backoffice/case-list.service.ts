// The back office's case list: the filters read from the query string (anything unknown is
// ignored, never an error), the links of the list's pages, and one page of one API client's cases
// with their conversation counts. The query itself lives in db/case-list.repo.ts.
import type { ServiceContext } from '../context.ts';
import { conversationCounts, listCases, KINDS, PAGE_SIZES, RISKS, SORTS, STATES, type CaseListQuery, type CaseListRow, type SortKey } from '../db/case-list.repo.ts';
import { workflowsOf, type CaseWorkflowRow } from '../db/decisions.repo.ts';
import { DECISION_STATES } from '../decisions/rules.ts';

export { KINDS, PAGE_SIZES, RISKS, SORTS, STATES, type CaseListQuery, type CaseListRow, type SortKey };

const oneOf = <T extends string>(values: readonly T[], v: unknown): T | '' => (typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : '');
/** A real calendar date in YYYY-MM-DD form (2026-02-30 is not one), else ''. */
const isoDate = (v: unknown): string => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return '';
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : '';
};

export function parseCaseListQuery(raw: Record<string, unknown>): CaseListQuery {
  const page = Number(raw.page);
  const size = Number(raw.size);
  return {
    q: typeof raw.q === 'string' ? raw.q.trim().slice(0, 200) : '',
    kind: oneOf(KINDS, raw.kind),
    state: oneOf(STATES, raw.state),
    risk: oneOf(RISKS, raw.risk),
    from: isoDate(raw.from),
    to: isoDate(raw.to),
    sort: (oneOf(Object.keys(SORTS), raw.sort) || 'newest') as SortKey,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
    decision: oneOf(DECISION_STATES, raw.decision),
    review: oneOf(['due'] as const, raw.review),
    waiting: oneOf(['client'] as const, raw.waiting),
    assignee: oneOf(['me'] as const, raw.assignee),
  };
}

/** The query string of a list page, leaving defaults out so links stay short. */
export function caseListHref(q: CaseListQuery, change: Partial<CaseListQuery> = {}): string {
  const merged = { ...q, ...change };
  const defaults: Partial<Record<keyof CaseListQuery, unknown>> = { sort: 'newest', page: 1, size: 25 };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(merged)) {
    if (v === '' || v === undefined || defaults[k as keyof CaseListQuery] === v) continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return `/backoffice/cases${s ? `?${s}` : ''}`;
}

export interface CaseListPage {
  q: CaseListQuery;
  rows: CaseListRow[];
  total: number;
  /** More than the count cap match: the list says "more than". */
  capped: boolean;
  counts: Map<string, { total: number; open: number }>;
  /** Decision state and assignee of the page's cases that have them. */
  workflows: Map<string, CaseWorkflowRow>;
}

export class CaseListService {
  constructor(private readonly ctx: ServiceContext) {}

  /** One page of the client's cases for a raw query string. */
  async page(clientId: string, raw: Record<string, unknown>, userId?: string): Promise<CaseListPage> {
    const q = parseCaseListQuery(raw);
    const { rows, total, capped } = await listCases(this.ctx.db, this.ctx.dialect, clientId, { ...q, assigneeId: q.assignee === 'me' ? userId : undefined });
    const counts = await conversationCounts(
      this.ctx.db,
      rows.map((r) => r.id),
    );
    const workflows = await workflowsOf(
      this.ctx.db,
      clientId,
      rows.map((r) => r.id),
    );
    return { q, rows, total, capped, counts, workflows };
  }
}
