// Verification benchmark: speed per document type for text PDFs (1–3 pages) against pdfjs's raw
// text extraction in the same run, per scanned page, documents per minute through the reading
// pool, field accuracy and finding precision/recall on the generated corpus, edited copies flagged,
// and the shared e-invoices read from their text alone. See bench/README.md.
//
//   npx tsx bench/verification/run.ts [--per-type 6] [--scans 28] [--iterations 3] [--no-write] [--help]
//
// Writes bench/results/verification.json and the verification section of bench/README.md.
// Timings are reported, never asserted: the process exits 0 whether targets pass or not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { closeReaders, readDocument } from '../../src/document-engine/reading/index.ts';
import { configureReadersAsService } from '../reading-settings.ts';
import { buildCorpus, isEdited } from '../../test/corpus/corpus.ts';
import { editPdf } from '../../test/corpus/edit.ts';
import type { CorpusDoc } from '../../test/corpus/model.ts';
import { renderPdf } from '../../test/corpus/render-pdf.ts';
import { renderScan } from '../../test/corpus/render-scan.ts';
import { runEngine, scoreCorpus, scoreDoc, type DocScore } from '../../test/corpus/score.ts';
import { benchEInvoices } from './einvoices.ts';
import { median, pdfjsAsReader, pdfjsRawText, percentile, readerWantsFontData, round, throughput, timed } from './measure.ts';
import { renderSection, writeSection } from './report.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const { values: args } = parseArgs({
  options: {
    'per-type': { type: 'string', default: '6' },
    scans: { type: 'string', default: '28' },
    iterations: { type: 'string', default: '3' },
    'no-write': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`Verification benchmark (see bench/README.md, section "Verification benchmark").

  npx tsx bench/verification/run.ts [options]

  --per-type N     genuine documents per type in the generated corpus (default 6)
  --scans N        documents also read as scanned pages (default 28)
  --iterations N   timed runs per document, of verify and of pdfjs alone (default 3)
  --no-write       print the results only; leave bench/results/verification.json and bench/README.md alone
  --help           this text`);
  process.exit(0);
}
const iterations = Number(args.iterations);
const opts = { maxPages: 100 };

async function pdfOf(d: CorpusDoc): Promise<Buffer> {
  const r = await renderPdf(d);
  return d.edit ? editPdf(r.bytes, r.placed, d.edit, d.meta.created) : r.bytes;
}

async function verifyPdf(d: CorpusDoc, bytes: Buffer) {
  const read = await readDocument(bytes, 'application/pdf', opts);
  return runEngine(d, read);
}

async function main() {
  configureReadersAsService();
  const corpus = buildCorpus({ perType: Number(args['per-type']), scans: Number(args.scans) });
  console.log(`corpus: ${corpus.length} documents (${corpus.filter(isEdited).length} edited copies, ${corpus.filter((d) => d.scan).length} also as scans)`);
  const pdfs = new Map<string, Buffer>();
  for (const d of corpus) pdfs.set(d.id, await pdfOf(d));

  // Warm-up: start the reading threads and JIT both paths before anything is timed.
  for (const d of corpus.slice(0, 8)) {
    await verifyPdf(d, pdfs.get(d.id)!);
    await pdfjsRawText(pdfs.get(d.id)!);
  }

  // Verify and pdfjs alone, timed in turn on the same file (pdfjs first, then verify first, and so
  // on), so that neither always runs in the other's wake.
  type Timed = {
    d: CorpusDoc;
    pages: number;
    verifyMs: number;
    pdfjsMs: number;
    pdfjsFontsMs: number;
    pdfjsReaderMs: number;
    engineMs: number;
    readTextMs: number;
    readTotalMs: number;
    hopMs: number;
    score: DocScore & { edited: boolean };
  };
  const perDoc: Timed[] = [];
  for (const d of corpus) {
    const bytes = pdfs.get(d.id)!;
    const v: number[] = [];
    const p: number[] = [];
    const e: number[] = [];
    const rt: number[] = [];
    const rtot: number[] = [];
    const hop: number[] = [];
    const outputs: ReturnType<typeof runEngine>[] = [];
    const verify = async () => {
      const t = performance.now();
      const read = await readDocument(bytes, 'application/pdf', opts);
      const te = performance.now();
      rt.push(read.timings.text ?? 0);
      rtot.push(read.timings.total ?? 0);
      hop.push(read.timings.pool ?? 0);
      outputs.push(runEngine(d, read));
      const end = performance.now();
      v.push(end - t);
      e.push(end - te);
    };
    const pdfjs = async () => p.push((await timed(() => pdfjsRawText(bytes))).ms);
    for (let i = 0; i < iterations; i++) {
      for (const step of i % 2 === 0 ? [pdfjs, verify] : [verify, pdfjs]) await step();
    }
    perDoc.push({
      d,
      pages: d.pages.length,
      verifyMs: median(v),
      pdfjsMs: median(p),
      pdfjsFontsMs: NaN,
      pdfjsReaderMs: NaN,
      readTextMs: median(rt),
      readTotalMs: median(rtot),
      hopMs: median(hop),
      engineMs: median(e),
      score: { ...scoreDoc(d, outputs[outputs.length - 1]), edited: isEdited(d) },
    });
  }

  // For the breakdown only, in a pass of their own over the same files (timed between the two above,
  // they would leave the reading thread idle longer before each verify): pdfjs given the reader's
  // font data, and pdfjs set up exactly as the reader sets it up.
  for (const x of perDoc) {
    if (x.score.edited) continue;
    const bytes = pdfs.get(x.d.id)!;
    const standardFonts = readerWantsFontData(bytes);
    const pf: number[] = [];
    const pr: number[] = [];
    for (let i = 0; i < iterations; i++) {
      pf.push((await timed(() => pdfjsRawText(bytes, true))).ms);
      pr.push((await timed(() => pdfjsAsReader(bytes, standardFonts))).ms);
    }
    x.pdfjsFontsMs = median(pf);
    x.pdfjsReaderMs = median(pr);
  }

  const genuine = perDoc.filter((x) => !x.score.edited);
  const byType: Record<string, { docs: number; pages: string; verify_p50_ms: number; verify_p95_ms: number; pdfjs_p50_ms: number; engine_p50_ms: number; ratio_p50: number; accuracy: number }> = {};
  const text = scoreCorpus(perDoc.map((x) => x.score));
  for (const kind of [...new Set(genuine.map((x) => x.d.kind))]) {
    const xs = genuine.filter((x) => x.d.kind === kind);
    const pages = xs.map((x) => x.pages);
    byType[kind] = {
      docs: xs.length,
      pages: `${Math.min(...pages)}–${Math.max(...pages)}`,
      verify_p50_ms: round(median(xs.map((x) => x.verifyMs))),
      verify_p95_ms: round(
        percentile(
          xs.map((x) => x.verifyMs),
          95,
        ),
      ),
      pdfjs_p50_ms: round(median(xs.map((x) => x.pdfjsMs))),
      engine_p50_ms: round(median(xs.map((x) => x.engineMs)), 2),
      ratio_p50: round(median(xs.map((x) => x.verifyMs / x.pdfjsMs)), 2),
      accuracy: round(text.byType[kind]?.accuracy ?? 1, 4),
    };
  }
  const allVerify = genuine.map((x) => x.verifyMs);
  const textSummary = {
    docs: genuine.length,
    verify_p50_ms: round(median(allVerify)),
    verify_p95_ms: round(percentile(allVerify, 95)),
    pdfjs_p50_ms: round(median(genuine.map((x) => x.pdfjsMs))),
    engine_p50_ms: round(median(genuine.map((x) => x.engineMs)), 2),
    ratio_of_p50s: round(median(allVerify) / median(genuine.map((x) => x.pdfjsMs)), 2),
    ratio_p50: round(median(genuine.map((x) => x.verifyMs / x.pdfjsMs)), 2),
    pdfjs_font_data_p50_ms: round(median(genuine.map((x) => x.pdfjsFontsMs))),
    ratio_font_data_p50: round(median(genuine.map((x) => x.verifyMs / x.pdfjsFontsMs)), 2),
    pdfjs_as_reader_p50_ms: round(median(genuine.map((x) => x.pdfjsReaderMs))),
    ratio_as_reader_p50: round(median(genuine.map((x) => x.verifyMs / x.pdfjsReaderMs)), 2),
    read_text_p50_ms: round(median(genuine.map((x) => x.readTextMs))),
    read_total_p50_ms: round(median(genuine.map((x) => x.readTotalMs))),
    hop_p50_ms: round(median(genuine.map((x) => x.hopMs)), 2),
  };
  console.log('text PDFs', textSummary, 'accuracy', round(text.accuracy, 4));

  const pool = os.availableParallelism();
  const textWall = await throughput(
    genuine.map((x) => () => verifyPdf(x.d, pdfs.get(x.d.id)!)),
    pool * 2,
  );
  const textPerMinute = round((genuine.length / textWall) * 60_000, 0);

  // Scans: the first page of the chosen documents as JPEG, read with OCR (after one page that starts the OCR engines).
  const scanned = corpus.filter((d) => d.scan);
  const scanPages = new Map<string, Buffer>();
  for (const d of scanned) scanPages.set(d.id, (await renderScan(d))[0]);
  for (let i = 0; i < Math.min(pool, scanned.length); i++) await readDocument(scanPages.get(scanned[i].id)!, 'image/jpeg', opts);
  const scanResults: { d: CorpusDoc; ms: number; score: DocScore & { edited: boolean }; confidence: number | undefined }[] = [];
  for (const d of scanned) {
    const t = performance.now();
    const read = await readDocument(scanPages.get(d.id)!, 'image/jpeg', opts);
    const out = runEngine(d, read, `${d.id}.jpg`);
    scanResults.push({ d, ms: performance.now() - t, score: { ...scoreDoc(d, out), edited: false }, confidence: read.pages[0]?.ocrConfidence });
  }
  const scans = scoreCorpus(scanResults.map((x) => x.score));
  const scanWall = await throughput(
    scanned.map((d) => () => readDocument(scanPages.get(d.id)!, 'image/jpeg', opts)),
    pool * 2,
  );
  const scanSummary = {
    pages: scanned.length,
    p50_ms: round(median(scanResults.map((x) => x.ms))),
    p95_ms: round(
      percentile(
        scanResults.map((x) => x.ms),
        95,
      ),
    ),
    per_minute: round((scanned.length / scanWall) * 60_000, 0),
    accuracy: round(scans.accuracy, 4),
    by_type: Object.fromEntries(
      [...new Set(scanResults.map((x) => x.d.kind))].map((kind) => {
        const xs = scanResults.filter((x) => x.d.kind === kind);
        const conf = xs.map((x) => x.confidence).filter((c): c is number => c !== undefined);
        return [
          kind,
          {
            pages: xs.length,
            p50_ms: round(median(xs.map((x) => x.ms))),
            p95_ms: round(
              percentile(
                xs.map((x) => x.ms),
                95,
              ),
            ),
            accuracy: round(scoreCorpus(xs.map((x) => x.score)).accuracy, 3),
            ocr_confidence: conf.length ? Math.round(conf.reduce((a, b) => a + b, 0) / conf.length) : null,
          },
        ];
      }),
    ),
    misses: scanResults.flatMap((x) => x.score.wrong.map((w) => ({ id: x.d.id, ...w }))),
  };
  console.log('scans', { ...scanSummary, by_type: undefined, misses: scanSummary.misses.length });

  const einvoices = await benchEInvoices(path.resolve(repoRoot, '..', 'shared', 'data', 'einvoices'));
  await closeReaders();

  const results = {
    generated_at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? null, node: process.version, reading_threads: pool },
    corpus: { documents: corpus.length, genuine: text.fields ? genuine.length : 0, edited: text.editedTotal, scans: scanned.length, iterations },
    text_pdfs: { ...textSummary, per_minute: textPerMinute, by_type: byType },
    scans: scanSummary,
    accuracy: {
      text_fields: text.fields,
      text_accuracy: round(text.accuracy, 4),
      scan_accuracy: round(scans.accuracy, 4),
      finding_precision: round(text.precision, 4),
      finding_recall: round(text.recall, 4),
      false_positives: text.falsePositives,
      false_negatives: text.falseNegatives,
      edited_flagged: text.editedFlagged,
      edited_total: text.editedTotal,
    },
    einvoices,
  };
  if (!args['no-write']) {
    fs.mkdirSync(path.join(repoRoot, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, 'bench', 'results', 'verification.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeSection(path.join(repoRoot, 'bench', 'README.md'), renderSection(results));
  }
  console.log(renderSection(results));
}

await main();
