// Administrators' page of background jobs: each queue's counts, the jobs that failed for good
// (name, id, attempts, last error, age) and a button that puts one, or all, back in the queue.
import type { FailedJob, QueueStats } from '../../jobs/backend.ts';
import { formatAge } from '../../lib/durations.ts';
import { html } from './html.ts';
import { csrfField, renderPage, type Flash, type Viewer } from './layout.ts';

export function jobsPage(o: { viewer: Viewer; stats: QueueStats[]; failed: FailedJob[]; backend: string; flash?: Flash | null }): string {
  const statRows = o.stats.map(
    (q) =>
      html`<tr><th scope="row"><code>${q.name}</code></th><td>${q.queued}</td><td>${q.active}</td><td>${q.failed}</td><td>${q.dead}</td><td>${q.oldestQueuedAgeSeconds ? formatAge(q.oldestQueuedAgeSeconds) : html`<span class="muted">—</span>`}</td></tr>`,
  );
  const failedRows = o.failed.map(
    (j) => html`<tr data-job="${j.id}">
<th scope="row"><code>${j.name}</code></th>
<td><code>${j.id}</code></td>
<td>${j.attempts}</td>
<td>${j.lastError ?? html`<span class="muted">—</span>`}</td>
<td>${formatAge(j.ageSeconds)}</td>
<td><form method="post" action="/backoffice/jobs/retry" class="inline">${csrfField(o.viewer)}<input type="hidden" name="id" value="${j.id}"><button type="submit" class="btn btn-small">Retry</button></form></td>
</tr>`,
  );
  return renderPage(
    { title: 'Jobs', viewer: o.viewer, flash: o.flash ?? null },
    html`<div class="page-head"><h1>Background jobs</h1><p class="muted">Jobs of this Dossier instance (${o.backend === 'pg-boss' ? 'pg-boss queues' : 'jobs table'}). The command line has the same: <code>dossier jobs failed</code>, <code>dossier jobs retry</code>.</p></div>
<section class="card"><h2>Queues</h2>${
      o.stats.length
        ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Job</th><th scope="col">Queued</th><th scope="col">Running</th><th scope="col">Failed</th><th scope="col">Dead-letter</th><th scope="col">Oldest due</th></tr></thead><tbody>${statRows}</tbody></table></div>`
        : html`<p class="muted">No jobs waiting, running or failed.</p>`
    }</section>
<section class="card"><h2>Failed jobs</h2><p class="muted">Those of your organisation, and those of no organisation in particular (such as fetching the sanctions lists).</p>${
      o.failed.length
        ? html`<form method="post" action="/backoffice/jobs/retry" class="inline">${csrfField(o.viewer)}<input type="hidden" name="all" value="1"><button type="submit" class="btn btn-primary">Retry all</button></form>
<div class="table-wrap"><table><thead><tr><th scope="col">Job</th><th scope="col">Id</th><th scope="col">Attempts</th><th scope="col">Last error</th><th scope="col">Age</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead><tbody>${failedRows}</tbody></table></div>
<p class="help">Retry puts a job back in its queue with a fresh round of attempts.</p>`
        : html`<p class="muted">No failed jobs.</p>`
    }</section>`,
  );
}
