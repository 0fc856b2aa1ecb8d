import type { PlatformRepository } from '../../modules/platform/repository';
import { deliveryRecord, templateOf } from '../outbox-record';
import type { EmailMessage, EmailSender } from './port';

/**
 * Test mode: nothing leaves the machine; the message lands in the outbox (`GET /api/dev/outbox`). Only
 * in development and test does the outbox keep the body (the demo reads its codes there); a production
 * install running the sandbox (staging) records the delivery without it, like a real provider.
 */
export function sandboxEmailSender(platform: PlatformRepository, keepBodies: boolean): EmailSender {
  return {
    provider: 'sandbox',
    async send(m: EmailMessage) {
      const recipient = m.to.toLowerCase();
      if (!keepBodies) {
        await platform.recordOutbox(deliveryRecord({ channel: 'email', recipient, subject: m.subject, provider: 'sandbox', meta: m.meta, status: 'sent' }));
        return;
      }
      await platform.recordOutbox({
        channel: 'email',
        recipient,
        subject: m.subject,
        body: m.text,
        html: m.html ?? null,
        provider: 'sandbox',
        template: templateOf(m.meta),
        status: 'sent',
        meta: m.meta ?? null,
      });
    },
  };
}
