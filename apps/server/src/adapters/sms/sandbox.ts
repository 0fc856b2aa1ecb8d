import type { PlatformRepository } from '../../modules/platform/repository';
import { deliveryRecord, templateOf } from '../outbox-record';
import type { SmsMessage, SmsSender } from './port';

/**
 * Test mode: the text lands in the outbox (`GET /api/dev/outbox?to=+1…`). Only in development and test
 * does the outbox keep the body; a production install running the sandbox records the delivery only.
 */
export function sandboxSmsSender(platform: PlatformRepository, keepBodies: boolean): SmsSender {
  return {
    provider: 'sandbox',
    async send(m: SmsMessage) {
      if (!keepBodies) {
        await platform.recordOutbox(deliveryRecord({ channel: 'sms', recipient: m.to, subject: null, provider: 'sandbox', meta: m.meta, status: 'sent' }));
        return;
      }
      await platform.recordOutbox({
        channel: 'sms',
        recipient: m.to,
        subject: null,
        body: m.body,
        html: null,
        provider: 'sandbox',
        template: templateOf(m.meta),
        status: 'sent',
        meta: m.meta ?? null,
      });
    },
  };
}
