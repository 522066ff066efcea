// The case page's screening panel: which lists the case was screened against, every hit on its
// companies and persons with the score and the reasons, and the analyst's decision on each (true
// or false match, with a reason). A false match stays listed, marked, and raises no finding.
import type { ListVersionRow, PanelHit } from '../../screening/screening.service.ts';
import { html, type SafeHtml } from './html.ts';
import { csrfField, type Viewer } from './layout.ts';
import { plural, shortTime } from './components.ts';
import { storedStrings } from '../../lib/stored-json.ts';

export interface ScreeningPanel {
  caseId: string;
  hits: PanelHit[];
  lists: ListVersionRow[];
}

const STATUS: Record<string, string> = {
  open: 'Not reviewed yet',
  true_match: 'Confirmed as a true match',
  false_match: 'Marked as a false match: no finding is raised for it',
};

function hitArticle(h: PanelHit, caseId: string, viewer: Viewer): SafeHtml {
  const reasons = storedStrings(h.reasons, 'screening hit reasons');
  const what = h.topic === 'pep' ? 'PEP list' : 'sanctions list';
  const id = `hit-${h.id.slice(0, 12)}`;
  return html`<article class="finding${h.status === 'false_match' ? '' : h.topic === 'pep' ? ' finding--warning' : ' finding--critical'}" id="${id}">
  <h3 class="finding-text">${h.entity_name} matches “${h.matched_name}” on the ${what} ${h.list_name}</h3>
  <p class="finding-meta">Entry <code>${h.list_entry_id}</code> · score ${h.score.toFixed(2)} · ${STATUS[h.status] ?? h.status}${h.current ? '' : ' · not found by the latest screening'}</p>
  <ul aria-label="Why it matched">${reasons.map((r) => html`<li>${r}</li>`)}</ul>
  ${h.decided_at ? html`<p class="help">Decided by ${h.decided_by ?? 'an analyst'} on ${shortTime(h.decided_at)}: ${h.decision_reason ?? ''}</p>` : ''}
  ${h.changes.length ? html`<div class="flash flash--error" role="note"><p><strong>Changed since the decision</strong>: review whether it still holds.</p><ul aria-label="Changed since the decision">${h.changes.map((c) => html`<li>${c}</li>`)}</ul></div>` : ''}
  <details class="add-comment"><summary>${h.status === 'open' ? 'Decide on this hit' : 'Change the decision'}</summary>
  <form method="post" action="/backoffice/cases/${caseId}/screening/${h.id}" class="comment-form">
    ${csrfField(viewer)}
    <fieldset><legend>Is this the same ${h.topic === 'pep' ? 'person' : 'party'} as the list entry?</legend>
      <label><input type="radio" name="status" value="true_match" required${h.status === 'true_match' ? ' checked' : ''}> True match</label>
      <label><input type="radio" name="status" value="false_match"${h.status === 'false_match' ? ' checked' : ''}> False match</label>
    </fieldset>
    <label for="r-${id}">Reason</label>
    <textarea id="r-${id}" name="reason" rows="2" maxlength="2000" required></textarea>
    <button type="submit" class="btn">Record decision</button>
  </form></details>
</article>`;
}

export function screeningPanel(p: ScreeningPanel, viewer: Viewer): SafeHtml {
  const open = p.hits.filter((h) => h.current && h.status === 'open').length;
  const lists = p.lists.length
    ? html`<p class="help">Screened against ${p.lists.map((l, i) => html`${i ? ', ' : ''}${l.list_name} (${l.topic === 'pep' ? 'PEP' : 'sanctions'}, version of ${l.version_date}, ${l.entry_count.toLocaleString('en')} entries)`)}.</p>`
    : html`<p class="help">No sanctions or PEP list has been imported, so this case has not been screened.</p>`;
  return html`<section class="card" aria-labelledby="screening"><h2 id="screening">Sanctions and PEP screening <span class="count">${p.hits.length}</span></h2>
${lists}
${p.hits.length ? html`<p>${plural(p.hits.length, 'hit')}, ${open} not reviewed yet.</p>${p.hits.map((h) => hitArticle(h, p.caseId, viewer))}` : p.lists.length ? html`<p>No company or person of this case matches an entry of these lists.</p>` : ''}
</section>`;
}
