import type { PlatformRepository } from '../../modules/platform/repository';
import type { EmailMessage, EmailSender } from './port';

/** Test mode: nothing leaves the machine; the message lands in the outbox (`GET /api/dev/outbox`). */
export function sandboxEmailSender(platform: PlatformRepository): EmailSender {
  return {
    provider: 'sandbox',
    async send(m: EmailMessage) {
      await platform.recordOutbox({ channel: 'email', recipient: m.to.toLowerCase(), subject: m.subject, body: m.text, html: m.html ?? null, provider: 'sandbox', meta: m.meta ?? null });
    },
  };
}
