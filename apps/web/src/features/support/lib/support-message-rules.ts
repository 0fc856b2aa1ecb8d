import { MSG } from '@payrail/contract/messages';
import type { Validation } from '@payrail/ui/validated-form';

/**
 * The chat message's rules as a plain function, without a schema library: the help footer that opens
 * the chat is in the new-flow shell, so on every new-flow page's first load (docs/architecture.md).
 * support-message-rules.test.ts holds it to `supportMessageSchema` (../components/support-message-form.schema.ts).
 */

export const SUPPORT_MESSAGE_MAX = 2000;
export const SUPPORT_MESSAGE_TOO_LONG = `Keep the message under ${SUPPORT_MESSAGE_MAX} characters.`;

export interface SupportMessageInput {
  message: string;
}

/** Something to send (trimmed), within the server's limit. */
export function validateSupportMessage(input: SupportMessageInput): Validation<SupportMessageInput> {
  const message = input.message.trim();
  if (message.length < 1) return { errors: { message: MSG.required } };
  // Counted in Unicode code points, as the schema counts (an emoji is one character, two UTF-16 units).
  if (message.length > SUPPORT_MESSAGE_MAX && Array.from(message).length > SUPPORT_MESSAGE_MAX) return { errors: { message: SUPPORT_MESSAGE_TOO_LONG } };
  return { values: { message } };
}
