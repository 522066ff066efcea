// E-mail through the outbox: invitations to the dialog, queued in the transaction that creates the
// case (one delivery per recipient), sent by the mail.send job with the same records and retry
// schedule as webhooks. With no SMTP_URL the message is written as an .eml file instead.
import type { Logger } from 'pino';
import type { ServiceContext } from '../../context.ts';
import { RetryAt } from '../../jobs/runner.ts';
import { invalid } from '../../http/errors.ts';
import { ownedConversation, type ClientRef } from '../../http/access.ts';
import { findCaseById } from '../../db/cases.repo.ts';
import { findBrand, findClientById } from '../../db/clients.repo.ts';
import { resolveBrand } from '../../clients/brand.ts';
import { claimAttempt, findDelivery } from '../../db/deliveries.repo.ts';
import { recordAttempt, type AttemptResult } from '../webhooks/deliveries.service.ts';
import { queueInvitations } from '../outbox.ts';
import { ReceiverGate } from '../webhooks/receiver-gate.ts';
import { renderInvitation, type MailTemplate } from './invitation.ts';
import { createMailTransport, MailError, type MailTransport } from './transport.ts';
import { caseManagerOf, invitationRecipientsOf } from '../../db/stored-json.ts';

// The same rule as the API's "email" format (ajv-formats), for addresses that come another way.
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export class MailService {
  private transportInUse: MailTransport | null = null;
  private readonly log: Logger;
  // A slow SMTP server gets only its share of the delivery slots, like a slow webhook receiver.
  private readonly gate: ReceiverGate;

  constructor(private readonly ctx: ServiceContext) {
    this.log = ctx.log.child({ component: 'mail' });
    this.gate = new ReceiverGate(Math.max(1, Math.floor(ctx.config.DELIVERY_CONCURRENCY / 4)));
  }

  private get transport(): MailTransport {
    this.transportInUse ??= createMailTransport(this.ctx.config);
    return this.transportInUse;
  }

  /** Where e-mail goes, for the start-up banner. */
  describe(): string {
    return this.transport.description;
  }

  /**
   * Invites people to a conversation (a follow-up, or the first one again): by default the case's
   * invitation_email_recipients. What the back office calls; the API does it at case creation.
   */
  async inviteToConversation(client: ClientRef, conversationId: string, recipients?: string[]): Promise<string[]> {
    const conv = await ownedConversation(this.ctx.db, client.id, conversationId);
    const caseRow = await findCaseById(this.ctx.db, conv.case_id);
    const to = recipients ?? (caseRow ? invitationRecipientsOf(caseRow) : []);
    const bad = to.findIndex((a) => !EMAIL.test(a) || a.length > 254);
    if (bad >= 0) throw invalid(`recipients/${bad}: "${to[bad]}" is not an e-mail address.`, [{ path: `/recipients/${bad}`, message: 'must be an e-mail address' }]);
    if (to.length === 0) throw invalid('There is no one to invite: give recipients, or create the case with invitation_email_recipients.');
    const template: MailTemplate = conv.conversation_kind.endsWith('_follow_up') ? 'follow_up' : 'invitation';
    const ids = await this.ctx.db
      .transaction()
      .execute((trx) => queueInvitations(trx, this.ctx.jobs, { clientId: client.id, caseId: conv.case_id, conversationId: conv.id, recipients: to, template }));
    this.ctx.jobs.notify();
    this.log.info({ conversationId: conv.id, deliveries: ids.length, template }, 'invitations queued');
    return ids;
  }

  /** Job handler for mail.send. */
  async send(p: { deliveryId: string }): Promise<void> {
    const { db, config, links } = this.ctx;
    const d = await findDelivery(db, p.deliveryId);
    if (!d || d.status !== 'pending' || d.channel !== 'email' || !d.recipient) return;
    const [caseRow, client, brandValues] = await Promise.all([findCaseById(db, d.case_id), findClientById(db, d.client_id), findBrand(db, d.client_id)]);
    if (!caseRow || !client) throw new Error(`case or client of delivery ${d.id} is missing`);
    const brand = resolveBrand(client, brandValues);
    const manager = caseManagerOf(caseRow);
    const mail = renderInvitation({
      template: d.template === 'follow_up' ? 'follow_up' : 'invitation',
      companyName: caseRow.company_full_name,
      clientName: brand.displayName,
      link: links.dialog(d.conversation_id),
      caseManager: manager,
      brand: {
        supportEmail: brand.supportEmail,
        supportPhone: brand.supportPhone,
        supportUrl: brand.supportUrl,
        privacyUrl: brand.privacyUrl,
        colour: brand.colour,
        logoUrl: brand.logoSha256 ? `${config.PUBLIC_URL}/dialog/brand/${client.id}/logo.png?v=${brand.logoSha256.slice(0, 16)}` : null,
      },
    });
    if (!this.gate.tryEnter('smtp')) throw new RetryAt('the SMTP server is slow and has its share of deliveries in flight', Date.now() + 10_000 + Math.round(Math.random() * 10_000));
    // The attempt's number is taken in the database before anything goes out.
    const claimed = await claimAttempt(db, d.id).catch((err) => {
      this.gate.leave('smtp', 0, false);
      throw err;
    });
    if (!claimed) {
      this.gate.leave('smtp', 0, false);
      return;
    }
    const startedAt = new Date();
    const t0 = performance.now();
    let r: AttemptResult;
    let timedOut = false;
    try {
      const sent = await this.transport.send(
        {
          from: config.MAIL_FROM,
          to: d.recipient,
          ...(manager ? { replyTo: { name: manager.name, address: manager.email } } : {}),
          ...mail,
          // The same Message-ID on every attempt, so a mail system can drop a duplicate.
          messageId: `<${d.id}@${new URL(config.PUBLIC_URL).hostname}>`,
        },
        `${d.created_at.replace(/[-:]|\.\d+/g, '')}-${d.id}`,
      );
      r = { startedAt, latencyMs: Math.round(performance.now() - t0), delivered: true, statusCode: sent.statusCode, target: sent.target, error: null, excerpt: sent.response };
    } catch (err) {
      const e = err instanceof MailError ? err : undefined;
      timedOut = e?.timedOut ?? false;
      const error = err instanceof Error ? err.message : String(err);
      r = { startedAt, latencyMs: Math.round(performance.now() - t0), delivered: false, permanent: e?.permanent, statusCode: e?.statusCode ?? null, target: e?.target ?? null, error, excerpt: null };
    }
    this.gate.leave('smtp', r.latencyMs, timedOut);
    const { status, nextAttemptAt } = await recordAttempt(db, claimed, r, config.DELIVERY_RETRY_SCALE);
    const facts = { deliveryId: d.id, caseId: d.case_id, attempt: claimed.attempts, ms: r.latencyMs };
    if (status === 'delivered') {
      if (config.SMTP_URL) this.log.info(facts, 'e-mail sent');
      else this.log.info({ ...facts, file: r.target }, 'e-mail written to file (no SMTP_URL)');
    } else if (status === 'pending') {
      // The server's words may quote the address: the log keeps the code; the delivery log keeps the text.
      this.log.warn({ ...facts, code: r.statusCode, nextAttemptAt: new Date(nextAttemptAt!).toISOString() }, 'e-mail not sent; will retry');
      throw new RetryAt(`e-mail not sent${r.statusCode ? ` (SMTP ${r.statusCode})` : ''}; will retry`, nextAttemptAt!);
    } else {
      this.log.error({ ...facts, code: r.statusCode }, 'e-mail failed for good');
    }
  }

  close(): void {
    this.transportInUse?.close();
  }
}
