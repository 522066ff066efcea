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
  authorLabel,
  caseDataFacts,
  commentByline,
  documentSender,
  formatTimestamp,
  humanizeKey,
  locatedFindings,
  moduleFacts,
  riskLabel,
  safeHttpUrl,
  severityCounts,
  sortFindings,
} from './report-view.ts';
import { WEB_REPORT_CSS } from './web-report-style.ts';
import {
  NOTHING_NEEDS_ATTENTION,
  allAnswers,
  answerStatus,
  documentKind,
  documentTitle,
  documentTables,
  factorLabel,
  plainSummary,
  repeatedDocuments,
  technicalFacts,
  uniqueDocuments,
  withArticle,
  type FactTable,
} from './report-reading.ts';
import { ownershipFigure } from './ownership-svg.ts';
import { OUTCOME_LABEL, transactionCheck, type TransactionCheckRow } from './transaction-check.ts';

const SECTIONS = [
  ['summary', 'Summary'],
  ['checks', 'Checks performed'],
  ['answers', 'Answers'],
  ['transaction-check', 'Transaction check'],
  ['ownership', 'Ownership'],
  ['documents', 'Documents'],
  ['other-findings', 'Other findings'],
  ['scoring', 'Risk score'],
  ['sign-off', 'Analyst sign-off'],
  ['appendix', 'Technical appendix'],
] as const;

type SectionId = (typeof SECTIONS)[number][0];

export function renderWebReport(data: ConversationReportData, brand?: ReportBrand | null, thumbnails?: ReadonlyMap<string, Buffer>): string {
  const title = `Dossier report: ${data.company_full_name} (case ${data.case_id})`;
  const checks = transactionCheck(data);
  const shown: Record<string, boolean> = {
    answers: allAnswers(data).length > 0,
    'transaction-check': checks.length > 0,
    ownership: Boolean(data.ownership),
    'other-findings': data.other_findings.length > 0,
    checks: (data.checks ?? []).length > 0,
  };
  const present = SECTIONS.filter(([id]) => shown[id] ?? true);
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
    shown.checks ? renderChecks(data) : '',
    shown.answers ? renderAnswers(data) : '',
    checks.length > 0 ? renderTransactionCheck(checks) : '',
    data.ownership
      ? section(
          'ownership',
          data.ownership.shareholdings.length || data.ownership.ubos.length
            ? ownershipFigure(data.ownership, 'ownership')
            : '<p>No shareholders or beneficial owners are known for this company yet.</p>',
        )
      : '',
    renderDocuments(data, thumbnails),
    shown['other-findings'] ? section('other-findings', renderFindings(data.other_findings, 'No findings outside the documents.')) : '',
    renderScoring(data),
    renderSignOff(),
    renderAppendix(data),
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
  const facts: Fact[] = [
    { label: 'Case id', value: data.case_id, mono: true },
    { label: 'Conversation id', value: data.conversation_id, mono: true },
    ...(data.communication_id ? [{ label: 'Your reference', value: data.communication_id, mono: true }] : []),
  ];
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
  const summary = plainSummary(data);
  const { risk_level, score } = data.scoring;
  const attention = summary.attention.length ? `<ul class="attention">${summary.attention.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>` : `<p>${escapeHtml(NOTHING_NEEDS_ATTENTION)}</p>`;
  return section(
    'summary',
    [
      `<p class="risk${riskClass(risk_level)}"><strong>${escapeHtml(riskLabel(risk_level))}</strong>, score ${escapeHtml(score)} of 100</p>`,
      ...[summary.who, summary.what, summary.risk, summary.decision].filter((x): x is string => !!x).map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p class="muted">Findings: ${SEVERITIES.map((sev) => `${counts[sev]} ${SEVERITY_LABEL[sev].toLowerCase()}`).join(', ')}.</p>`,
      '<h3>What needs attention</h3>',
      attention,
    ].join('\n'),
  );
}

const CHECK_BADGE = { done: ['risk--low', 'Done'], not_run: ['badge--critical', 'Not done'], not_needed: ['badge--neutral', 'Not asked for'] } as const;

/** What Dossier checked, and what it did not check with why. */
function renderChecks(data: ConversationReportData): string {
  const rows = (data.checks ?? []).map(
    (c) => `<tr><th scope="row">${escapeHtml(c.label)}</th><td><span class="badge badge--wide ${CHECK_BADGE[c.status][0]}">${CHECK_BADGE[c.status][1]}</span></td><td>${escapeHtml(c.text)}</td></tr>`,
  );
  return section(
    'checks',
    `<table class="checks"><caption>What Dossier checked for this report</caption><thead><tr><th scope="col">Check</th><th scope="col">Result</th><th scope="col">Detail</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`,
  );
}

function renderAnswers(data: ConversationReportData): string {
  const items = allAnswers(data).map((a) => {
    const lines = a.answer.length ? a.answer : [a.status === 'pending' ? 'Not answered.' : NOT_GIVEN];
    return [
      '<div class="answer">',
      `<h3>${escapeHtml(a.question)}</h3>`,
      a.prompt ? `<p class="muted">${escapeHtml(a.prompt)}</p>` : '',
      ...lines.map((l) => `<p class="answer-text">${a.status === 'skipped' ? 'Reason given: ' : ''}${escapeHtml(l)}</p>`),
      `<p class="muted">${escapeHtml(answerStatus(a))}</p>`,
      '</div>',
    ]
      .filter(Boolean)
      .join('');
  });
  return section('answers', items.join('\n'));
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
      `<td>${r.document_value === null ? NOT_GIVEN : escapeHtml(r.document_value)}${r.note ? ` <span class="muted">(${escapeHtml(r.note)})</span>` : ''}</td>`,
      `<td><span class="badge badge--wide ${OUTCOME_CLASS[r.outcome]}">${OUTCOME_LABEL[r.outcome]}</span></td>`,
      '</tr>',
    ].join(''),
  );
  return section(
    'transaction-check',
    `<table class="trx-check"><caption>Transaction facts of the case beside the documents</caption><thead><tr>${head}</tr></thead><tbody>\n${body.join('\n')}\n</tbody></table>`,
  );
}

function renderDocuments(data: ConversationReportData, thumbnails?: ReadonlyMap<string, Buffer>): string {
  const documents = data.documents;
  if (documents.length === 0) return section('documents', '<p>No documents were provided.</p>');
  const shown = uniqueDocuments(documents);
  const repeated = [...repeatedDocuments(documents)].map(([id, earlier]) => {
    const again = documents.find((d) => d.document_id === id);
    return `<p class="muted">${escapeHtml(again?.file_name ?? id)} is the same file as ${escapeHtml(earlier)} (sent again); it is shown once.</p>`;
  });
  return section(
    'documents',
    [...shown.map((doc, i) => renderDocument(doc, i + 1, shown.length, documentSender(doc, data.conversation_log), thumbnails?.get(doc.document_id))), ...repeated].join('\n'),
  );
}

function renderFactTable(t: FactTable): string {
  const cls = (i: number) => (t.numeric?.includes(i) ? ' class="num"' : '');
  const head = t.columns.map((c, i) => `<th scope="col"${cls(i)}>${escapeHtml(c)}</th>`).join('');
  const rows = t.rows.map((r) => `<tr>${r.map((v, i) => (i === 0 ? `<th scope="row">${escapeHtml(v)}</th>` : `<td${cls(i)}>${escapeHtml(v)}</td>`)).join('')}</tr>`);
  return `<table class="doc-facts"><caption>${escapeHtml(t.title)}</caption><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function renderDocument(doc: ReportDocument, n: number, total: number, sender: string, thumbnail?: Buffer): string {
  const id = `document-${n}`;
  const kind = documentKind(doc);
  const tables = documentTables(doc);
  const pages = doc.extracted_data.page_count;
  const about = `${withArticle(kind).replace(/^./, (c) => c.toUpperCase())}${doc.document_type && humanizeKey(doc.document_type).toLowerCase() !== kind ? `, asked for as ${withArticle(humanizeKey(doc.document_type).toLowerCase())}` : ''}. ${
    sender
  } on ${formatTimestamp(doc.uploaded_at)}${typeof pages === 'number' ? `, ${pages} page${pages === 1 ? '' : 's'}` : ''}.`;
  const link = safeHttpUrl(doc.source_url);
  return [
    `<article class="document" aria-labelledby="${id}">`,
    `<h3 id="${id}">${total > 1 ? `${n}. ` : ''}${escapeHtml(documentTitle(doc))}: ${escapeHtml(doc.file_name)}</h3>`,
    thumbnail ? `<img class="thumb" src="data:image/png;base64,${thumbnail.toString('base64')}" alt="First page of ${escapeHtml(doc.file_name)}" width="120">` : '',
    doc.rejected ? '<p><span class="badge badge--rejected">Rejected</span> This document could not be used.</p>' : '',
    `<p>${escapeHtml(about)}</p>`,
    doc.source_url ? `<p>${link ? `<a href="${escapeHtml(link)}" rel="noopener noreferrer">${escapeHtml(doc.source_url)}</a>` : escapeHtml(doc.source_url)}</p>` : '',
    tables.length ? tables.map(renderFactTable).join('\n') : '<p class="muted">No facts were read from this document.</p>',
    `<h4>Findings${doc.findings.length ? ` (${doc.findings.length})` : ''}</h4>`,
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
    ? `<ul class="comments" aria-label="Explanations">${finding.comments
        .map((c) => `<li><p class="muted">Explanation from ${escapeHtml(commentByline(c))}</p><p class="comment-text">${escapeHtml(c.comment_text)}</p></li>`)
        .join('')}</ul>`
    : '';
  return [
    `<li class="finding finding--${finding.severity}">`,
    `<p>${badge(finding.severity)}${escapeHtml(finding.text)}</p>`,
    comments,
    `<p class="finding-code">Code <code>${escapeHtml(finding.code)}</code>, issue <code>${escapeHtml(finding.issue_id)}</code></p>`,
    '</li>',
  ]
    .filter(Boolean)
    .join('\n');
}

function renderScoring(data: ConversationReportData): string {
  const { factors, score, policy_version } = data.scoring;
  const rows = factors.map((f) => `<tr><th scope="row">${escapeHtml(factorLabel(f.factor))}</th><td class="num">${escapeHtml(f.points)}</td><td>${escapeHtml(f.detail)}</td></tr>`);
  const body = factors.length ? rows.join('\n') : '<tr><td colspan="3">No factors contributed to the score.</td></tr>';
  const own = data.scoring.conversation;
  const share = own
    ? `<p class="muted">This conversation's share of the case score: ${own.points} point${own.points === 1 ? '' : 's'}${own.factors.length ? ` from ${escapeHtml(own.factors.map((f) => `${f.detail} (${f.points})`).join(', '))}` : ' (its findings add nothing)'}.</p>`
    : '';
  return section(
    'scoring',
    [
      `<p>The case scores ${escapeHtml(score)} of 100 (${escapeHtml(riskLabel(data.scoring.risk_level).toLowerCase())}) under scoring policy <code>${escapeHtml(policy_version)}</code>. Points add up from a baseline:</p>`,
      '<table>',
      '<thead><tr><th scope="col">Factor</th><th scope="col" class="num">Points</th><th scope="col">Detail</th></tr></thead>',
      `<tbody>\n${body}\n</tbody>`,
      `<tfoot><tr><th scope="row">Case score</th><td class="num">${escapeHtml(score)}</td><td>${escapeHtml(riskLabel(data.scoring.risk_level))}</td></tr></tfoot>`,
      '</table>',
      share,
    ].join('\n'),
  );
}

function renderAppendix(data: ConversationReportData): string {
  const { details, transaction } = caseDataFacts(data.case_data);
  const modules = moduleFacts(data.modules);
  return section(
    'appendix',
    [
      '<p class="muted">How each document was read and stored, the case as it was submitted, the modules requested and the full conversation log.</p>',
      '<h3>Case as submitted</h3>',
      factsTable([...details, ...transaction], 'Case as submitted'),
      '<h3>Modules requested</h3>',
      modules.length ? factsTable(modules, 'Modules requested') : '<p>No modules were requested.</p>',
      ...data.documents.map((d, i) => `<h3>Document ${i + 1}: ${escapeHtml(d.file_name)}</h3>\n${factsTable(technicalFacts(d), 'How the document was read')}`),
      '<h3>Conversation log</h3>',
      renderLog(data.conversation_log),
    ].join('\n'),
  );
}

function renderLog(entries: ReportLogEntry[]): string {
  if (entries.length === 0) return '<p>No messages were exchanged.</p>';
  const rows = entries.map((e) =>
    [
      '<tr>',
      `<td>${escapeHtml(formatTimestamp(e.at))}</td>`,
      `<td>${escapeHtml(authorLabel(e.author))}</td>`,
      `<td>${escapeHtml(e.module ? humanizeKey(e.module) : NOT_GIVEN)}</td>`,
      `<td>${escapeHtml(e.text)}</td>`,
      `<td>${escapeHtml(attachmentsText(e) || NOT_GIVEN)}</td>`,
      '</tr>',
    ].join(''),
  );
  const head = ['Time', 'Author', 'Module', 'Message', 'Attachments'].map((h) => `<th scope="col">${h}</th>`).join('');
  return `<table class="log"><thead><tr>${head}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
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
