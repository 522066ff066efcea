// Both events reach a real receiver on loopback with their exact bodies, the receiver's Basic
// credentials, the event id and a signature it verifies; every attempt is recorded; failures are
// retried, redirects are not followed, a client without a URL is skipped and can be re-sent.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, type TestServer } from '../helpers/server.ts';
import { setupAll } from '../helpers/setup.ts';
import { flows, monitoringCase, onboardingCase } from '../helpers/factories.ts';
import { makeTextPdf } from '../fixtures/documents.ts';
import { findClientByUsername } from '../../src/db/clients.repo.ts';
import { setClientWebhook } from '../../src/delivery/webhooks/webhooks.admin.ts';
import { resendDelivery } from '../../src/delivery/webhooks/deliveries.service.ts';
import { WebhookReceiver, type Arrival } from './receiver.ts';
import { startHookedServer } from './hooked-server.ts';

const HOOK = { username: 'bank-hook', password: 'hook-password-1', secret: 'whsec-test-0123456789' };
let s: TestServer;
let rx: WebhookReceiver;
let close: () => Promise<void>;

setupAll(async () => {
  ({ s, rx, close } = await startHookedServer(HOOK));
});
afterAll(() => close?.());

/** The receiver check printed in the README, taken from it and run as it stands. */
function readmeVerifier(): (headers: object, rawBody: string, secret: string) => boolean {
  const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const block = /```js\n([\s\S]*?function fromDossier[\s\S]*?)```/.exec(readme)![1]!;
  return new Function('crypto', `${block.replace(/^import .*$/m, '')}\nreturn fromDossier;`)(crypto);
}

function arrivalFor(r: WebhookReceiver, conversationId: string, type: string): Promise<Arrival> {
  return eventually(async () => r.arrivals.find((a) => a.eventType === type && a.body.conversation_id === conversationId));
}

async function eventRow(conversationId: string, type: 'chat_finished' | 'follow_up_created') {
  return s.d.ctx.db.selectFrom('events').selectAll().where('conversation_id', '=', conversationId).where('event_type', '=', type).executeTakeFirstOrThrow();
}

async function deliveryOf(eventId: string) {
  const delivery = await s.d.ctx.db.selectFrom('deliveries').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
  const attempts = await s.d.ctx.db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', delivery.id).orderBy('attempt').execute();
  return { delivery, attempts };
}

describe('webhook events', () => {
  it('sends the new-follow-up notification with its exact body, credentials, event id and signature', async () => {
    const { case_id } = await flows(s.api).createCase(onboardingCase({}, { communication_id: 'crm-42' }));
    const res = await s.api('POST', `/api/v1/cases/${case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'business_description' }] });
    const conversationId = res.body.conversation_id;
    const a = await arrivalFor(rx, conversationId, 'follow_up_created');

    expect(a.body).toEqual({ link: `${s.url}/dialog?id=${conversationId}`, case_id, conversation_id: conversationId, communication_id: 'crm-42' });
    expect(Object.keys(a.body)).toEqual(['link', 'case_id', 'conversation_id', 'communication_id']);
    const event = await eventRow(conversationId, 'follow_up_created');
    expect(a.rawBody).toBe(event.payload);
    expect(a.eventId).toBe(event.id);
    expect(a.path).toBe('/hooks/dossier');
    expect(a.headers.authorization).toBe(`Basic ${Buffer.from('bank-hook:hook-password-1').toString('base64')}`);
    expect(a.headers['content-type']).toBe('application/json');
    expect(a.headers['x-dossier-signature']).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(rx.refused).toEqual([]);
    const fromDossier = readmeVerifier();
    expect(fromDossier(a.headers, a.rawBody, HOOK.secret)).toBe(true);
    expect(fromDossier(a.headers, a.rawBody.replace('crm-42', 'crm-43'), HOOK.secret)).toBe(false);
    expect(fromDossier(a.headers, a.rawBody, 'another-secret')).toBe(false);

    // The receiver has the event; Dossier records the answer a moment later.
    const { delivery, attempts } = await eventually(async () => {
      const d = await deliveryOf(event.id);
      return d.delivery.status === 'delivered' ? d : undefined;
    });
    expect(delivery).toMatchObject({ channel: 'webhook', status: 'delivered', attempts: 1, last_status_code: 200, target: rx.url() });
    expect(attempts).toEqual([expect.objectContaining({ attempt: 1, outcome: 'delivered', status_code: 200, response_excerpt: '{"ok":true}', error: null, target: rx.url() })]);
    expect(attempts[0]!.latency_ms).toBeGreaterThanOrEqual(0);
    expect((await eventRow(conversationId, 'follow_up_created')).status).toBe('delivered');
  });

  it('sends chat_finished of an onboarding conversation with exactly the fields of the spec', async () => {
    const f = flows(s.api);
    const ids = await f.createCase(onboardingCase({}, { communication_id: 'crm-43' }));
    const doc = (await f.upload(ids.conversation_id, await makeTextPdf({ lines: ['Acme Trading Ltd', 'Invoice 7'] }), 'invoice-7.pdf')).body.document_id;
    await f.complete(ids.conversation_id);
    const a = await arrivalFor(rx, ids.conversation_id, 'chat_finished');
    const apiDoc = (await f.conversationResult(ids.conversation_id)).result.client_documents[0];

    expect(a.body).toEqual({
      event: 'chat_finished',
      case_id: ids.case_id,
      conversation_id: ids.conversation_id,
      communication_id: 'crm-43',
      pdf_report_link: `${s.url}/api/v1/conversations/${ids.conversation_id}/report.pdf`,
      web_report_link: `${s.url}/reports/${ids.conversation_id}`,
      client_documents: [
        {
          document_id: doc,
          document_type: apiDoc.document_type,
          document_name: 'invoice-7.pdf',
          rejected: false,
          download_link: `${s.url}/api/v1/documents/${doc}/download`,
          original_files: [{ filename: 'invoice-7.pdf' }],
        },
      ],
    });
    const event = await eventRow(ids.conversation_id, 'chat_finished');
    expect(a.eventId).toBe(event.id);
    expect(a.rawBody).toBe(event.payload);
    expect(rx.refused).toEqual([]);
  });

  it('sends chat_finished of a monitoring conversation with entities, main entity and log', async () => {
    const f = flows(s.api);
    const body = monitoringCase();
    const ids = await f.createCase(body);
    await f.complete(ids.conversation_id);
    const a = await arrivalFor(rx, ids.conversation_id, 'chat_finished');
    const entry = (await f.caseResult(ids.case_id)).result.conversation_results[0];

    expect(a.body).toEqual({
      event: 'chat_finished',
      case_id: ids.case_id,
      conversation_id: ids.conversation_id,
      communication_id: body.communication_id,
      pdf_report_link: `${s.url}/api/v1/conversations/${ids.conversation_id}/report.pdf`,
      web_report_link: `${s.url}/reports/${ids.conversation_id}`,
      client_documents: [],
      legal_entities: entry.legal_entities,
      main_entity_id: entry.main_entity_id,
      conversation_log: entry.conversation_log,
    });
    expect(a.body.legal_entities.length).toBeGreaterThanOrEqual(2);
    expect(a.body.conversation_log.at(-1).text).toBe('Conversation completed.');
  });

  it('notifies a follow-up created through the back office too', async () => {
    const { case_id } = await flows(s.api).createCase();
    const client = (await findClientByUsername(s.d.ctx.db, s.client.username))!;
    const created = await s.d.services.cases.createFollowUp(client, case_id, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] }, 'analyst');
    const a = await arrivalFor(rx, created.conversation_id, 'follow_up_created');
    expect(a.body).not.toHaveProperty('event');
    expect(a.body.link).toBe(`${s.url}/dialog?id=${created.conversation_id}`);
  });

  it('retries an error answer, does not follow a redirect, and records every attempt', async () => {
    const { case_id } = await flows(s.api).createCase();
    let calls = 0;
    rx.answer = (a) => {
      if (a.body.case_id !== case_id) return { status: 200 };
      calls++;
      if (calls === 1) return { status: 302, headers: { location: '/elsewhere' } };
      if (calls === 2) return { status: 503, body: 'receiver restarting, try later' };
      return { status: 204 };
    };
    try {
      const res = await s.api('POST', `/api/v1/cases/${case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });
      const event = await eventRow(res.body.conversation_id, 'follow_up_created');
      const { delivery, attempts } = await eventually(async () => {
        const d = await deliveryOf(event.id);
        return d.delivery.status === 'delivered' ? d : undefined;
      });
      expect(attempts.map((x) => [x.attempt, x.outcome, x.status_code])).toEqual([
        [1, 'retry', 302],
        [2, 'retry', 503],
        [3, 'delivered', 204],
      ]);
      expect(attempts[0]!.error).toBe('redirect (HTTP 302) not followed: /elsewhere');
      expect(attempts[1]!.error).toBe('HTTP 503');
      expect(attempts[1]!.response_excerpt).toBe('receiver restarting, try later');
      expect(delivery.attempts).toBe(3);
      expect(rx.arrivals.filter((x) => x.path === '/elsewhere')).toEqual([]);
      const headersSeen = rx.arrivals.filter((x) => x.eventId === event.id);
      expect(headersSeen.map((x) => x.attempt)).toEqual([3]);
    } finally {
      rx.answer = () => ({ status: 200, body: '{"ok":true}' });
    }
  });

  it('skips an event of a client without a webhook URL, and delivers it when re-sent after one is set', async () => {
    const other = await s.newClient('bank-no-hook');
    const { case_id } = await flows(other).createCase();
    const res = await other('POST', `/api/v1/cases/${case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });
    const event = await eventRow(res.body.conversation_id, 'follow_up_created');
    const skipped = await eventually(async () => {
      const d = await deliveryOf(event.id);
      return d.delivery.status === 'skipped' ? d : undefined;
    });
    expect(skipped.attempts.map((x) => [x.outcome, x.error])).toEqual([['skipped', 'the API client had no webhook URL when the event happened']]);
    expect(event.status).toBe('pending');

    const plain = new WebhookReceiver();
    await plain.start();
    try {
      await setClientWebhook(s.d.ctx.db, 'bank-no-hook', { url: plain.url('/in') }, s.d.config.OUTBOUND_ALLOW_PRIVATE);
      expect((await resendDelivery(s.d.ctx.db, s.d.ctx.jobs, event.id))?.status).toBe('pending');
      const a = await eventually(async () => plain.arrivals.find((x) => x.eventId === event.id));
      // No credentials and no secret configured: neither header is sent.
      expect(a.headers.authorization).toBeUndefined();
      expect(a.headers['x-dossier-signature']).toBeUndefined();
      expect(a.body.conversation_id).toBe(res.body.conversation_id);
      const after = await eventually(async () => {
        const d = await deliveryOf(event.id);
        return d.delivery.status === 'delivered' ? d : undefined;
      });
      expect(after.attempts.map((x) => x.outcome)).toEqual(['skipped', 'delivered']);
      expect((await eventRow(res.body.conversation_id, 'follow_up_created')).status).toBe('delivered');
    } finally {
      await plain.stop();
    }
  });

  it('re-sends a delivered event with the same event id and body', async () => {
    const { case_id } = await flows(s.api).createCase();
    const res = await s.api('POST', `/api/v1/cases/${case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });
    const first = await arrivalFor(rx, res.body.conversation_id, 'follow_up_created');
    await eventually(async () => ((await deliveryOf(first.eventId)).delivery.status === 'delivered' ? true : undefined));
    const d = (await deliveryOf(first.eventId)).delivery;
    await resendDelivery(s.d.ctx.db, s.d.ctx.jobs, d.id);
    const again = await eventually(async () => {
      const all = rx.arrivals.filter((x) => x.eventId === first.eventId);
      return all.length === 2 ? all[1] : undefined;
    });
    expect(again.rawBody).toBe(first.rawBody);
    expect(again.attempt).toBe(2);
  });
});
