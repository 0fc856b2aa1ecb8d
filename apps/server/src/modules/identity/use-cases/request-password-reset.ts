import { UNCONFIRMED_EMAIL_CODE } from '@payrail/contract/identity';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashToken, newSessionToken } from '../../../lib/tokens';
import { takeAttempt } from '../../platform/throttle';
import { passwordResetEmail } from '../emails';
import { PASSWORD_RESET_HOURS } from '../../../lib/access-limits';

/**
 * POST /password: e-mails a single-use reset link. An unconfirmed account answers the code the SPA
 * reacts to (resend the confirmation, go to /email_validation) instead.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<{ email: string }> {
  // Per address, before anything is looked up: a flood of requests never becomes a flood of e-mails.
  await takeAttempt(ctx, 'passwordResetEmail', email);
  const member = await ctx.repos.identity.findMemberByEmail(email);
  if (!member) throw AppError.fields({ email: [FIELD_MSG.notFound] });
  if (!member.confirmedAt) throw new AppError('validation', MSG.unconfirmedEmail, { extra: { code: UNCONFIRMED_EMAIL_CODE } });
  const token = newSessionToken();
  const at = ctx.now();
  await ctx.repos.identity.replacePasswordReset({
    userId: member.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(at.getTime() + PASSWORD_RESET_HOURS * 3_600_000),
    at,
  });
  await ctx.providers.email.send(passwordResetEmail(member.email, token, ctx.config.publicUrl, PASSWORD_RESET_HOURS, member.newFlow));
  return { email: member.email };
}
