import type { AppContext } from '../../../context';

/**
 * POST /email, the new flow's e-mail step: `available` when nobody has the address; otherwise whether
 * that account still has to confirm its e-mail or already has an application in progress.
 */
export async function checkEmail(ctx: AppContext, email: string): Promise<'available' | 'unconfirmed' | 'in_progress'> {
  const member = await ctx.repos.identity.findMemberByEmail(email);
  if (!member) return 'available';
  return member.confirmedAt ? 'in_progress' : 'unconfirmed';
}
