// Lists fetched from their publishers' addresses (SCREENING_LIST_URLS): a loopback server stands
// for the publishers, serving the fixture files in their genuine formats (OFAC's CSV with its
// alias and address files behind a redirect, the UN's XML). A worker fetches them when it starts
// and queues its next run; `dossier lists fetch` fetches them now, imports a changed file as a new
// version that screens every case again, imports nothing for an unchanged one, and leaves the
// active version alone when a source fails (an error status, a file over the size limit, an
// address the guard refuses).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { eventually, scaled, startServer, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { exited, runDossier } from '../helpers/process.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'screening');
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let sdn = read('sdn.csv');
const served: string[] = [];
let publisher: http.Server;
let base = '';
let s: TestServer;

setupAll(async () => {
  publisher = http.createServer((req, res) => {
    served.push(req.url ?? '');
    const send = (body: Buffer) => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
    if (req.url === '/ofac/sdn.csv') return send(sdn);
    if (req.url === '/ofac/alt.csv') return send(read('alt.csv'));
    if (req.url === '/ofac/add.csv') return send(read('add.csv'));
    if (req.url === '/un/consolidated.xml') return send(read('un-consolidated.xml'));
    if (req.url === '/latest/sdn.csv') return res.writeHead(302, { location: '/ofac/sdn.csv' }).end();
    if (req.url === '/big.csv') return send(Buffer.alloc(1024 * 1024 + 10, 'x'));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => publisher.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}`;
  s = await startServer({ SCREENING_LIST_URLS: sources(), SCREENING_FETCH_ALLOW_PRIVATE: 'loopback' });
});

afterAll(async () => {
  await s?.close();
  publisher?.closeAllConnections();
  await new Promise((resolve) => publisher?.close(resolve));
});

function sources(): string {
  return `ofac-sdn=${base}/latest/sdn.csv|${base}/ofac/alt.csv|${base}/ofac/add.csv, un-consolidated=${base}/un/consolidated.xml`;
}

/** Runs `dossier lists fetch` against the test server's database with the given sources. */
async function fetchNow(env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const child = runDossier(['lists', 'fetch'], {
    DATA_DIR: s.storage.dataDir,
    DATABASE_URL: s.storage.databaseUrl,
    SCREENING_LIST_URLS: sources(),
    SCREENING_FETCH_ALLOW_PRIVATE: 'loopback',
    ...env,
  });
  const { code } = await exited(child);
  return { code, output: child.output() };
}

async function activeVersions() {
  return s.d.ctx.db.selectFrom('screening_list_versions').selectAll().where('status', '=', 'active').orderBy('list_name').execute();
}

describe('lists fetched from their publishers', { timeout: scaled(300_000) }, () => {
  it('are fetched when a worker starts, redirects followed, and the next run is queued', async () => {
    const versions = await eventually(async () => {
      const v = await activeVersions();
      return v.length === 2 ? v : undefined;
    }, scaled(60_000));
    expect(versions.map((v) => [v.list_name, v.format])).toEqual([
      ['ofac-sdn', 'ofac-csv'],
      ['un-consolidated', 'un-xml'],
    ]);
    expect(served).toEqual(expect.arrayContaining(['/latest/sdn.csv', '/ofac/sdn.csv', '/ofac/alt.csv', '/ofac/add.csv', '/un/consolidated.xml']));
    // The OFAC aliases came with the alias file.
    const ofac = versions.find((v) => v.list_name === 'ofac-sdn')!;
    const aliased = await s.d.ctx.db.selectFrom('screening_entries').select('details').where('version_id', '=', ofac.id).execute();
    expect(aliased.some((r) => (JSON.parse(r.details) as { aliases: string[] }).aliases.length > 0)).toBe(true);
    // The next run waits for the next whole interval (a day by default).
    const interval = 1440 * 60_000;
    const next = Math.floor(Date.now() / interval) + 1;
    expect(await eventually(() => s.d.ctx.jobs.pending(s.d.ctx.db, `screening.fetch-lists:${interval}:${next}`).then((p) => p || undefined), scaled(30_000))).toBe(true);
  });

  it('imports a changed file as a new version that screens every case again, and nothing for an unchanged one', async () => {
    const f = flows(s.api);
    const harbour = await f.createCase(onboardingCase({ company_full_name: 'Harbour Lane Imports Ltd', company_reg_number: '07700900', user_full_name: 'Maria Lopez' }));
    const unchanged = await fetchNow();
    expect(unchanged.code, unchanged.output).toBe(0);
    expect(unchanged.output).toMatch(/ofac-sdn: .* is the active version of ofac-sdn already/);
    expect(unchanged.output).toMatch(/un-consolidated: .* is the active version of un-consolidated already/);

    sdn = read('sdn-update.csv');
    const before = (await activeVersions()).find((v) => v.list_name === 'ofac-sdn')!;
    const changed = await fetchNow();
    expect(changed.code, changed.output).toBe(0);
    expect(changed.output).toMatch(/ofac-sdn: imported .*\/latest\/sdn\.csv as ofac-sdn version .* \(ofac-csv, 6 entries\); \d+ case\(s\) queued for screening\./);
    const after = (await activeVersions()).find((v) => v.list_name === 'ofac-sdn')!;
    expect(after.id).not.toBe(before.id);
    const hit = await eventually(async () => {
      const r = await s.api('GET', `/api/v1/cases/${harbour.case_id}/screening`);
      return (r.body.hits as { list_entry_id: string; matched_name: string }[]).find((h) => h.list_entry_id === '7006');
    }, scaled(120_000));
    expect(hit.matched_name).toBe('HARBOUR LANE IMPORTS LIMITED');
  });

  it('leaves the active version alone when a source fails, and says why', async () => {
    const before = await activeVersions();
    const missing = await fetchNow({ SCREENING_LIST_URLS: `ofac-sdn=${base}/ofac/gone.csv` });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain(`ofac-sdn: not fetched: ${base}/ofac/gone.csv answered HTTP status 404; the active version stays.`);

    const big = await fetchNow({ SCREENING_LIST_URLS: `ofac-sdn=${base}/big.csv`, SCREENING_FETCH_MAX_MB: '1' });
    expect(big.code).toBe(1);
    expect(big.output).toContain('the answer is larger than 1048576 bytes; the active version stays.');

    // By default a list's address may not be private: the guard refuses it before connecting.
    const refused = await fetchNow({ SCREENING_FETCH_ALLOW_PRIVATE: 'false' });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/ofac-sdn: not fetched: .*loopback.*; the active version stays\./);

    const none = await fetchNow({ SCREENING_LIST_URLS: '' });
    expect(none.code).toBe(1);
    expect(none.output).toContain('No list to fetch: set SCREENING_LIST_URLS');
    expect((await activeVersions()).map((v) => v.id)).toEqual(before.map((v) => v.id));
  });
});
