import type { TRevealSsnResponse } from '@payrail/contract/profile';
import { formatSsn } from '@payrail/domain/validation/ssn';
import type { AppContext } from '../../../context';
import { SSN_AAD } from '../../application/field-rules';

/**
 * POST /users/info/ssn: the borrower's own SSN in full for "show in full". The view is logged first
 * (member, time, address, browser; never the number), so a stolen session that reads it leaves a trace.
 */
export async function revealOwnSsn(ctx: AppContext, userId: number, client: { ip: string | null; userAgent: string | null }): Promise<TRevealSsnResponse> {
  await ctx.repos.profile.recordSensitiveView({ userId, field: 'social_security_number', ip: client.ip, userAgent: client.userAgent, at: ctx.now() });
  const profile = await ctx.repos.application.findProfile(userId);
  if (!profile?.ssnSealed) return { social_security_number: null };
  return { social_security_number: formatSsn((await ctx.cryptoBox()).open(profile.ssnSealed, SSN_AAD)) };
}
