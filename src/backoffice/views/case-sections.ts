// The sections of the case view that list things: findings with their comment threads, documents
// with previews, conversations with their logs, deliveries, and the case's failed background jobs.
import type { ConversationView, DeliveryView } from '../case-view.service.ts';
import type { ReportDocument, ReportFinding, ReportLogEntry } from '../../reports/report-data.ts';
import { documentTitle } from '../../reports/report-reading.ts';
import { SEVERITIES, attachmentsText, authorLabel, documentSender, documentTypeLabel, extractedFacts, formatBytes, safeHttpUrl } from '../../reports/report-view.ts';
import { formatTimestamp, humanizeKey, plural, severityBadge, shortTime, stateBadge } from './components.ts';
import { html, type SafeHtml } from './html.ts';
import { csrfField, type Viewer } from './layout.ts';
import type { FailedJob } from '../../jobs/backend.ts';

export function findingAnchor(conversationId: string, issueId: string): string {
  return `finding-${conversationId.slice(0, 8)}-${issueId}`.replace(/[^\w-]/g, '_');
}

interface Located {
  finding: ReportFinding;
  conv: ConversationView;
  convNumber: number;
  document: ReportDocument | null;
}

function locate(conversations: ConversationView[]): Located[] {
  return conversations.flatMap((conv, i) => [
    ...conv.report.documents.flatMap((d) => d.findings.map((finding) => ({ finding, conv, convNumber: i + 1, document: d }))),
    ...conv.report.other_findings.map((finding) => ({ finding, conv, convNumber: i + 1, document: null })),
  ]);
}

function commentThread(l: Located, caseId: string, viewer: Viewer): SafeHtml {
  const anchor = findingAnchor(l.conv.row.id, l.finding.issue_id);
  const reportedAt = l.conv.reportedAt;
  const items = l.finding.comments.map((c) => {
    const late = reportedAt !== null && c.created_at > reportedAt;
    return html`<li class="comment${late ? ' comment--late' : ''}"><p class="comment-meta"><strong>${authorLabel(c.author)}</strong> · ${shortTime(c.created_at)}${late ? html` · <span class="tag">added after the report</span>` : ''}</p><p class="comment-text">${c.comment_text}</p></li>`;
  });
  const note = reportedAt
    ? html`<p class="help">The reports of this conversation were generated on ${formatTimestamp(reportedAt)} and stay as they were. A comment added now is kept here and goes into the next case report.</p>`
    : html`<p class="help">Comments appear beside this issue in the web and PDF reports.</p>`;
  return html`<div class="thread">
  ${items.length ? html`<ol class="comments" aria-label="Comments">${items}</ol>` : ''}
  <details class="add-comment"><summary>Add a comment</summary>
  <form method="post" action="/backoffice/cases/${caseId}/comments" class="comment-form">
    ${csrfField(viewer)}
    <input type="hidden" name="conversation_id" value="${l.conv.row.id}">
    <input type="hidden" name="issue_id" value="${l.finding.issue_id}">
    <label for="c-${anchor}">Comment on this issue</label>
    <textarea id="c-${anchor}" name="comment_text" rows="3" maxlength="4000" required></textarea>
    ${note}
    <button type="submit" class="btn">Save comment</button>
  </form></details>
</div>`;
}

export function findingsSection(conversations: ConversationView[], caseId: string, viewer: Viewer): SafeHtml {
  const located = locate(conversations);
  const groups = SEVERITIES.map((severity) => {
    const items = located.filter((l) => l.finding.severity === severity);
    if (items.length === 0) return html``;
    return html`<section class="sev-group" aria-labelledby="sev-${severity}">
<h3 id="sev-${severity}">${severityBadge(severity)} ${plural(items.length, 'finding')}</h3>
${items.map(
  (l) => html`<article class="finding finding--${severity}" id="${findingAnchor(l.conv.row.id, l.finding.issue_id)}">
  <p class="finding-text">${l.finding.text}</p>
  <p class="finding-meta">${l.document ? html`Document <a href="#doc-${l.document.document_id}">${l.document.file_name}</a>` : 'Not tied to one document'} · Conversation ${l.convNumber} (${humanizeKey(l.conv.row.conversation_kind)}) · code <code>${l.finding.code}</code> · issue <code>${l.finding.issue_id}</code></p>
  ${commentThread(l, caseId, viewer)}
</article>`,
)}
</section>`;
  });
  return html`<section class="card" aria-labelledby="findings"><h2 id="findings">Findings</h2>
${located.length ? groups : html`<p>No findings so far.</p>`}
</section>`;
}

function preview(d: ReportDocument): SafeHtml {
  const src = `/backoffice/documents/${d.document_id}/preview`;
  if (d.media_type === 'application/pdf') {
    return html`<details class="preview"><summary>Show preview</summary><iframe src="${src}" title="Preview of ${d.file_name}" loading="lazy"></iframe></details>`;
  }
  if (['image/png', 'image/jpeg', 'image/webp'].includes(d.media_type)) {
    return html`<details class="preview"><summary>Show preview</summary><img src="${src}" alt="Preview of ${d.file_name}" loading="lazy"></details>`;
  }
  return html`<p class="muted small">No preview for ${d.media_type}; download the file to open it.</p>`;
}

function documentCard(d: ReportDocument, conversationId: string, log: readonly ReportLogEntry[]): SafeHtml {
  const url = safeHttpUrl(d.source_url);
  const extracted = extractedFacts(d);
  return html`<article class="doc" id="doc-${d.document_id}" aria-labelledby="doc-h-${d.document_id}">
  <header class="doc-head">
    <h4 id="doc-h-${d.document_id}">${documentTitle(d)}<span class="sub">${d.file_name}</span></h4>
    ${d.rejected ? html`<span class="badge badge-rejected">Rejected</span>` : ''}
    <a class="btn btn-small" href="/backoffice/documents/${d.document_id}/download" download>Download</a>
  </header>
  <dl class="facts">
    <dt>Type</dt><dd>${documentTypeLabel(d)}</dd>
    <dt>Source</dt><dd>${documentSender(d, log)}${d.source_url ? html` · ${url ? html`<a href="${url}" rel="noopener noreferrer" target="_blank">${d.source_url}</a>` : d.source_url}` : ''}</dd>
    <dt>Size</dt><dd>${d.media_type}, ${formatBytes(d.size_bytes)}</dd>
    <dt>SHA-256</dt><dd><code class="hash">${d.sha256}</code></dd>
    <dt>Received</dt><dd>${shortTime(d.uploaded_at)}</dd>
    <dt>Findings</dt><dd>${d.findings.length ? html`<ul class="finding-links">${d.findings.map((f) => html`<li><a href="#${findingAnchor(conversationId, f.issue_id)}">${severityBadge(f.severity)} <code>${f.code}</code></a></li>`)}</ul>` : 'None'}</dd>
  </dl>
  ${extracted.length ? html`<details class="extracted"><summary>Extracted fields (${extracted.length})</summary><dl class="facts">${extracted.map((f) => html`<dt>${f.label}</dt><dd>${f.value}</dd>`)}</dl></details>` : html`<p class="muted small">No fields extracted.</p>`}
  ${preview(d)}
</article>`;
}

export function documentsSection(conversations: ConversationView[]): SafeHtml {
  const total = conversations.reduce((n, c) => n + c.report.documents.length, 0);
  return html`<section class="card" aria-labelledby="documents"><h2 id="documents">Documents <span class="count">${total}</span></h2>
${
  total === 0
    ? html`<p>No documents yet.</p>`
    : conversations.map((c, i) =>
        c.report.documents.length
          ? html`<h3 class="group-title">Conversation ${i + 1}: ${humanizeKey(c.row.conversation_kind)}</h3><div class="doc-grid">${c.report.documents.map((d) => documentCard(d, c.row.id, c.report.conversation_log))}</div>`
          : html``,
      )
}
</section>`;
}

function logTable(c: ConversationView): SafeHtml {
  const log = c.report.conversation_log;
  if (log.length === 0) return html`<p class="muted small">No messages.</p>`;
  return html`<details class="log"><summary>Conversation log (${plural(log.length, 'message')})</summary><div class="table-wrap"><table>
<thead><tr><th scope="col">Time</th><th scope="col">Author</th><th scope="col">Module</th><th scope="col">Message</th></tr></thead>
<tbody>${log.map(
    (e) =>
      html`<tr><td>${shortTime(e.at)}</td><td>${authorLabel(e.author)}</td><td>${e.module ? humanizeKey(e.module) : '—'}</td><td class="pre">${e.text}${e.attachments.length ? html`<span class="sub">Attachments: ${attachmentsText(e)}</span>` : ''}</td></tr>`,
  )}</tbody></table></div></details>`;
}

export function conversationsSection(conversations: ConversationView[], viewer: Viewer, dialogLink: (id: string) => string, canInvite: boolean): SafeHtml {
  return html`<section class="card" aria-labelledby="conversations"><h2 id="conversations">Conversations <span class="count">${conversations.length}</span></h2>
${conversations.map((c, i) => {
  const id = c.row.id;
  const modules = c.report.modules.map((m) => {
    const detail = [m.document_name, m.subject, m.question].filter((x) => typeof x === 'string' && x).join(' — ');
    return html`<li>${humanizeKey(m.module)}${detail ? html`: <span class="muted">${detail}</span>` : ''}</li>`;
  });
  return html`<article class="conversation" id="conversation-${id}" aria-labelledby="conv-h-${id}">
  <header class="conv-head"><h3 id="conv-h-${id}">${i + 1}. ${humanizeKey(c.row.conversation_kind)}</h3>${stateBadge(c.row.state)}</header>
  <dl class="facts">
    <dt>Conversation id</dt><dd><code>${id}</code></dd>
    <dt>Opened</dt><dd>${shortTime(c.row.created_at)}</dd>
    <dt>Completed</dt><dd>${shortTime(c.row.completed_at)}</dd>
    <dt>Share of the case score</dt><dd>${c.report.scoring.conversation?.points ?? 0} points from this conversation's findings</dd>
  </dl>
  <p class="label">Modules</p><ul class="modules">${modules}</ul>
  <div class="field dialog-link">
    <label for="link-${id}">Dialog link</label>
    <div class="copy-row"><input id="link-${id}" type="text" readonly value="${dialogLink(id)}"><button type="button" class="btn btn-small" data-copy="link-${id}">Copy link</button></div>
  </div>
  <div class="actions">
    ${c.row.state === 'ready' ? html`<a class="btn" href="/reports/${id}">Web report</a> <a class="btn" href="/backoffice/conversations/${id}/report.pdf">PDF report</a>` : html`<span class="muted small">Reports are generated when the conversation is completed.</span>`}
    ${c.row.state === 'open' && canInvite ? html`<form method="post" action="/backoffice/conversations/${id}/invitation" class="inline">${csrfField(viewer)}<button type="submit" class="btn">Re-send invitation</button></form>` : ''}
  </div>
  ${logTable(c)}
</article>`;
})}
</section>`;
}

const DELIVERY_LABEL: Record<string, string> = { chat_finished: 'chat_finished webhook', follow_up_created: 'New follow-up webhook' };

export function deliveriesSection(deliveries: DeliveryView[], viewer: Viewer, conversations: ConversationView[]): SafeHtml {
  const number = new Map(conversations.map((c, i) => [c.row.id, i + 1]));
  const rows = deliveries.map((d) => {
    const what = d.channel === 'email' ? `E-mail (${d.template ?? 'message'}) to ${d.recipient ?? '—'}` : (DELIVERY_LABEL[d.event_type ?? ''] ?? `${d.event_type ?? 'event'} webhook`);
    const last = d.last_status_code ? `HTTP ${d.last_status_code}` : d.last_error ? d.last_error : '—';
    return html`<tr>
<th scope="row">${what}</th>
<td>${number.get(d.conversation_id) ?? '—'}</td>
<td><span class="badge badge-delivery-${d.status}">${humanizeKey(d.status)}</span></td>
<td class="num">${d.attempts}</td>
<td>${shortTime(d.last_attempt_at)}</td>
<td class="wrap">${last}</td>
<td><form method="post" action="/backoffice/deliveries/${d.id}/resend" class="inline">${csrfField(viewer)}<button type="submit" class="btn btn-small"${d.status === 'pending' && d.attempts === 0 ? html` disabled title="Not attempted yet"` : ''}>Re-send</button></form></td>
</tr>`;
  });
  return html`<section class="card" aria-labelledby="deliveries"><h2 id="deliveries">Webhooks and e-mails <span class="count">${deliveries.length}</span></h2>
${
  deliveries.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Message</th><th scope="col">Conversation</th><th scope="col">Status</th><th scope="col" class="num">Attempts</th><th scope="col">Last attempt</th><th scope="col">Last answer</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p>Nothing has been sent for this case yet.</p>`
}
</section>`;
}

const JOB_LABEL: Record<string, string> = {
  'verification.run': 'Checking a document',
  'conversation.finalize': 'Finishing a conversation (result, reports, webhook)',
  'case.refresh-reports': 'Making the reports again',
  'webhook.deliver': 'Sending a webhook',
  'email.deliver': 'Sending an e-mail',
};

/** The case's background jobs that failed for good, with one button (administrators) that puts them all back in their queue. Nothing when none failed. */
export function failedJobsSection(jobs: FailedJob[], viewer: Viewer, caseId: string): SafeHtml | '' {
  if (jobs.length === 0) return '';
  const rows = jobs.map(
    (j) => html`<tr>
<th scope="row">${JOB_LABEL[j.name] ?? j.name}</th>
<td class="num">${j.attempts}</td>
<td>${shortTime(j.failedAt)}</td>
<td class="wrap">${(j.lastError ?? '—').slice(0, 300)}</td>
</tr>`,
  );
  return html`<section class="card" aria-labelledby="failed-jobs"><h2 id="failed-jobs">Work that failed <span class="count">${jobs.length}</span></h2>
<p>Background work on this case stopped after its retries: the case may stay not ready until it runs again.</p>
<div class="table-wrap"><table><thead><tr><th scope="col">Job</th><th scope="col" class="num">Attempts</th><th scope="col">Failed</th><th scope="col">Last error</th></tr></thead><tbody>${rows}</tbody></table></div>
${
  viewer.role === 'admin'
    ? html`<form method="post" action="/backoffice/cases/${caseId}/jobs/retry">${csrfField(viewer)}<button type="submit" class="btn">Retry ${jobs.length === 1 ? 'it' : `all ${jobs.length}`}</button></form>`
    : html`<p>An administrator of your organisation can retry ${jobs.length === 1 ? 'it' : 'them'} from here.</p>`
}
</section>`;
}
