import { z } from 'zod';
import { MSG } from '@payrail/contract/messages';

export const SUPPORT_MESSAGE_MAX = 2000;

/** The chat message: something to send, within the server's limit. */
export const supportMessageSchema = z.object({
  message: z.string().trim().min(1, MSG.required).max(SUPPORT_MESSAGE_MAX, `Keep the message under ${SUPPORT_MESSAGE_MAX} characters.`),
});
