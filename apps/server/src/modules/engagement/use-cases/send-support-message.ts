import { FIELD_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { MemberRow } from '../../../db/rows';

/**
 * POST /support_messages: a chat message for support. Stored first (nothing is lost if delivery
 * fails), then handed to the chat provider. A visitor must say where to answer; a member's e-mail is known.
 */
export async function sendSupportMessage(
  ctx: AppContext,
  member: MemberRow | null,
  input: { message: string; email?: string | undefined; name?: string | undefined },
): Promise<{ id: number }> {
  const email = member?.email ?? input.email;
  if (!email) throw AppError.fields({ email: [FIELD_MSG.blank] });
  const name = input.name?.trim() || null;
  const row = await ctx.repos.engagement.recordSupportMessage({ userId: member?.id ?? null, email, name, message: input.message, at: ctx.now() });
  await ctx.providers.chat.deliver({ id: row.id, email, name, text: input.message, userId: member?.id ?? null });
  return { id: row.id };
}
