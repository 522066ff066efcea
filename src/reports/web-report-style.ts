// The web report's inline stylesheet, kept apart from the markup so both stay readable. Colour
// pairs meet WCAG AA contrast (most reach AAA) and every coloured mark also carries a word.
export const WEB_REPORT_CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body {
  margin: 0; background: #f4f5f7; color: #1a1a1a;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
.page { max-width: 64rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; background: #fff; }
a { color: #0b57a4; }
a:focus-visible { outline: 3px solid #0b57a4; outline-offset: 2px; }
h1, h2, h3, h4 { line-height: 1.25; margin: 1.6em 0 .5em; }
h1 { font-size: 1.75rem; margin-top: .25rem; }
h2 { font-size: 1.3rem; padding-bottom: .25rem; border-bottom: 2px solid #d0d5dd; }
h3 { font-size: 1.1rem; }
h4 { font-size: 1rem; color: #333; }
.brand-logo { display: block; max-height: 48px; max-width: 220px; margin: 0 0 .5rem; }
.eyebrow { margin: 0; color: #4a4a4a; font-size: .85rem; letter-spacing: .06em; text-transform: uppercase; }
code, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .9em; }
table { width: 100%; border-collapse: collapse; margin: .5rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { text-align: left; vertical-align: top; padding: .4rem .6rem; border-bottom: 1px solid #d0d5dd; }
thead th { background: #eef0f3; border-bottom: 2px solid #98a2b3; }
tbody th { width: 14rem; font-weight: 600; color: #333; }
td, dd { overflow-wrap: anywhere; white-space: pre-line; }
td.num, th.num { text-align: right; white-space: nowrap; }
.facts tbody th { background: #f8f9fb; }
dl.extracted { display: grid; grid-template-columns: minmax(8rem, 14rem) 1fr; gap: .25rem 1rem; margin: .5rem 0 1rem; }
dl.extracted dt { font-weight: 600; color: #333; }
dl.extracted dd { margin: 0; }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .75rem 0 0; }
.meta dt { color: #4a4a4a; }
.meta dd { margin: 0; }
nav ol { display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: 0; margin: 1rem 0 0; list-style: none; }
.badge {
  display: inline-block; min-width: 5.2em; padding: .05rem .45rem; margin-right: .4rem; border: 1px solid;
  border-radius: .25rem; font-size: .8rem; font-weight: 700; text-align: center; text-transform: uppercase;
  letter-spacing: .03em; vertical-align: .05em;
}
.badge--critical, .risk--high { background: #fde2e2; color: #7f1010; border-color: #b42318; }
.badge--warning, .risk--medium { background: #fef0c7; color: #5c3a00; border-color: #b54708; }
.badge--info { background: #e0ecfb; color: #0b3d7a; border-color: #1f5fae; }
.risk--low { background: #dcf3e4; color: #0f5132; border-color: #1e7b45; }
.badge--rejected { background: #1a1a1a; color: #fff; border-color: #1a1a1a; }
.badge--neutral { background: #eef0f3; color: #1a1a1a; border-color: #667085; }
.badge--wide { text-transform: none; letter-spacing: 0; white-space: nowrap; }
figure.ownership { margin: .5rem 0 1rem; }
.ownership-scroll { overflow-x: auto; border: 1px solid #d0d5dd; border-radius: .25rem; padding: .5rem; background: #fbfcfd; }
svg.ownership-chart { display: block; max-width: 100%; height: auto; margin: 0 auto; }
figure.ownership figcaption { color: #4a4a4a; font-size: .85rem; margin-top: .35rem; }
table.trx-check tbody th { width: 9rem; }
.risk { display: inline-block; padding: .5rem .9rem; border: 2px solid #667085; border-radius: .35rem; font-size: 1.1rem; margin: .25rem 0 .75rem; }
.findings, .comments { list-style: none; padding: 0; margin: .25rem 0 1rem; }
.finding { padding: .6rem .75rem; margin: 0 0 .6rem; border: 1px solid #d0d5dd; border-left-width: 5px; border-radius: .25rem; }
.finding--critical { border-left-color: #b42318; }
.finding--warning { border-left-color: #b54708; }
.finding--info { border-left-color: #1f5fae; }
.finding p { margin: 0; }
.finding-code, .muted { color: #4a4a4a; font-size: .85rem; }
.comments { margin: .5rem 0 0 1rem; padding-left: .75rem; border-left: 2px solid #d0d5dd; }
.comments li { margin: .35rem 0; }
.comment-text { white-space: pre-line; overflow-wrap: anywhere; }
.document { padding: .25rem 0 1rem; border-bottom: 1px dashed #98a2b3; display: flow-root; }
.document .thumb { float: right; width: 120px; height: auto; margin: 0 0 .75rem 1rem; border: 1px solid #c4c9d1; }
.document .doc-facts { clear: both; }
.attention li { margin: .2rem 0; }
.answer { margin: 0 0 .9rem; }
.answer h3 { margin-bottom: .2rem; }
.answer-text { margin: .15rem 0 .15rem 1rem; white-space: pre-wrap; }
.finding-code { font-size: .75rem; color: #5f6b7a; }
#appendix table { font-size: .85rem; }
#appendix caption, .document .doc-facts caption { text-align: left; font-weight: 600; }
#appendix caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.signoff { display: grid; grid-template-columns: max-content 1fr; gap: 1.5rem 1rem; margin: 1rem 0; }
.signoff dt { font-weight: 600; }
.signoff dd { margin: 0; border-bottom: 1px solid #1a1a1a; min-height: 1.5rem; }
footer { margin-top: 2rem; color: #4a4a4a; font-size: .85rem; }
@media print {
  @page { size: A4; margin: 16mm 14mm; }
  body { background: #fff; font-size: 10pt; }
  .page { max-width: none; padding: 0; }
  nav { display: none; }
  a { color: #000; }
  a[href^="http"]::after { content: " (" attr(href) ")"; font-size: .85em; overflow-wrap: anywhere; }
  h2, h3, h4 { break-after: avoid; page-break-after: avoid; }
  tr, .finding, .comments li, dl.extracted, .signoff, figure { break-inside: avoid; page-break-inside: avoid; }
  .ownership-scroll { border: 0; padding: 0; overflow: visible; }
  .document { break-before: auto; }
  thead { display: table-header-group; }
  .badge, .risk { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}
`;
