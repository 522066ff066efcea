// The case list: one search box (company name, registration number, communication id, case or
// conversation id), filters, sort, and a paginated table. A plain GET form, so every view of the
// list is a link that can be bookmarked or shared with a colleague.
import { KINDS, PAGE_SIZES, RISKS, SORTS, STATES, caseListHref, type CaseListQuery, type CaseListRow } from '../case-list.service.ts';
import { humanizeKey, plural, riskBadge, shortTime, stateBadge } from './components.ts';
import { html, type SafeHtml } from './html.ts';
import { renderPage, type Flash, type Viewer } from './layout.ts';
import { DECISION_STATES, DECISION_STATE_LABELS } from '../../decisions/rules.ts';
import { decisionBadge } from './decision-panel.ts';

function select(name: string, label: string, current: string, options: [string, string][]): SafeHtml {
  return html`<div class="field"><label for="f-${name}">${label}</label><select id="f-${name}" name="${name}">${options.map(
    ([value, text]) => html`<option value="${value}"${value === current ? html` selected` : ''}>${text}</option>`,
  )}</select></div>`;
}

function filters(q: CaseListQuery): SafeHtml {
  const any = (label: string): [string, string] => ['', label];
  return html`<form class="filters card" method="get" action="/backoffice/cases" role="search" aria-label="Find cases">
  <div class="field field-grow">
    <label for="f-q">Search</label>
    <input id="f-q" name="q" type="search" value="${q.q}" placeholder="Company name, registration number, communication id or case id" aria-describedby="f-q-help">
    <p id="f-q-help" class="help">Any part of the company name, registration number or communication id, or of the name of a person or company of the case (the counterparty, the account owner, owners, directors, the parties its documents name), without accents, case or spaces; case and conversation ids in full.</p>
  </div>
  ${select('kind', 'Kind', q.kind, [any('Any kind'), ...KINDS.map((k): [string, string] => [k, humanizeKey(k)])])}
  ${select('state', 'State', q.state, [any('Any state'), ...STATES.map((s): [string, string] => [s, humanizeKey(s)])])}
  ${select('risk', 'Risk', q.risk, [any('Any risk'), ...RISKS.map((r): [string, string] => [r, r === 'none' ? 'Not scored' : humanizeKey(r)])])}
  ${select('decision', 'Decision', q.decision ?? '', [any('Any decision'), ...DECISION_STATES.map((d): [string, string] => [d, DECISION_STATE_LABELS[d]])])}
  ${select('review', 'Review', q.review ?? '', [any('Any'), ['due', 'Review due']])}
  ${select('waiting', 'Waiting', q.waiting ?? '', [any('Any'), ['client', 'Waiting for the client']])}
  ${select('assignee', 'Assigned', q.assignee ?? '', [any('Anyone'), ['me', 'My cases']])}
  <div class="field"><label for="f-from">Created from</label><input id="f-from" name="from" type="date" value="${q.from}"></div>
  <div class="field"><label for="f-to">Created to</label><input id="f-to" name="to" type="date" value="${q.to}"></div>
  ${select('sort', 'Sort', q.sort, Object.entries(SORTS))}
  ${select(
    'size',
    'Per page',
    String(q.size),
    PAGE_SIZES.map((n): [string, string] => [String(n), String(n)]),
  )}
  <div class="field field-actions"><button type="submit" class="btn btn-primary">Search</button> <a class="btn btn-quiet" href="/backoffice/cases">Clear</a></div>
</form>`;
}

function pagination(q: CaseListQuery, total: number): SafeHtml {
  const pages = Math.max(1, Math.ceil(total / q.size));
  if (pages <= 1) return html``;
  const link = (page: number, text: string, rel?: string) =>
    page < 1 || page > pages
      ? html`<span class="page-link disabled" aria-disabled="true">${text}</span>`
      : html`<a class="page-link" href="${caseListHref(q, { page })}"${rel ? html` rel="${rel}"` : ''}>${text}</a>`;
  return html`<nav class="pagination" aria-label="Pages">${link(1, '« First')}${link(q.page - 1, '‹ Previous', 'prev')}<span class="page-now" aria-current="page">Page ${q.page} of ${pages}</span>${link(q.page + 1, 'Next ›', 'next')}${link(pages, 'Last »')}</nav>`;
}

function sortLink(q: CaseListQuery, label: string, sort: CaseListQuery['sort']): SafeHtml {
  if (q.sort === sort) return html`${label} <span class="sorted">(sorted)</span>`;
  return html`<a href="${caseListHref(q, { sort, page: 1 })}" title="Sort by ${label.toLowerCase()}">${label}</a>`;
}

export function listPage(o: {
  viewer: Viewer;
  q: CaseListQuery;
  rows: CaseListRow[];
  total: number;
  /** More cases match than were counted (COUNT_CAP). */
  capped?: boolean;
  counts: Map<string, { total: number; open: number }>;
  /** Decision state and assignee of the cases that have them. */
  workflows?: Map<string, { decision_state: string; assignee_name: string | null }>;
  flash?: Flash | null;
}): string {
  const { q, rows, total } = o;
  const first = total === 0 ? 0 : (q.page - 1) * q.size + 1;
  const last = Math.min(total, q.page * q.size);
  const body = rows.map((r) => {
    const c = o.counts.get(r.id) ?? { total: 0, open: 0 };
    return html`<tr>
  <th scope="row"><a href="/backoffice/cases/${r.id}">${r.company_full_name}</a><span class="sub">${r.company_country_code}${r.reg_number_search ? html` · Reg. ${r.reg_number_search}` : ''}</span></th>
  <td>${humanizeKey(r.case_kind)}</td>
  <td>${stateBadge(r.state)}${o.workflows?.get(r.id) ? html` ${decisionBadge(o.workflows.get(r.id)!.decision_state)}${o.workflows.get(r.id)!.assignee_name ? html`<span class="sub">Assigned to ${o.workflows.get(r.id)!.assignee_name}</span>` : ''}` : ''}</td>
  <td>${riskBadge(r.risk_level, r.score)}</td>
  <td class="num">${c.total}${c.open ? html` <span class="sub-inline">(${c.open} open)</span>` : ''}</td>
  <td>${r.communication_id ? html`<code>${r.communication_id}</code>` : html`<span class="muted">—</span>`}</td>
  <td>${shortTime(r.created_at)}</td>
</tr>`;
  });
  const table = rows.length
    ? html`<div class="table-wrap"><table class="cases">
<caption class="visually-hidden">Cases</caption>
<thead><tr><th scope="col">${sortLink(q, 'Company', 'name')}</th><th scope="col">Kind</th><th scope="col">State</th><th scope="col">${sortLink(q, 'Risk', 'risk')}</th><th scope="col" class="num">Conversations</th><th scope="col">Communication id</th><th scope="col">${sortLink(q, 'Created', 'newest')}</th></tr></thead>
<tbody>${body}</tbody></table></div>`
    : html`<div class="empty card"><p><strong>No cases match.</strong> ${q.q || q.kind || q.state || q.risk || q.from || q.to || q.decision || q.review || q.waiting || q.assignee ? html`Try fewer filters, or <a href="/backoffice/cases">clear them</a>.` : 'Cases created through the API appear here.'}</p></div>`;
  return renderPage(
    { title: 'Cases', viewer: o.viewer, active: 'cases', flash: o.flash ?? null },
    html`<div class="page-head"><h1>Cases</h1><p class="muted" role="status">${total === 0 ? 'No cases' : o.capped ? html`Showing ${first}–${last} of more than ${total.toLocaleString('en')} cases; narrow the search to see the rest` : html`Showing ${first}–${last} of ${plural(total, 'case')}`}</p></div>
${filters(q)}
${table}
${pagination(q, total)}`,
  );
}
