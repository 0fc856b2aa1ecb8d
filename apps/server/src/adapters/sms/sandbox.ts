import { deliveryRecord, type OutboxRecorder, templateOf } from '../outbox-record';
import type { SmsMessage, SmsTransport } from './port';

/**
 * Test mode: the text lands in the outbox (`GET /api/dev/outbox?to=+1…`). Only in development and test
 * does the outbox keep the body; a production install running the sandbox records the delivery only. A
 * second delivery of one message (same idempotency key) records nothing.
 */
export function sandboxSmsTransport(record: OutboxRecorder, keepBodies: boolean): SmsTransport {
  return {
    provider: 'sandbox',
    async deliver(m: SmsMessage, idempotencyKey: string) {
      if (!keepBodies) {
        await record(deliveryRecord({ channel: 'sms', recipient: m.to, subject: null, provider: 'sandbox', meta: m.meta, status: 'sent', idempotencyKey }));
        return;
      }
      await record({
        channel: 'sms',
        recipient: m.to,
        subject: null,
        body: m.body,
        html: null,
        provider: 'sandbox',
        template: templateOf(m.meta),
        status: 'sent',
        meta: m.meta ?? null,
        idempotencyKey,
      });
    },
  };
}
