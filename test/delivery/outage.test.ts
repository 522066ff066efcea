// A receiver that is down, then back: nothing is lost, a re-delivered event keeps its id, every
// attempt is on record. And a receiver that never answers holds only its share of the delivery
// slots, so another client's events still go through.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { eventually, startServer, type TestServer } from '../helpers/server.ts';
import { flows } from '../helpers/factories.ts';
import { setClientWebhook } from '../../src/delivery/webhooks/webhooks.admin.ts';
import { WebhookReceiver } from './receiver.ts';
import { startHookedServer } from './hooked-server.ts';

const HOOK = { username: 'bank-hook', password: 'hook-password-1', secret: 'whsec-outage-test' };

describe('a receiver that goes down', () => {
  let s: TestServer;
  let rx: WebhookReceiver;
  let close: () => Promise<void>;
  setupAll(async () => {
    ({ s, rx, close } = await startHookedServer(HOOK));
  });
  afterAll(() => close());

  it('gets every event once it is back; duplicates carry the same event id; attempts are recorded', async () => {
    const f = flows(s.api);
    await rx.stop();
    const finished: string[] = [];
    const followUps: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ids = await f.createCase();
      await f.complete(ids.conversation_id);
      finished.push(ids.conversation_id);
      const res = await s.api('POST', `/api/v1/cases/${ids.case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });
      followUps.push(res.body.conversation_id);
    }
    const conversations = [...finished, ...followUps];
    const events = await eventually(async () => {
      const rows = await s.d.ctx.db.selectFrom('events').selectAll().where('conversation_id', 'in', conversations).execute();
      return rows.length === 6 ? rows : undefined;
    });
    // While it is down, each delivery fails and is retried.
    await eventually(async () => {
      const rows = await s.d.ctx.db
        .selectFrom('deliveries')
        .select(['attempts', 'status'])
        .where(
          'event_id',
          'in',
          events.map((e) => e.id),
        )
        .execute();
      return rows.length === 6 && rows.every((r) => r.attempts >= 2 && r.status === 'pending') ? true : undefined;
    });
    expect(rx.requests).toBe(0);

    // Back up on the same port. The first event to arrive is taken but its answer is lost, as if
    // the receiver crashed after storing it: Dossier must send it again, with the same id.
    let dropped: string | undefined;
    rx.answer = (a) => {
      if (!dropped) {
        dropped = a.eventId;
        return 'drop';
      }
      return { status: 200 };
    };
    await rx.start();
    await eventually(async () => (rx.distinctEventIds().size === 6 && rx.events().filter((a) => a.eventId === dropped).length >= 2 ? true : undefined), 60000);

    expect([...rx.distinctEventIds()].sort()).toEqual(events.map((e) => e.id).sort());
    const twice = rx.events().filter((a) => a.eventId === dropped);
    expect(new Set(twice.map((a) => a.rawBody)).size).toBe(1);
    const distinct = (type: string) => [...new Set(rx.events(type).map((a) => a.body.conversation_id))].sort();
    expect(distinct('chat_finished')).toEqual([...finished].sort());
    expect(distinct('follow_up_created')).toEqual([...followUps].sort());
    expect(rx.refused).toEqual([]);

    const deliveries = await eventually(async () => {
      const rows = await s.d.ctx.db
        .selectFrom('deliveries')
        .selectAll()
        .where(
          'event_id',
          'in',
          events.map((e) => e.id),
        )
        .execute();
      return rows.every((r) => r.status === 'delivered') ? rows : undefined;
    });
    for (const d of deliveries) {
      const attempts = await s.d.ctx.db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', d.id).orderBy('attempt').execute();
      expect(attempts.length).toBe(d.attempts);
      expect(attempts.map((a) => a.attempt)).toEqual(attempts.map((_, i) => i + 1));
      expect(attempts.at(-1)).toMatchObject({ outcome: 'delivered', status_code: 200 });
      const failures = attempts.slice(0, -1);
      expect(failures.length).toBeGreaterThanOrEqual(2);
      for (const a of failures) {
        expect(a.outcome).toBe('retry');
        expect(a.error).toMatch(d.event_id === dropped && a === failures.at(-1) ? /ECONNRESET|socket hang up/ : /ECONNREFUSED/);
        expect(a.started_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      }
    }
    const statuses = await s.d.ctx.db
      .selectFrom('events')
      .select('status')
      .where(
        'id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    expect(statuses.every((e) => e.status === 'delivered')).toBe(true);
  }, 120_000);
});

describe('a receiver that never answers', () => {
  let s: TestServer;
  const slow = new WebhookReceiver();
  const fast = new WebhookReceiver();
  setupAll(async () => {
    await slow.start();
    await fast.start();
    slow.answer = () => 'hang';
    // Four delivery slots: a slow receiver may hold one of them at a time.
    s = await startServer({ OUTBOUND_ALLOW_PRIVATE: 'loopback', DELIVERY_RETRY_SCALE: 0.001, DELIVERY_CONCURRENCY: 4, WEBHOOK_TIMEOUT_MS: 1000 });
    await setClientWebhook(s.d.ctx.db, s.client.username, { url: slow.url() }, s.d.config.OUTBOUND_ALLOW_PRIVATE);
  });
  afterAll(async () => {
    await slow.stop();
    await s.close();
    await fast.stop();
  });

  it('holds only its share of the delivery slots, so other receivers get their events', async () => {
    const other = await s.newClient('bank-fast');
    await setClientWebhook(s.d.ctx.db, 'bank-fast', { url: fast.url() }, s.d.config.OUTBOUND_ALLOW_PRIVATE);
    const slowFlow = flows(s.api);
    const first = await slowFlow.createCase();
    await s.api('POST', `/api/v1/cases/${first.case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });
    // Its first attempt times out: the receiver is now known to be slow.
    await eventually(async () => {
      const a = await s.d.ctx.db.selectFrom('delivery_attempts').select('error').where('error', 'like', 'no complete answer%').executeTakeFirst();
      return a ? true : undefined;
    });
    for (let i = 0; i < 6; i++) await s.api('POST', `/api/v1/cases/${first.case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });
    const theirs = await flows(other).createCase();
    for (let i = 0; i < 3; i++) await other('POST', `/api/v1/cases/${theirs.case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });

    await eventually(async () => (fast.arrivals.length === 3 ? true : undefined));
    expect(slow.maxInFlight).toBe(1);
    expect(slow.arrivals).toEqual([]);
    const slowAttempts = await s.d.ctx.db
      .selectFrom('delivery_attempts')
      .innerJoin('deliveries', 'deliveries.id', 'delivery_attempts.delivery_id')
      .select(['delivery_attempts.outcome', 'delivery_attempts.error'])
      .where('deliveries.client_id', '!=', (await s.d.ctx.db.selectFrom('api_clients').select('id').where('username', '=', 'bank-fast').executeTakeFirstOrThrow()).id)
      .execute();
    expect(slowAttempts.length).toBeGreaterThanOrEqual(1);
    for (const a of slowAttempts) expect(a).toEqual({ outcome: 'retry', error: 'no complete answer within 1000 ms' });
  }, 90_000);
});
