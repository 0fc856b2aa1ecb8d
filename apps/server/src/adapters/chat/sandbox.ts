import type { EmailSender } from '../email/port';
import type { SupportChat } from './port';

/** Test mode of the chat widget: each message reaches support as an e-mail (so it shows in the outbox). */
export function sandboxSupportChat(email: EmailSender, supportEmail: string): SupportChat {
  return {
    provider: 'sandbox',
    async deliver(m) {
      const from = m.name ? `${m.name} <${m.email}>` : m.email;
      await email.send({
        to: supportEmail,
        subject: `Chat message #${m.id} from ${m.email}`,
        text: `From: ${from}${m.userId ? ` (member ${m.userId})` : ''}\n\n${m.text}\n`,
        meta: { kind: 'support_message', support_message_id: m.id },
      });
    },
  };
}
