// The decision panel of the case view: the case decision (state, approvals, four eyes), who the
// case is assigned to, its next review, the forms to decide (approve, reject, ask for more,
// reopen, start a review), and the document decisions with the form that accepts or rejects the
// ticked documents and can ask the user for new files.
import { MAX_NOTE, type DecisionPanel } from '../../decisions/decisions.service.ts';
import { CASE_REASONS, DECISION_STATE_LABELS, DOCUMENT_REASONS, MAX_REASON_TEXT } from '../../decisions/rules.ts';
import { humanizeKey, shortTime } from './components.ts';
import { documentName } from '../../reports/report-view.ts';
import { html, type SafeHtml } from './html.ts';
import { csrfField, type Viewer } from './layout.ts';

export function decisionBadge(state: string): SafeHtml {
  return html`<span class="badge badge-decision-${state}">${DECISION_STATE_LABELS[state as keyof typeof DECISION_STATE_LABELS] ?? humanizeKey(state)}</span>`;
}

function reasonSelect(id: string, name: string, label: string, catalogue: Record<string, string>, required: boolean, hint = 'optional'): SafeHtml {
  return html`<div class="field"><label for="${id}">${label}${required ? '' : html` <span class="muted">(${hint})</span>`}</label><select id="${id}" name="${name}"${required ? html` required` : ''}>
<option value="">Choose a reason</option>${Object.entries(catalogue).map(([code, text]) => html`<option value="${code}">${text}</option>`)}</select></div>`;
}

function caseForm(p: DecisionPanel, viewer: Viewer, action: 'approve' | 'reject' | 'request_information' | 'reopen', title: string, button: string): SafeHtml {
  const id = `cd-${action}`;
  const required = action !== 'approve';
  return html`<form method="post" action="/backoffice/cases/${p.caseRow.id}/decision" class="decision-form" aria-labelledby="${id}-h">
  ${csrfField(viewer)}<input type="hidden" name="action" value="${action}">
  <h4 id="${id}-h">${title}</h4>
  ${reasonSelect(`${id}-reason`, 'reason_code', 'Reason', CASE_REASONS[action], required)}
  <div class="field"><label for="${id}-text">Explanation <span class="muted">(needed for "Other")</span></label><textarea id="${id}-text" name="reason_text" rows="2" maxlength="${MAX_REASON_TEXT}"></textarea></div>
  ${
    p.openFollowUps > 0 && (action === 'approve' || action === 'reject')
      ? html`<div class="field"><label for="${id}-override">Why decide now, while a follow-up is open? <span class="muted">(kept in the audit trail)</span></label><textarea id="${id}-override" name="override_reason" rows="2" maxlength="${MAX_REASON_TEXT}" aria-describedby="${id}-override-help"></textarea><p id="${id}-override-help" class="help">${p.openFollowUps === 1 ? 'A follow-up of this case is' : `${p.openFollowUps} follow-ups of this case are`} still open. The decision waits for it unless you say why it should not.</p></div>`
      : ''
  }
  <button type="submit" class="btn${action === 'approve' ? ' btn-primary' : ''}">${button}</button>
</form>`;
}

/** The decision's state as a sentence: who did the last step, and when. */
function stateSentence(p: DecisionPanel): string {
  const d = p.decision;
  if (!d?.decided_by) return p.openFollowUps ? 'Not decided yet; a follow-up is open.' : 'Not decided yet.';
  const when = shortTime(d.decided_at);
  switch (p.state) {
    case 'approved':
      return `Approved by ${d.decided_by} on ${when}.`;
    case 'awaiting_second_approval':
      return `Approved once, by ${d.decided_by} on ${when}; a second analyst must approve too.`;
    case 'rejected':
      return `Rejected by ${d.decided_by} on ${when}.`;
    case 'information_requested':
      return `${d.decided_by} asked for more information on ${when}.`;
    case 'in_review':
      return `${d.decided_by} started a review on ${when}.`;
    default:
      return `${d.decided_by} reopened the case on ${when}.`;
  }
}

function statusLine(p: DecisionPanel): SafeHtml {
  const d = p.decision;
  const approvals = p.approvals.length
    ? html`<p>${p.state === 'awaiting_second_approval' ? 'First approval' : 'Approved'} by ${p.approvals.map((a, i) => html`${i ? ' and ' : ''}<strong>${a.by}</strong> (${shortTime(a.at)})`)}.${
        p.state === 'awaiting_second_approval' ? ' A second, different analyst must approve before the case is approved.' : ''
      }</p>`
    : '';
  return html`<p class="decision-state">${decisionBadge(p.state)} <span class="muted">${stateSentence(p)}</span></p>
${d?.reason ? html`<p>Reason: ${d.reason}</p>` : ''}
${approvals}
${p.fourEyes ? html`<p class="help">This case's risk level (${humanizeKey(p.caseRow.risk_level ?? '')}) needs two different analysts to approve it.</p>` : ''}`;
}

function assignment(p: DecisionPanel, viewer: Viewer): SafeHtml {
  const mine = p.assignee?.name === viewer.username;
  return html`<div class="assign-row"><p>${p.assignee ? html`Assigned to <strong>${p.assignee.name}</strong>${mine ? ' (you)' : ''}.` : 'Not assigned to anyone.'}</p>
<form method="post" action="/backoffice/cases/${p.caseRow.id}/assign" class="inline">${csrfField(viewer)}<input type="hidden" name="assign" value="${mine ? 'none' : 'me'}"><button type="submit" class="btn btn-small">${mine ? 'Unassign me' : 'Assign to me'}</button></form></div>`;
}

function review(p: DecisionPanel, viewer: Viewer): SafeHtml {
  const due = p.reviewDueAt ? html`<p>${p.reviewDue ? html`<strong>Review due</strong> since ${shortTime(p.reviewDueAt)}.` : html`Next review on ${shortTime(p.reviewDueAt)}.`}</p>` : '';
  const start =
    p.state === 'approved'
      ? html`<form method="post" action="/backoffice/cases/${p.caseRow.id}/review" class="inline">${csrfField(viewer)}<button type="submit" class="btn${p.reviewDue ? ' btn-primary' : ''}">Start review</button></form>
<p class="help">Starting a review looks the company up in the registers again; decide again once the results are in.</p>`
      : '';
  return html`${due}${start}`;
}

function documentRows(p: DecisionPanel): SafeHtml {
  return html`${p.documents.map((d) => {
    const dec = d.decision;
    return html`<tr>
<td><input type="checkbox" name="document_id" value="${d.id}" id="dd-${d.id}" aria-labelledby="dd-${d.id}-name"></td>
<th scope="row" id="dd-${d.id}-name" class="doc-name"><a href="#doc-${d.id}">${d.file_name}</a><span class="sub">${documentName(d)}${d.source === 'register' ? ' · from a register' : ''}</span></th>
<td>${d.rejected_on_reading ? html`<span class="badge badge-rejected">Rejected on reading</span>` : html`<span class="badge badge-none">Read</span>`}</td>
<td>${dec ? html`<span class="badge badge-doc-${dec.decision}">${dec.decision === 'accepted' ? 'Accepted' : 'Rejected'}</span> <span class="sub">${dec.reason ?? ''}${dec.reason ? ' · ' : ''}${dec.decided_by}, ${shortTime(dec.decided_at)}${dec.new_file_conversation_id ? html` · <a href="#conversation-${dec.new_file_conversation_id}">new file asked for</a>` : ''}</span>` : html`<span class="muted">Not decided</span>`}</td>
</tr>`;
  })}`;
}

function documentsForm(p: DecisionPanel, viewer: Viewer, defaultInvite: string): SafeHtml {
  if (p.documents.length === 0) return html`<p>No documents to decide on yet.</p>`;
  return html`<form method="post" action="/backoffice/cases/${p.caseRow.id}/document-decisions" class="doc-decisions">
${csrfField(viewer)}
<div class="table-wrap"><table><caption>Client documents</caption><thead><tr><th scope="col"><span class="visually-hidden">Choose</span></th><th scope="col">Document</th><th scope="col">Reading</th><th scope="col">Analyst decision</th></tr></thead>
<tbody>${documentRows(p)}</tbody></table></div>
<fieldset><legend>Decide on the ticked documents</legend>
<div class="decision-grid">
  ${reasonSelect('dd-accept-reason', 'accept_reason', 'Reason for accepting', DOCUMENT_REASONS.accepted, false)}
  ${reasonSelect('dd-reject-reason', 'reject_reason', 'Reason for rejecting', DOCUMENT_REASONS.rejected, false, 'needed to reject')}
</div>
<div class="field"><label for="dd-text">Explanation for the documents <span class="muted">(needed for "Other"; shown to your system in the API result)</span></label><textarea id="dd-text" name="reason_text" rows="2" maxlength="${MAX_REASON_TEXT}"></textarea></div>
<label class="check"><input type="checkbox" name="new_file" value="1" id="dd-new-file"> Ask the user for a new file (opens a follow-up with the right module)</label>
<div class="field"><label for="dd-invite">E-mail the follow-up's invitation to <span class="muted">(optional)</span></label><input id="dd-invite" name="invite" type="text" value="${defaultInvite}" autocomplete="off" aria-describedby="dd-invite-help"><p id="dd-invite-help" class="help">Addresses separated by commas; leave empty to send no e-mail.</p></div>
<div class="actions"><button type="submit" name="decision" value="accepted" class="btn">Accept ticked documents</button> <button type="submit" name="decision" value="rejected" class="btn btn-danger">Reject ticked documents</button></div>
</fieldset>
</form>`;
}

export function decisionPanel(p: DecisionPanel, viewer: Viewer, o: { defaultInvite: string }): SafeHtml {
  const decided = p.state === 'approved' || p.state === 'rejected';
  const forms = decided
    ? html`<div class="decision-forms">${caseForm(p, viewer, 'reopen', 'Reopen the case', 'Reopen')}</div>`
    : html`<div class="decision-forms">${caseForm(p, viewer, 'approve', p.state === 'awaiting_second_approval' ? 'Give the second approval' : 'Approve', 'Approve')}${caseForm(p, viewer, 'reject', 'Reject', 'Reject')}${caseForm(
        p,
        viewer,
        'request_information',
        'Request more information',
        'Request information',
      )}${p.state === 'information_requested' ? caseForm(p, viewer, 'reopen', 'Reopen the case', 'Reopen') : ''}</div>
<p class="help">To ask the client for something specific, reject documents below with "Ask the user for a new file" or <a href="/backoffice/cases/${p.caseRow.id}/follow-up">create a follow-up</a>.</p>`;
  return html`<section class="card decision-panel" aria-labelledby="decision"><h2 id="decision">Decision</h2>
${statusLine(p)}
${assignment(p, viewer)}
${review(p, viewer)}
<h3>Decide on the case</h3>
${forms}
<h3 id="notes">Notes</h3>
${p.notes.length ? html`<ol class="comments" aria-label="Notes">${p.notes.map((n) => html`<li class="comment"><p class="comment-meta"><strong>${n.by}</strong> · ${shortTime(n.at)}</p><p class="comment-text">${n.text}</p></li>`)}</ol>` : html`<p class="muted">No notes yet.</p>`}
<form method="post" action="/backoffice/cases/${p.caseRow.id}/notes" class="note-form">${csrfField(viewer)}
<div class="field"><label for="note-text">Add a note for your colleagues</label><textarea id="note-text" name="note_text" rows="2" maxlength="${MAX_NOTE}" required></textarea></div>
<button type="submit" class="btn">Save note</button></form>
<h3 id="document-decisions">Document decisions</h3>
${documentsForm(p, viewer, o.defaultInvite)}
</section>`;
}
