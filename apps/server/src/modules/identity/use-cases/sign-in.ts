import type { TLoginRequest, TLoginResponse, TTracking } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { dummyHash, verifyPassword } from '../../../lib/passwords';
import { clearAttempts, takeAttempt } from '../../platform/throttle';
import type { ClientInfo } from '../client';
import { toLoginData } from '../mappers';
import type { MemberRow } from '../../../db/rows';
import type { Tracking } from '../repository';
import { startSession } from './start-session';

export const toTracking = (t: TTracking): Tracking => ({
  utmSource: t.utm_source,
  utmMedium: t.utm_medium,
  utmCampaign: t.utm_campaign,
  httpReferer: t.http_referer,
});

async function passwordMember(ctx: AppContext, email: string, password: string): Promise<MemberRow> {
  // Per account, whatever the address: five tries, then a lockout that doubles (docs/security.md).
  await takeAttempt(ctx, 'signIn', email);
  const member = await ctx.repos.identity.findMemberByEmail(email);
  // Verify against a dummy hash when there is nothing to verify, so the answer time does not tell.
  const ok = await verifyPassword(member?.passwordHash ?? (await dummyHash()), password);
  if (!member?.passwordHash || !ok) throw AppError.unauthorized(MSG.invalidCredentials);
  // Only after the password matched: otherwise this message would tell who has an account.
  await clearAttempts(ctx, 'signIn', email);
  if (!member.confirmedAt) throw AppError.unauthorized(MSG.unconfirmedEmail);
  return member;
}

/**
 * The member behind a social identity: by the provider's subject, else by a verified e-mail (linking
 * the identity). An unconfirmed account found by e-mail becomes confirmed, since the provider verified
 * the address; the repository drops its password, which nobody proved to own.
 */
async function socialMember(ctx: AppContext, googleToken: string): Promise<MemberRow> {
  const repo = ctx.repos.identity;
  const identity = await ctx.providers.identity.verify(googleToken);
  if (!identity) throw AppError.unauthorized(MSG.socialSigninError);
  const bySubject = await repo.findMemberByGoogleSub(identity.subject);
  if (bySubject) return bySubject;
  const byEmail = identity.emailVerified ? await repo.findMemberByEmail(identity.email) : undefined;
  if (!byEmail) throw AppError.unauthorized(MSG.noAccountYet);
  if (byEmail.googleSub !== null) throw AppError.unauthorized(MSG.socialSigninError);
  const at = ctx.now();
  const confirm = byEmail.confirmedAt === null;
  const move = confirm ? ctx.hooks.identity.confirmationMove(byEmail, at) : null;
  await repo.linkGoogleIdentity({ userId: byEmail.id, googleSub: identity.subject, at, confirm, move });
  return (await repo.findMemberById(byEmail.id))!;
}

/** POST /login: e-mail and password, or a social identity token; opens a session. */
export async function signIn(
  ctx: AppContext,
  input: TLoginRequest,
  tracking: TTracking,
  client: ClientInfo,
): Promise<{ token: string; data: TLoginResponse['data'] }> {
  const am = input.application_member;
  const member = 'google_token' in am ? await socialMember(ctx, am.google_token) : await passwordMember(ctx, am.email, am.password);
  await ctx.repos.identity.recordSignIn(member.id, toTracking(tracking), ctx.now());
  const token = await startSession(ctx, member.id, client);
  return { token, data: toLoginData(member, await ctx.repos.identity.findBorrower(member.id)) };
}
