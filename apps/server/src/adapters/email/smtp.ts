import nodemailer from 'nodemailer';
import type { PlatformRepository } from '../../modules/platform/repository';
import type { EmailMessage, EmailSender } from './port';

/** Real delivery over SMTP (any provider: SES, Postmark, Mailgun…); the outbox keeps a copy. */
export function smtpEmailSender(platform: PlatformRepository, smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    provider: 'smtp',
    async send(m: EmailMessage) {
      const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      await platform.recordOutbox({ channel: 'email', recipient: m.to.toLowerCase(), subject: m.subject, body: m.text, html: m.html ?? null, provider: 'smtp', meta: { ...m.meta, messageId: info.messageId } });
    },
  };
}
