import type { PlatformRepository } from '../../modules/platform/repository';
import type { SmsMessage, SmsSender } from './port';

/** Test mode: the text lands in the outbox (`GET /api/dev/outbox?to=+1…`). */
export function sandboxSmsSender(platform: PlatformRepository): SmsSender {
  return {
    provider: 'sandbox',
    async send(m: SmsMessage) {
      await platform.recordOutbox({ channel: 'sms', recipient: m.to, subject: null, body: m.body, html: null, provider: 'sandbox', meta: m.meta ?? null });
    },
  };
}
