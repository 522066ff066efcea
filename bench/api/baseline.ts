// Child process of bench/api/run.ts: the *bare floor* of this machine. A plain Fastify 5 server
// and one better-sqlite3 table (WAL, synchronous=NORMAL), nothing else: no authentication, no
// schema validation, no ORM, no transaction, no logging. POST /items does one INSERT of the
// request's JSON; GET /items/:id does one SELECT by primary key and sends the stored JSON text.
// The GET row holds the very JSON the Dossier server answered for its ready case, so both GET
// scenarios send the same number of bytes. Input comes from the environment:
//   BENCH_DATA_DIR       fresh folder for the SQLite file (required)
//   BENCH_GET_BODY_FILE  file with the JSON the GET row holds (optional; a small object otherwise)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import { announceReady, CREATE_CASE_BODY, onShutdown } from './child.ts';

async function main(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new SQLite(path.join(dataDir, 'baseline.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE IF NOT EXISTS items (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO items (id, body, created_at) VALUES (?, ?, ?)');
  const select = db.prepare<[string], { body: string }>('SELECT body FROM items WHERE id = ?');

  const getBodyFile = process.env.BENCH_GET_BODY_FILE;
  const getBody = getBodyFile ? fs.readFileSync(getBodyFile, 'utf8') : JSON.stringify({ status: 'ready', result: {} });
  const getId = crypto.randomUUID();
  insert.run(getId, getBody, new Date().toISOString());

  const app = Fastify({ logger: false });
  app.post('/items', async (request, reply) => {
    const id = crypto.randomUUID();
    insert.run(id, JSON.stringify(request.body), new Date().toISOString());
    return reply.status(201).send({ id });
  });
  app.get('/items/:id', async (request, reply) => {
    const row = select.get((request.params as { id: string }).id);
    if (!row) return reply.status(404).send({ error: 'not found' });
    return reply.type('application/json; charset=utf-8').send(row.body);
  });

  onShutdown(async () => {
    await app.close();
    db.close();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no TCP address');
  announceReady({
    port: addr.port,
    getPath: `/items/${getId}`,
    postPath: '/items',
    headers: {},
    postBody: CREATE_CASE_BODY,
    getBytes: Buffer.byteLength(getBody),
  });
}

main().catch((err) => {
  process.stderr.write(`[baseline bench server] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
