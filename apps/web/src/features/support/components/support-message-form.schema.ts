import { z } from 'zod';
import { MSG } from '@payrail/contract/messages';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_TOO_LONG } from '../lib/support-message-rules';

export { SUPPORT_MESSAGE_MAX };

/**
 * The chat message: something to send, within the server's limit. The dialog itself validates with
 * `validateSupportMessage` (../lib/support-message-rules.ts, no schema library on the first load);
 * support-message-rules.test.ts holds both to the same answers.
 */
export const supportMessageSchema = z.object({
  message: z.string().trim().min(1, MSG.required).max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_TOO_LONG),
});
