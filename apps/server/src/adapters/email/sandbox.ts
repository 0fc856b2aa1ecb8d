import { deliveryRecord, type OutboxRecorder, templateOf } from '../outbox-record';
import type { EmailMessage, EmailTransport } from './port';

/**
 * The sandbox's undeliverable test domain (like a provider's test-mode addresses): every attempt to an
 * address at it fails as a mail server that does not answer would, so the retries, the dead letter and the
 * Jobs page's retry can be seen end to end (docs/operations.md, "Messages").
 */
export const SANDBOX_UNREACHABLE_DOMAIN = 'unreachable.payrail.test';

/**
 * Test mode: nothing leaves the machine; the message lands in the outbox (`GET /api/dev/outbox`). Only
 * in development and test does the outbox keep the body (the demo reads its codes there); a production
 * install running the sandbox (staging) records the delivery without it, like a real provider. Like a
 * real provider's test mode with idempotency keys, a second delivery of one message (same key) records
 * nothing.
 */
export function sandboxEmailTransport(record: OutboxRecorder, keepBodies: boolean): EmailTransport {
  return {
    provider: 'sandbox',
    async deliver(m: EmailMessage, idempotencyKey: string) {
      const recipient = m.to.toLowerCase();
      if (recipient.endsWith(`@${SANDBOX_UNREACHABLE_DOMAIN}`))
        throw new Error(`sandbox: 421 4.4.2 ${SANDBOX_UNREACHABLE_DOMAIN} did not answer (test address)`);
      if (!keepBodies) {
        await record(deliveryRecord({ channel: 'email', recipient, subject: m.subject, provider: 'sandbox', meta: m.meta, status: 'sent', idempotencyKey }));
        return;
      }
      await record({
        channel: 'email',
        recipient,
        subject: m.subject,
        body: m.text,
        html: m.html ?? null,
        provider: 'sandbox',
        template: templateOf(m.meta),
        status: 'sent',
        meta: m.meta ?? null,
        idempotencyKey,
      });
    },
  };
}
