import type { StaffRole, TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashToken } from '../../../lib/tokens';

/**
 * Resolves a staff token to its member, enforcing idle and absolute expiry and the role list.
 * A borrower token is never found here: staff sessions live in their own table.
 */
export async function authenticateStaff(ctx: AppContext, token: string | undefined, roles?: readonly StaffRole[]): Promise<TStaffMember> {
  if (!token) throw AppError.unauthorized();
  const now = ctx.now();
  const found = await ctx.repos.staff.findLiveSession(hashToken(token), now);
  if (!found) throw AppError.unauthorized();
  const idleMs = ctx.config.staffSession.idleMinutes * 60_000;
  if (now.getTime() - found.session.lastSeenAt.getTime() > idleMs) {
    await ctx.repos.staff.revokeSession(found.session.tokenHash, now);
    throw AppError.unauthorized('Your session expired. Please sign in again.');
  }
  if (roles && !roles.includes(found.user.role)) throw AppError.forbidden();
  await ctx.repos.staff.touchSession(found.session.id, now);
  return { id: found.user.id, email: found.user.email, name: found.user.name, role: found.user.role };
}
