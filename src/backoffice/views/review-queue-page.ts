// The review queue: approved cases whose periodic review is due (or falls due within 30 days),
// and cases waiting for a second analyst's approval; each can be taken with "Assign to me".
// Administrators also switch the opt-in case.decided webhook here.
import type { QueueRow } from '../../decisions/decisions.service.ts';
import { plural, riskBadge, shortTime } from './components.ts';
import { decisionBadge } from './decision-panel.ts';
import { html, type SafeHtml } from './html.ts';
import { csrfField, renderPage, type Flash, type Viewer } from './layout.ts';

function table(rows: QueueRow[], caption: string, viewer: Viewer, now: string, back: string): SafeHtml {
  const body = rows.map((r) => {
    const mine = r.assignee_name === viewer.username;
    const overdue = r.review_due_at !== null && r.review_due_at <= now;
    return html`<tr>
<th scope="row"><a href="/backoffice/cases/${r.case_id}">${r.company_full_name}</a><span class="sub">${r.company_country_code}</span></th>
<td>${riskBadge(r.risk_level, r.score)}</td>
<td>${decisionBadge(r.decision_state)}</td>
<td>${r.review_due_at ? html`${shortTime(r.review_due_at)}${overdue ? html` <span class="badge badge-due">Due</span>` : ''}` : html`<span class="muted">—</span>`}</td>
<td>${r.assignee_name ? html`${r.assignee_name}${mine ? ' (you)' : ''}` : html`<span class="muted">Nobody</span>`}</td>
<td>${mine ? '' : html`<form method="post" action="/backoffice/cases/${r.case_id}/assign" class="inline">${csrfField(viewer)}<input type="hidden" name="assign" value="me"><input type="hidden" name="back" value="${back}"><button type="submit" class="btn btn-small">Assign to me<span class="visually-hidden">: ${r.company_full_name}</span></button></form>`}</td>
</tr>`;
  });
  return html`<div class="table-wrap"><table><caption class="visually-hidden">${caption}</caption><thead><tr><th scope="col">Company</th><th scope="col">Risk</th><th scope="col">Decision</th><th scope="col">Review due</th><th scope="col">Assigned to</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead><tbody>${body}</tbody></table></div>`;
}

export function reviewQueuePage(o: { viewer: Viewer; due: QueueRow[]; secondApproval: QueueRow[]; webhookOn: boolean; flash?: Flash | null }): string {
  const now = new Date().toISOString();
  const dueNow = o.due.filter((r) => r.review_due_at !== null && r.review_due_at <= now).length;
  const settings =
    o.viewer.role === 'admin'
      ? html`<section class="card" aria-labelledby="decision-webhook"><h2 id="decision-webhook">Decision webhook</h2>
<p>When on, your system receives a <code>case.decided</code> webhook each time a case is approved, rejected or sent back for more information. It is an addition to the contract's events and is off unless switched on.</p>
<form method="post" action="/backoffice/settings/case-decided-webhook">${csrfField(o.viewer)}<input type="hidden" name="on" value="${o.webhookOn ? '0' : '1'}">
<p>The webhook is <strong>${o.webhookOn ? 'on' : 'off'}</strong>. <button type="submit" class="btn btn-small">${o.webhookOn ? 'Switch it off' : 'Switch it on'}</button></p></form></section>`
      : '';
  return renderPage(
    { title: 'Reviews', viewer: o.viewer, active: 'reviews', flash: o.flash ?? null },
    html`<div class="page-head"><h1>Reviews</h1><p class="muted" role="status">${plural(dueNow, 'review')} due now, ${plural(o.secondApproval.length, 'case')} waiting for a second approval. <a href="/backoffice/cases?assignee=me">My cases</a></p></div>
<section class="card" aria-labelledby="due"><h2 id="due">Reviews due</h2>
<p class="help">Approved cases come up for review after the interval of their risk level; the list shows those due now and in the next 30 days.</p>
${o.due.length ? table(o.due, 'Reviews due now or within 30 days', o.viewer, now, '/backoffice/reviews') : html`<p>No review is due in the next 30 days.</p>`}
</section>
<section class="card" aria-labelledby="second"><h2 id="second">Waiting for a second approval</h2>
${o.secondApproval.length ? table(o.secondApproval, 'Cases approved once that need a different analyst', o.viewer, now, '/backoffice/reviews') : html`<p>No case is waiting for a second approval.</p>`}
</section>
${settings}`,
  );
}
