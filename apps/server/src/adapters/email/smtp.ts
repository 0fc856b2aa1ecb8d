import nodemailer from 'nodemailer';
import type { PlatformRepository } from '../../modules/platform/repository';
import { deliveryRecord } from '../outbox-record';
import type { EmailMessage, EmailSender } from './port';

/**
 * Real delivery over SMTP (any provider: SES, Postmark, Mailgun…). The outbox records the delivery
 * (recipient, subject, template, time, status, message id), never the body: it carries live links.
 */
export function smtpEmailSender(platform: PlatformRepository, smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    provider: 'smtp',
    async send(m: EmailMessage) {
      const base = { channel: 'email' as const, recipient: m.to.toLowerCase(), subject: m.subject, provider: 'smtp', meta: m.meta };
      let messageId: string;
      try {
        messageId = (await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html })).messageId;
      } catch (err) {
        await platform.recordOutbox(deliveryRecord({ ...base, status: 'failed', error: (err as Error).name }));
        throw err;
      }
      await platform.recordOutbox(deliveryRecord({ ...base, status: 'sent', providerId: messageId }));
    },
  };
}
