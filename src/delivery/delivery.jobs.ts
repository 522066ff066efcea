// The delivery jobs: one sends a webhook delivery, one an e-mail. They run on their own runner
// (DELIVERY_CONCURRENCY), so a slow receiver never holds back other jobs.
import { Type } from '@sinclair/typebox';
import { defineJob } from '../jobs/definition.ts';

/** What the jobs need of the webhook and mail services: to deliver one recorded delivery. */
interface WebhookDeliverer {
  deliver(payload: { deliveryId: string }): Promise<void>;
}
interface MailSender {
  send(payload: { deliveryId: string }): Promise<void>;
}

const DeliveryPayload = Type.Object({ deliveryId: Type.String({ minLength: 1 }) });

export const deliverWebhookJob = defineJob({
  name: 'webhook.deliver',
  version: 1,
  payload: DeliveryPayload,
  handler: (webhooks: WebhookDeliverer, payload) => webhooks.deliver(payload),
});

export const sendMailJob = defineJob({
  name: 'mail.send',
  version: 1,
  payload: DeliveryPayload,
  handler: (mail: MailSender, payload) => mail.send(payload),
});
