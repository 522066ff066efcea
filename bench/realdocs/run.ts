// Real-documents benchmark: every document of the real-documents folder (default
// ../shared/data/realdocs beside the repository, or --dir) is verified the way a client would do
// it, through the public API of a real Dossier (embedded SQLite, fresh data folder): create a case
// with the expected file's company and user, upload the file, ask for a verification of the
// requested type, wait for its findings, complete the conversation and read the document's
// extracted_data from the case result. Each answer is scored against the values a person read
// (score.ts). With --direct the reader and the engine are called in-process instead (same code,
// no server; quicker while developing).
//
//   npx tsx bench/realdocs/run.ts [--dir DIR] [--only SUBSTRING[,SUBSTRING…]] [--direct] [--verbose] [--no-write] [--first-sight]
//
// Writes bench/results/realdocs.json (or, with --first-sight, realdocs-first-sight.json: the figures
// of today's code on documents it has never been tuned on) and the real-documents section of
// bench/README.md (unless --no-write, --only or --direct is given). The results hold pass or fail by
// field name and the codes of false findings, never a value read from a document. Exits 0 whatever the figures; prints a note and exits 0
// when the folder is absent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { degrade, isVariant, VARIANTS } from '../../test/fixtures/degrade.ts';
import { expectedFiles, publicScore, scoreDocument, summarise, type Answer, type DocumentScore, type Expected } from './score.ts';
import { readResult, renderRealdocsSection, writeRealdocsSection } from './report.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: path.resolve(repoRoot, '..', 'shared', 'data', 'realdocs') },
    only: { type: 'string' },
    direct: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    'first-sight': { type: 'boolean', default: false },
    variant: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`Real-documents benchmark (see bench/README.md, section "Real documents").

  npx tsx bench/realdocs/run.ts [options]

  --dir DIR        folder of documents with <name>.expected.json beside each (default ../shared/data/realdocs)
  --only TEXT      only the documents whose name contains TEXT (several: A,B,C; implies --no-write)
  --direct         call the reader and engine in-process instead of the HTTP API (implies --no-write)
  --verbose        print every field and finding
  --no-write       print only; leave bench/results/realdocs.json and bench/README.md alone
  --first-sight    record the run as the first-sight figures (bench/results/realdocs-first-sight.json)
  --variant NAME   read every image document degraded as a phone or a cheap scanner would (small, jpeg, tilt, photo);
                   PDFs are read as they are; implies --no-write. How much a figure drops shows how
                   much of it rests on one document's exact pixels rather than on causes that recur
  --help           this text`);
  process.exit(0);
}

const MEDIA: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.webp': 'image/webp',
};

interface Item {
  name: string;
  expected: Expected;
  bytes: Buffer;
  mediaType: string;
}

async function degraded(item: Item, variant: string): Promise<Item> {
  if (item.mediaType === 'application/pdf') return item;
  if (!isVariant(variant)) throw new Error(`--variant ${variant}: choose one of ${Object.keys(VARIANTS).join(', ')}`);
  return { ...item, bytes: await degrade(item.bytes, variant), mediaType: 'image/png' };
}

function loadItems(dir: string): Item[] {
  return expectedFiles(dir)
    .filter((i) => !args.only || args.only.split(',').some((o) => o !== '' && i.name.includes(o)))
    .map((i) => ({ name: i.name, expected: i.expected, bytes: fs.readFileSync(i.file), mediaType: MEDIA[path.extname(i.file).toLowerCase()] ?? 'application/octet-stream' }));
}

type Verify = (item: Item) => Promise<Answer>;

async function directVerifier(): Promise<{ verify: Verify; close: () => Promise<void> }> {
  const { readDocument, closeReaders } = await import('../../src/document-engine/reading/index.ts');
  (await import('../reading-settings.ts')).configureReadersAsService();
  const { verifyRead } = await import('../../src/document-engine/engine.ts');
  const { caseFactsFrom } = await import('../../src/document-engine/rules/context.ts');
  return {
    verify: async (item) => {
      const read = await readDocument(item.bytes, item.mediaType, { maxPages: 100 });
      const out = verifyRead({
        read,
        documentId: item.name,
        ctx: {
          case: caseFactsFrom({ ...item.expected.case }, item.expected.case.company_full_name),
          task: { requested_type: item.expected.requested_type, company_full_name: item.expected.case.company_full_name, file_name: item.expected.file },
          today: new Date().toISOString().slice(0, 10),
        },
      });
      return { extracted: out.extracted, findings: out.findings.map((f) => ({ code: f.code, severity: f.severity, text: f.text })) };
    },
    close: closeReaders,
  };
}

async function apiVerifier(): Promise<{ verify: Verify; close: () => Promise<void> }> {
  const { buildDossier } = await import('../../src/app.ts');
  const { loadConfig } = await import('../../src/config.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-realdocs-'));
  const config = loadConfig(
    { OCR_SECOND_ENGINE: process.env.OCR_SECOND_ENGINE, OCR_ARABIC: process.env.OCR_ARABIC, OCR_EUROPEAN: process.env.OCR_EUROPEAN },
    { DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', PORT: 0, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: 0, PUBLIC_URL: 'http://127.0.0.1:1' },
  );
  const d = await buildDossier(config);
  const creds = { username: 'realdocs', password: 'realdocs-password-123' };
  await d.services.clients.create(creds);
  d.startWorker();
  await d.http.listen({ host: '127.0.0.1', port: 0 });
  const addr = d.http.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no TCP address');
  const base = `http://127.0.0.1:${addr.port}`;
  const authorization = `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}`;
  const call = async (method: string, p: string, body?: unknown, form?: FormData) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: form ? { authorization } : { authorization, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${p}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as any;
  };
  const poll = async <T>(fn: () => Promise<T | undefined>, what: string): Promise<T> => {
    const deadline = Date.now() + 300_000;
    for (;;) {
      const v = await fn();
      if (v !== undefined) return v;
      if (Date.now() > deadline) throw new Error(`${what}: not ready after 300 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return {
    verify: async (item) => {
      const created = await call('POST', '/api/v1/cases', {
        communication_id: `realdocs-${item.name}`,
        // The expected files name no country; the reading must not depend on the case's country anyway.
        case: {
          case_kind: 'onboarding',
          company_full_name: item.expected.case.company_full_name,
          company_country_code: 'GB',
          user_full_name: item.expected.case.user_full_name,
          modules: [{ module: 'documents_verification' }],
        },
      });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(item.bytes)], { type: item.mediaType }), item.expected.file);
      const up = await call('POST', `/api/v1/conversations/${created.conversation_id}/documents`, undefined, form);
      const v = await call('POST', `/api/v1/conversations/${created.conversation_id}/verifications`, {
        document_id: up.document_id,
        verification_task: { document_type: item.expected.requested_type, company_full_name: item.expected.case.company_full_name },
      });
      const results = await poll(async () => {
        const r = await call('GET', `/api/v1/conversations/${created.conversation_id}/verifications/${v.verification_id}`);
        return r.status === 'ready' ? (r.result.check_results as { issue_id: string; severity: string; text: string }[]) : undefined;
      }, 'verification');
      await call('POST', `/api/v1/conversations/${created.conversation_id}/status`, 'completed');
      const result = await poll(async () => {
        const r = await call('GET', `/api/v1/cases/${created.case_id}/result`);
        return r.status === 'ready' ? r.result : undefined;
      }, 'case result');
      type ClientDocument = { document_id: string; extracted_data?: Record<string, unknown> };
      const docs = ((result.conversation_results ?? []) as { client_documents?: ClientDocument[] }[]).flatMap((c) => c.client_documents ?? []);
      const doc = docs.find((x) => x.document_id === up.document_id);
      return {
        extracted: doc?.extracted_data ?? null,
        findings: results.map((f) => ({ code: f.issue_id.replace(/-[0-9a-f]{8}$/, ''), severity: f.severity, text: f.text })),
      };
    },
    close: async () => {
      await d.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function printScore(s: DocumentScore): void {
  const okFields = s.fields.filter((f) => f.ok).length;
  const mark = s.classified ? 'ok' : `WRONG (${s.classifiedAs})`;
  console.log(
    `${s.name.padEnd(30)} ${s.seconds.toFixed(1).padStart(5)} s  class ${mark.padEnd(18)} fields ${okFields}/${s.fields.length}  false ${s.falseFindings.map((f) => `${f.code}[${f.severity}]`).join(', ') || '-'}`,
  );
  if (args.verbose || okFields < s.fields.length) {
    for (const f of s.fields.filter((x) => args.verbose || !x.ok)) console.log(`    ${f.ok ? ' ' : '✗'} ${f.field}: got ${JSON.stringify(f.got)} want ${JSON.stringify(f.want)}`);
  }
  if (args.verbose) for (const f of s.falseFindings) console.log(`    ! ${f.code}: ${f.text}`);
}

async function main(): Promise<void> {
  if (!fs.existsSync(args.dir)) {
    console.log(`realdocs: ${args.dir} is absent; nothing to measure.`);
    return;
  }
  const items = loadItems(args.dir);
  const { verify, close } = args.direct ? await directVerifier() : await apiVerifier();
  const scores: DocumentScore[] = [];
  // A bounded stop: whatever happens, the process ends with the figures or the error printed.
  const stop = () => Promise.race([close(), new Promise((r) => setTimeout(r, 10_000))]);
  try {
    for (const item of items) {
      const started = performance.now();
      const answer = await verify(args.variant ? await degraded(item, args.variant) : item);
      const s = scoreDocument(item.name, item.expected, answer, (performance.now() - started) / 1000);
      scores.push(s);
      printScore(s);
    }
  } catch (err) {
    console.error(err);
    await stop();
    process.exit(1);
  }
  await stop();
  const summary = { all: summarise(scores), first: summarise(scores.filter((s) => s.batch === 'first')), new: summarise(scores.filter((s) => s.batch === 'new')) };
  console.log(JSON.stringify(summary, null, 2));
  if (args['no-write'] || args.only || args.direct || args.variant) return;
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
    mode: 'api',
    engines: (await import('../reading-settings.ts')).secondEngineOn() ? 'tesseract.js + PaddleOCR' : 'tesseract.js',
    summary,
    documents: scores.map(publicScore),
  };
  const results = path.join(repoRoot, 'bench', 'results');
  fs.mkdirSync(results, { recursive: true });
  const file = path.join(results, args['first-sight'] ? 'realdocs-first-sight.json' : 'realdocs.json');
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  const firstSight = readResult(path.join(results, 'realdocs-first-sight.json'));
  const tuned = readResult(path.join(results, 'realdocs.json'));
  writeRealdocsSection(path.join(repoRoot, 'bench', 'README.md'), renderRealdocsSection(firstSight, tuned));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
