// Child process of bench/api/run.ts: the real Dossier service, built exactly as `npm start` builds
// it (buildDossier), on a fresh DATA_DIR and either the embedded SQLite default or the throwaway
// PostgreSQL database the parent created. It makes an API client and one *ready* case (create,
// complete the conversation, let the worker finish it), then listens on a loopback port and tells
// the parent where it is. Input comes from the environment:
//   BENCH_DATA_DIR      fresh folder for this run (required)
//   BENCH_DATABASE_URL  empty for SQLite, or a postgres:// URL
import { buildDossier } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { announceReady, CREATE_CASE_BODY, onShutdown } from './child.ts';

const USERNAME = 'bench';
const PASSWORD = 'bench-password-123';
const READY_DEADLINE_MS = 60_000;

async function main(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
  // An empty environment: nothing from the caller's shell (DATABASE_URL, LOG_LEVEL…) leaks in.
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      HOST: '127.0.0.1',
      PORT: 0,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: 0,
      PUBLIC_URL: 'http://127.0.0.1:1',
    },
  );
  const d = await buildDossier(config);
  onShutdown(() => d.close());
  await d.services.clients.create({ username: USERNAME, password: PASSWORD });
  d.startWorker();
  await d.http.listen({ host: '127.0.0.1', port: 0 });
  const addr = d.http.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no TCP address');
  const base = `http://127.0.0.1:${addr.port}`;
  const authorization = `Basic ${Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')}`;
  const json = { authorization, 'content-type': 'application/json' };

  const createdRes = await fetch(`${base}/api/v1/cases`, { method: 'POST', headers: json, body: CREATE_CASE_BODY });
  if (createdRes.status !== 201) throw new Error(`create case: HTTP ${createdRes.status} ${await createdRes.text()}`);
  const created = (await createdRes.json()) as { case_id: string; conversation_id: string };

  const statusRes = await fetch(`${base}/api/v1/conversations/${created.conversation_id}/status`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify('completed'),
  });
  if (statusRes.status !== 200) throw new Error(`complete conversation: HTTP ${statusRes.status} ${await statusRes.text()}`);

  const getPath = `/api/v1/cases/${created.case_id}/result`;
  const deadline = Date.now() + READY_DEADLINE_MS;
  let body = '';
  for (;;) {
    const res = await fetch(`${base}${getPath}`, { headers: { authorization } });
    body = await res.text();
    if (res.status === 200 && (JSON.parse(body) as { status?: string }).status === 'ready') break;
    if (Date.now() > deadline) throw new Error(`case not ready after ${READY_DEADLINE_MS} ms: HTTP ${res.status} ${body.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  announceReady({
    port: addr.port,
    getPath,
    postPath: '/api/v1/cases',
    headers: { authorization },
    postBody: CREATE_CASE_BODY,
    getBytes: Buffer.byteLength(body),
  });
}

main().catch((err) => {
  process.stderr.write(`[dossier bench server] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
