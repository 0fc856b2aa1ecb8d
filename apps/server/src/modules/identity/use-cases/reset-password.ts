import { FIELD_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError, type FieldErrors } from '../../../errors';
import { hashPassword } from '../../../lib/passwords';
import { hashToken } from '../../../lib/tokens';

/**
 * PATCH /password: sets a new password with a reset token (once, before it expires) and signs the
 * member out of every session. The member then signs in with the new password.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { password: string; password_confirmation: string; reset_password_token: string },
): Promise<{ email: string }> {
  const errors: FieldErrors = {};
  if (input.password !== input.password_confirmation) errors.password_confirmation = [FIELD_MSG.confirmationMismatch];
  const reset = await ctx.repos.identity.findPasswordReset(hashToken(input.reset_password_token.trim()));
  const at = ctx.now();
  if (!reset || reset.usedAt) errors.reset_password_token = [FIELD_MSG.invalid];
  else if (reset.expiresAt <= at) errors.reset_password_token = [FIELD_MSG.tokenExpired];
  if (Object.keys(errors).length > 0 || !reset) throw AppError.fields(errors);

  const done = await ctx.repos.identity.resetPassword({ resetId: reset.id, userId: reset.userId, passwordHash: await hashPassword(input.password), at });
  if (!done) throw AppError.fields({ reset_password_token: [FIELD_MSG.invalid] });
  const member = await ctx.repos.identity.findMemberById(reset.userId);
  return { email: member!.email };
}
