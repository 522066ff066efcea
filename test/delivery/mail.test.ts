// Invitation e-mails through a real SMTP server on loopback: one message per recipient with the
// dialog link, the subject naming the company and the client, the case manager as Reply-To, text
// and HTML; follow-up invitations; a refused recipient retried or failed; a bad address refused.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { eventually, startServer, type ApiCaller, type TestServer } from '../helpers/server.ts';
import { flows, onboardingCase } from '../helpers/factories.ts';
import { findClientByUsername } from '../../src/db/clients.repo.ts';
import { parseMail, SmtpReceiver } from './smtp.ts';

let smtp: SmtpReceiver;
let s: TestServer;
let bank: ApiCaller;

setupAll(async () => {
  smtp = new SmtpReceiver('mailer', 'mail-password-1');
  await smtp.start();
  s = await startServer({ SMTP_URL: smtp.url(), MAIL_FROM: 'First Bank via Dossier <dossier@bank.example>', DELIVERY_RETRY_SCALE: 0.001 });
  const creds = { username: 'first-bank', password: 'first-bank-password-1' };
  await s.d.services.clients.create({ ...creds, name: 'First Bank' });
  bank = s.as(creds);
});
afterAll(async () => {
  await s.close();
  await smtp.stop();
});

function mailsTo(address: string) {
  return smtp.messages.filter((m) => m.to.includes(address));
}

describe('invitation e-mails', () => {
  it('sends each recipient the invitation with the dialog link, subject, sender and reply-to', async () => {
    const body = onboardingCase({ company_full_name: 'Acme Trading Ltd' }, { invitation_email_recipients: ['jane@acme.example', 'ops@acme.example'] });
    const { conversation_id } = await flows(bank).createCase(body);
    await eventually(async () => (mailsTo('jane@acme.example').length && mailsTo('ops@acme.example').length ? true : undefined));
    const link = `${s.url}/dialog?id=${conversation_id}`;

    for (const address of ['jane@acme.example', 'ops@acme.example']) {
      const [m] = mailsTo(address);
      // One message per recipient: nobody sees the other addresses.
      expect(m!.to).toEqual([address]);
      expect(m!.from).toBe('dossier@bank.example');
      const mail = parseMail(m!.raw);
      expect(mail.headers.subject).toBe('Acme Trading Ltd: information requested by First Bank');
      expect(mail.headers.from).toBe('First Bank via Dossier <dossier@bank.example>');
      expect(mail.headers.to).toBe(address);
      expect(mail.headers['reply-to']).toBe('Carla Manager <carla@bank.example>');
      expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
      expect(mail.text).toContain(link);
      expect(mail.text).toContain('Carla Manager (carla@bank.example)');
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain('Acme Trading Ltd');
    }
    // The server has the messages; Dossier records its answers a moment later.
    const deliveries = await eventually(async () => {
      const rows = await s.d.ctx.db.selectFrom('deliveries').selectAll().where('conversation_id', '=', conversation_id).execute();
      return rows.every((d) => d.status === 'delivered') ? rows : undefined;
    });
    expect(deliveries.map((d) => [d.channel, d.template, d.status, d.last_status_code]).sort()).toEqual([
      ['email', 'invitation', 'delivered', 250],
      ['email', 'invitation', 'delivered', 250],
    ]);
    const mail = parseMail(mailsTo('jane@acme.example')[0]!.raw);
    const jane = deliveries.find((d) => d.recipient === 'jane@acme.example')!;
    expect(mail.headers['message-id']).toBe(`<${jane.id}@127.0.0.1>`);
    const attempts = await s.d.ctx.db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', jane.id).execute();
    expect(attempts).toEqual([expect.objectContaining({ attempt: 1, outcome: 'delivered', status_code: 250, target: `smtp://127.0.0.1:${smtp.port}` })]);
    expect(attempts[0]!.response_excerpt).toMatch(/^250/);
  });

  it('sends no e-mail when there are no recipients', async () => {
    const before = smtp.messages.length;
    const { conversation_id } = await flows(bank).createCase();
    const deliveries = await s.d.ctx.db.selectFrom('deliveries').selectAll().where('conversation_id', '=', conversation_id).execute();
    expect(deliveries).toEqual([]);
    expect(smtp.messages.length).toBe(before);
  });

  it('invites the case recipients to a follow-up through the service the back office calls', async () => {
    const { case_id } = await flows(bank).createCase(onboardingCase({}, { invitation_email_recipients: ['cfo@acme.example'] }));
    await eventually(async () => (mailsTo('cfo@acme.example').length === 1 ? true : undefined));
    const follow = await bank('POST', `/api/v1/cases/${case_id}/conversations`, { case_kind: 'onboarding_follow_up', modules: [{ module: 'website' }] });
    const client = (await findClientByUsername(s.d.ctx.db, 'first-bank'))!;
    const ids = await s.d.services.mail.inviteToConversation(client, follow.body.conversation_id);
    expect(ids).toHaveLength(1);
    const second = await eventually(async () => mailsTo('cfo@acme.example')[1]);
    const mail = parseMail(second.raw);
    expect(mail.headers.subject).toBe('Acme Trading Ltd: more information requested by First Bank');
    expect(mail.text).toContain(`${s.url}/dialog?id=${follow.body.conversation_id}`);

    await expect(s.d.services.mail.inviteToConversation(client, follow.body.conversation_id, ['someone@acme.example', 'not an address'])).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'recipients/1: "not an address" is not an e-mail address.',
    });
    const stranger = (await findClientByUsername(s.d.ctx.db, s.client.username))!;
    await expect(s.d.services.mail.inviteToConversation(stranger, follow.body.conversation_id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('retries a recipient the server refuses for now, and fails one it refuses for good', async () => {
    let tries = 0;
    smtp.refuse = (rcpt) => {
      if (rcpt === 'later@acme.example' && ++tries === 1) return { code: 451, message: 'Try again later' };
      if (rcpt === 'nobody@acme.example') return { code: 550, message: 'No such user here' };
      return undefined;
    };
    try {
      const { conversation_id } = await flows(bank).createCase(onboardingCase({}, { invitation_email_recipients: ['later@acme.example', 'nobody@acme.example'] }));
      const rows = await eventually(async () => {
        const d = await s.d.ctx.db.selectFrom('deliveries').selectAll().where('conversation_id', '=', conversation_id).execute();
        return d.length === 2 && d.every((x) => x.status !== 'pending') ? d : undefined;
      });
      const later = rows.find((d) => d.recipient === 'later@acme.example')!;
      const nobody = rows.find((d) => d.recipient === 'nobody@acme.example')!;
      expect(later).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(nobody).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 550 });
      const laterAttempts = await s.d.ctx.db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', later.id).orderBy('attempt').execute();
      expect(laterAttempts.map((a) => [a.outcome, a.status_code])).toEqual([
        ['retry', 451],
        ['delivered', 250],
      ]);
      expect(laterAttempts[0]!.error).toContain('Try again later');
      expect(mailsTo('later@acme.example')).toHaveLength(1);
      expect(mailsTo('nobody@acme.example')).toHaveLength(0);
    } finally {
      smtp.refuse = () => undefined;
    }
  });

  it('refuses a case with a bad address with a 400 naming it', async () => {
    const res = await bank('POST', '/api/v1/cases', onboardingCase({}, { invitation_email_recipients: ['jane@acme.example', 'jane(at)acme'] }));
    expect(res.status).toBe(400);
    expect(res.body.result).toBe('case_not_created');
    expect(res.body.details).toEqual([expect.objectContaining({ path: '/invitation_email_recipients/1' })]);
    expect(`${res.body.message} ${JSON.stringify(res.body.details)}`).toContain('invitation_email_recipients/1');
  });
});
