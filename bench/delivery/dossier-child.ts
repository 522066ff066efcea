// Child process of bench/delivery/run.ts: the real Dossier, built as `npm start` builds it, on a
// fresh DATA_DIR (SQLite, or the throwaway PostgreSQL database the parent made), with one API
// client whose webhook points at the parent's loopback receiver. It answers two commands on stdin,
// one per line, with "ok": `pause-delivery` (stop the delivery runner, so events pile up in the
// outbox) and `resume-delivery`. It stops when stdin closes.
import readline from 'node:readline';
import { buildDossier } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { setClientWebhook } from '../../src/delivery/webhooks/webhooks.admin.ts';
import { READY } from './ready.ts';

async function main(): Promise<void> {
  const env = process.env;
  const config = loadConfig(
    {},
    {
      DATA_DIR: env.BENCH_DATA_DIR!,
      DATABASE_URL: env.BENCH_DATABASE_URL ?? '',
      HOST: '127.0.0.1',
      PORT: 0,
      PUBLIC_URL: 'http://127.0.0.1:1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: 0,
      OUTBOUND_ALLOW_PRIVATE: 'loopback',
    },
  );
  const d = await buildDossier(config);
  await d.services.clients.create({ username: 'bench', password: 'bench-password-123', name: 'Bench Bank' });
  await setClientWebhook(d.ctx.db, 'bench', { url: env.BENCH_WEBHOOK_URL!, username: 'bench-hook', password: 'bench-hook-password', secret: 'bench-secret' }, d.config.OUTBOUND_ALLOW_PRIVATE);
  d.startWorker();
  await d.http.listen({ host: '127.0.0.1', port: 0 });
  const addr = d.http.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no TCP address');
  process.stdout.write(`${READY}${JSON.stringify({ url: `http://127.0.0.1:${addr.port}` })}\n`);

  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const done = () => process.stdout.write('ok\n');
    if (line === 'pause-delivery') void d.deliveryRunner.stop(30_000).then(done);
    else if (line === 'resume-delivery') {
      d.deliveryRunner.start();
      done();
    }
  });
  lines.on('close', () => {
    void d.close().finally(() => process.exit(0));
  });
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
