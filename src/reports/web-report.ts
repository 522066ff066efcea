// Renders a conversation's report as one self-contained HTML page (inline CSS, no scripts, no
// external resources) that an analyst reads on screen or prints to sign off.
import { escapeHtml } from '../lib/html-escape.ts';
import type { ConversationReportData, ReportBrand, ReportDocument, ReportFinding, ReportLogEntry, Severity } from './report-data.ts';
import {
  type Fact,
  NOT_GIVEN,
  SEVERITIES,
  SEVERITY_LABEL,
  attachmentsText,
  caseDataFacts,
  commentByline,
  documentFacts,
  documentTypeLabel,
  extractedFacts,
  formatTimestamp,
  headerFacts,
  humanizeKey,
  keyFindings,
  locatedFindings,
  moduleFacts,
  riskLabel,
  severityCounts,
  sortFindings,
  sourceLabel,
} from './report-view.ts';
import { WEB_REPORT_CSS } from './web-report-style.ts';
import { ownershipFigure } from './ownership-svg.ts';
import { OUTCOME_LABEL, transactionCheck, type TransactionCheckRow } from './transaction-check.ts';

const SECTIONS = [
  ['summary', 'Summary'],
  ['case-data', 'Case data'],
  ['transaction-check', 'Transaction check'],
  ['ownership', 'Ownership'],
  ['modules', 'Modules requested'],
  ['documents', 'Documents'],
  ['other-findings', 'Other findings'],
  ['scoring', 'Scoring factors'],
  ['log', 'Conversation log'],
  ['sign-off', 'Analyst sign-off'],
] as const;

type SectionId = (typeof SECTIONS)[number][0];

export function renderWebReport(data: ConversationReportData, brand?: ReportBrand | null): string {
  const title = `Dossier report: ${data.company_full_name} (case ${data.case_id})`;
  const checks = transactionCheck(data);
  const present = SECTIONS.filter(([id]) => (id === 'transaction-check' ? checks.length > 0 : id === 'ownership' ? Boolean(data.ownership) : true));
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${WEB_REPORT_CSS}</style>`,
    '</head>',
    '<body>',
    '<div class="page">',
    renderHeader(data, present, brand),
    '<main>',
    renderSummary(data),
    renderCaseData(data),
    checks.length > 0 ? renderTransactionCheck(checks) : '',
    data.ownership ? section('ownership', ownershipFigure(data.ownership, 'ownership')) : '',
    renderModules(data),
    renderDocuments(data.documents),
    section('other-findings', renderFindings(data.other_findings, 'No findings outside the documents.')),
    renderScoring(data),
    renderLog(data.conversation_log),
    renderSignOff(),
    '</main>',
    renderFooter(data),
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function section(id: SectionId, body: string): string {
  const heading = SECTIONS.find(([sid]) => sid === id)?.[1] ?? id;
  return `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(heading)}</h2>\n${body}\n</section>`;
}

function renderHeader(data: ConversationReportData, present: readonly (typeof SECTIONS)[number][], brand?: ReportBrand | null): string {
  const facts = headerFacts(data).filter((f) => f.label !== 'Company');
  const nav = present.map(([id, label]) => `<li><a href="#${id}">${escapeHtml(label)}</a></li>`).join('');
  return [
    '<header>',
    brand?.logoPng ? `<img class="brand-logo" src="data:image/png;base64,${brand.logoPng.toString('base64')}" alt="${escapeHtml(brand.displayName ?? '')}">` : '',
    `<p class="eyebrow">${escapeHtml(brand?.displayName ? `${brand.displayName} · verification report` : 'Dossier verification report')}</p>`,
    `<h1>${escapeHtml(data.company_full_name)}</h1>`,
    `<dl class="meta">${facts.map((f) => `<dt>${escapeHtml(f.label)}</dt><dd>${factValue(f)}</dd>`).join('')}</dl>`,
    `<nav aria-label="Report sections"><ol>${nav}</ol></nav>`,
    '</header>',
  ].join('\n');
}

function factValue(fact: Fact): string {
  const text = fact.mono ? `<code>${escapeHtml(fact.value)}</code>` : escapeHtml(fact.value);
  return fact.href ? `<a href="${escapeHtml(fact.href)}" rel="noopener noreferrer">${text}</a>` : text;
}

function factsTable(facts: Fact[], caption: string): string {
  if (facts.length === 0) return `<p class="muted">${escapeHtml(caption)}: nothing recorded.</p>`;
  const rows = facts.map((f) => `<tr><th scope="row">${escapeHtml(f.label)}</th><td>${factValue(f)}</td></tr>`);
  return `<table class="facts"><caption>${escapeHtml(caption)}</caption><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

function badge(severity: Severity): string {
  // The trailing space keeps "Critical" a separate word for screen readers and copied text.
  return `<span class="badge badge--${severity}">${SEVERITY_LABEL[severity]}</span> `;
}

function riskClass(riskLevel: string): string {
  return ['low', 'medium', 'high'].includes(riskLevel) ? ` risk--${riskLevel}` : '';
}

function renderSummary(data: ConversationReportData): string {
  const counts = severityCounts(locatedFindings(data).map((f) => f.finding));
  const total = SEVERITIES.reduce((sum, s) => sum + counts[s], 0);
  const countRows = SEVERITIES.map((s) => `<tr><th scope="row">${badge(s)}</th><td class="num">${counts[s]}</td></tr>`);
  const key = keyFindings(data);
  const keyList = key.length
    ? `<ol class="findings">${key
        .map(({ finding, where }) => {
          const text = `${badge(finding.severity)}${escapeHtml(finding.text)} <span class="muted">(${escapeHtml(where)})</span>`;
          return `<li class="finding finding--${finding.severity}"><p>${text}</p></li>`;
        })
        .join('\n')}</ol>`
    : '<p>No critical or warning findings.</p>';
  const { risk_level, score } = data.scoring;
  return section(
    'summary',
    [
      `<p class="risk${riskClass(risk_level)}"><strong>${escapeHtml(riskLabel(risk_level))}</strong>, score ${escapeHtml(score)} of 100</p>`,
      '<table class="counts"><caption>Findings by severity</caption>',
      '<thead><tr><th scope="col">Severity</th><th scope="col" class="num">Findings</th></tr></thead>',
      `<tbody>${countRows.join('')}</tbody>`,
      `<tfoot><tr><th scope="row">Total</th><td class="num">${total}</td></tr></tfoot></table>`,
      '<h3>Key findings</h3>',
      keyList,
    ].join('\n'),
  );
}

function renderCaseData(data: ConversationReportData): string {
  const { details, transaction } = caseDataFacts(data.case_data);
  const parts = [factsTable(details, 'Case as submitted')];
  if (transaction.length > 0) parts.push('<h3>Transaction</h3>', factsTable(transaction, 'Transaction facts'));
  return section('case-data', parts.join('\n'));
}

const OUTCOME_CLASS = { match: 'risk--low', differs: 'badge--critical', unlinked: 'badge--neutral', not_found: 'badge--neutral' } as const;

/** Case facts beside what each document states, one row per fact and document. */
export function renderTransactionCheck(rows: TransactionCheckRow[]): string {
  const head = ['Fact', 'Case', 'Document', 'Document states', 'Result'].map((h) => `<th scope="col">${h}</th>`).join('');
  const body = rows.map((r) =>
    [
      '<tr>',
      `<th scope="row">${escapeHtml(r.label)}</th>`,
      `<td>${escapeHtml(r.case_value)}</td>`,
      `<td>${r.document ? escapeHtml(r.document.file_name) : NOT_GIVEN}</td>`,
      `<td>${r.document_value === null ? NOT_GIVEN : escapeHtml(r.document_value)}${r.source_key ? ` <span class="muted">(${escapeHtml(r.source_key)})</span>` : ''}</td>`,
      `<td><span class="badge badge--wide ${OUTCOME_CLASS[r.outcome]}">${OUTCOME_LABEL[r.outcome]}</span></td>`,
      '</tr>',
    ].join(''),
  );
  return section(
    'transaction-check',
    `<table class="trx-check"><caption>Transaction facts of the case beside the documents</caption><thead><tr>${head}</tr></thead><tbody>\n${body.join('\n')}\n</tbody></table>`,
  );
}

function renderModules(data: ConversationReportData): string {
  const facts = moduleFacts(data.modules);
  if (facts.length === 0) return section('modules', '<p>No modules were requested.</p>');
  const rows = facts.map((f) => `<tr><th scope="row">${escapeHtml(f.label)}</th><td>${escapeHtml(f.value)}</td></tr>`);
  const head = '<thead><tr><th scope="col">Module</th><th scope="col">Details</th></tr></thead>';
  return section('modules', `<table>${head}<tbody>\n${rows.join('\n')}\n</tbody></table>`);
}

function renderDocuments(documents: ReportDocument[]): string {
  if (documents.length === 0) return section('documents', '<p>No documents were provided.</p>');
  const index = documents.map(
    (d, i) =>
      `<tr><td class="num">${i + 1}</td><td><a href="#document-${i + 1}">${escapeHtml(d.file_name)}</a></td><td>${escapeHtml(documentTypeLabel(d))}</td><td>${escapeHtml(sourceLabel(d))}</td><td><code>${escapeHtml(d.sha256)}</code></td></tr>`,
  );
  const table = `<table class="doc-index"><caption>Document index</caption><thead><tr><th scope="col" class="num">#</th><th scope="col">File</th><th scope="col">Type</th><th scope="col">Source</th><th scope="col">SHA-256</th></tr></thead><tbody>\n${index.join('\n')}\n</tbody></table>`;
  return section('documents', [table, ...documents.map((doc, i) => renderDocument(doc, i + 1, documents.length))].join('\n'));
}

function renderDocument(doc: ReportDocument, n: number, total: number): string {
  const id = `document-${n}`;
  const extracted = extractedFacts(doc);
  const dl = extracted.length
    ? `<dl class="extracted">${extracted.map((f) => `<dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd>`).join('')}</dl>`
    : '<p class="muted">No data was extracted.</p>';
  return [
    `<article class="document" aria-labelledby="${id}">`,
    `<h3 id="${id}">Document ${n} of ${total}: ${escapeHtml(doc.file_name)}</h3>`,
    doc.rejected ? '<p><span class="badge badge--rejected">Rejected</span> This document was rejected.</p>' : '',
    factsTable(documentFacts(doc), 'Document details'),
    '<h4>Extracted data</h4>',
    dl,
    `<h4>Findings (${doc.findings.length})</h4>`,
    renderFindings(doc.findings, 'No findings for this document.'),
    '</article>',
  ]
    .filter(Boolean)
    .join('\n');
}

function renderFindings(findings: ReportFinding[], emptyText: string): string {
  if (findings.length === 0) return `<p>${escapeHtml(emptyText)}</p>`;
  return `<ul class="findings">\n${sortFindings(findings).map(renderFinding).join('\n')}\n</ul>`;
}

function renderFinding(finding: ReportFinding): string {
  const comments = finding.comments.length
    ? `<ul class="comments" aria-label="Comments">${finding.comments
        .map((c) => `<li><p class="muted">Comment by ${escapeHtml(commentByline(c))}</p><p class="comment-text">${escapeHtml(c.comment_text)}</p></li>`)
        .join('')}</ul>`
    : '<p class="muted">No comments.</p>';
  return [
    `<li class="finding finding--${finding.severity}">`,
    `<p>${badge(finding.severity)}${escapeHtml(finding.text)}</p>`,
    `<p class="finding-code">Code <code>${escapeHtml(finding.code)}</code>, issue <code>${escapeHtml(finding.issue_id)}</code></p>`,
    comments,
    '</li>',
  ].join('\n');
}

function renderScoring(data: ConversationReportData): string {
  const { factors, score } = data.scoring;
  const rows = factors.map((f) => `<tr><th scope="row">${escapeHtml(humanizeKey(f.factor))}</th><td class="num">${escapeHtml(f.points)}</td><td>${escapeHtml(f.detail)}</td></tr>`);
  const body = factors.length ? rows.join('\n') : '<tr><td colspan="3">No factors contributed to the score.</td></tr>';
  return section(
    'scoring',
    [
      '<table>',
      '<thead><tr><th scope="col">Factor</th><th scope="col" class="num">Points</th><th scope="col">Detail</th></tr></thead>',
      `<tbody>\n${body}\n</tbody>`,
      `<tfoot><tr><th scope="row">Score</th><td class="num">${escapeHtml(score)}</td><td>${escapeHtml(riskLabel(data.scoring.risk_level))}</td></tr></tfoot>`,
      '</table>',
    ].join('\n'),
  );
}

function renderLog(entries: ReportLogEntry[]): string {
  if (entries.length === 0) return section('log', '<p>No messages were exchanged.</p>');
  const rows = entries.map((e) =>
    [
      '<tr>',
      `<td>${escapeHtml(formatTimestamp(e.at))}</td>`,
      `<td>${escapeHtml(e.author)}</td>`,
      `<td>${escapeHtml(e.module ? humanizeKey(e.module) : NOT_GIVEN)}</td>`,
      `<td>${escapeHtml(e.text)}</td>`,
      `<td>${escapeHtml(attachmentsText(e) || NOT_GIVEN)}</td>`,
      '</tr>',
    ].join(''),
  );
  const head = ['Time', 'Author', 'Module', 'Message', 'Attachments'].map((h) => `<th scope="col">${h}</th>`).join('');
  return section('log', `<table class="log"><thead><tr>${head}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`);
}

function renderSignOff(): string {
  const fields = ['Decision', 'Analyst', 'Date', 'Signature'].map((f) => `<dt>${f}</dt><dd></dd>`).join('');
  return section('sign-off', `<dl class="signoff">${fields}</dl>`);
}

function renderFooter(data: ConversationReportData): string {
  return [
    '<footer>',
    `<p>Generated by Dossier on ${escapeHtml(formatTimestamp(data.generated_at))}. `,
    `Case <code>${escapeHtml(data.case_id)}</code>, conversation <code>${escapeHtml(data.conversation_id)}</code>.</p>`,
    '</footer>',
  ].join('');
}
