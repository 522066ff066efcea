// The verification section of bench/README.md: how the figures are measured, the latest figures,
// and each target with a pass mark. Written between its own markers; other sections are left alone.
import fs from 'node:fs';

const START = '<!-- verification:start -->';
const END = '<!-- verification:end -->';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Results = any;

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const mark = (ok: boolean) => (ok ? '✅' : '❌');

export function renderSection(r: Results): string {
  const t = r.text_pdfs;
  const s = r.scans;
  const a = r.accuracy;
  const e = r.einvoices;
  const lines: string[] = [
    START,
    '## Verification benchmark (`bench/verification/`)',
    '',
    '### What it measures',
    '',
    '- **Corpus**: `test/corpus/` generates it deterministically (seed 20261120): genuine documents of the 14 types',
    '  (invoices in English, German and French layouts, contracts, bills of lading, charter parties, certificates,',
    '  register extracts, articles, shareholder registers, bank statements, utility bills and bank letters, licences,',
    '  insurance policies, passports with MRZ, packing lists), one to three pages each (general conditions added),',
    '  rendered with pdfkit; one trap document per rule; edited copies (an amount painted over and rewritten in an',
    '  incremental update, with or without an editing tool as producer; or only re-saved by an editing tool); and',
    '  noisy 200 dpi JPEG scans (skew, speckles, blur, JPEG 70–85) of some of them.',
    '- **Verify** = `readDocument` (the reading pool: pdfjs text, forensics, e-invoice, OCR) + the engine',
    '  (classification, extraction, rules, tamper signals), for one document at a time, median of',
    `  ${r.corpus.iterations} runs after a warm-up. **pdfjs** = pdfjs alone (as installed, default settings) extracting`,
    '  the raw text of every page on the main thread, same file, same run. The two are timed in turn on each file',
    "  (pdfjs then verify, then verify then pdfjs, …) so that neither always runs in the other's wake. The ratio is",
    "  taken per document, then its median. A reading thread answers before it closes pdfjs's document, and closes it",
    '  while the engine runs (before it takes the next file): the close is in neither verify nor its reading time.',
    '- **Breakdown only** (a second pass over the same files, after the timed one): pdfjs given the font data the reader',
    '  gives it, and pdfjs set up exactly as a reading thread sets it up (its open parameters and font data, one pdfjs',
    '  handler per thread, Flate streams inflated in the thread rather than in the libuv pool, its messages copied as',
    "  plain data), run back to back on the main thread. What verify takes beyond the latter is the reader's own work",
    '  (raw pass, forensics, lines), the engine, and handing the file to a reading thread and back, that thread waking',
    '  up from idle included.',
    "  Since 2026-11-27 a reading thread copies the messages between pdfjs's two halves (both in the thread) as plain",
    "  data rather than with Node 20's structuredClone, which goes through a MessageChannel for every message (stream",
    "  acknowledgements, text chunks, replies: about a third of pdfjs's own time on a short document), and inflates",
    '  Flate streams without building web streams around them (Node 20 makes and formats an error each time one is',
    "  released). Same text, same results. The reader's CPU time per document (in process, the two ways taken in",
    '  turn, on a loaded machine): 0.20–0.25 ms less for the copies and 0.10–0.25 ms less for the streams, of about 3.2 ms.',
    '  Until 2026-11-21 the font-data run was timed between pdfjs and verify on every file: the reading thread then sat',
    "  idle twice as long before each verify and the main thread carried that run's garbage into it; in paired runs",
    '  on this machine that put the verify/pdfjs ratio 0.1–0.2 higher.',
    '- **Documents per minute**: every genuine text PDF (or scan) through `readDocument` + engine, twice as many in',
    `  flight as reading threads (${r.machine.reading_threads}).`,
    '- **Field accuracy**: every labelled field of the genuine and trap documents (type, numbers, dates, parties,',
    '  amounts…), compared after normalisation (names by normalised name and legal form, amounts in cents, ids',
    '  without spaces). **Precision/recall**: warning and critical findings of the rules against the codes each',
    '  document is labelled with (file problems from reading left out); edited copies are counted apart.',
    '- **E-invoices** (`../shared/data/einvoices`, when present): fields read from the visible text only (the XML is',
    '  hidden from the engine) against the XML values in `manifest.csv`. Names count when exact or close,',
    '  totals by absolute value. "Visible" restricts to files whose text shows the XML value at all: some files',
    '  render another invoice than their XML (`acme_invoice-42` shows "Rechnung Nr. 42" of 31.01.2014 for the XML\'s',
    '  20131122-42 of 2014-11-08; `sample_inofficial…` shows RE-20190121/507 of 21.01.2019 for FA-2017-0010 of',
    '  2017-11-13; `…_508_withBOM` and `incorrect/factur-x-invalid-xml-encoding-attribute` show RE-20190610/507 of',
    '  2019-06-10 for RE-20201121/508 of 2020-11-21), or show a number, date or currency the XML does not have',
    "  (`incorrect/fail1` is dated 08.10.2015 for the XML's 2014-10-08; the 1.0 `Haftpflichtversicherung` premium",
    '  invoice shows only the policy number "VSNR: 01.234.567.8" for the XML\'s 01.234.567.8-2014-1). Checked on the',
    "  pages rendered by poppler and its text: the XML's values appear on none of them, only in their XMP.",
    '',
    `### Results (${r.generated_at.slice(0, 10)}, ${r.machine.cpus} × ${r.machine.model ?? 'CPU'}, Node ${r.machine.node})`,
    '',
    '| target | measured | |',
    '|---|---|---|',
    `| text PDF (1–3 pages) verified, p50 < 150 ms | ${t.verify_p50_ms} ms (p95 ${t.verify_p95_ms} ms) | ${mark(t.verify_p50_ms < 150)} |`,
    `| … and < 1.5 × pdfjs raw text in the same run | ${t.ratio_p50} × (pdfjs p50 ${t.pdfjs_p50_ms} ms) | ${mark(t.ratio_p50 < 1.5)} |`,
    `| where the time goes (p50) | reading ${t.read_total_p50_ms} ms in its thread, of which its pdfjs text stage ${t.read_text_p50_ms} ms; to and from the thread ${t.hop_p50_ms} ms; engine ${t.engine_p50_ms} ms. pdfjs with the reader's font data ${t.pdfjs_font_data_p50_ms} ms (verify ${t.ratio_font_data_p50} × that); pdfjs set up as the reader sets it up ${t.pdfjs_as_reader_p50_ms} ms on the main thread (verify ${t.ratio_as_reader_p50} × that) | |`,
    `| scanned page, p50 < 1.5 s | ${(s.p50_ms / 1000).toFixed(2)} s (p95 ${(s.p95_ms / 1000).toFixed(2)} s) | ${mark(s.p50_ms < 1500)} |`,
    `| field accuracy, text PDFs ≥ 98 % | ${pct(a.text_accuracy)} of ${a.text_fields} fields | ${mark(a.text_accuracy >= 0.98)} |`,
    `| field accuracy, scans ≥ 90 % | ${pct(a.scan_accuracy)} (${s.pages} pages) | ${mark(a.scan_accuracy >= 0.9)} |`,
    `| edited copies flagged ≥ 95 % | ${a.edited_flagged} / ${a.edited_total} | ${mark(a.edited_flagged / a.edited_total >= 0.95)} |`,
    `| finding precision / recall | ${pct(a.finding_precision)} / ${pct(a.finding_recall)} | |`,
    `| documents per minute (pool) | text ${t.per_minute}, scans ${s.per_minute} | |`,
  ];
  if (e) {
    lines.push(
      `| tamper warnings on unmodified e-invoices ≤ 5 % | ${e.tamper_warnings} / ${e.files} (${pct(e.tamper_warning_rate)}; ${e.tamper_info} info only) | ${mark(e.tamper_warning_rate <= 0.05)} |`,
    );
  }
  lines.push('', '#### Text PDFs per document type', '', '| type | docs | pages | verify p50 | verify p95 | pdfjs p50 | ratio p50 | engine p50 | accuracy |', '|---|---|---|---|---|---|---|---|---|');
  for (const [kind, x] of Object.entries<any>(t.by_type)) {
    lines.push(`| ${kind} | ${x.docs} | ${x.pages} | ${x.verify_p50_ms} ms | ${x.verify_p95_ms} ms | ${x.pdfjs_p50_ms} ms | ${x.ratio_p50} × | ${x.engine_p50_ms} ms | ${pct(x.accuracy)} |`);
  }
  lines.push('', '#### Scanned pages (200 dpi JPEG, first page)', '', '| type | pages | p50 | p95 | accuracy | mean OCR confidence |', '|---|---|---|---|---|---|');
  for (const [kind, x] of Object.entries<any>(s.by_type)) {
    lines.push(`| ${kind} | ${x.pages} | ${(x.p50_ms / 1000).toFixed(2)} s | ${(x.p95_ms / 1000).toFixed(2)} s | ${pct(x.accuracy)} | ${x.ocr_confidence ?? '–'} |`);
  }
  if (e) {
    lines.push(
      '',
      `#### E-invoices from their text alone (${e.files} files, ${e.classified_invoice} classified as invoices without the XML)`,
      '',
      '| field | all files | target ≥ 90 % | files whose text shows the value |',
      '|---|---|---|---|',
    );
    const targeted = ['seller_name', 'buyer_name', 'invoice_number', 'issue_date', 'currency', 'grand_total'];
    for (const [field, x] of Object.entries<any>(e.fields)) {
      lines.push(
        `| ${field} | ${pct(x.accuracy)} (${x.correct}/${x.total}) | ${targeted.includes(field) ? mark(x.accuracy >= 0.9) : '–'} | ${pct(x.visible_accuracy)} (${x.visible_correct}/${x.visible_total}) |`,
      );
    }
    const hidden = e.misses.filter((m: any) => !m.visible);
    lines.push(
      '',
      `Misses where the text does show the value: ${
        e.misses
          .filter((m: any) => m.visible)
          .map((m: any) => `${m.file} ${m.field}`)
          .join('; ') || 'none'
      }.`,
    );
    lines.push(`Misses where it does not (text and XML disagree): ${hidden.length}.`);
    const w = (textOnly: boolean) => e.warnings.filter((x: any) => x.text_only === textOnly).map((x: any) => `${x.file} ${x.code}`);
    lines.push(
      '',
      `Warnings on these genuine files (no case data, so only document rules): with the XML ${w(false).length} (${w(false).join('; ') || 'none'}); from the text alone ${w(true).length} (${w(true).join('; ') || 'none'}).`,
    );
  }
  lines.push('', END);
  return lines.join('\n');
}

export function writeSection(readme: string, section: string): void {
  const text = fs.existsSync(readme) ? fs.readFileSync(readme, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const next = start >= 0 && end > start ? text.slice(0, start) + section + text.slice(end + END.length) : `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(readme, next);
}
