// The audit trail of a case: who did what and when, with what changed, newest first; the whole
// trail downloads as CSV or JSON. Also the CSV form of the trail.
import type { AuditRow } from '../../decisions/decisions.service.ts';
import { shortTime } from './components.ts';
import { html, type SafeHtml } from './html.ts';
import { isRecord, storedJson } from '../../lib/stored-json.ts';

const ACTIONS: Record<string, string> = {
  'document.accepted': 'Accepted a document',
  'document.rejected': 'Rejected a document',
  'document.viewed': 'Viewed a document',
  'document.downloaded': 'Downloaded a document',
  'report.downloaded': 'Downloaded a report',
  'report.viewed': 'Opened the web report',
  'follow_up.created': 'Opened a follow-up',
  'invitation.sent': 'Queued an invitation e-mail',
  'comment.added': 'Commented on an issue',
  'note.added': 'Added a note',
  'case.created': 'Created the case',
  'case.approve': 'Approved the case',
  'case.reject': 'Rejected the case',
  'case.request_information': 'Requested more information',
  'case.reopen': 'Reopened the case',
  'case.assigned': 'Took the case',
  'case.unassigned': 'Gave the case up',
  'review.started': 'Started a review',
  'registers.lookup_queued': 'Queued a new register lookup',
  'webhook.case_decided_queued': 'Queued the case.decided webhook',
  'delivery.resent': 'Re-sent a webhook or e-mail',
  'audit.exported': 'Exported the audit trail',
  'conversation.completed': 'Finished a conversation',
  'follow_up.created_by_api': 'Opened a follow-up through the API',
  'screening.run': 'Screened names against the sanctions and PEP lists',
  'screening.not_run': 'Could not screen names: no list',
  'screening.new_hits': 'Found new sanctions or PEP list hits',
  'screening.hit_decided': 'Decided on a sanctions or PEP list hit',
  'review.brought_forward': 'Made the next review due now',
  'document.checked': 'Read and checked a document',
  'case.scored': 'Scored the case and made its reports',
  'delivery.delivered': 'Delivered',
  'delivery.retry': 'Could not deliver; will try again',
  'delivery.failed': 'Could not deliver; gave up',
  'delivery.skipped': 'Did not send',
};

const ACTOR_KINDS: Record<string, string> = { system: 'automatic', api: 'through the API', client_user: 'in the dialog' };

export function auditActionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}

/** A compact "key: value" reading of a before/after JSON object. */
function changes(jsonText: string | null): string {
  if (!jsonText) return '';
  const v = storedJson(jsonText, 'audit');
  if (!isRecord(v)) return JSON.stringify(v);
  return Object.entries(v)
    .filter(([, x]) => x !== null && x !== undefined && !(Array.isArray(x) && x.length === 0))
    .map(([k, x]) => `${k.replace(/_/g, ' ')}: ${Array.isArray(x) ? x.join(', ') : typeof x === 'object' ? JSON.stringify(x) : String(x)}`)
    .join('; ');
}

export function auditTrailSection(caseId: string, rows: AuditRow[], shown = 200): SafeHtml {
  const latest = [...rows].reverse().slice(0, shown);
  const body = latest.map(
    (r) => html`<tr>
<td>${shortTime(r.at)}</td>
<td>${r.actor_name}${r.actor_kind === 'analyst' ? '' : html` <span class="sub-inline">(${ACTOR_KINDS[r.actor_kind] ?? r.actor_kind})</span>`}</td>
<th scope="row">${auditActionLabel(r.action)}</th>
<td class="wrap">${r.subject ?? ''}</td>
<td class="wrap">${changes(r.before_json)}</td>
<td class="wrap">${changes(r.after_json)}</td>
</tr>`,
  );
  return html`<section class="card" aria-labelledby="audit"><h2 id="audit">Audit trail <span class="count">${rows.length}</span></h2>
<p class="help">Every analyst and automatic action on this case, newest first. Entries are never changed or removed.</p>
<div class="actions"><a class="btn btn-small" href="/backoffice/cases/${caseId}/audit.csv">Download CSV</a> <a class="btn btn-small" href="/backoffice/cases/${caseId}/audit.json">Download JSON</a></div>
${
  rows.length
    ? html`<div class="table-wrap"><table class="audit"><caption class="visually-hidden">Audit trail</caption><thead><tr><th scope="col">Time</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">On</th><th scope="col">Before</th><th scope="col">After</th></tr></thead><tbody>${body}</tbody></table></div>${
        rows.length > shown ? html`<p class="muted small">The latest ${shown} of ${rows.length} entries; the downloads hold them all.</p>` : ''
      }`
    : html`<p>Nothing has been done on this case yet.</p>`
}
</section>`;
}

const csvCell = (v: string | null): string => {
  const s = v ?? '';
  // A cell a spreadsheet would read as a formula is prefixed with an apostrophe.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function auditCsv(rows: AuditRow[]): string {
  const head = ['at', 'actor_kind', 'actor_id', 'actor_name', 'action', 'subject', 'before', 'after'];
  const lines = rows.map((r) => [r.at, r.actor_kind, r.actor_id, r.actor_name, r.action, r.subject, r.before_json, r.after_json].map(csvCell).join(','));
  return `${[head.join(','), ...lines].join('\r\n')}\r\n`;
}
