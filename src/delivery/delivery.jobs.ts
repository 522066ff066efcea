// The delivery jobs: one sends a webhook delivery, one an e-mail. They run on their own runner
// (DELIVERY_CONCURRENCY), so a slow receiver never holds back other jobs.
import { Type } from '@sinclair/typebox';
import { defineJob } from '../jobs/definition.ts';
import type { WebhooksService } from './webhooks/webhooks.service.ts';
import type { MailService } from './mail/mail.service.ts';

const DeliveryPayload = Type.Object({ deliveryId: Type.String({ minLength: 1 }) });

export const deliverWebhookJob = defineJob({
  name: 'webhook.deliver',
  version: 1,
  payload: DeliveryPayload,
  handler: (webhooks: WebhooksService, payload) => webhooks.deliver(payload),
});

export const sendMailJob = defineJob({
  name: 'mail.send',
  version: 1,
  payload: DeliveryPayload,
  handler: (mail: MailService, payload) => mail.send(payload),
});
