import type { TEmailCheckResponse } from '@payrail/contract/newflow';
import type { AppContext } from '../../../context';
import { hashToken, newSessionToken } from '../../../lib/tokens';
import { ThrottledError, takeAttempt } from '../../platform/throttle';
import { presignedLinkEmail } from '../emails';
import { PRESIGNED_LINK_HOURS } from '../../../lib/access-limits';
import type { MemberRow } from '../../../db/rows';

/**
 * E-mails a new-flow member without a password a single-use continue link (`/c/{code}`, new_flow), the
 * way back into an application already started: at most a few per hour, silently skipped beyond that.
 */
async function sendContinueLink(ctx: AppContext, member: MemberRow): Promise<'sent' | 'limit_reached'> {
  try {
    await takeAttempt(ctx, 'continueLinkEmail', member.id);
  } catch (err) {
    if (err instanceof ThrottledError) return 'limit_reached';
    throw err;
  }
  const code = newSessionToken();
  const at = ctx.now();
  const expiresAt = new Date(at.getTime() + PRESIGNED_LINK_HOURS * 3_600_000);
  await ctx.repos.identity.createPresignedLink({ codeHash: hashToken(code), userId: member.id, newFlow: true, expiresAt, createdByStaffId: null, at });
  await ctx.providers.email.send(presignedLinkEmail(member.email, code, ctx.config.publicUrl, PRESIGNED_LINK_HOURS));
  return 'sent';
}

/**
 * POST /email, the new-flow sign-in's e-mail step (access §4): 200 `password` when the account signs in
 * with a password; 200 `no_account` when nobody has the address; 202 `unconfirmed` when the e-mail is not
 * confirmed yet (→ verify_email); 202 `already_started` for an application in progress without a
 * password (→ already_started), with a continue link e-mailed to the address. Additive fields (issue #33):
 * `has_password` for an existing account, and on already_started `continue_link` (`sent`, or
 * `limit_reached` when the hourly limit held it back) and `link_valid_hours`, so the page can say so.
 */
export async function checkEmail(ctx: AppContext, email: string): Promise<{ status: 200 | 202; body: TEmailCheckResponse }> {
  const member = await ctx.repos.identity.findMemberByEmail(email);
  if (!member) return { status: 200, body: { data: 'no_account' } };
  const hasPassword = member.passwordHash !== null;
  if (!member.confirmedAt) return { status: 202, body: { data: 'unconfirmed', has_password: hasPassword } };
  if (hasPassword) return { status: 200, body: { data: 'password', has_password: true } };
  // Asking again is "Send me the link again" on already_started: a new link each time, within the hourly limit.
  const continueLink = await sendContinueLink(ctx, member);
  return { status: 202, body: { data: 'already_started', has_password: false, continue_link: continueLink, link_valid_hours: PRESIGNED_LINK_HOURS } };
}
