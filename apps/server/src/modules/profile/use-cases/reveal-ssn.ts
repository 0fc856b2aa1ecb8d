import { REVEAL_SSN_MSG } from '@payrail/contract/profile';
import type { TRevealSsnResponse } from '@payrail/contract/profile';
import { formatSsn } from '@payrail/domain/validation/ssn';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { verifyPassword } from '../../../lib/passwords';
import { SSN_AAD } from '../../application/field-rules';
import type { MemberRow } from '../../../db/rows';
import { clearAttempts, takeAttempt } from '../../platform/throttle';
import { findMemberWithPassword } from '../../identity/members';
import { findProfile } from '../../application/applications';

/**
 * POST /users/info/ssn: the borrower's own SSN in full for "show in full", after the password again (a
 * session left open on a shared computer must not show it). Wrong passwords count with the sign-in's own
 * per-account attempts (five, then a lockout that doubles; docs/security.md). The view is logged first
 * (member, time, address, browser; never the number), so a stolen session that reads it leaves a trace.
 */
export async function revealOwnSsn(
  ctx: AppContext,
  member: MemberRow,
  password: string,
  client: { ip: string | null; userAgent: string | null },
): Promise<TRevealSsnResponse> {
  await takeAttempt(ctx, 'signIn', member.email);
  const withPassword = await findMemberWithPassword(ctx, member.email);
  if (!withPassword?.passwordHash) throw AppError.fields({ password: [REVEAL_SSN_MSG.noPassword] });
  if (!(await verifyPassword(withPassword.passwordHash, password))) throw AppError.fields({ password: [REVEAL_SSN_MSG.wrongPassword] });
  await clearAttempts(ctx, 'signIn', member.email);
  await ctx.repos.profile.recordSensitiveView({
    userId: member.id,
    field: 'social_security_number',
    ip: client.ip,
    userAgent: client.userAgent,
    at: ctx.now(),
  });
  const profile = await findProfile(ctx, member.id);
  if (!profile?.ssnSealed) return { social_security_number: null };
  return { social_security_number: formatSsn((await ctx.cryptoBox()).open(profile.ssnSealed, SSN_AAD)) };
}
