// A test server whose default API client delivers webhooks to a real receiver on loopback, with
// retry delays at 1/1000 of the real schedule (1 ms, 5 ms, 30 ms, 120 ms, 600 ms, 1.8 s …).
import { startServer, type TestServer } from '../helpers/server.ts';
import { setClientWebhook } from '../../src/delivery/webhooks/webhooks.admin.ts';
import { WebhookReceiver } from './receiver.ts';

export async function startHookedServer(hook: { username: string; password: string; secret: string }): Promise<{ s: TestServer; rx: WebhookReceiver; close(): Promise<void> }> {
  const rx = new WebhookReceiver(hook);
  await rx.start();
  const s = await startServer({ OUTBOUND_ALLOW_PRIVATE: 'loopback', DELIVERY_RETRY_SCALE: 0.001 });
  await setClientWebhook(s.d.ctx.db, s.client.username, { url: rx.url(), ...hook }, s.d.config.OUTBOUND_ALLOW_PRIVATE);
  return {
    s,
    rx,
    async close() {
      await s.close();
      await rx.stop();
    },
  };
}
