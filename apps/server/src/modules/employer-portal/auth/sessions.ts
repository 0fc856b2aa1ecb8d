import { EMPLOYER_PENDING_MINUTES, type TEmployerUser } from '@payrail/contract/employer-portal';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashToken, newSessionToken } from '../../../lib/tokens';
import type { EmployerSessionStage } from '../accounts.repository';

export type ClientInfo = { ip: string | null; userAgent: string | null };

/**
 * Opens an employer session and returns its raw token (stored only hashed). A full (`active`) session
 * lives as a staff session does (idle and absolute expiry, `STAFF_SESSION_*`); a pending stage (sign-in
 * challenge, TOTP enrolment) lives {@link EMPLOYER_PENDING_MINUTES}.
 */
export async function openEmployerSession(ctx: AppContext, userId: number, stage: EmployerSessionStage, client: ClientInfo): Promise<string> {
  const token = newSessionToken();
  const now = ctx.now();
  const lifetimeMs = stage === 'active' ? ctx.config.staffSession.absoluteHours * 3_600_000 : EMPLOYER_PENDING_MINUTES * 60_000;
  await ctx.repos.employerAccounts.createSession({
    tokenHash: hashToken(token),
    employerUserId: userId,
    stage,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
    ...client,
  });
  return token;
}

/**
 * Resolves a full employer session's token to its user, enforcing idle and absolute expiry. A pending
 * challenge or enrolment token, a staff or a borrower token is never found here (their own stages and tables).
 */
export async function authenticateEmployer(ctx: AppContext, token: string | undefined): Promise<TEmployerUser> {
  if (!token) throw AppError.unauthorized();
  const now = ctx.now();
  const found = await ctx.repos.employerAccounts.findLiveSession(hashToken(token), ['active'], now);
  if (!found) throw AppError.unauthorized();
  const idleMs = ctx.config.staffSession.idleMinutes * 60_000;
  if (now.getTime() - found.session.lastSeenAt.getTime() > idleMs) {
    await ctx.repos.employerAccounts.revokeSession(found.session.id, now);
    throw AppError.unauthorized('Your session expired. Please sign in again.');
  }
  await ctx.repos.employerAccounts.touchSession(found.session.id, now);
  return found.user;
}

/** A live pending session (sign-in challenge or enrolment) of `stage`, or a 401 with `expired`'s message. */
export async function pendingSession(ctx: AppContext, token: string | undefined, stage: Exclude<EmployerSessionStage, 'active'>, expired: string) {
  if (!token) throw AppError.unauthorized(expired);
  const found = await ctx.repos.employerAccounts.findLiveSession(hashToken(token), [stage], ctx.now());
  if (!found) throw AppError.unauthorized(expired);
  return found;
}
