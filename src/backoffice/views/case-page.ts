// The case view: the case at a glance (state, risk, ids), scoring with its factors, findings with
// comment threads, documents, conversations, legal entities with the ownership chart, deliveries,
// and the case data as submitted.
import { screeningPanel, type ScreeningPanel } from './screening-panel.ts';
import type { CaseView } from '../case-view.service.ts';
import { caseDataFacts, riskLabel } from '../../reports/report-view.ts';
import { OUTCOME_LABEL } from '../../reports/transaction-check.ts';
import { ownershipFigure } from '../../reports/ownership-svg.ts';
import { entityName } from '../../reports/ownership.ts';
import { formatTimestamp, humanizeKey, riskBadge, shortTime, stateBadge } from './components.ts';
import { conversationsSection, deliveriesSection, documentsSection, failedJobsSection, findingsSection } from './case-sections.ts';
import type { FailedJob } from '../../jobs/backend.ts';
import { answersSection } from './case-answers.ts';
import { NOTHING_NEEDS_ATTENTION, attentionList, factorLabel } from '../../reports/report-reading.ts';
import { html, raw, type SafeHtml } from './html.ts';
import { renderPage, type Flash, type Viewer } from './layout.ts';
import type { DecisionPanel } from '../../decisions/decisions.service.ts';
import { decisionPanel } from './decision-panel.ts';
import { auditTrailSection } from './audit-trail.ts';
import { storedObject, storedStrings } from '../../lib/stored-json.ts';

const NAV: [string, string][] = [
  ['attention', 'What needs attention'],
  ['checks', 'Checks performed'],
  ['scoring', 'Scoring'],
  ['findings', 'Findings'],
  ['answers', 'Answers'],
  ['documents', 'Documents'],
  ['conversations', 'Conversations'],
  ['entities', 'Entities and ownership'],
  ['deliveries', 'Webhooks and e-mails'],
  ['case-data', 'Case data'],
];

function head(v: CaseView): SafeHtml {
  const c = v.caseRow;
  const data = storedObject(c.case_data, 'cases.case_data');
  const stored = c.case_manager ? storedObject(c.case_manager, 'cases.case_manager') : null;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const manager = stored ? { name: text(stored.name), email: text(stored.email) } : null;
  const ready = c.state === 'ready' && c.risk_report_blob;
  return html`<div class="page-head case-head">
  <p class="crumbs"><a href="/backoffice/cases">Cases</a> ›</p>
  <h1>${c.company_full_name}</h1>
  <p class="badges">${stateBadge(c.state)} ${riskBadge(c.risk_level, c.score)} <span class="badge badge-kind">${humanizeKey(c.case_kind)}</span></p>
  <dl class="meta-grid">
    <div><dt>Case id</dt><dd><code id="case-id">${c.id}</code></dd></div>
    <div><dt>Country</dt><dd>${c.company_country_code}</dd></div>
    ${typeof data.company_reg_number === 'string' ? html`<div><dt>Registration number</dt><dd>${data.company_reg_number}</dd></div>` : ''}
    <div><dt>Communication id</dt><dd>${c.communication_id ? html`<code>${c.communication_id}</code>` : '—'}</dd></div>
    ${manager ? html`<div><dt>Case manager</dt><dd>${manager.name ?? ''}${manager.email ? html` · <a href="mailto:${manager.email}">${manager.email}</a>` : ''}</dd></div>` : ''}
    <div><dt>Created</dt><dd>${shortTime(c.created_at)}</dd></div>
  </dl>
  <div class="actions">
    <a class="btn btn-primary" href="/backoffice/cases/${c.id}/follow-up">Ask for more: new follow-up</a>
    ${ready ? html`<a class="btn" href="/backoffice/cases/${c.id}/report.pdf">Case report (PDF)</a>` : c.risk_report_blob ? html`<a class="btn" href="/backoffice/cases/${c.id}/report.pdf">Previous case report (PDF, superseded)</a> <span class="muted small">A follow-up is open; a new case report is made when it is finished.</span>` : html`<span class="muted small">The case report is made when every conversation is finished.</span>`}
  </div>
</div>`;
}

function scoringSection(v: CaseView): SafeHtml {
  const s = v.scoring;
  return html`<section class="card" aria-labelledby="scoring"><h2 id="scoring">Scoring</h2>
<p class="score-line"><span class="score-big badge-risk-${s.risk_level}">${s.score}</span> <span>${riskLabel(s.risk_level)}. ${
    s.source === 'stored'
      ? html`Scored with policy <code>${s.policy_version}</code> on ${formatTimestamp(s.scored_at)}${v.caseRow.state === 'ready' ? '' : '; the case is scored again when its open conversations are finished'}.`
      : html`A preview with policy <code>${s.policy_version}</code> from what the case holds so far; the case is scored when every conversation is finished.`
  }</span></p>
<div class="table-wrap"><table><caption>Factors</caption><thead><tr><th scope="col">Factor</th><th scope="col" class="num">Points</th><th scope="col">Detail</th></tr></thead>
<tbody>${s.factors.map((f) => html`<tr><th scope="row">${factorLabel(f.factor)}</th><td class="num">${f.points}</td><td>${f.detail}</td></tr>`)}</tbody>
<tfoot><tr><th scope="row">Score</th><td class="num">${s.score}</td><td>${riskLabel(s.risk_level)}</td></tr></tfoot></table></div>
</section>`;
}

/** What needs attention across the case's conversations (the same list as the reports'), and the checks of its latest conversation. */
function attentionSection(v: CaseView): SafeHtml {
  const lists = v.conversations.map((c) => attentionList(c.report));
  const everywhere = new Set((lists[0] ?? []).filter((a) => lists.every((l) => l.includes(a))));
  const items = [...(lists.length > 1 ? [...everywhere] : []), ...lists.flatMap((l, i) => (lists.length > 1 ? l.filter((a) => !everywhere.has(a)).map((a) => `Conversation ${i + 1}: ${a}`) : l))];
  const checks = v.conversations.at(-1)?.report.checks ?? [];
  const word = { done: ['badge-risk-low', 'Done'], not_run: ['badge-sev-warning', 'Not done'], not_needed: ['badge-none', 'Not asked for'] } as const;
  return html`<section class="card" aria-labelledby="attention"><h2 id="attention">What needs attention</h2>
${items.length ? html`<ul class="attention">${items.map((a) => html`<li>${a}</li>`)}</ul>` : html`<p>${NOTHING_NEEDS_ATTENTION}</p>`}
</section>
<section class="card" aria-labelledby="checks"><h2 id="checks">Checks performed</h2>
${
  checks.length
    ? html`<div class="table-wrap"><table><caption>What Dossier checked, as of now</caption><thead><tr><th scope="col">Check</th><th scope="col">Result</th><th scope="col">Detail</th></tr></thead><tbody>${checks.map(
        (c) => html`<tr><th scope="row">${c.label}</th><td><span class="badge ${word[c.status][0]}">${word[c.status][1]}</span></td><td>${c.text}</td></tr>`,
      )}</tbody></table></div>`
    : html`<p class="muted">The case has no conversation yet.</p>`
}
</section>`;
}

function entitiesSection(v: CaseView): SafeHtml {
  const ROLE: Record<string, string> = { main_company: 'Main company', account_owner: 'Account owner', counterparty: 'Transaction counterparty' };
  const roles = new Map<string, string>();
  for (const [id, role] of v.entityRoles) if (ROLE[role]) roles.set(id, ROLE[role]);
  for (const e of v.entities) {
    if (e.type !== 'company') continue;
    for (const s of e.shareholders ?? []) if (!roles.has(s.entity_id)) roles.set(s.entity_id, 'Shareholder');
    for (const u of e.ultimate_beneficiary_owners ?? [])
      if (!roles.has(u.person_entity_id) || roles.get(u.person_entity_id) === 'Shareholder') roles.set(u.person_entity_id, 'Ultimate beneficial owner');
  }
  const rows = v.entities.map(
    (e) =>
      html`<tr><th scope="row">${entityName(e)}</th><td>${humanizeKey(e.type)}</td><td>${roles.get(e.entity_id) ?? 'Related'}</td><td>${(e.type === 'company' ? e.company_country_code : (e.residency_country_code ?? e.citizenship_country_code)) || '—'}</td><td><code class="small">${e.entity_id}</code></td></tr>`,
  );
  return html`<section class="card" aria-labelledby="entities"><h2 id="entities">Entities and ownership</h2>
${raw(ownershipFigure(v.ownership, 'case-ownership'))}
<div class="table-wrap"><table><caption>Legal entities</caption><thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Role</th><th scope="col">Country</th><th scope="col">Entity id</th></tr></thead><tbody>${rows}</tbody></table></div>
</section>`;
}

const OUTCOME_CLASS = { match: 'badge-risk-low', differs: 'badge-sev-critical', unlinked: 'badge-none', not_found: 'badge-none' } as const;

function trxCheck(v: CaseView): SafeHtml {
  return html`<div class="table-wrap"><table><caption>Transaction facts beside the documents</caption>
<thead><tr><th scope="col">Fact</th><th scope="col">Case</th><th scope="col">Document</th><th scope="col">Document states</th><th scope="col">Result</th></tr></thead>
<tbody>${v.transaction.map(
    (r) =>
      html`<tr><th scope="row">${r.label}</th><td>${r.case_value}</td><td>${r.document ? html`<a href="#doc-${r.document.document_id}">${r.document.file_name}</a>` : '—'}</td><td>${r.document_value ?? '—'}${r.note ? html` <span class="sub-inline">(${r.note})</span>` : ''}</td><td><span class="badge ${OUTCOME_CLASS[r.outcome]}">${OUTCOME_LABEL[r.outcome]}</span></td></tr>`,
  )}</tbody></table></div>`;
}

function caseDataSection(v: CaseView): SafeHtml {
  const { details, transaction } = caseDataFacts(storedObject(v.caseRow.case_data, 'cases.case_data'));
  const dl = (facts: { label: string; value: string }[]) => html`<dl class="facts">${facts.map((f) => html`<dt>${f.label}</dt><dd>${f.value}</dd>`)}</dl>`;
  return html`<section class="card" aria-labelledby="case-data"><h2 id="case-data">Case data</h2>
${dl(details)}
${transaction.length ? html`<h3>Transaction</h3>${dl(transaction)}` : ''}
${v.transaction.length ? trxCheck(v) : ''}
</section>`;
}

export function casePage(o: {
  viewer: Viewer;
  view: CaseView;
  flash?: Flash | null;
  dialogLink: (id: string) => string;
  decisions?: DecisionPanel;
  screening?: ScreeningPanel;
  failedJobs?: FailedJob[];
}): string {
  const v = o.view;
  return renderPage(
    { title: v.caseRow.company_full_name, viewer: o.viewer, active: 'cases', flash: o.flash ?? null },
    html`${head(v)}
<nav class="section-nav" aria-label="Sections of this case"><ul>${o.decisions ? html`<li><a href="#decision">Decision</a></li>` : ''}${NAV.map(([id, label]) => html`<li><a href="#${id}">${label}</a></li>`)}${o.decisions ? html`<li><a href="#audit">Audit trail</a></li>` : ''}</ul></nav>
<div class="case-body">
${failedJobsSection(o.failedJobs ?? [], o.viewer, v.caseRow.id)}
${o.decisions ? decisionPanel(o.decisions, o.viewer, { defaultInvite: storedStrings(v.caseRow.invitation_email_recipients, 'cases.invitation_email_recipients').join(', ') }) : ''}
${attentionSection(v)}
${scoringSection(v)}
${findingsSection(v.conversations, v.caseRow.id, o.viewer)}
${answersSection(v.conversations)}
${o.screening ? screeningPanel(o.screening, o.viewer) : ''}
${documentsSection(v.conversations)}
${conversationsSection(v.conversations, o.viewer, o.dialogLink, storedStrings(v.caseRow.invitation_email_recipients, 'cases.invitation_email_recipients').length > 0)}
${entitiesSection(v)}
${deliveriesSection(v.deliveries, o.viewer, v.conversations)}
${caseDataSection(v)}
${o.decisions ? auditTrailSection(v.caseRow.id, o.decisions.audit) : ''}
</div>`,
  );
}
