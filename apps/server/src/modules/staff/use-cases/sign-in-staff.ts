import { STAFF_LOGIN_FAILED, type TStaffLoginRequest, type TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { dummyHash, verifyPassword } from '../../../lib/passwords';
import { hashToken, newSessionToken } from '../../../lib/tokens';
import { clearAttempts, takeAttempt } from '../../platform/throttle';

/** Checks a staff member's password and opens a session; the raw token is returned once, never stored. */
export async function signInStaff(
  ctx: AppContext,
  input: TStaffLoginRequest,
  client: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; member: TStaffMember }> {
  // Per account, whatever the address: five tries, then a lockout that doubles (docs/security.md).
  await takeAttempt(ctx, 'staffSignIn', input.email);
  const user = await ctx.repos.staff.findByEmail(input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !ok || user.disabledAt) throw AppError.unauthorized(STAFF_LOGIN_FAILED);
  await clearAttempts(ctx, 'staffSignIn', input.email);

  const token = newSessionToken();
  const now = ctx.now();
  const absolute = new Date(now.getTime() + ctx.config.staffSession.absoluteHours * 3_600_000);
  await ctx.repos.staff.createSession({ tokenHash: hashToken(token), staffUserId: user.id, createdAt: now, lastSeenAt: now, expiresAt: absolute, ...client });
  return { token, member: { id: user.id, email: user.email, name: user.name, role: user.role } };
}
