import type { TEmailCheckResponse } from '@payrail/contract/newflow';
import type { AppContext } from '../../../context';
import { hashToken, newSessionToken } from '../../../lib/tokens';
import { ThrottledError, takeAttempt } from '../../platform/throttle';
import { presignedLinkEmail } from '../emails';
import { PRESIGNED_LINK_HOURS } from '../limits';
import type { MemberRow } from '../repository';

/**
 * E-mails a new-flow member without a password a single-use continue link (`/c/{code}`, new_flow), the
 * way back into an application already started: at most a few per hour, silently skipped beyond that.
 */
async function sendContinueLink(ctx: AppContext, member: MemberRow): Promise<void> {
  try {
    await takeAttempt(ctx, 'continueLinkEmail', member.id);
  } catch (err) {
    if (err instanceof ThrottledError) return;
    throw err;
  }
  const code = newSessionToken();
  const at = ctx.now();
  const expiresAt = new Date(at.getTime() + PRESIGNED_LINK_HOURS * 3_600_000);
  await ctx.repos.identity.createPresignedLink({ codeHash: hashToken(code), userId: member.id, newFlow: true, expiresAt, createdByStaffId: null, at });
  await ctx.providers.email.send(presignedLinkEmail(member.email, code, ctx.config.publicUrl, PRESIGNED_LINK_HOURS));
}

/**
 * POST /email, the new-flow sign-in's e-mail step (access §4): 200 `password` when the account signs in
 * with a password; 200 `no_account` when nobody has the address; 202 `unconfirmed` when the e-mail is not
 * confirmed yet (→ verify_email); 202 `already_started` for an application in progress without a
 * password (→ already_started), with a continue link e-mailed to the address.
 */
export async function checkEmail(ctx: AppContext, email: string): Promise<{ status: 200 | 202; body: TEmailCheckResponse }> {
  const member = await ctx.repos.identity.findMemberByEmail(email);
  if (!member) return { status: 200, body: { data: 'no_account' } };
  if (!member.confirmedAt) return { status: 202, body: { data: 'unconfirmed' } };
  if (member.passwordHash) return { status: 200, body: { data: 'password' } };
  await sendContinueLink(ctx, member);
  return { status: 202, body: { data: 'already_started' } };
}
