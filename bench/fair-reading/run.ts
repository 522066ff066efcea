// Fair reading, measured: how long another API client's one-page verification takes while one
// client floods its conversation with multi-page TIFFs (300 pages of 4000×4000 each, read up to
// READ_MAX_DOCUMENT_MEGAPIXELS), against the same verification on an idle server. Dossier is built
// as `npm start` builds it (buildDossier) on the embedded SQLite default in a fresh DATA_DIR, with
// its worker in the same process and the default JOBS_CONCURRENCY and reading threads; everything
// goes through the HTTP API. The invariant (the flood never holds every job slot, the other
// client's document is answered before the flood's queued ones) is asserted by
// test/verification/fair-reading.test.ts; the seconds are measured here, never asserted.
//
//   nice -n 10 npx tsx bench/fair-reading/run.ts [--rounds 3] [--flood 4]
// Results: bench/results/fair-reading.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDossier } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { onboardingCase, uploadForm } from '../../test/helpers/factories.ts';
import { makeTextPdf } from '../../test/fixtures/documents.ts';
import { makeMultiPageTiff } from '../../test/fixtures/tiff.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, flood: { type: 'string', default: '4' } } });
const ROUNDS = Number(values.rounds);
const FLOOD = Number(values.flood);
const here = path.dirname(fileURLToPath(import.meta.url));

type Api = (method: string, url: string, body?: unknown, form?: FormData) => Promise<{ status: number; body: any }>;

function caller(base: string, creds: { username: string; password: string }): Api {
  const auth = `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}`;
  return async (method, url, body, form) => {
    const res = await fetch(base + url, {
      method,
      headers: { authorization: auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

async function verify(api: Api, conversation: string, bytes: Buffer, name: string): Promise<string> {
  const up = await api('POST', `/api/v1/conversations/${conversation}/documents`, undefined, uploadForm(bytes, name));
  if (up.status !== 201) throw new Error(`upload refused: ${JSON.stringify(up.body)}`);
  const v = await api('POST', `/api/v1/conversations/${conversation}/verifications`, {
    document_id: up.body.document_id,
    verification_task: { document_type: 'invoice', company_full_name: 'Acme Trading Ltd' },
  });
  if (v.status !== 201) throw new Error(`verification refused: ${JSON.stringify(v.body)}`);
  return v.body.verification_id as string;
}

async function untilReady(api: Api, conversation: string, id: string): Promise<void> {
  for (;;) {
    if ((await api('GET', `/api/v1/conversations/${conversation}/verifications/${id}`)).body.status === 'ready') return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-bench-fair-'));
  const config = loadConfig({}, { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: 0, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: 0, JOBS_POLL_MS: 50 });
  const d = await buildDossier(config);
  const flooderCreds = { username: 'bench-flooder', password: 'bench-flooder-password-1' };
  const otherCreds = { username: 'bench-other', password: 'bench-other-password-1' };
  await d.services.clients.create(flooderCreds);
  await d.services.clients.create(otherCreds);
  d.startWorker();
  await d.http.listen({ host: '127.0.0.1', port: 0 });
  const address = d.http.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const flooder = caller(base, flooderCreds);
  const other = caller(base, otherCreds);
  const onePage = await makeTextPdf({ lines: ['Acme Trading Ltd', 'Invoice 1', 'Total 100.00 GBP'] });
  const tiff = makeMultiPageTiff(300, 4000, 4000);

  const oneVerification = async () => {
    const c = (await other('POST', '/api/v1/cases', onboardingCase())).body.conversation_id as string;
    const started = performance.now();
    const id = await verify(other, c, onePage, 'invoice.pdf');
    await untilReady(other, c, id);
    return (performance.now() - started) / 1000;
  };

  const idle: number[] = [];
  const flooded: number[] = [];
  const floodDocument: number[] = [];
  await oneVerification(); // warms the reading threads
  for (let round = 0; round < ROUNDS; round++) {
    idle.push(await oneVerification());
    const c = (await flooder('POST', '/api/v1/cases', onboardingCase())).body.conversation_id as string;
    const floodStarted = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < FLOOD; i++) ids.push(await verify(flooder, c, tiff, `scan-${i}.tiff`));
    flooded.push(await oneVerification());
    await untilReady(flooder, c, ids[0]!);
    floodDocument.push((performance.now() - floodStarted) / 1000);
    for (const id of ids) await untilReady(flooder, c, id);
    console.log(`round ${round + 1}: idle ${idle.at(-1)!.toFixed(2)} s, during the flood ${flooded.at(-1)!.toFixed(2)} s, first flood document ${floodDocument.at(-1)!.toFixed(1)} s`);
  }
  await d.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const result = {
    measured_at: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0]!.toFixed(1)} at the end`,
    settings: { JOBS_CONCURRENCY: config.JOBS_CONCURRENCY, READ_MAX_DOCUMENT_MEGAPIXELS: config.READ_MAX_DOCUMENT_MEGAPIXELS, flood: `${FLOOD} TIFFs of 300 pages of 4000×4000` },
    rounds: ROUNDS,
    other_client_verification_seconds: { idle_median: median(idle), flooded_median: median(flooded), flooded_max: Math.max(...flooded) },
    first_flood_document_seconds_median: median(floodDocument),
  };
  fs.writeFileSync(path.join(here, '..', 'results', 'fair-reading.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
}

await main();
