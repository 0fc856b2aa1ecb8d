import type { TServicerFlags } from '@payrail/contract/identity';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';

/**
 * PATCH /api/backoffice/members/{id}/servicer_flags: turns the account's servicer capabilities on or off
 * (hasNelNet + its servicer id, hasJackHenry). The session check answers them at once; the change and the
 * flags before it are an audit row.
 */
export async function setServicerFlags(ctx: AppContext, staff: TStaffMember, userId: number, flags: TServicerFlags): Promise<TServicerFlags> {
  const member = await ctx.repos.identity.setServicerFlags({
    userId,
    flags: { hasNelnet: flags.has_nelnet, nelnetId: flags.nelnet_id, hasJackHenry: flags.has_jack_henry },
    staffUserId: staff.id,
    at: ctx.now(),
  });
  if (!member) throw AppError.notFound('Member not found.');
  return { has_nelnet: member.hasNelnet, nelnet_id: member.nelnetId, has_jack_henry: member.hasJackHenry };
}
