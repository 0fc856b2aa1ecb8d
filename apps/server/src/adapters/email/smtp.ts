import nodemailer from 'nodemailer';
import { deliveryRecord, type OutboxRecorder } from '../outbox-record';
import type { EmailMessage, EmailTransport } from './port';

/**
 * Real delivery over SMTP (any provider: SES, Postmark, Mailgun…). The outbox records the delivery
 * (recipient, subject, template, time, status, message id), never the body: it carries live links.
 *
 * Every attempt of one message carries the same `Message-ID: <idempotency-key@payrail>`. SMTP has no
 * idempotency key of its own: if a crash falls between the relay's acceptance and our "sent" mark, the
 * retry hands the relay the same message again, and whether the recipient then sees one copy depends on
 * the receiving side (most mailbox providers and clients fold messages with one Message-ID; some relays
 * deduplicate on it too). docs/operations.md, "Messages".
 */
export function smtpEmailTransport(record: OutboxRecorder, smtpUrl: string, from: string): EmailTransport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    provider: 'smtp',
    async deliver(m: EmailMessage, idempotencyKey: string) {
      const base = { channel: 'email' as const, recipient: m.to.toLowerCase(), subject: m.subject, provider: 'smtp', meta: m.meta };
      let messageId: string;
      try {
        messageId = (await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: `<${idempotencyKey}@payrail>` }))
          .messageId;
      } catch (err) {
        await record(deliveryRecord({ ...base, status: 'failed', error: (err as Error).name }));
        throw err;
      }
      await record(deliveryRecord({ ...base, status: 'sent', providerId: messageId, idempotencyKey }));
    },
  };
}
