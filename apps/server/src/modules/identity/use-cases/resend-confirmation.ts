import { FIELD_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { takeAttempt } from '../../platform/throttle';
import type { MemberRow } from '../../../db/rows';
import { sendConfirmationEmail } from './send-confirmation-email';

async function resend(ctx: AppContext, member: MemberRow): Promise<{ email: string }> {
  if (member.confirmedAt) throw AppError.fields({ email: [FIELD_MSG.alreadyConfirmed] });
  await takeAttempt(ctx, 'confirmationEmail', member.email);
  await sendConfirmationEmail(ctx, member);
  return { email: member.email };
}

/** POST /confirmation/resend_confirmation: a new token for an unconfirmed account, by e-mail. */
export async function resendConfirmation(ctx: AppContext, email: string): Promise<{ email: string }> {
  const member = await ctx.repos.identity.findMemberByEmail(email);
  if (!member) throw AppError.fields({ email: [FIELD_MSG.notFound] });
  return resend(ctx, member);
}

/** GET /dashboard/confirmation/resend_token: the same for the signed-in member. */
export function resendOwnConfirmation(ctx: AppContext, member: MemberRow): Promise<{ email: string }> {
  return resend(ctx, member);
}
