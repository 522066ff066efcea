// The notices after creating a follow-up or re-sending an invitation in the back office say only
// what happened: the new-follow-up webhook is queued only for an API client with a webhook URL, and
// an invitation e-mail is said to be sent only when one was queued and an SMTP server is configured.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { setClientWebhook } from '../../src/delivery/webhooks/webhooks.admin.ts';
import { SmtpReceiver } from '../delivery/smtp.ts';
import { WebhookReceiver } from '../delivery/receiver.ts';
import { seedCase, signInHttp, type HttpSession } from './helpers.ts';

const hook = { username: 'hook-user', password: 'hook-password-1', secret: 'whsec-notices' };

async function analystOf(s: TestServer): Promise<HttpSession> {
  await s.d.services.users.create({ username: 'ana', clientUsername: 'bank-a', password: 'ana-password-1234' });
  return signInHttp(s.url, 'ana', 'ana-password-1234');
}

/** Creates a follow-up through the form; returns the notice it leads to and the text the case page shows. */
async function followUp(analyst: HttpSession, caseId: string, invite = ''): Promise<{ notice: string; text: string }> {
  const res = await analyst.post(`/backoffice/cases/${caseId}/follow-up`, { case_kind: 'monitoring_follow_up', modules: ['invoice'], invite });
  expect(res.status).toBe(303);
  return noticeOf(analyst, res.headers.get('location')!);
}

async function noticeOf(analyst: HttpSession, location: string): Promise<{ notice: string; text: string }> {
  const notice = /[?&]notice=([^&#]+)/.exec(location)![1]!;
  const page = await (await analyst.get(location.replace(/#.*$/, ''))).text();
  const text = /<div class="flash flash--\w+" role="status">([^<]*)<\/div>/.exec(page)?.[1] ?? '';
  return { notice, text };
}

describe('without a webhook URL or an SMTP server', () => {
  let s: TestServer;
  let analyst: HttpSession;
  let caseId = '';

  setupAll(async () => {
    s = await startServer({ SMTP_URL: '' });
    analyst = await analystOf(s);
    caseId = (await seedCase(s, s.api, { complete: true })).case_id;
  });
  afterAll(() => s?.close());

  it('says no webhook is sent, and asks the analyst to send the link', async () => {
    const { notice, text } = await followUp(analyst, caseId);
    expect(notice).toBe('follow-up-nohook');
    expect(text).toBe('Follow-up created. No webhook is sent: your API client has no webhook URL. Copy the dialog link below to send it yourself.');
    expect(text).not.toMatch(/on its way|webhook is queued/);
  });

  it('says the invitation e-mail is written to a file, not sent', async () => {
    const { notice, text } = await followUp(analyst, caseId, 'jane@client.example');
    expect(notice).toBe('follow-up-nohook-filed');
    expect(text).toContain('The invitation e-mail is not sent: no e-mail server is configured (SMTP_URL)');
    expect(text).not.toMatch(/queued to be sent|on its way/);
    const ids = await flows(s.api).createCase(onboardingCase({}, { invitation_email_recipients: ['jane@client.example'] }));
    const res = await analyst.post(`/backoffice/conversations/${ids.conversation_id}/invitation`, {});
    const again = await noticeOf(analyst, res.headers.get('location')!);
    expect(again.notice).toBe('invitation-file');
    expect(again.text).toMatch(/^The invitation e-mail is not sent: no e-mail server is configured/);
  });
});

describe('with a webhook URL and an SMTP server', () => {
  let s: TestServer;
  let analyst: HttpSession;
  let smtp: SmtpReceiver;
  let rx: WebhookReceiver;
  let caseId = '';

  setupAll(async () => {
    smtp = new SmtpReceiver('mailer', 'mail-password-1');
    await smtp.start();
    rx = new WebhookReceiver(hook);
    await rx.start();
    s = await startServer({ SMTP_URL: smtp.url(), OUTBOUND_ALLOW_PRIVATE: 'loopback', DELIVERY_RETRY_SCALE: 0.001 });
    await setClientWebhook(s.d.ctx.db, s.client.username, { url: rx.url(), ...hook }, s.d.config.OUTBOUND_ALLOW_PRIVATE);
    analyst = await analystOf(s);
    caseId = (await seedCase(s, s.api, { complete: true })).case_id;
  });
  afterAll(async () => {
    await s?.close();
    await rx?.stop();
    await smtp?.stop();
  });

  it('says the webhook is queued, and the invitation e-mail is queued to be sent when one was given', async () => {
    const plain = await followUp(analyst, caseId);
    expect(plain.notice).toBe('follow-up');
    expect(plain.text).toBe('Follow-up created. The new-follow-up webhook is queued for your system. Copy the dialog link below to send it yourself.');
    const invited = await followUp(analyst, caseId, 'jane@client.example');
    expect(invited.notice).toBe('follow-up-invited');
    expect(invited.text).toBe('Follow-up created. The new-follow-up webhook is queued for your system. The invitation e-mail is queued to be sent.');
    const mails = await s.d.ctx.db.selectFrom('deliveries').select('recipient').where('case_id', '=', caseId).where('channel', '=', 'email').execute();
    expect(mails.map((m) => m.recipient)).toEqual(['jane@client.example']);
  });

  it('says a re-sent invitation is queued to be sent', async () => {
    const ids = await flows(s.api).createCase(onboardingCase({}, { invitation_email_recipients: ['jane@client.example'] }));
    const res = await analyst.post(`/backoffice/conversations/${ids.conversation_id}/invitation`, {});
    const again = await noticeOf(analyst, res.headers.get('location')!);
    expect(again.notice).toBe('invitation');
    expect(again.text).toBe('The invitation e-mail is queued again, to be sent.');
  });
});
