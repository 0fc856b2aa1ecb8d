import { FIELD_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { hashToken, newSessionToken } from '../../../lib/tokens';
import { presignedLinkEmail } from '../emails';
import { PRESIGNED_LINK_HOURS } from '../../../lib/access-limits';

/**
 * POST /api/backoffice/presigned_links: a staff member sends a member a single-use sign-in link. The
 * link goes to the member's mailbox only; staff never see it, so they cannot sign in as the member.
 */
export async function createPresignedLink(ctx: AppContext, staffId: number, input: { email: string; new_flow: boolean }) {
  const member = await ctx.repos.identity.findMemberByEmail(input.email);
  if (!member) throw AppError.fields({ email: [FIELD_MSG.notFound] });
  const code = newSessionToken();
  const at = ctx.now();
  const expiresAt = new Date(at.getTime() + PRESIGNED_LINK_HOURS * 3_600_000);
  const link = await ctx.repos.identity.createPresignedLink({
    codeHash: hashToken(code),
    userId: member.id,
    newFlow: input.new_flow,
    expiresAt,
    createdByStaffId: staffId,
    at,
  });
  await ctx.hooks.identity.recordStaffAction(ctx, {
    staffUserId: staffId,
    action: 'create_presigned_link',
    targetUserId: member.id,
    before: {},
    after: { link_id: link.id, new_flow: link.newFlow, expires_at: expiresAt.toISOString() },
    at,
  });
  await ctx.providers.email.send(presignedLinkEmail(member.email, code, ctx.config.publicUrl, PRESIGNED_LINK_HOURS));
  return { id: link.id, email: member.email, new_flow: link.newFlow, expires_at: expiresAt.toISOString() };
}
